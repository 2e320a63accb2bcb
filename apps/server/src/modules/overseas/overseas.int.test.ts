import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import type { CachedSource } from '../../integrations/overseas-source/cached.ts';
import { idOf, LocalOverseasSource } from '../../integrations/overseas-source/local.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';

const PIN = '135790';
const SECRET = 'test-payment-secret';
let shop: TestShop;
let local: LocalOverseasSource;
let cached: CachedSource;
let staff: string;
let finance: string;

beforeAll(async () => {
  shop = await startTestShop({ paymentSecret: SECRET });
  cached = shop.services.overseasSource;
  if (!(cached.inner instanceof LocalOverseasSource)) throw new Error('the tests speak to the local source');
  local = cached.inner;
  local.behaviour.delayMs = 0;
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const by = { staffId: owner.id, login: 'owner' };
  const ship = await shop.services.staff.create(
    { login: 'ship.one', displayName: 'Fulfilment', password: 'Angkor2026pass', roles: ['fulfilment'] },
    by,
  );
  const money = await shop.services.staff.create(
    { login: 'money.one', displayName: 'Finance', password: 'Angkor2026pass', roles: ['finance'] },
    by,
  );
  staff = (await shop.ctx.sessions.create('staff', ship.id)).token;
  finance = (await shop.ctx.sessions.create('staff', money.id)).token;
});
afterAll(() => shop.close());

const get = (url: string, query: Record<string, string | number> = {}, token?: string, language = 'en-US') =>
  shop.call('GET', url, {
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    token,
    language,
  });
const post = (url: string, body: unknown, token?: string, language = 'en-US') =>
  shop.call('POST', url, { body, token, language });
const ok = <T = any>(res: { body: { code: string; msg: string; data: T } }) => {
  expect(res.body.code, res.body.msg).toBe('0');
  return res.body.data;
};
const runJobs = () => shop.ctx.jobs.runDue(new Date(Date.now() + 1000));

async function shopperWithAddress(cashCents = 100_000) {
  const s = await quietShopper(shop, { payPassword: PIN, cashCents });
  ok(
    await post(
      '/v1/address/addaddress',
      {
        receiver: 'Sok Dara',
        mobile: '012 345 678',
        provinceCode: '12',
        cityCode: '1201',
        districtCode: '120101',
        detail: 'House 12, Street 51',
        zipCode: '120101',
        latitude: 11.5564,
        longitude: 104.9282,
        isDefault: true,
      },
      s.token,
    ),
  );
  return s;
}

/** A SKU of the product with stock for `count`. */
async function skuOf(channel: string, productId: string, count = 2) {
  const product = ok(await get('/v1/haitao/product/detail', { channel, productId }));
  const sku = product.skus.find((s: { stock: number }) => s.stock >= count);
  expect(sku).toBeTruthy();
  return { product, sku };
}

async function buy(token: string, lines: { channel: string; productId: string; count: number }[]) {
  for (const line of lines) {
    const { sku } = await skuOf(line.channel, line.productId, line.count);
    ok(await post('/v1/haitao/shoppingcart/add', { ...line, skuId: sku.skuId }, token));
  }
  const quote = ok(await post('/v1/haitao/preorder/create', {}, token));
  const order = ok(await post('/v1/haitao/preorder/finish', { preorderId: quote.id }, token));
  return { quote, order };
}

const pay = (token: string, orderId: string) =>
  post('/v1/haitao/order/pay', { orderId, channel: 'wallet', payPassword: PIN }, token);

