import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/harness.ts';

let shop: TestShop;
let staff: string;
let shopper: string;
let skuId: number;
const L = (en: string) => ({ 'en-US': en, chs: en, kh: en });

async function codOrder(): Promise<{ id: string; orderNo: string }> {
  const pre = await shop.call('POST', '/v1/preorder/createdirect', {
    token: shopper,
    body: { skuId: String(skuId), quantity: 1 },
  });
  expect(pre.body.code, pre.body.msg).toBe('0');
  const cod = await shop.call('POST', '/v1/preorder/modify', {
    token: shopper,
    body: { preorderId: pre.body.data.id, payType: 'COD' },
  });
  expect(cod.body.code, cod.body.msg).toBe('0');
  const done = await shop.call('POST', '/v1/preorder/finish', {
    token: shopper,
    body: { preorderId: pre.body.data.id },
  });
  expect(done.body.code, done.body.msg).toBe('0');
  return { id: done.body.data.orderId ?? done.body.data.id, orderNo: done.body.data.orderNo };
}

beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const m = await shop.services.staff.create(
    { login: 'ship.one', displayName: 'Fulfilment', password: 'Angkor2026pass', roles: ['fulfilment'] },
    { staffId: owner.id, login: 'owner' },
  );
  staff = (await shop.ctx.sessions.create('staff', m.id)).token;
  const top = await shop.services.catalogue.addCategory({ parentId: null, name: L('Phones') });
  const mid = await shop.services.catalogue.addCategory({ parentId: top, name: L('Smart') });
  const leaf = await shop.services.catalogue.addCategory({ parentId: mid, name: L('Android') });
  const product = await shop.services.catalogue.addProduct({
    categoryId: leaf,
    name: L('Mekong X1'),
    description: L('Phone'),
    imageIds: [],
    items: [{ spec: [], priceCents: 12900, stock: 10 }],
  });
  skuId = product.itemIds[0];
  const sent = await shop.call('POST', '/v1/customer/sendsms', {
    body: { countryCode: '+855', phone: '012345678', type: 'login' },
  });
  const login = await shop.call('POST', '/v1/customer/registandlogin', {
    body: { countryCode: '+855', phone: '012345678', code: sent.body.data.devCode, agree: true },
  });
  shopper = login.body.data.token;
  const address = await shop.call('POST', '/v1/address/addaddress', {
    token: shopper,
    body: {
      receiver: 'Sok Dara',
      mobile: '012345678',
      provinceCode: '12',
      cityCode: '1201',
      districtCode: '120101',
      detail: 'House 1',
    },
  });
  expect(address.body.code, address.body.msg).toBe('0');
});
afterAll(() => shop.close());

