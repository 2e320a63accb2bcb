import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { installDoubles } from '../../../test/buying-doubles.ts';
import { holdDurabilityBarrier, stillPending, waitUntil } from '../../../test/durability.ts';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { sql } from '../../platform/sql.ts';

let shop: TestShop;
let d: Awaited<ReturnType<typeof installDoubles>>;
let token: string;
const userId = 'buyer-1';
let addressId: string;

beforeAll(async () => {
  shop = await startTestShop({ servedProvinces: ['12', '08'] });
  d = await installDoubles(shop);
  token = (await shop.ctx.sessions.create('shopper', userId)).token;
  await d.addSku({ skuId: '101', priceCents: 1250, stock: 10, maxPurchase: 3 });
  await d.addSku({ skuId: '102', priceCents: 500, stock: 2, maxPurchase: 0 });
  await d.addSku({ skuId: '103', priceCents: 500, stock: 5, published: false });
  const res = await shop.call('POST', '/v1/address/addaddress', {
    token,
    body: {
      receiver: 'Sok Dara',
      mobile: '012345678',
      provinceCode: '12',
      cityCode: '1201',
      districtCode: '120101',
      detail: 'House 1',
    },
  });
  addressId = res.body.data.id;
});
afterAll(() => shop.close());

const post = (url: string, body: unknown, language = 'en-US') => shop.call('POST', url, { token, body, language });
const get = (url: string, query: Record<string, string> = {}) => shop.call('GET', url, { token, query });