describe('browsing the sources', () => {
  it('lists the channels, categories and products with the Chinese original beside the translation', async () => {
    expect(ok(await get('/v1/haitao/channel/list', {}, undefined, 'chs'))).toEqual([
      { channel: 'taobao', sort: 0, name: '淘宝' },
      { channel: 'alibaba', sort: 1, name: '1688批发' },
    ]);
    const categories = ok(await get('/v1/haitao/category/list', { channel: 'taobao' }));
    expect(categories).toContainEqual({ id: '16', name: "Women's clothing", nameZh: '女装' });
    const found = ok(await get('/v1/haitao/product/list', { channel: 'taobao', keyword: '连衣裙', page: 1, size: 5 }));
    expect(found.total).toBeGreaterThan(0);
    for (const card of found.list) expect(card.titleZh).toContain('连衣裙');
    expect(found.list[0].title).toContain('dress');
    const english = ok(await get('/v1/haitao/product/list', { channel: 'taobao', keyword: 'dress', page: 1, size: 5 }));
    expect(english.total).toBe(found.total);
    // 1688 translates only some titles: the untranslated show the Chinese, said so.
    const wholesale = ok(await get('/v1/haitao/product/list', { channel: 'alibaba', page: 1, size: 20 }));
    expect(wholesale.list.some((c: { translated: boolean }) => !c.translated)).toBe(true);
  });

  it('prices a product in USD cents at the console’s rate and fee', async () => {
    const { product, sku } = await skuOf('taobao', idOf('taobao', 1));
    expect(product.quote).toEqual({ rateMilli: 7200, feeBp: 500 });
    expect(sku.priceCents).toBe(Math.ceil((sku.priceFen * 1000 * 10500) / (7200 * 10000)));
    expect(product.estimateDays).toEqual({ min: 7, max: 12 });
    expect(product.shop.name).toMatch(/号$/);
    const picture = await shop.app.inject({ method: 'GET', url: `${product.picture}?w=160` });
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.rawPayload.length).toBeGreaterThan(200);
  });

  it('opens a pasted taobao or 1688 link, or share text with one; a delisted item is gone', async () => {
    const id = idOf('taobao', 3);
    expect(
      ok(await post('/v1/haitao/url/check', { text: `https://item.taobao.com/item.htm?spm=a1z10&id=${id}` })),
    ).toEqual({
      channel: 'taobao',
      productId: id,
    });
    const ali = idOf('alibaba', 4);
    const share = `【1688】好货推荐 https://detail.1688.com/offer/${ali}.html?spm=x 复制打开`;
    expect(ok(await post('/v1/haitao/url/check', { text: share }))).toEqual({ channel: 'alibaba', productId: ali });
    expect(
      (await post('/v1/haitao/url/check', { text: 'https://example.com/item?id=123456' }, undefined, 'kh')).body,
    ).toMatchObject({
      code: 'HAI00005',
      msg: 'នេះមិនមែនជាតំណផលិតផល taobao ឬ 1688 ទេ',
    });
    const delisted = idOf('taobao', 7);
    expect((await get('/v1/haitao/product/detail', { channel: 'taobao', productId: delisted })).body.code).toBe(
      'HAI00003',
    );
    expect((await get('/v1/haitao/product/detail', { channel: 'taobao', productId: 'abc' })).body.code).toBe(
      'SYS00001',
    );
  });

  it('finds products by picture: the photo’s colour first; not a picture is refused', async () => {
    const id = idOf('taobao', 13);
    const photo = await shop.app.inject({ method: 'GET', url: `/v1/haitao/picture/taobao/${id}/0?w=320` });
    const upload = async (bytes: Buffer, language = 'en-US') => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/webp' }), 'photo.webp');
      const request = new Request('http://x/', { method: 'POST', body: form });
      return (
        await shop.app.inject({
          method: 'POST',
          url: '/v1/haitao/product/pic/upload',
          payload: Buffer.from(await request.arrayBuffer()),
          headers: { 'content-type': request.headers.get('content-type') as string, language },
        })
      ).json();
    };
    const answer = await upload(photo.rawPayload);
    expect(answer.code, answer.msg).toBe('0');
    const found = ok(await get('/v2/haitao/product/pic/get', { channel: 'taobao', picId: answer.data.picId }));
    expect(found.length).toBeGreaterThan(0);
    // The products found first are of the photo's colour (the first SKU's colour is the first picture's).
    const colourOf = async (productId: string) =>
      ok(await get('/v1/haitao/product/detail', { channel: 'taobao', productId })).skus[0].attrs[0].valueZh;
    const wanted = await colourOf(id);
    for (const card of found.slice(0, 5)) expect(await colourOf(card.productId)).toBe(wanted);
    expect(await upload(Buffer.from('not an image at all'), 'chs')).toMatchObject({
      code: 'HAI00014',
      msg: '无法读取图片，请换一张',
    });
  });

  it('answers a slow source within the limit: the kept answer, or "slow" when there is none', async () => {
    const id = idOf('taobao', 11);
    ok(await get('/v1/haitao/product/detail', { channel: 'taobao', productId: id }));
    const before = cached.times.productTtlMs;
    cached.times.productTtlMs = 0;
    local.behaviour.delayMs = 3000;
    try {
      let started = Date.now();
      const stale = await get('/v1/haitao/product/detail', { channel: 'taobao', productId: id });
      expect(stale.body.code).toBe('0');
      expect(Date.now() - started).toBeLessThan(1500);
      started = Date.now();
      const none = await get(
        '/v1/haitao/product/detail',
        { channel: 'taobao', productId: idOf('taobao', 12) },
        undefined,
        'chs',
      );
      expect(none.body).toMatchObject({ code: 'HAI00002', msg: '海外货源响应较慢，请稍后再试' });
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      local.behaviour.delayMs = 0;
      cached.times.productTtlMs = before;
    }
  });
});

