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

  it('v1/appraise/querybyorder shows a shopper only their own reviews', async () => {
    const one = await shop.ctx.sessions.create('shopper', 'user-1');
    const two = await shop.ctx.sessions.create('shopper', 'user-2');
    const mine = await shop.call('GET', '/v1/appraise/querybyorder', { query: { orderId: '1' }, token: one.token });
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ productId: cat.phone.productId, skuId: cat.phone.itemIds[0], text: 'Great phone' });
    const theirs = await shop.call('GET', '/v1/appraise/querybyorder', { query: { orderId: '1' }, token: two.token });
    expect(theirs.body.data).toEqual([]);
    expect((await shop.call('GET', '/v1/appraise/querybyorder', { query: { orderId: '1' } })).status).toBe(400);
    expect((await shop.services.reviews.querybyorder(2, 'user-2')).map((x) => x.stars)).toEqual([2]);
  });
});
