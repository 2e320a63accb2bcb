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
      searchPages: read('shop_answer_cache_entries', 'search'),
      searchMax: read('shop_answer_cache_max_bytes', 'search'),
      questions: read('shop_answer_cache_entries', 'search questions'),
      objects: read('shop_answer_cache_bytes', 'catalogue objects'),
    };
  };

  it('grows with the answers kept, never past its bound', async () => {
    const before = await figures();
    // Each page twice: a search answer is kept from its second ask (seen-before.ts).
    for (const keyword of ['phone', 'samsung', 'nothing-like-this'])
      for (const page of [1, 2, 1, 2]) {
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
    // How each question was answered, whatever its pages: the index's answers are not kept (it
    // answers again as cheaply), the typo step's are ("nothing-like-this").
    expect(after.questions).toBeGreaterThanOrEqual(1);
    expect(after.questions).toBeLessThanOrEqual(3);
    expect(after.objects).toBeGreaterThan(0);
  });

  it('keeps a search page from its second ask, not its first (a long tail asks most pages once)', async () => {
    const ask = () => shop.call('GET', '/v1/product/search', { query: { keyword: 'phone', page: '3', size: '7' } });
    const before = await figures();
    const first = await ask();
    expect((await figures()).searchPages).toBe(before.searchPages);
    const second = await ask();
    expect((await figures()).searchPages).toBe(before.searchPages + 1);
    const third = await ask();
    expect(third.body).toEqual(first.body);
    expect(second.body).toEqual(first.body);
    expect((await figures()).searchPages).toBe(before.searchPages + 1);
  });
});