describe('the cart and the quote', () => {
  it('adds, chooses, counts and removes lines; a changed price shows as changed and the quote takes it', async () => {
    const { token } = await shopperWithAddress();
    const id = idOf('taobao', 20);
    const { sku } = await skuOf('taobao', id, 3);
    let cart = ok(
      await post(
        '/v1/haitao/shoppingcart/add',
        { channel: 'taobao', productId: id, skuId: sku.skuId, count: 1 },
        token,
      ),
    );
    expect(cart.items).toHaveLength(1);
    const line = cart.items[0].id;
    cart = ok(await post('/v1/haitao/shoppingcart/countplus1', { id: line }, token));
    expect(cart.items[0].count).toBe(2);
    cart = ok(await post('/v1/haitao/shoppingcart/countminus1', { id: line }, token));
    cart = ok(await post('/v1/haitao/shoppingcart/countminus1', { id: line }, token));
    expect(cart.items[0].count).toBe(1);
    cart = ok(await post('/v1/haitao/shoppingcart/count', { id: line, count: 2 }, token));
    expect(cart.chosenCents).toBe(2 * sku.priceCents);
    cart = ok(await post('/v1/haitao/shoppingcart/chooseall', { chosen: false }, token));
    expect(cart.chosenCount).toBe(0);
    expect((await post('/v1/haitao/preorder/create', {}, token)).body.code).toBe('HAI00006');
    cart = ok(await post('/v1/haitao/shoppingcart/choose', { ids: [line], chosen: true }, token));
    expect(cart.chosenCount).toBe(2);
    expect((await post('/v1/haitao/shoppingcart/count', { id: line, count: 999 }, token)).body.code).toBe('HAI00004');

    // The seller raises the price by 20%.
    local.behaviour.priceFactorPct.set(id, 120);
    cached.forget();
    cart = ok(await get('/v1/haitao/shoppingcart/query', {}, token));
    expect(cart.items[0]).toMatchObject({ changed: true, addedCents: sku.priceCents });
    expect(cart.items[0].priceCents).toBeGreaterThan(sku.priceCents);
    const quote = ok(await post('/v1/haitao/preorder/create', {}, token));
    expect(quote.changed).toBe(true);
    expect(quote.lines[0]).toMatchObject({ previousCents: sku.priceCents, unitCents: cart.items[0].priceCents });
    expect(quote.address.receiver).toBe('Sok Dara');
    expect(quote.freightCents).toBeGreaterThanOrEqual(100);
    expect(quote.totalCents).toBe(quote.goodsCents + quote.freightCents);

    // The quote holds: a new rate and another price change do not touch the order made from it.
    ok(
      await post(
        '/admin-api/v1/overseas/settings',
        { rateMilli: 6500, feeBp: 800, perKgCents: 300, minimumCents: 100, volumetricDivisor: 6000 },
        finance,
      ),
    );
    local.behaviour.priceFactorPct.set(id, 150);
    cached.forget();
    const order = ok(await post('/v1/haitao/preorder/finish', { preorderId: quote.id }, token));
    expect(order.totalCents).toBe(quote.totalCents);
    // Finishing twice is the same order; the cart line is gone.
    expect(ok(await post('/v1/haitao/preorder/finish', { preorderId: quote.id }, token)).orderId).toBe(order.orderId);
    expect(ok(await get('/v1/haitao/shoppingcart/query', {}, token)).items).toEqual([]);
    const cashier = ok(await get('/v1/haitao/cashier/refresh', { orderId: order.orderId }, token));
    expect(cashier.payableCents).toBe(quote.totalCents);
    ok(await pay(token, order.orderId));
    const detail = ok(await get('/v1/haitao/order/detail', { orderId: order.orderId }, token));
    expect(detail).toMatchObject({
      state: 'PAID',
      paidCents: quote.totalCents,
      quote: { rateMilli: 7200, feeBp: 500 },
    });
    ok(
      await post(
        '/admin-api/v1/overseas/settings',
        { rateMilli: 7200, feeBp: 500, perKgCents: 300, minimumCents: 100, volumetricDivisor: 6000 },
        finance,
      ),
    );
    local.behaviour.priceFactorPct.clear();
    cached.forget();
  });
});

