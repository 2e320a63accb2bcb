import type { JumpItem } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { appendParams, bannerJump, type JumpContext } from './bannerJump.ts';

const item = (over: Partial<JumpItem>): JumpItem => ({
  id: 1,
  name: 'Phones',
  imageUrl: null,
  jumpType: 'default',
  jumpValue: null,
  productItemID: null,
  url: null,
  urlKh: null,
  urlChs: null,
  upperid: null,
  channel: null,
  carouselType: null,
  jumpReason: null,
  ...over,
});

function ctx(over: Partial<JumpContext> = {}) {
  const stored: number[] = [];
  return {
    stored,
    ctx: {
      language: 'en-US',
      signedIn: true,
      traceToken: 'tr-1',
      storeChannelSort: (s: 0 | 1) => void stored.push(s),
      ...over,
    } as JumpContext,
  };
}

describe('banner jump table (spec §2)', () => {
  const { ctx: c } = ctx();
  it.each([
    ['product', item({ jumpType: 'product', productItemID: 12 }), '/product?productItemId=12'],
    ['product by jumpValue', item({ jumpType: 'product', jumpValue: '13' }), '/product?productItemId=13'],
    ['order detail', item({ jumpType: 'orderDetail', jumpValue: '9001' }), '/orderDetail?orderId=9001'],
    [
      'top category',
      item({ jumpType: 'topCategory', jumpValue: '4', name: 'Home & Living' }),
      '/categories?categoryId=4&name=Home+%26+Living',
    ],
    [
      'category',
      item({ jumpType: 'category', jumpValue: '7', upperid: 2 }),
      '/category?categoryId=7&name=Phones&upperid=2',
    ],
    ['topup', item({ jumpType: 'topup', jumpValue: '5', name: 'Top up' }), '/topup?value=5&name=Top+up'],
    ['wallet', item({ jumpType: 'wallet' }), '/myWallet'],
    ['coupon', item({ jumpType: 'coupon' }), '/personal'],
    ['login', item({ jumpType: 'login' }), '/login'],
    [
      'login, then a page of the shop',
      item({ jumpType: 'login', jumpValue: '/newShopperCoupon' }),
      '/login?redirect=%2FnewShopperCoupon',
    ],
    ['login, never then another site', item({ jumpType: 'login', jumpValue: '//evil.example' }), '/login'],
    ['bongloy', item({ jumpType: 'bongloy' }), '/bongloy'],
    [
      'haitao category',
      item({ jumpType: 'haitaoCategory', jumpValue: '55', channel: 'taobao', name: 'Shoes' }),
      '/Smilebuy/ProductSearchList?keywork=Shoes&channel=taobao&categoryId=55',
    ],
    [
      'haitao tag',
      item({ jumpType: 'haitaoTag', jumpValue: 'summer', channel: 'alibaba' }),
      '/Smilebuy/ProductSearchList?keywork=summer&channel=alibaba',
    ],
    [
      'haitao search',
      item({ jumpType: 'haitaoSearch', jumpValue: 'dress', channel: 'taobao' }),
      '/Smilebuy/ProductSearchList?keywork=dress&channel=taobao',
    ],
    [
      'haitao product',
      item({ jumpType: 'haitaoProduct', jumpValue: '6543', channel: 'taobao' }),
      '/Smilebuy/product?productId=6543&channel=taobao',
    ],
    [
      'haitao store',
      item({ jumpType: 'haitaoStore', jumpValue: '77', channel: 'alibaba', name: 'Yiwu Toys' }),
      '/Smilebuy/shop?shopId=77&channel=alibaba&shopName=Yiwu+Toys',
    ],
    [
      'default: tag list',
      item({ jumpType: 'default', jumpValue: '3', name: 'Hot Deals' }),
      '/tagProductList?tagId=3&name=Hot+Deals',
    ],
    [
      'unknown type: tag list',
      item({ jumpType: 'somethingNew', jumpValue: '3', name: 'X' }),
      '/tagProductList?tagId=3&name=X',
    ],
  ])('%s', (_name, jump, to) => {
    expect(bannerJump(jump, c)).toEqual({ kind: 'route', to });
  });

  it('h5/url: outside url with trace token, language and pathType=h5; Khmer and Chinese urls where given', () => {
    const h5 = item({
      jumpType: 'h5',
      url: 'https://help.example/a?x=1#top',
      urlKh: 'https://help.example/kh',
      urlChs: 'https://help.example/zh',
    });
    expect(bannerJump(h5, ctx().ctx)).toEqual({
      kind: 'external',
      url: 'https://help.example/a?x=1&traceToken=tr-1&language=en-US&pathType=h5#top',
    });
    expect(bannerJump(h5, ctx({ language: 'kh' }).ctx)).toEqual({
      kind: 'external',
      url: 'https://help.example/kh?traceToken=tr-1&language=kh&pathType=h5',
    });
    expect(bannerJump(h5, ctx({ language: 'chs' }).ctx)).toEqual({
      kind: 'external',
      url: 'https://help.example/zh?traceToken=tr-1&language=chs&pathType=h5',
    });
    // No Khmer url: the default one, in Khmer.
    expect(bannerJump(item({ jumpType: 'url', url: 'https://help.example/a' }), ctx({ language: 'kh' }).ctx)).toEqual({
      kind: 'external',
      url: 'https://help.example/a?traceToken=tr-1&language=kh&pathType=h5',
    });
  });

  it('urlwithlogin: entrance=H5 added; a visitor logs in first; shop paths stay in the shop', () => {
    const jump = item({ jumpType: 'urlwithlogin', url: 'https://partner.example/loan' });
    expect(bannerJump(jump, ctx().ctx)).toEqual({ kind: 'external', url: 'https://partner.example/loan?entrance=H5' });
    expect(bannerJump(jump, ctx({ signedIn: false }).ctx)).toEqual({ kind: 'route', to: '/login' });
    expect(bannerJump(item({ jumpType: 'urlwithlogin', url: '/h5/invite' }), ctx().ctx)).toEqual({
      kind: 'route',
      to: '/invite?entrance=H5',
    });
  });

  it('haitao / taobao / alibaba go to /Smilebuy and store the channel sort (0 taobao, 1 alibaba)', () => {
    const t = ctx();
    expect(bannerJump(item({ jumpType: 'taobao' }), t.ctx)).toEqual({ kind: 'route', to: '/Smilebuy' });
    expect(bannerJump(item({ jumpType: 'alibaba' }), t.ctx)).toEqual({ kind: 'route', to: '/Smilebuy' });
    expect(bannerJump(item({ jumpType: 'haitao', channel: 'alibaba' }), t.ctx)).toEqual({
      kind: 'route',
      to: '/Smilebuy',
    });
    expect(bannerJump(item({ jumpType: 'haitao', channel: 'taobao' }), t.ctx)).toEqual({
      kind: 'route',
      to: '/Smilebuy',
    });
    expect(t.stored).toEqual([0, 1, 1, 0]);
  });

  it('appendParams keeps existing parameters and fragments', () => {
    expect(appendParams('https://a.b/c', { x: '1' })).toBe('https://a.b/c?x=1');
    expect(appendParams('https://a.b/c?', { x: '1' })).toBe('https://a.b/c?x=1');
    expect(appendParams('https://a.b/c?y=2#f', { x: 'a b' })).toBe('https://a.b/c?y=2&x=a+b#f');
  });
});
