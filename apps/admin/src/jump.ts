/**
 * Where a banner sends the shopper (spec §2 "Banner jump by type"), as a path of the shop, so
 * the console can show it before the banner goes live.
 */
export type JumpFields = {
  jumpType: string;
  jumpValue?: string | null;
  productItemId?: number | null;
  url?: string | null;
  upperid?: number | null;
  channel?: string | null;
  name?: string;
};

const q = (params: Record<string, string | number | null | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
};

export function jumpTarget(b: JumpFields): string {
  const v = b.jumpValue ?? '';
  switch (b.jumpType) {
    case 'product':
      return `/h5/product${q({ productItemId: b.productItemId ?? v })}`;
    case 'orderDetail':
      return `/h5/orderDetail${q({ orderId: v })}`;
    case 'topCategory':
      return `/h5/categories${q({ categoryId: v, name: b.name })}`;
    case 'category':
      return `/h5/category${q({ categoryId: v, name: b.name, upperid: b.upperid })}`;
    case 'topup':
      return `/h5/topup${q({ value: v, name: b.name })}`;
    case 'h5':
      return b.url ? `${b.url} (+ token, language, pathType=h5)` : '—';
    case 'urlwithlogin':
      return b.url ? `${b.url}${b.url.includes('?') ? '&' : '?'}entrance=H5` : '—';
    case 'wallet':
      return '/h5/myWallet';
    case 'coupon':
      return '/h5/personal';
    case 'login':
      return '/h5/login';
    case 'bongloy':
      return '/h5/bongloy';
    case 'haitao':
    case 'taobao':
    case 'alibaba': {
      const channel = b.jumpType === 'haitao' ? (b.channel ?? 'taobao') : b.jumpType;
      return `/h5/Smilebuy (channel sort ${channel === 'alibaba' ? 1 : 0})`;
    }
    case 'haitaoCategory':
      return `/h5/Smilebuy/ProductSearchList${q({ categoryId: v, channel: b.channel })}`;
    case 'haitaoTag':
    case 'haitaoSearch':
      return `/h5/Smilebuy/ProductSearchList${q({ keywork: v, channel: b.channel })}`;
    case 'haitaoProduct':
      return `/h5/Smilebuy/product${q({ id: v })}`;
    case 'haitaoStore':
      return `/h5/Smilebuy/shop${q({ shopId: v, channel: b.channel, shopName: b.name })}`;
    default:
      return `/h5/tagProductList${q({ tagId: v, name: b.name })}`;
  }
}

/** Which fields a jump type asks for in the banner form. */
export function jumpNeeds(type: string): { value?: string; item?: boolean; url?: boolean; channel?: boolean } {
  switch (type) {
    case 'product':
      return { item: true };
    case 'orderDetail':
      return { value: 'orderId' };
    case 'topCategory':
    case 'category':
      return { value: 'categoryId' };
    case 'topup':
      return { value: 'value' };
    case 'h5':
    case 'urlwithlogin':
      return { url: true };
    case 'haitao':
      return { channel: true };
    case 'haitaoCategory':
      return { value: 'categoryId', channel: true };
    case 'haitaoTag':
    case 'haitaoSearch':
      return { value: 'keyword', channel: true };
    case 'haitaoProduct':
      return { value: 'productId' };
    case 'haitaoStore':
      return { value: 'shopId', channel: true };
    case 'default':
      return { value: 'tagId' };
    default:
      return {};
  }
}
