import { bannerJump, type Language } from '@shop/contracts';

/** A banner's jump fields as the console edits them. */
export type JumpFields = {
  jumpType: string;
  jumpValue?: string | null;
  productItemId?: number | null;
  url?: string | null;
  urlKh?: string | null;
  urlChs?: string | null;
  upperid?: number | null;
  channel?: string | null;
  name?: string;
};

/**
 * Where a banner sends a signed-in shopper using `language`, as the shop's address (the shop lives
 * under /h5/), worked out by the shop's own jump table so the preview cannot disagree with it.
 * Outside addresses show the parameters the shop adds (the trace id is per device, left empty).
 */
export function jumpTarget(b: JumpFields, language: Language = 'en-US'): string {
  const target = bannerJump(
    {
      id: 0,
      name: b.name ?? '',
      imageUrl: null,
      jumpType: b.jumpType,
      jumpValue: b.jumpValue ?? null,
      productItemID: b.productItemId ?? null,
      url: b.url ?? null,
      urlKh: b.urlKh ?? null,
      urlChs: b.urlChs ?? null,
      upperid: b.upperid ?? null,
      channel: b.channel ?? null,
      carouselType: null,
      jumpReason: null,
    },
    { language, signedIn: true, traceToken: '', storeChannelSort: () => {} },
  );
  return target.kind === 'route' ? `/h5${target.to}` : target.url;
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
