import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.ts';
import { CachedSource, SourceSlowError } from './cached.ts';
import { idOf, indexOf, LocalOverseasSource } from './local.ts';
import { parseProductLink, SourceUnavailableError } from './source.ts';

const local = (behaviour = {}) => new LocalOverseasSource(null as unknown as Db, behaviour);

describe('product links', () => {
  it('reads taobao, tmall and 1688 links, alone or in share text', () => {
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
    expect(parseProductLink('https://evil-taobao.com.example/item.htm?id=123456')).toBeNull();
    expect(parseProductLink('no link here')).toBeNull();
    expect(parseProductLink('https://item.taobao.com/item.htm?id=abc')).toBeNull();
  });
});

describe('the local source', () => {
  it('is the same catalogue on every run, with Chinese titles and CNY prices', async () => {
    const [a, b] = await Promise.all([
      local().product('taobao', idOf('taobao', 9)),
      local().product('taobao', idOf('taobao', 9)),
    ]);
    expect(a).toEqual(b);
    expect(a?.title.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(a?.skus.length).toBeGreaterThanOrEqual(4);
    for (const sku of a?.skus ?? []) expect(Number.isInteger(sku.priceFen)).toBe(true);
    expect(indexOf('taobao', idOf('taobao', 9))).toBe(9);
    expect(indexOf('alibaba', idOf('taobao', 9))).toBeNull();
  });

  it('fails every n-th answer when told, and answers late when slow', async () => {
    const source = local({ failEvery: 2 });
    await source.categories('taobao');
    await expect(source.categories('taobao')).rejects.toBeInstanceOf(SourceUnavailableError);
  });
});

describe('kept answers', () => {
  it('serves a kept answer when the source is slow or failing, and says "slow" with none', async () => {
    const source = local();
    const cached = new CachedSource(source, { limitMs: 100, productTtlMs: 0 });
    const id = idOf('taobao', 10);
    const first = await cached.product('taobao', id);
    source.behaviour.delayMs = 400;
    let t = Date.now();
    expect(await cached.product('taobao', id)).toEqual(first);
    expect(Date.now() - t).toBeLessThan(300);
    t = Date.now();
    await expect(cached.product('taobao', idOf('taobao', 11))).rejects.toBeInstanceOf(SourceSlowError);
    expect(Date.now() - t).toBeLessThan(300);
    source.behaviour.delayMs = 0;
    source.behaviour.failEvery = 1;
    expect(await cached.product('taobao', id)).toEqual(first);
  });
});