describe('cart', () => {
  it('adds, counts within max purchase and stock, flags and totals chosen lines', async () => {
    let res = await post('/v1/shoppingcart/add', { skuId: '101', quantity: 2 });
    expect(res.body.code).toBe('0');
    expect(res.body.data).toMatchObject({ count: 2, chosenTotalCents: 2500 });
    res = await post('/v1/shoppingcart/countplus1', { skuId: '101' });
    expect(res.body.data.lines[0].quantity).toBe(3);
    res = await post('/v1/shoppingcart/countplus1', { skuId: '101' }, 'chs');
    expect(res.body).toMatchObject({ code: 'ORD0006', msg: '该商品最多可购买 3 件' });
    res = await post('/v1/shoppingcart/count', { skuId: '102', quantity: 3 });
    expect(res.body.code).toBe('ORD0005');
    res = await post('/v1/shoppingcart/add', { skuId: '103', quantity: 1 }, 'kh');
    expect(res.body).toMatchObject({ code: 'ORD0004', msg: 'សូមអភ័យទោស ទំនិញនេះលែងមានលក់ហើយ' });
    res = await post('/v1/shoppingcart/add', { skuId: '102', quantity: 1 });
    expect(res.body.data).toMatchObject({ count: 4, chosenTotalCents: 3750 + 500, allChosen: true });
    res = await post('/v1/shoppingcart/choose', { skuId: '102', chosen: false });
    expect(res.body.data).toMatchObject({ chosenTotalCents: 3750, allChosen: false });
    res = await post('/v1/shoppingcart/countminus1', { skuId: '101' });
    expect(res.body.data.chosenTotalCents).toBe(2500);
    res = await post('/v1/shoppingcart/count', { skuId: '101', quantity: 0 });
    expect(res.status).toBe(400);
  });

  it('flags a line whose stock fell below its quantity and leaves it out of the total', async () => {
    await post('/v1/shoppingcart/chooseall', { chosen: true });
    await d.addSku({ skuId: '104', stock: 3, priceCents: 100 });
    await post('/v1/shoppingcart/add', { skuId: '104', quantity: 3 });
    await shop.services.orders; // keep reference
    await shop.db.execute(sql`UPDATE t_skus SET stock = 1 WHERE sku_id = '104'`);
    const res = await get('/v1/shoppingcart/query');
    const low = res.body.data.lines.find((l: { skuId: string }) => l.skuId === '104');
    expect(low).toMatchObject({ outOfStock: true, chosen: false, maxQuantity: 1 });
    await post('/v1/shoppingcart/removelist', { skuIds: ['104'] });
  });

  it('asks guests to log in', async () => {
    const res = await shop.call('POST', '/v1/shoppingcart/add', { body: { skuId: '101', quantity: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('USR00001');
  });
});

describe('preorder and order', () => {
  it('creates from the cart with the default address, quotes shipping, COD fee and payable; finish takes stock', async () => {
    const pre = await post('/v1/preorder/create', {});
    expect(pre.body.code).toBe('0');
    expect(pre.body.data).toMatchObject({
      shipType: 'LOGISTICS',
      payType: 'ONLINE',
      itemTotalCents: 3000,
      shippingFeeCents: 100,
      payableCents: 3100,
    });
    expect(pre.body.data.address.addressId).toBe(addressId);
    const cod = await post('/v1/preorder/modify', {
      preorderId: pre.body.data.id,
      payType: 'COD',
      buyerComment: 'Call before',
    });
    expect(cod.body.data).toMatchObject({
      payType: 'COD',
      serviceFeeCents: 50,
      payableCents: 3150,
      buyerComment: 'Call before',
    });
    const cash = await post('/v1/preorder/modify', { preorderId: pre.body.data.id, payType: 'CASH' });
    expect(cash.body.code).toBe('ORD0010');
    // The confirmation's first read (a page may ask for it): the form as it is, nothing written.
    const read = await get('/v1/preorder/query', { preorderId: pre.body.data.id });
    expect(read.body.data).toEqual(cod.body.data);
    const stranger = (await shop.ctx.sessions.create('shopper', 'someone-else')).token;
    const theirs = await shop.call('GET', '/v1/preorder/query', {
      token: stranger,
      query: { preorderId: pre.body.data.id },
    });
    expect(theirs.body.code).toBe('ORD0011');
    const done = await post('/v1/preorder/finish', { preorderId: pre.body.data.id });
    expect(done.body.data).toMatchObject({ state: 'WS', payableCents: 3150, needsPayment: false });
    expect(await d.stock('101')).toBe(8);
    expect(await d.stock('102')).toBe(1);
    const again = await post('/v1/preorder/finish', { preorderId: pre.body.data.id });
    expect(again.body.data.orderId).toBe(done.body.data.orderId);
    expect((await get('/v1/preorder/query', { preorderId: pre.body.data.id })).body.code).toBe('ORD0011');
    expect(await d.stock('101')).toBe(8);
    const cart = await get('/v1/shoppingcart/query');
    expect(cart.body.data.lines).toHaveLength(0);

    const cancel = await post('/v1/order/cancel', { orderId: done.body.data.orderId });
    expect(cancel.body.data.state).toBe('CANCEL');
    expect(await d.stock('101')).toBe(10);
    expect(await d.stock('102')).toBe(2);
    const twice = await post('/v1/order/cancel', { orderId: done.body.data.orderId });
    expect(twice.body.code).toBe('ORD0002');
    expect(await d.stock('101')).toBe(10);
    const detail = await get('/v1/order/detail', { orderId: done.body.data.orderId });
    expect(detail.body.data.history.map((h: { toState: string }) => h.toState)).toEqual(['WS', 'CANCEL']);
    expect(detail.body.data.actions).toContain('hide');
  });

  it('answers with the rows the database holds, though it does not read them back (insertedRow)', async () => {
    const orders = shop.services.orders;
    const pre = await orders.createPreorder(userId, 'en-US', { direct: { skuId: '101', quantity: 1 } }, {});
    const stored = await orders.viewPreorder(userId, pre.id, 'en-US');
    expect(pre).toEqual(stored);
    const placed = await orders.finishPreorder(userId, pre.id, 'en-US');
    expect(placed).toEqual(await orders.getOrder(placed.id));
    expect(placed).toMatchObject({ paidCents: 0, hidden: false, logisticsCompany: null, paidAt: null });
    await orders.cancel(userId, placed.id);
  });

  it.skipIf(inject('dbKind') !== 'pg')(
    'commits the order without waiting for the disk, and answers once the durability barrier has (decision 0012)',
    async () => {
      const pre = await post('/v1/preorder/createdirect', { skuId: '101', quantity: 1, shipType: 'STORE' });
      const hold = await holdDurabilityBarrier(shop);
      const finishing = post('/v1/preorder/finish', { preorderId: pre.body.data.id });
      const placedId = async () =>
        (
          (await shop.db.execute(sql`SELECT order_id FROM preorders WHERE id = ${pre.body.data.id}`)) as unknown as {
            rows: { order_id: string | null }[];
          }
        ).rows[0].order_id;
      await waitUntil(async () => Boolean(await placedId()));
      // The order is committed (its stock taken, its rows visible), and not told of yet.
      const orderId = await placedId();
      expect(orderId).toBeTruthy();
      expect(await stillPending(finishing)).toBe(true);
      await hold.release();
      const done = await finishing;
      expect(done.body.code).toBe('0');
      expect(done.body.data.orderId).toBe(orderId);
      await shop.services.orders.cancel(userId, done.body.data.orderId);
    },
  );

  it('purges preorders a day past their time, batch after batch; a purged one finishes as expired', async () => {
    const orders = shop.services.orders;
    const direct = { direct: { skuId: '101', quantity: 1 } };
    const old = [];
    for (let i = 0; i < 3; i++) old.push(await orders.createPreorder(userId, 'en-US', direct, {}));
    const fresh = await orders.createPreorder(userId, 'en-US', direct, {});
    const later = new Date(Date.now() + 2 * 86_400_000);
    // Not yet a day past their time: kept.
    expect(await orders.purgePreorders(new Date(Date.now() + 3_600_000), 1, 2)).toBe(0);
    await shop.db.execute(
      sql`UPDATE preorders SET expires_at = now() - interval '2 days' WHERE id IN (${sql.join(
        old.map((p) => sql`${p.id}`),
        sql`, `,
      )})`,
    );
    expect(await orders.purgePreorders(new Date(), 1, 2)).toBe(3);
    expect((await post('/v1/preorder/finish', { preorderId: old[0].id })).body.code).toBe('ORD0011');
    expect((await orders.viewPreorder(userId, fresh.id, 'en-US')).id).toBe(fresh.id);
    expect(await orders.purgePreorders(later, 1, 2)).toBeGreaterThanOrEqual(1);
  });

  it('refuses an address the shop cannot reach (choose again)', async () => {
    const far = await post('/v1/address/addaddress', {
      receiver: 'A',
      mobile: '012345679',
      provinceCode: '08',
      cityCode: '0801',
      districtCode: '080101',
      detail: 'x',
    });
    const pre = await post('/v1/preorder/createdirect', { skuId: '101', quantity: 1, addressId: far.body.data.id });
    expect(pre.body.data.shippingFeeCents).toBe(200);
    // The operator stops serving Kandal while the order form is open.
    await shop.db.execute(
      sql`UPDATE addresses SET province_code = '01', city_code = '0102', district_code = '010201' WHERE id = ${far.body.data.id}`,
    );
    const res = await post('/v1/preorder/finish', { preorderId: pre.body.data.id }, 'chs');
    expect(res.body).toMatchObject({ code: 'ADDR0002', msg: '地址无法送达，请重新选择' });
  });

  it('pickup with cash at the store: wait pickup payment, then finished when collected', async () => {
    const pre = await post('/v1/preorder/createdirect', {
      skuId: '101',
      quantity: 1,
      shipType: 'STORE',
      payType: 'CASH',
    });
    expect(pre.body.data).toMatchObject({
      shippingFeeCents: 0,
      payableCents: 1250,
      store: { open: '08:30', close: '18:00', holdDays: 7 },
    });
    const done = await post('/v1/preorder/finish', { preorderId: pre.body.data.id });
    expect(done.body.data.state).toBe('WPP');
    const order = await shop.services.orders.move(done.body.data.orderId, 'pickup', 'staff');
    expect(order).toMatchObject({ state: 'FINISH', paidCents: 1250, payChannel: 'cash' });
    const review = await post('/v1/appraise/add', { orderId: order.id, text: 'Good', star: 5, packaging: 4, speed: 5 });
    expect(review.body.data.reviewed).toBe(true);
    const twice = await post('/v1/appraise/add', { orderId: order.id, text: 'Good', star: 5, packaging: 4, speed: 5 });
    expect(twice.body.code).toBe('ORD0013');
    const stored = await get('/v1/appraise/querybyorder', { orderId: order.id });
    expect(stored.body.data).toMatchObject([{ text: 'Good' }]);
    expect(stored.body.data[0]).toMatchObject({ packaging: 4, speed: 5 });
  });

  it('cancels unpaid orders at the deadline (the durable sweep) and gives the stock back', async () => {
    const pre = await post('/v1/preorder/createdirect', { skuId: '102', quantity: 2 });
    const done = await post('/v1/preorder/finish', { preorderId: pre.body.data.id });
    expect(done.body.data.state).toBe('WP');
    expect(await d.stock('102')).toBe(0);
    await shop.services.orders.sweepOverdue(new Date(Date.now() + 29 * 60_000));
    expect((await shop.services.orders.getOrder(done.body.data.orderId))?.state).toBe('WP');
    await shop.services.orders.sweepOverdue(new Date(Date.now() + 31 * 60_000));
    expect((await shop.services.orders.getOrder(done.body.data.orderId))?.state).toBe('CANCEL');
    expect(await d.stock('102')).toBe(2);
  });

  /** `count` unpaid orders of one each, of a new SKU with just that stock. */
  const placeUnpaid = async (skuId: string, count: number) => {
    await d.addSku({ skuId, priceCents: 300, stock: count, maxPurchase: 0 });
    const placed: string[] = [];
    for (let i = 0; i < count; i++) {
      const pre = await post('/v1/preorder/createdirect', { skuId, quantity: 1 });
      placed.push((await post('/v1/preorder/finish', { preorderId: pre.body.data.id })).body.data.orderId);
    }
    return placed;
  };

  it('the sweep moves every overdue order, page after page, each once', async () => {
    const placed = await placeUnpaid('106', 3);
    expect(await d.stock('106')).toBe(0);
    // Pages of one: three pages with an order each, then an empty one.
    expect(await shop.services.orders.sweepOverdue(new Date(Date.now() + 31 * 60_000), 1)).toBe(3);
    for (const id of placed) expect((await shop.services.orders.getOrder(id))?.state).toBe('CANCEL');
    expect(await d.stock('106')).toBe(3);
    expect(await shop.services.orders.sweepOverdue(new Date(Date.now() + 31 * 60_000), 1)).toBe(0);
  });

  it('a page of the sweep starts after the last order of the one before, to the microsecond', async () => {
    const placed = await placeUnpaid('105', 2);
    // Deadlines an hour ago with microseconds, as the database itself would write them.
    for (const [i, id] of placed.entries()) {
      await shop.db.execute(
        sql`UPDATE orders SET deadline_at = now() - interval '1 hour' + ${`${i * 10 + 123} microseconds`}::interval WHERE id = ${id}`,
      );
    }
    // Orders that cannot move stay overdue: each sweep passes over each of them once, and ends.
    const orders = shop.services.orders;
    const stuck = vi.spyOn(orders, 'onDeadline').mockResolvedValue();
    // Pages of one: two orders take three pages; a sweep that went round would ask for more.
    const query = orders.overdueQuery.bind(orders);
    let pages = 0;
    const paging = vi.spyOn(orders, 'overdueQuery').mockImplementation((...args) => {
      if (++pages > 3) throw new Error('the sweep went round');
      return query(...args);
    });
    try {
      expect(await orders.sweepOverdue(new Date(), 1)).toBe(2);
      pages = 0;
      expect(await orders.sweepOverdue(new Date(), 1)).toBe(2);
    } finally {
      stuck.mockRestore();
      paging.mockRestore();
    }
    expect(await shop.services.orders.sweepOverdue(new Date(), 1)).toBe(2);
    for (const id of placed) expect((await shop.services.orders.getOrder(id))?.state).toBe('CANCEL');
  });

  it('the overdue sweep finds its orders by the deadline index, received ones included', async () => {
    const plan = await shop.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const query = shop.services.orders.overdueQuery(new Date(), 100);
      return JSON.stringify((await tx.execute(sql`EXPLAIN ${query}`)) as unknown);
    });
    expect(plan).toContain('orders_deadline_idx');
  });

  it('ships, tracks and confirms receipt automatically after the configured days', async () => {
    const pre = await post('/v1/preorder/createdirect', { skuId: '101', quantity: 1, payType: 'COD' });
    const done = await post('/v1/preorder/finish', { preorderId: pre.body.data.id });
    await shop.services.orders.ship(done.body.data.orderId, 'Sandbox Express', 'SE123');
    await shop.services.orders.addTrackingEvent(done.body.data.orderId, {
      key: 'e1',
      status: 'IN_TRANSIT',
      description: 'Arrived at hub',
      location: 'Phnom Penh',
      at: new Date(),
    });
    await shop.services.orders.addTrackingEvent(done.body.data.orderId, {
      key: 'e1',
      status: 'IN_TRANSIT',
      description: 'Arrived at hub',
      location: 'Phnom Penh',
      at: new Date(),
    });
    const track = await get('/v1/order/logistics', { orderId: done.body.data.orderId });
    expect(track.body.data).toMatchObject({ logisticsCompany: 'Sandbox Express', waybillNo: 'SE123' });
    expect(track.body.data.events).toHaveLength(2);
    const waiting = await get('/v1/order/querywaitproduct');
    expect(waiting.body.data.list.some((o: { id: string }) => o.id === done.body.data.orderId)).toBe(true);
    await shop.services.orders.sweepOverdue(new Date(Date.now() + 11 * 86_400_000));
    const finished = await get('/v1/order/queryfinish');
    expect(
      finished.body.data.list.some(
        (o: { id: string; actions: string[] }) => o.id === done.body.data.orderId && o.actions.includes('comment'),
      ),
    ).toBe(true);
  });

  it('counts unread orders per tab since 2017-01-01 until the tab is opened', async () => {
    const before = await get('/v1/order/queryunreadcount');
    expect(before.body.data.cancel).toBeGreaterThan(0);
    await get('/v1/order/querycancel');
    const after = await get('/v1/order/queryunreadcount');
    expect(after.body.data.cancel).toBe(0);
  });

  it('hides closed orders only', async () => {
    const list = await get('/v1/order/querycancel');
    const id = list.body.data.list[0].id;
    expect((await post('/v1/order/hide', { orderId: id })).body.data.hidden).toBe(true);
    const all = await get('/v1/order/queryall');
    expect(all.body.data.list.some((o: { id: string }) => o.id === id)).toBe(false);
  });
});
