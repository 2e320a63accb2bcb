import type { JumpItem } from './calls/catalogue.ts';
import type { Language } from './i18n.ts';

/** Browsers and Node both have URLSearchParams; the contracts compile without either's library types. */
declare const URLSearchParams: {
  new (init?: Record<string, string>): { set(name: string, value: string): void; toString(): string };
};

/**
 * Where a banner (or any jump item of spec §3) leads: the banner jump table of spec §2, every row,
 * in one pure function, shared by the shop (which performs it: router push or location change) and
 * the console (which previews it before a banner goes live).
 */
export type JumpTarget = { kind: 'route'; to: string } | { kind: 'external'; url: string };

export type JumpContext = {
  language: Language;
  /** Whether a shopper is signed in (urlwithlogin needs one). */
  signedIn: boolean;
  /**
   * An anonymous per-device trace id added to outside links so partners can attribute visits.
   * Never the session token: that must not leave the shop.
   */
  traceToken: string;
  /** Where the overseas channel's sort (0 taobao, 1 alibaba) is stored for /Smilebuy. */
  storeChannelSort: (sort: 0 | 1) => void;
};

function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Adds parameters to an outside (or inside) url, keeping what it has and its #fragment. */
export function appendParams(url: string, params: Record<string, string>): string {
  const [beforeHash, hash] = url.split('#', 2);
  const separator = beforeHash.includes('?') ? (beforeHash.endsWith('?') || beforeHash.endsWith('&') ? '' : '&') : '?';
  const added = new URLSearchParams(params).toString();
  return `${beforeHash}${separator}${added}${hash !== undefined ? `#${hash}` : ''}`;
}

/** An in-shop path ("/h5/invite" or "/invite") becomes a route; anything else stays a url. */
function toTarget(url: string): JumpTarget {
  if (url.startsWith('/') && !url.startsWith('//')) return { kind: 'route', to: url.replace(/^\/h5(?=\/)/, '') };
  return { kind: 'external', url };
}

function channelSort(item: JumpItem): 0 | 1 {
  const channel = (item.channel ?? item.jumpType).toLowerCase();
  return channel.includes('alibaba') || channel === '1' ? 1 : 0;
}

export function bannerJump(item: JumpItem, ctx: JumpContext): JumpTarget {
  const value = item.jumpValue ?? '';
  switch (item.jumpType) {
    case 'product':
      return { kind: 'route', to: withQuery('/product', { productItemId: item.productItemID ?? value }) };
    case 'orderDetail':
      return { kind: 'route', to: withQuery('/orderDetail', { orderId: value }) };
    case 'topCategory':
      return { kind: 'route', to: withQuery('/categories', { categoryId: value, name: item.name }) };
    case 'category':
      return {
        kind: 'route',
        to: withQuery('/category', { categoryId: value, name: item.name, upperid: item.upperid }),
      };
    case 'topup':
      return { kind: 'route', to: withQuery('/topup', { value, name: item.name }) };
    case 'h5':
    case 'url': {
      const localized = ctx.language === 'kh' ? item.urlKh : ctx.language === 'chs' ? item.urlChs : null;
      const url = localized || item.url || '';
      return toTarget(appendParams(url, { traceToken: ctx.traceToken, language: ctx.language, pathType: 'h5' }));
    }
    case 'wallet':
      return { kind: 'route', to: '/myWallet' };
    case 'coupon':
      return { kind: 'route', to: '/personal' };
    case 'login':
      // A login banner may name where the shopper goes once logged in (an in-shop path: the
      // new-shopper coupon's page); the login screen returns there.
      return {
        kind: 'route',
        to: withQuery('/login', { redirect: value.startsWith('/') && !value.startsWith('//') ? value : null }),
      };
    case 'urlwithlogin':
      if (!ctx.signedIn) return { kind: 'route', to: '/login' };
      return toTarget(appendParams(item.url || '', { entrance: 'H5' }));
    case 'bongloy':
      return { kind: 'route', to: '/bongloy' };
    case 'haitao':
    case 'taobao':
    case 'alibaba':
      ctx.storeChannelSort(item.jumpType === 'haitao' ? channelSort(item) : item.jumpType === 'alibaba' ? 1 : 0);
      return { kind: 'route', to: '/Smilebuy' };
    case 'haitaoCategory':
    case 'haitaoTag':
    case 'haitaoSearch':
      return {
        kind: 'route',
        to: withQuery('/Smilebuy/ProductSearchList', {
          keywork: item.jumpType === 'haitaoCategory' ? item.name : value,
          channel: item.channel,
          categoryId: item.jumpType === 'haitaoCategory' ? value : null,
        }),
      };
    case 'haitaoProduct':
      return { kind: 'route', to: withQuery('/Smilebuy/product', { productId: value, channel: item.channel }) };
    case 'haitaoStore':
      return {
        kind: 'route',
        to: withQuery('/Smilebuy/shop', { shopId: value, channel: item.channel, shopName: item.name }),
      };
    default:
      return { kind: 'route', to: withQuery('/tagProductList', { tagId: value, name: item.name }) };
  }
}