describe('orders from the console', () => {
  it('lists orders to ship, finds one by number or phone, ships and tracks it; the shopper sees it', async () => {
    const order = await codOrder();
    const toShip = await shop.call('GET', '/admin-api/v1/orders', { token: staff, query: { state: 'WS' } });
    expect(toShip.body.data.list.map((o: { id: string }) => o.id)).toContain(order.id);
    const byPhone = await shop.call('GET', '/admin-api/v1/orders', { token: staff, query: { keyword: '012 345 678' } });
    expect(byPhone.body.data.total).toBeGreaterThanOrEqual(1);
    const byNo = await shop.call('GET', '/admin-api/v1/orders', { token: staff, query: { keyword: order.orderNo } });
    expect(byNo.body.data.list[0].id).toBe(order.id);

    const badWaybill = await shop.call('POST', '/admin-api/v1/orders/ship', {
      token: staff,
      body: { orderId: order.id, logisticsCompany: 'J&T Express', waybillNo: '#1' },
    });
    expect(badWaybill.body.code).toBe('STF00037');
    const early = await shop.call('POST', '/admin-api/v1/orders/track', {
      token: staff,
      body: { orderId: order.id, status: 'IN_TRANSIT', description: 'x' },
    });
    expect(early.body.code).toBe('STF00038');
    const shipped = await shop.call('POST', '/admin-api/v1/orders/ship', {
      token: staff,
      body: { orderId: order.id, logisticsCompany: 'J&T Express', waybillNo: 'JT-0001234' },
    });
    expect(shipped.body.data).toMatchObject({ state: 'WR', waybillNo: 'JT-0001234' });
    const again = await shop.call('POST', '/admin-api/v1/orders/ship', {
      token: staff,
      body: { orderId: order.id, logisticsCompany: 'J&T Express', waybillNo: 'JT-0001234' },
    });
    expect(again.body.code).toBe('ORD0002');
    const tracked = await shop.call('POST', '/admin-api/v1/orders/track', {
      token: staff,
      body: { orderId: order.id, status: 'IN_TRANSIT', description: 'Left the Phnom Penh hub', location: 'Phnom Penh' },
    });
    expect(tracked.body.data).toEqual({ added: true });
    const detail = await shop.call('GET', '/admin-api/v1/orders/detail', {
      token: staff,
      query: { orderId: order.id },
    });
    expect(detail.body.data.history.map((h: { action: string }) => h.action)).toContain('ship');
    expect(detail.body.data.tracking.map((e: { description: string }) => e.description)).toContain(
      'Left the Phnom Penh hub',
    );
    const mine = await shop.call('GET', '/v1/order/detail', { token: shopper, query: { orderId: order.id } });
    expect(JSON.stringify(mine.body.data)).toContain('JT-0001234');
    const audit = await shop.services.staff.auditList({ page: 1, size: 5, targetType: 'order', targetId: order.id });
    expect(audit.list.map((a) => a.action)).toEqual(['orders.track', 'orders.ship']);
  });

  it('tells the shopper, in their language, that the order shipped; a refused ship tells nobody', async () => {
    const order = await codOrder();
    const notices = async (language: string) =>
      (await shop.call('GET', '/v1/notify/list', { token: shopper, language })).body.data;
    const before = (await notices('en-US')).total;
    const shipped = await shop.call('POST', '/admin-api/v1/orders/ship', {
      token: staff,
      body: { orderId: order.id, logisticsCompany: 'Vireak Buntham', waybillNo: 'VB-7788' },
    });
    expect(shipped.body.data.state).toBe('WR');
    const kh = await notices('kh');
    expect(kh.total).toBe(before + 1);
    expect(kh.list[0]).toMatchObject({
      kind: 'order_shipped',
      title: 'ការបញ្ជាទិញរបស់អ្នកត្រូវបានដឹកជញ្ជូន',
      link: `/orderDetail?orderId=${order.id}`,
      unread: true,
    });
    expect(kh.list[0].body).toContain(order.orderNo);
    expect(kh.list[0].body).toContain('VB-7788');
    const chs = await notices('chs');
    expect(chs.list[0]).toMatchObject({ title: '您的订单已发货' });
    expect(chs.list[0].body).toContain('Vireak Buntham');
    const again = await shop.call('POST', '/admin-api/v1/orders/ship', {
      token: staff,
      body: { orderId: order.id, logisticsCompany: 'Vireak Buntham', waybillNo: 'VB-7789' },
    });
    expect(again.body.code).toBe('ORD0002');
    expect((await notices('en-US')).total).toBe(before + 1);
  });

  it('hands a store pickup order paid in cash to the shopper: finished', async () => {
    const pre = await shop.call('POST', '/v1/preorder/createdirect', {
      token: shopper,
      body: { skuId: String(skuId), quantity: 1, shipType: 'STORE', payType: 'CASH' },
    });
    expect(pre.body.code, pre.body.msg).toBe('0');
    const done = await shop.call('POST', '/v1/preorder/finish', {
      token: shopper,
      body: { preorderId: pre.body.data.id },
    });
    expect(done.body.data.state).toBe('WPP');
    const early = await shop.call('POST', '/admin-api/v1/orders/action', {
      token: staff,
      body: { orderId: done.body.data.orderId, action: 'ready' },
    });
    expect(early.body.code).toBe('ORD0002');
    const collected = await shop.call('POST', '/admin-api/v1/orders/action', {
      token: staff,
      body: { orderId: done.body.data.orderId, action: 'pickup' },
    });
    expect(collected.body.data).toMatchObject({ state: 'FINISH', paidCents: done.body.data.payableCents });
  });

  it('cancels an order only with a reason; stock comes back', async () => {
    const order = await codOrder();
    const noReason = await shop.call('POST', '/admin-api/v1/orders/action', {
      token: staff,
      body: { orderId: order.id, action: 'cancel' },
    });
    expect(noReason.body.code).toBe('STF00026');
    const cancelled = await shop.call('POST', '/admin-api/v1/orders/action', {
      token: staff,
      body: { orderId: order.id, action: 'cancel', reason: 'Customer asked by phone' },
    });
    expect(cancelled.body.data.state).toBe('CANCEL');
    const missing = await shop.call('GET', '/admin-api/v1/orders/detail', { token: staff, query: { orderId: 'nope' } });
    expect(missing.body.code).toBe('STF00027');
  });

  it('lets support read a shopper’s orders but not change them', async () => {
    const owner = await shop.services.staff.auditList({ page: 1, size: 1 });
    expect(owner.total).toBeGreaterThan(0);
    const m = await shop.services.staff.create(
      { login: 'help.one', displayName: 'Support', password: 'Angkor2026pass', roles: ['support'] },
      { staffId: null, login: 'test' },
    );
    const support = (await shop.ctx.sessions.create('staff', m.id)).token;
    const list = await shop.call('GET', '/admin-api/v1/orders', { token: support, query: { keyword: '+85512345678' } });
    expect(list.body.data.total).toBeGreaterThanOrEqual(2);
    const ship = await shop.call('POST', '/admin-api/v1/orders/ship', {
      token: support,
      body: { orderId: list.body.data.list[0].id, logisticsCompany: 'X', waybillNo: 'XX-1234' },
    });
    expect(ship.body.code).toBe('STF00003');
  });

  it('shows today’s orders on the dashboard of fulfilment', async () => {
    const res = await shop.call('GET', '/admin-api/v1/dashboard', { token: staff });
    const keys = res.body.data.tiles.map((t: { key: string }) => t.key);
    expect(keys).toEqual(expect.arrayContaining(['orders.today', 'orders.salesToday', 'orders.toShip']));
    expect(res.body.data.tiles.find((t: { key: string }) => t.key === 'orders.today').value).toBeGreaterThanOrEqual(2);
  });
});
