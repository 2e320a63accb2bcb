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
  orderId: 'order-1',
  userId: 'user-1',
  productId: cat.phone.productId,
  skuId: cat.phone.itemIds[0],
  text: 'Great phone',
  stars: 5,
  packaging: 4,
  speed: 5,
  ...over,
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
    await r.add(
      review({
        orderId: 'order-2',
        userId: 'user-2',
        skuId: cat.phone.itemIds[1],
        text: 'Slow delivery',
        stars: 2,
        packaging: 3,
        speed: 1,
      }),
    );
    await shop.db.transaction(async (tx) => {
      await r.add(review({ orderId: 'order-3', userId: 'user-3', text: '好', stars: 4 }), tx as never);
    });
  });

  it('v1/appraise/querybyproduct lists newest first with the item’s specification; countbyproduct sums up', async () => {
    const res = await shop.call('GET', '/v1/appraise/querybyproduct', {
      query: { productId: String(cat.phone.productId), size: '2' },
      language: 'chs',
    });
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.list.map((x: { text: string }) => x.text)).toEqual(['好', 'Slow delivery']);
    expect(res.body.data.list[1]).toMatchObject({ stars: 2, packaging: 3, speed: 1, specText: '128GB' });
    expect(res.body.data.list[0].userName).not.toContain('user-3');
    const count = await shop.call('GET', '/v1/appraise/countbyproduct', {
      query: { productId: String(cat.phone.productId) },
    });
    expect(count.body.data).toEqual({ total: 3, averageStars: 3.7, goodRate: 67, byStars: [0, 1, 0, 1, 1] });
    const none = await shop.call('GET', '/v1/appraise/countbyproduct', {
      query: { productId: String(cat.ball.productId) },
    });
    expect(none.body.data).toEqual({ total: 0, averageStars: 0, goodRate: 0, byStars: [0, 0, 0, 0, 0] });
  });

  it('querybyorder shows a shopper only their own reviews (the orders module serves it over HTTP)', async () => {
    const mine = await shop.services.reviews.querybyorder('order-1', 'user-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ productId: cat.phone.productId, skuId: cat.phone.itemIds[0], text: 'Great phone' });
    expect(await shop.services.reviews.querybyorder('order-1', 'user-2')).toEqual([]);
    expect((await shop.services.reviews.querybyorder('order-2', 'user-2')).map((x) => x.stars)).toEqual([2]);
  });

  it('addForOrder writes one review per item of the order, all or none', async () => {
    const r = shop.services.reviews;
    const input = { orderId: 'order-9', userId: 'user-9', text: 'Both fine', stars: 4, packaging: 4, speed: 4 };
    const items = [
      { skuId: cat.phone.itemIds[0], productId: cat.phone.productId },
      { skuId: cat.ball.itemIds[0], productId: cat.ball.productId },
    ];
    const { ids } = await r.addForOrder({ ...input, items });
    expect(ids).toHaveLength(2);
    const wrong = { skuId: cat.ball.itemIds[0], productId: cat.phone.productId };
    await expect(
      shop.db.transaction(async (tx) => {
        await r.addForOrder({ ...input, orderId: 'order-10', items: [items[0], wrong] }, tx as never);
      }),
    ).rejects.toMatchObject({ code: 'CAT00001' });
    expect(await r.querybyorder('order-10', 'user-9')).toHaveLength(0);
  });
});

describe('v1/appraise/add on a real order (buying and reviews together)', () => {
  it('reviews a finished order once, with the form’s stars, packaging and speed', async () => {
    const sent = await shop.call('POST', '/v1/customer/sendsms', {
      body: { countryCode: '+855', phone: '012888777', type: 'login' },
    });
    const login = await shop.call('POST', '/v1/customer/registandlogin', {
      body: { countryCode: '+855', phone: '012888777', code: sent.body.data.devCode, agree: true },
    });
    const { token, userId } = login.body.data;
    const address = await shop.call('POST', '/v1/address/addaddress', {
      token,
      body: {
        receiver: 'Sok Dara',
        mobile: '012888777',
        provinceCode: '12',
        cityCode: '1201',
        districtCode: '120101',
        detail: 'House 1',
      },
    });
    expect(address.body.code, address.body.msg).toBe('0');
    const pre = await shop.call('POST', '/v1/preorder/createdirect', {
      token,
      body: { skuId: String(cat.phone.itemIds[0]), quantity: 1, payType: 'COD' },
    });
    expect(pre.body.code, pre.body.msg).toBe('0');
    const placed = await shop.call('POST', '/v1/preorder/finish', { token, body: { preorderId: pre.body.data.id } });
    const orderId = placed.body.data.orderId;
    const form = { orderId, text: 'Works well', star: 4, packaging: 5, speed: 3 };

    const early = await shop.call('POST', '/v1/appraise/add', { token, body: form, language: 'kh' });
    expect(early.body.code).toBe('ORD0014');
    await shop.services.orders.ship(orderId, 'J&T Express', 'JT-0000042');
    await shop.services.orders.confirmReceipt(userId, orderId);

    const added = await shop.call('POST', '/v1/appraise/add', { token, body: form });
    expect(added.body, added.body.msg).toMatchObject({ code: '0', data: { reviewed: true } });
    const mine = await shop.call('GET', '/v1/appraise/querybyorder', { token, query: { orderId } });
    expect(mine.body.data).toEqual([
      expect.objectContaining({ text: 'Works well', stars: 4, packaging: 5, speed: 3, skuId: cat.phone.itemIds[0] }),
    ]);
    const detail = await shop.call('GET', '/v1/order/detail', { token, query: { orderId } });
    expect(detail.body.data.reviewed).toBe(true);
    expect(detail.body.data.actions).not.toContain('comment');
    const again = await shop.call('POST', '/v1/appraise/add', { token, body: form });
    expect(again.body.code).toBe('ORD0013');
  });
});
