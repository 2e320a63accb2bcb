import { describe, expect, it } from 'vitest';
import { parseProductLink } from './overseas.ts';

// The one helper the server's url check and the shop's search and link boxes share.
describe('parseProductLink', () => {
  it('reads taobao, tmall and 1688 links, alone or inside share text', () => {
    expect(parseProductLink('https://item.taobao.com/item.htm?id=610000007919')).toEqual({
      channel: 'taobao',
      id: '610000007919',
    });
    expect(parseProductLink('看看 https://detail.tmall.com/item.htm?spm=a&id=123456789 好物')).toEqual({
      channel: 'taobao',
      id: '123456789',
    });
    expect(parseProductLink('【1688】https://detail.1688.com/offer/720000007919.html?x=1，复制')).toEqual({
      channel: 'alibaba',
      id: '720000007919',
    });
    expect(parseProductLink('https://m.1688.com/page/offer.html?offerId=720000001234')).toEqual({
      channel: 'alibaba',
      id: '720000001234',
    });
    expect(parseProductLink('HTTPS://ITEM.TAOBAO.COM:443/item.htm?id=610000007919#x')).toEqual({
      channel: 'taobao',
      id: '610000007919',
    });
  });

  it('refuses look-alike hosts, a host hidden behind user info, and words that are no link', () => {
    expect(parseProductLink('https://evil-taobao.com.example/item.htm?id=123456')).toBeNull();
    expect(parseProductLink('https://item.taobao.com@evil.example/item.htm?id=123456')).toBeNull();
    expect(parseProductLink('https://item.taobao.com/item.htm?xid=123456')).toBeNull();
    expect(parseProductLink('https://item.taobao.com/item.htm?id=abc')).toBeNull();
    expect(parseProductLink('red dress taobao.com')).toBeNull();
    expect(parseProductLink('no link here')).toBeNull();
  });
});
