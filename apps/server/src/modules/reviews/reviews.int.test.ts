import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { smallCatalogue } from '../catalogue/fixtures.ts';

let shop: TestShop;
let cat: Awaited<ReturnType<typeof smallCatalogue>>;
beforeAll(async () => {
  shop = await startTestShop();
  cat = await smallCatalogue(shop.services);
});
afterAll(() => shop.close());

const review = (over: Record<string, unknown> = {}) => ({
  orderId: 1, userId: 'user-1', productId: cat.phone.productId, skuId: cat.phone.itemIds[0], text: 'Great phone', stars: 5, packaging: 4, speed: 5, ...over,
});

describe('reviews', () => {
  it('services.reviews.add checks the text, the ratings, the item, and one review per order item', async () => {
    const r = shop.services.reviews;
    await expect(r.add(review({ text: '   ' }))).rejects.toMatchObject({ code: 'REV00001' });
    await expect(r.add(review({ stars: 6 }))).rejects.toMatchObject({ code: 'SYS00001' });
    await expect(r.add(review({ packaging: 0 }))).rejects.toMatchObject({ code: 'SYS00001' });
    await expect(r.add(review({ skuId: cat.ball.itemIds[0] }))).rejects.toMatchObject({ code: 'CAT00001' });
    expect((await r.add(review())).id).toBeGreaterThan(0);
    await expect(r.add(review())).rejects.toMatchObject({ code: 'REV00002' });
    await r.add(review({ orderId: 2, userId: 'user-2', skuId: cat.phone.itemIds[1], text: 'Slow delivery', stars: 2, packaging: 3, speed: 1 }));
    await shop.db.transaction(async (tx) => {
      await r.add(review({ orderId: 3, userId: 'user-3', text: '好', stars: 4 }), tx as never);
    });
  });

  it('v1/appraise/querybyproduct lists newest first with the item’s specification; countbyproduct sums up', async () => {
    const res = await shop.call('GET', '/v1/appraise/querybyproduct', { query: { productId: String(cat.phone.productId), size: '2' }, language: 'chs' });
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.list.map((x: { text: string }) => x.text)).toEqual(['好', 'Slow delivery']);
    expect(res.body.data.list[1]).toMatchObject({ stars: 2, packaging: 3, speed: 1, specText: '128GB' });
    expect(res.body.data.list[0].userName).not.toContain('user-3');
    const count = await shop.call('GET', '/v1/appraise/countbyproduct', { query: { productId: String(cat.phone.productId) } });
    expect(count.body.data).toEqual({ total: 3, averageStars: 3.7, goodRate: 67, byStars: [0, 1, 0, 1, 1] });
    const none = await shop.call('GET', '/v1/appraise/countbyproduct', { query: { productId: String(cat.ball.productId) } });
    expect(none.body.data).toEqual({ total: 0, averageStars: 0, goodRate: 0, byStars: [0, 0, 0, 0, 0] });
  });

  it('querybyorder gives an order’s reviews (one shopper’s with userId)', async () => {
    const mine = await shop.services.reviews.querybyorder(1, 'chs');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ productId: cat.phone.productId, skuId: cat.phone.itemIds[0], text: 'Great phone', specText: '64GB' });
    expect(await shop.services.reviews.querybyorder(1, 'en-US', 'user-2')).toEqual([]);
    expect((await shop.services.reviews.querybyorder(2, 'en-US', 'user-2')).map((x) => x.stars)).toEqual([2]);
  });

  it('a whole order reviewed at once, as the buying module sends it: one review per item', async () => {
    const orderId = '6f1c2b9e-8d4a-4c3e-9b1a-2f5e7d9c0a11';
    const added = await shop.services.reviews.add({
      orderId, userId: 'user-9', text: 'All good', star: 4, packaging: 5, speed: 3,
      items: [{ skuId: cat.ball.itemIds[0], productId: cat.ball.productId }, { skuId: cat.phone2.itemIds[0], productId: cat.phone2.productId }],
    });
    expect(added.ids).toHaveLength(2);
    const stored = await shop.services.reviews.querybyorder(orderId, 'en-US');
    expect(stored.map((r) => [r.productId, r.stars])).toEqual([[cat.ball.productId, 4], [cat.phone2.productId, 4]]);
    await expect(shop.services.reviews.add({ orderId, userId: 'user-9', text: 'Again', star: 4, packaging: 5, speed: 3, items: [{ skuId: cat.ball.itemIds[0], productId: cat.ball.productId }] })).rejects.toMatchObject({ code: 'REV00002' });
  });
});
