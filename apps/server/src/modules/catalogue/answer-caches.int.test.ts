import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { smallCatalogue } from './fixtures.ts';

/** `/metrics` reports what each cache of answers holds, in bytes, against its bound (issue 48). */
describe('caches of answers on /metrics', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop();
    await smallCatalogue(shop.services);
  }, 120_000);
  afterAll(async () => shop?.close());

  const figures = async () => {
    const text = (await shop.app.inject({ method: 'GET', url: '/metrics' })).body;
    const read = (metric: string, cache: string) =>
      Number(new RegExp(`^${metric}\\{cache="${cache}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
    return {
      search: read('shop_answer_cache_bytes', 'search'),
      searchMax: read('shop_answer_cache_max_bytes', 'search'),
      questions: read('shop_answer_cache_entries', 'search questions'),
      objects: read('shop_answer_cache_bytes', 'catalogue objects'),
    };
  };

  it('grows with the answers kept, never past its bound', async () => {
    const before = await figures();
    for (const keyword of ['phone', 'samsung', 'nothing-like-this'])
      for (const page of [1, 2]) {
        const res = await shop.call('GET', '/v1/product/search', {
          query: { keyword, page: String(page), size: '20' },
        });
        expect(res.body.code).toBe('0');
      }
    const [card] = (await shop.call('GET', '/v1/newcategory/queryproductitem', { query: { page: '1', size: '5' } }))
      .body.data.list;
    await shop.call('GET', '/v1/product/queryproductitemsinproduct', {
      query: { productItemId: String(card.productItemId) },
    });
    const after = await figures();
    expect(after.search).toBeGreaterThan(before.search);
    expect(after.search).toBeLessThanOrEqual(after.searchMax);
    expect(after.searchMax).toBe(8 * 1024 * 1024);
    // Three questions, whatever their pages.
    expect(after.questions).toBe(3);
    expect(after.objects).toBeGreaterThan(0);
  });
});
