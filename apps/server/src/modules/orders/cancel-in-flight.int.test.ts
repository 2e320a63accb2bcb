import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDoubles } from '../../../test/buying-doubles.ts';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { sql } from '../../platform/sql.ts';

/**
 * Issue 44, defect 1: a shopper cannot cancel an order while one of its payments is at the bank
 * (the bank may still take the money), whether or not the screen offers it. Once the payment is
 * settled, declined or past its time, cancelling is as before.
 */
let shop: TestShop;
let d: Awaited<ReturnType<typeof installDoubles>>;
let token: string;
const userId = 'canceller-1';

beforeAll(async () => {
  shop = await startTestShop();
  d = await installDoubles(shop);
  token = (await shop.ctx.sessions.create('shopper', userId)).token;
  await d.addSku({ skuId: '141', priceCents: 1500, stock: 1000, maxPurchase: 0 });
  await shop.call('POST', '/v1/address/addaddress', {
    token,
    body: {
      receiver: 'Sok',
      mobile: '012345678',
      provinceCode: '12',
      cityCode: '1201',
      districtCode: '120101',
      detail: 'House 1',
    },
  });
  // The bank's callback comes long after the shopper's decision: only the jobs' clock sends it.
  shop.services.payments.sandboxBank.behaviour = { delayMs: 60_000, copies: 1 };
});
afterAll(() => shop.close());

const post = (url: string, body: unknown, language = 'en-US') => shop.call('POST', url, { token, body, language });

async function newOrder(): Promise<string> {
  const pre = await post('/v1/preorder/createdirect', { skuId: '141', quantity: 1 });
  const done = await post('/v1/preorder/finish', { preorderId: pre.body.data.id });
  expect(done.body.data.state).toBe('WP');
  return done.body.data.orderId;
}

/** Pays at the sandbox bank and decides there; returns the payment's id (its callback not yet sent). */
async function atTheBank(orderId: string, decision: 'success' | 'fail' | 'timeout'): Promise<string> {
  const pay = await post('/v1/order/pay', { orderId, channel: 'sandbox' });
  expect(pay.body.data.status).toBe('PENDING');
  const decide = await shop.app.inject({
    method: 'POST',
    url: `/sandbox-gateway/checkout/${pay.body.data.paymentId}/decide?return=/h5/outPayment`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });
  expect(decide.statusCode).toBe(303);
  return pay.body.data.paymentId;
}

const stateOf = async (orderId: string) => (await shop.services.orders.getOrder(orderId))?.state;
const bankRecord = async (paymentId: string) =>
  (await shop.app.inject({ method: 'GET', url: `/sandbox-gateway/transactions/${paymentId}` })).json();

describe('cancelling an order whose payment is at the bank', () => {
  it('is refused in the shopper language; the bank answers later and the order is paid', async () => {
    const orderId = await newOrder();
    const paymentId = await atTheBank(orderId, 'success');
    const refusals = await Promise.all(
      (['en-US', 'chs', 'kh'] as const).map((language) => post('/v1/order/cancel', { orderId }, language)),
    );
    expect(refusals.map((r) => [r.status, r.body.code])).toEqual([
      [200, 'ORD0080'],
      [200, 'ORD0080'],
      [200, 'ORD0080'],
    ]);
    expect(refusals[0].body.msg).toContain('being confirmed');
    expect(refusals[1].body.msg).toContain('正在确认');
    expect(refusals[2].body.msg).toContain('កំពុងត្រូវបានបញ្ជាក់');
    expect(await stateOf(orderId)).toBe('WP');
    // The bank took the money; its callback comes, and the order is paid once, for what the bank took.
    const record = await bankRecord(paymentId);
    expect(record.status).toBe('SUCCEEDED');
    await shop.ctx.jobs.runDue(new Date(Date.now() + 120_000));
    expect(await stateOf(orderId)).toBe('WS');
    expect((await shop.services.orders.getOrder(orderId))?.paidCents).toBe(record.amountCents);
    // Paid: cancelling is now the transition table's refusal, not a cancel.
    expect((await post('/v1/order/cancel', { orderId })).body.code).toBe('ORD0002');
  });

  it('is allowed once the bank declined the payment', async () => {
    const orderId = await newOrder();
    const paymentId = await atTheBank(orderId, 'fail');
    await shop.ctx.jobs.runDue(new Date(Date.now() + 120_000));
    expect((await bankRecord(paymentId)).status).toBe('FAILED');
    const res = await post('/v1/order/cancel', { orderId });
    expect(res.body.code).toBe('0');
    expect(res.body.data.state).toBe('CANCEL');
  });

  it('is allowed once a payment left at the bank is past its time', async () => {
    const orderId = await newOrder();
    const paymentId = await atTheBank(orderId, 'timeout');
    expect((await post('/v1/order/cancel', { orderId })).body.code).toBe('ORD0080');
    await shop.db.execute(sql`UPDATE payments SET created_at = now() - interval '16 minutes' WHERE id = ${paymentId}`);
    const res = await post('/v1/order/cancel', { orderId });
    expect(res.body.code).toBe('0');
    expect(await stateOf(orderId)).toBe('CANCEL');
  });

  it('is allowed with no payment, and another shopper still cannot cancel the order', async () => {
    const orderId = await newOrder();
    const other = (await shop.ctx.sessions.create('shopper', 'canceller-2')).token;
    const theirs = await shop.call('POST', '/v1/order/cancel', { token: other, body: { orderId } });
    expect(theirs.body.code).toBe('ORD0001');
    expect((await post('/v1/order/cancel', { orderId })).body.code).toBe('0');
  });

  it('at the same moment as the bank callback: paid or refused, never cancelled with the money taken', async () => {
    for (let round = 0; round < 5; round++) {
      const orderId = await newOrder();
      const paymentId = await atTheBank(orderId, 'success');
      const [cancel] = await Promise.all([
        post('/v1/order/cancel', { orderId }),
        shop.ctx.jobs.runDue(new Date(Date.now() + 120_000)),
      ]);
      expect(['ORD0080', 'ORD0002']).toContain(cancel.body.code);
      const order = await shop.services.orders.getOrder(orderId);
      expect(order?.state).toBe('WS');
      expect(order?.paidCents).toBe((await bankRecord(paymentId)).amountCents);
    }
  });
});