describe('what the quote says of its freight and its changes', () => {
  it('names the weight the freight is charged on: the volume weight when it is the larger', async () => {
    const { token } = await shopperWithAddress();
    let bulky: { id: string; weightG: number; volumeCm3: number } | null = null;
    let heavy: { id: string; weightG: number; volumeCm3: number } | null = null;
    for (let i = 1; i < 200 && !(bulky && heavy); i++) {
      const id = idOf('taobao', i);
      const res = await get('/v1/haitao/product/detail', { channel: 'taobao', productId: id });
      if (res.body.code !== '0') continue;
      const p = res.body.data;
      if (!p.skus.some((s: { stock: number }) => s.stock >= 1)) continue;
      const volumeG = Math.ceil((p.volumeCm3 * 1000) / 6000);
      if (!bulky && volumeG > p.weightG) bulky = { id, weightG: p.weightG, volumeCm3: p.volumeCm3 };
      if (!heavy && volumeG < p.weightG) heavy = { id, weightG: p.weightG, volumeCm3: p.volumeCm3 };
    }
    if (!bulky || !heavy) throw new Error('the local source has bulky and heavy products');
    for (const [product, by] of [
      [bulky, 'volume'],
      [heavy, 'weight'],
    ] as const) {
      const { sku } = await skuOf('taobao', product.id, 1);
      const quote = ok(
        await post(
          '/v1/haitao/preorder/createdirect',
          { channel: 'taobao', productId: product.id, skuId: sku.skuId, count: 1 },
          token,
        ),
      );
      expect(quote).toMatchObject({
        weightG: product.weightG,
        volumeWeightG: Math.ceil((product.volumeCm3 * 1000) / 6000),
        chargedBy: by,
      });
      const chargedG = Math.max(quote.weightG, quote.volumeWeightG);
      expect(quote.freightCents).toBe(Math.max(100, Math.ceil((chargedG * 300) / 1000)));
    }
  });

  it('tells a change of the shop’s exchange rate from a change of the seller’s price', async () => {
    const { token } = await shopperWithAddress();
    const id = idOf('taobao', 22);
    const { sku } = await skuOf('taobao', id, 1);
    ok(
      await post(
        '/v1/haitao/shoppingcart/add',
        { channel: 'taobao', productId: id, skuId: sku.skuId, count: 1 },
        token,
      ),
    );
    const settings = (rateMilli: number) =>
      post(
        '/admin-api/v1/overseas/settings',
        { rateMilli, feeBp: 500, perKgCents: 300, minimumCents: 100, volumetricDivisor: 6000 },
        finance,
      );
    try {
      // Only the rate changes: the seller's price is the same.
      ok(await settings(6800));
      let cart = ok(await get('/v1/haitao/shoppingcart/query', {}, token));
      expect(cart.items[0]).toMatchObject({ changed: true, changeCause: 'rate' });
      let quote = ok(await post('/v1/haitao/preorder/create', {}, token));
      expect(quote).toMatchObject({ changed: true, changeCauses: ['rate'] });
      expect(quote.lines[0]).toMatchObject({ previousCents: sku.priceCents, changeCause: 'rate' });
      // The seller's price changes (the rate back as it was).
      ok(await settings(7200));
      local.behaviour.priceFactorPct.set(id, 120);
      cached.forget();
      cart = ok(await get('/v1/haitao/shoppingcart/query', {}, token));
      expect(cart.items[0]).toMatchObject({ changed: true, changeCause: 'price' });
      quote = ok(await post('/v1/haitao/preorder/create', {}, token));
      expect(quote).toMatchObject({ changed: true, changeCauses: ['price'] });
    } finally {
      ok(await settings(7200));
      local.behaviour.priceFactorPct.clear();
      cached.forget();
    }
  });
});

