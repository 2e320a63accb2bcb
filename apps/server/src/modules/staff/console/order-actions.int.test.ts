/**
 * The console offers an order the moves its state allows staff, and the server refuses the others
 * (issue 19): a shipped order (WR) can be confirmed received, never cancelled or refunded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/harness.ts';
import { registeredShopper, TEST_PAY_PASSWORD } from '../../../../test/shoppers.ts';

let shop: TestShop;
let staff: string;
let shopper: { token: string; userId: string };
let skuId: string;
const L = (en: string) => ({ 'en-US': en, chs: en, kh: en });

const action = (orderId: string, move: string, reason?: string) =>
  shop.call('POST', '/admin-api/v1/orders/action', {
    token: staff,
    body: { orderId, action: move, ...(reason ? { reason } : {}) },
  });
const detail = async (orderId: string) =>
  (await shop.call('GET', '/admin-api/v1/orders/detail', { token: staff, query: { orderId } })).body.data.order;
const cash = async () => (await shop.services.wallet.balances(shopper.userId)).cashCents;

/** An order placed by the shopper: delivered or picked up, paid from the wallet or cash on delivery. */
async function order(kind: 'online delivery' | 'cod' | 'online pickup'): Promise<string> {
  const call = (url: string, body: unknown) => shop.call('POST', url, { token: shopper.token, body });
  const pre = await call('/v1/preorder/createdirect', {
    skuId,
    quantity: 1,
    ...(kind === 'online pickup' ? { shipType: 'STORE' } : {}),
  });
  expect(pre.body.code, pre.body.msg).toBe('0');
  if (kind === 'cod') {
    const cod = await call('/v1/preorder/modify', { preorderId: pre.body.data.id, payType: 'COD' });
    expect(cod.body.code, cod.body.msg).toBe('0');
  }
  const placed = await call('/v1/preorder/finish', { preorderId: pre.body.data.id });
  expect(placed.body.code, placed.body.msg).toBe('0');
  const orderId = placed.body.data.orderId as string;
  if (kind !== 'cod') {
    const paid = await call('/v1/order/pay', { orderId, channel: 'wallet', payPassword: TEST_PAY_PASSWORD });
    expect(paid.body.code, paid.body.msg).toBe('0');
  }
  return orderId;
}

beforeAll(async () => {
  shop = await startTestShop({ trustProxy: true });
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const member = await shop.services.staff.create(
    { login: 'ship.two', displayName: 'Fulfilment', password: 'Angkor2026pass', roles: ['fulfilment'] },
    { staffId: owner.id, login: 'owner' },
  );
  staff = (await shop.ctx.sessions.create('staff', member.id)).token;
  const top = await shop.services.catalogue.addCategory({ parentId: null, name: L('Phones') });
  const mid = await shop.services.catalogue.addCategory({ parentId: top, name: L('Smart') });
  const leaf = await shop.services.catalogue.addCategory({ parentId: mid, name: L('Android') });
  const product = await shop.services.catalogue.addProduct({
    categoryId: leaf,
    name: L('Mekong X2'),
    description: L('Phone'),
    imageIds: [],
    items: [{ spec: [], priceCents: 12900, stock: 50 }],
  });
  skuId = String(product.itemIds[0]);
  shopper = await registeredShopper(shop);
  await shop.services.wallet.adjust({
    userId: shopper.userId,
    account: 'cash',
    amountCents: 100_000,
    reason: 'test top-up',
    staffId: 'test',
    idempotencyKey: `fund-${shopper.userId}`,
  });
  const address = await shop.call('POST', '/v1/address/addaddress', {
    token: shopper.token,
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

describe('the moves the console offers an order', () => {
  it('a paid delivery: ship or refund; once shipped only its receipt, and cancel or refund is refused', async () => {
    const orderId = await order('online delivery');
    expect(await detail(orderId)).toMatchObject({ state: 'WS', actions: ['ship', 'refund'] });
    const shipped = await shop.call('POST', '/admin-api/v1/orders/ship', {
      token: staff,
      body: { orderId, logisticsCompany: 'J&T Express', waybillNo: 'JT-0004321' },
    });
    expect(shipped.body.data).toMatchObject({ state: 'WR', actions: ['receive'] });
    expect(await detail(orderId)).toMatchObject({ state: 'WR', actions: ['receive'] });

    const before = await cash();
    for (const [move, reason] of [
      ['cancel', 'Customer asked by phone'],
      ['refund', 'Customer asked by phone'],
      ['cancel', undefined],
      ['refund', undefined],
      ['ready', undefined],
      ['pickup', undefined],
    ] as const) {
      const refused = await action(orderId, move, reason);
      expect(refused.status).toBe(200);
      expect(refused.body.code, `${move} ${reason ?? ''}`).toBe('ORD0002');
    }
    const kh = await shop.call('POST', '/admin-api/v1/orders/action', {
      token: staff,
      language: 'kh',
      body: { orderId, action: 'refund', reason: 'x' },
    });
    expect(kh.body.msg).toMatch(/មិនអាចធ្វើសកម្មភាព/);
    expect(await cash()).toBe(before);
    const after = await detail(orderId);
    expect(after.state).toBe('WR');
    const history = (
      await shop.call('GET', '/admin-api/v1/orders/detail', { token: staff, query: { orderId } })
    ).body.data.history.map((h: { action: string }) => h.action);
    expect(history).not.toContain('refund');
    expect(history).not.toContain('cancel');

    const received = await action(orderId, 'receive');
    expect(received.body.data).toMatchObject({ state: 'FINISH', actions: [] });
    expect((await action(orderId, 'receive')).body.code).toBe('ORD0002');
  });

  it('cash on delivery waiting to ship: ship or cancel, never refund', async () => {
    const orderId = await order('cod');
    expect(await detail(orderId)).toMatchObject({ state: 'WS', payType: 'COD', actions: ['ship', 'cancel'] });
    expect((await action(orderId, 'refund', 'no money was paid')).body.code).toBe('ORD0002');
    const cancelled = await action(orderId, 'cancel', 'Customer asked by phone');
    expect(cancelled.body.data).toMatchObject({ state: 'CANCEL', actions: [] });
  });

  it('a paid pickup order: ready or refund; a refund gives the money back', async () => {
    const orderId = await order('online pickup');
    const list = await shop.call('GET', '/admin-api/v1/orders', { token: staff, query: { state: 'PAY' } });
    expect(list.body.data.list.find((o: { id: string }) => o.id === orderId)).toMatchObject({
      actions: ['ready', 'refund'],
    });
    expect((await action(orderId, 'receive')).body.code).toBe('ORD0002');
    const before = await cash();
    const refunded = await action(orderId, 'refund', 'Out of colour');
    expect(refunded.body.data).toMatchObject({ state: 'REFUND', actions: [] });
    expect(await cash()).toBe(before + 12900);
  });
});