describe('an overseas order from two shops', () => {
  it('is paid by wallet, bought from the source per shop, and carried by staff to delivery', async () => {
    const { token, userId } = await shopperWithAddress();
    const a = idOf('taobao', 1);
    const b = idOf('taobao', 2);
    const { quote, order } = await buy(token, [
      { channel: 'taobao', productId: a, count: 1 },
      { channel: 'taobao', productId: b, count: 2 },
    ]);
    expect(new Set(quote.lines.map((l: { shopId: string }) => l.shopId)).size).toBe(2);
    const before = (await shop.services.wallet.balances(userId)).cashCents;
    ok(await pay(token, order.orderId));
    expect((await shop.services.wallet.balances(userId)).cashCents).toBe(before - quote.totalCents);
    // Cash on delivery is not a way to pay for overseas goods.
    expect((await post('/v1/haitao/order/pay', { orderId: order.orderId, channel: 'cod' }, token)).body.code).toBe(
      'SYS00001',
    );

    await runJobs();
    let detail = ok(await get('/v1/haitao/order/detail', { orderId: order.orderId }, token));
    expect(detail.state).toBe('BOUGHT');
    expect(detail.sourceOrders).toHaveLength(2);
    for (const part of detail.sourceOrders) expect(part.sourceOrderNo).toMatch(/^TB\d+/);
    expect(detail.estimate).not.toBeNull();
    const part = ok(
      await get(
        '/v1/haitao/merchantorder/detail',
        { orderId: order.orderId, shopId: detail.sourceOrders[0].shopId },
        token,
      ),
    );
    expect(part.lines.length).toBeGreaterThan(0);

    // A move the table does not allow.
    expect(
      (await post('/admin-api/v1/overseas/order/move', { id: order.orderId, to: 'DELIVERED' }, staff)).body.code,
    ).toBe('HAI00012');
    for (const to of ['WAREHOUSE', 'FREIGHT', 'ARRIVED', 'DELIVERED'])
      expect(
        ok(
          await post(
            '/admin-api/v1/overseas/order/move',
            { id: order.orderId, to, note: to === 'FREIGHT' ? 'Truck 12' : undefined },
            staff,
          ),
        ).state,
      ).toBe(to);
    const track = ok(await get('/v1/haitao/order/logistics', { orderId: order.orderId }, token, 'kh'));
    expect(track.events.map((e: { state: string }) => e.state)).toEqual([
      'DELIVERED',
      'ARRIVED',
      'FREIGHT',
      'WAREHOUSE',
      'BOUGHT',
      'PAID',
      'WP',
    ]);
    expect(track.events[2].text).toContain('Truck 12');
    const finished = ok(await get('/v1/haitao/order/queryfinish', { page: 1, size: 10 }, token));
    expect(finished.list.map((o: { id: string }) => o.id)).toEqual([order.orderId]);
    detail = ok(await get('/v1/haitao/order/detail', { orderId: order.orderId }, token));
    expect(detail.state).toBe('DELIVERED');
    const list = ok(await get('/admin-api/v1/overseas/orders', { state: 'DELIVERED', page: 1, size: 10 }, staff));
    expect(list.counts.DELIVERED).toBeGreaterThanOrEqual(1);
  });

  it('refunds once, with a notice, when the seller refuses; duplicate refunds change nothing', async () => {
    const { token, userId } = await shopperWithAddress();
    const refused = idOf('taobao', 5);
    const { quote, order } = await buy(token, [
      { channel: 'taobao', productId: idOf('taobao', 1), count: 1 },
      { channel: 'taobao', productId: refused, count: 1 },
    ]);
    const before = (await shop.services.wallet.balances(userId)).cashCents;
    ok(await pay(token, order.orderId));
    // The job runs twice over (a restart), and staff press refund at the same time.
    await Promise.all([
      shop.services.overseas.orders.buy(order.orderId),
      shop.services.overseas.orders.buy(order.orderId),
      post('/admin-api/v1/overseas/order/refund', { id: order.orderId, reason: 'double press' }, finance),
      post('/admin-api/v1/overseas/order/refund', { id: order.orderId, reason: 'double press' }, finance),
    ]);
    expect((await shop.services.wallet.balances(userId)).cashCents).toBe(before);
    const refunds = await queryRows<{ n: number; total: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::int AS total FROM wallet_transfers WHERE ref_id = ${order.orderId} AND kind = 'refund'`,
    );
    expect(refunds[0]).toEqual({ n: 1, total: quote.totalCents });
    const detail = ok(await get('/v1/haitao/order/detail', { orderId: order.orderId }, token, 'chs'));
    expect(detail.state).toBe('REFUNDED');
    expect(detail.failure).toBeTruthy();
    const notices = ok(await get('/v1/notify/list', { page: 1, size: 10 }, token));
    expect(JSON.stringify(notices)).toContain(order.orderNo);
    const cancelled = ok(await get('/v1/haitao/order/querycancel', { page: 1, size: 10 }, token));
    expect(cancelled.list.map((o: { id: string }) => o.id)).toContain(order.orderId);
    // A refunded order moves nowhere.
    expect(
      (await post('/admin-api/v1/overseas/order/move', { id: order.orderId, to: 'WAREHOUSE' }, staff)).body.code,
    ).toBe('HAI00012');
  });

  it('refunds a paid order whose product disappeared from the source', async () => {
    const { token, userId } = await shopperWithAddress();
    const id = idOf('alibaba', 30);
    const { order } = await buy(token, [{ channel: 'alibaba', productId: id, count: 1 }]);
    const before = (await shop.services.wallet.balances(userId)).cashCents;
    ok(await pay(token, order.orderId));
    local.behaviour.gone.add(id);
    try {
      await runJobs();
      const detail = ok(await get('/v1/haitao/order/detail', { orderId: order.orderId }, token));
      expect(detail.state).toBe('REFUNDED');
      expect((await shop.services.wallet.balances(userId)).cashCents).toBe(before);
    } finally {
      local.behaviour.gone.delete(id);
    }
  });

  it('lets staff buy by hand with each shop’s source order number', async () => {
    const { token } = await shopperWithAddress();
    const { order } = await buy(token, [{ channel: 'taobao', productId: idOf('taobao', 40), count: 1 }]);
    ok(await pay(token, order.orderId));
    const detail = ok(await get('/v1/haitao/order/detail', { orderId: order.orderId }, token));
    const shopId = detail.sourceOrders[0].shopId;
    expect(
      (
        await post(
          '/admin-api/v1/overseas/order/bought',
          { id: order.orderId, sourceOrders: [{ shopId: '1', sourceOrderNo: 'TB123' }] },
          staff,
        )
      ).body.code,
    ).toBe('HAI00016');
    const bought = ok(
      await post(
        '/admin-api/v1/overseas/order/bought',
        { id: order.orderId, sourceOrders: [{ shopId, sourceOrderNo: 'TB-HAND-1' }] },
        staff,
      ),
    );
    expect(bought.sourceOrders[0].sourceOrderNo).toBe('TB-HAND-1');
    // The job finds it bought and leaves it.
    await runJobs();
    expect(ok(await get('/v1/haitao/order/detail', { orderId: order.orderId }, token)).state).toBe('BOUGHT');
  });

  it('is paid through a gateway: repeated callbacks pay it once, buy once, and refund once through the gateway', async () => {
    const { token } = await shopperWithAddress(0);
    const { quote, order } = await buy(token, [{ channel: 'taobao', productId: idOf('taobao', 18), count: 1 }]);
    const pay = ok(await post('/v1/haitao/order/pay', { orderId: order.orderId, channel: 'sandbox' }, token));
    expect(pay.status).toBe('PENDING');
    expect(pay.redirectUrl).toContain(encodeURIComponent(`/h5/Smilebuy/orderDetail?orderId=${order.orderId}`));
    const body = {
      paymentId: pay.paymentId,
      status: 'SUCCEEDED',
      amountCents: quote.totalCents,
      transactionId: 'SBX-HAITAO',
      timestamp: Date.now(),
    };
    const signature = createHmac('sha256', SECRET)
      .update(`${body.paymentId}|${body.status}|${body.amountCents}|${body.transactionId}|${body.timestamp}`)
      .digest('hex');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        shop.app.inject({ method: 'POST', url: '/v1/pay/callback/sandbox', payload: { ...body, signature } }),
      ),
    );
    expect(answers.map((a) => a.json().outcome).filter((o) => o === 'paid')).toHaveLength(1);
    const buys = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE dedupe_key = ${`overseas-buy:${order.orderId}`}`,
    );
    expect(buys[0].n).toBe(1);
    // Staff refund it twice at once: one gateway refund.
    await Promise.all([
      post('/admin-api/v1/overseas/order/refund', { id: order.orderId, reason: 'customer asked' }, finance),
      post('/admin-api/v1/overseas/order/refund', { id: order.orderId, reason: 'customer asked' }, finance),
    ]);
    const refunds = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM payment_refunds WHERE payable_kind = 'overseas' AND payable_id = ${order.orderId}`,
    );
    expect(refunds[0].n).toBe(1);
    const detail = ok(await get('/v1/haitao/order/detail', { orderId: order.orderId }, token, 'kh'));
    expect(detail).toMatchObject({
      state: 'REFUNDED',
      payChannel: 'sandbox',
      failure: 'បុគ្គលិកបានបង្វិលសងការបញ្ជាទិញ៖ customer asked',
    });
  });

  it('is cancelled when not paid in time; someone else’s order is not found', async () => {
    const { token } = await shopperWithAddress();
    const { order } = await buy(token, [{ channel: 'alibaba', productId: idOf('alibaba', 2), count: 1 }]);
    const other = await shopperWithAddress();
    expect((await get('/v1/haitao/order/detail', { orderId: order.orderId }, other.token)).body.code).toBe('HAI00010');
    expect(await shop.services.overseas.orders.expireUnpaid(new Date(Date.now() + 31 * 60_000))).toBeGreaterThan(0);
    expect(ok(await get('/v1/haitao/order/detail', { orderId: order.orderId }, token)).state).toBe('CANCEL');
    expect((await pay(token, order.orderId)).body.code).toBe('HAI00011');
  });
});
