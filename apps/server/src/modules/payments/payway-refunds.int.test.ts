import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDoubles } from '../../../test/buying-doubles.ts';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { decideOnPage, freePort, PaywayStandin, postPurchaseForm } from '../../../test/payway-standin.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { paywayTranId } from './gateways.ts';

// PayWay's Refund API end to end: the shop's refund path (refunds.ts) against the PayWay stand-in's
// refund desk (test/payway-refund-standin.ts, written from PayWay's reference), asserting PayWay's
// own record of refunds, not only the shop's status.

let shop: TestShop;
let payway: PaywayStandin;
let token: string;
const userId = 'payway-refunds';

beforeAll(async () => {
  payway = await new PaywayStandin().start();
  const port = await freePort();
  shop = await startTestShop({
    paymentSecret: 'test-payment-secret',
    paymentGateway: 'payway',
    publicUrl: `http://127.0.0.1:${port}`,
    payway: {
      merchantId: payway.merchantId,
      apiKey: payway.apiKey,
      url: payway.purchaseUrl,
      timeoutMs: 400,
      rsaPublicKey: payway.refunds.rsaPublicKey.replace(/\n/g, '\\n'),
    },
  });
  await shop.app.listen({ port, host: '127.0.0.1' });
  const d = await installDoubles(shop);
  token = (await shop.ctx.sessions.create('shopper', userId)).token;
  await d.addSku({ skuId: '301', priceCents: 2_550, stock: 1000, maxPurchase: 0 });
  await shop.call('POST', '/v1/address/addaddress', {
    token,
    body: {
      receiver: 'Dara',
      mobile: '012345678',
      provinceCode: '12',
      cityCode: '1201',
      districtCode: '120101',
      detail: 'House 2',
    },
  });
});
afterAll(async () => {
  await shop?.close();
  await payway?.close();
});

const post = (url: string, body: unknown) => shop.call('POST', url, { token, body });

/** An order paid with PayWay ($25.50 and its delivery): the shop's form posted to PayWay, the payer pays on its page. */
async function paidOrder() {
  const pre = await post('/v1/preorder/createdirect', { skuId: '301', quantity: 1 });
  const { orderId } = (await post('/v1/preorder/finish', { preorderId: pre.body.data.id })).body.data;
  const pay = await post('/v1/order/pay', { orderId, channel: 'payway' });
  expect(pay.body.code, JSON.stringify(pay.body)).toBe('0');
  await postPurchaseForm(pay.body.data.form);
  const paymentId = pay.body.data.paymentId as string;
  const tranId = paywayTranId(paymentId);
  await decideOnPage(payway, tranId, 'pay');
  const order = await shop.services.orders.getOrder(orderId);
  expect(order?.state).toBe('WS');
  // The item and its delivery.
  const cents = order?.paidCents ?? 0;
  return { orderId, paymentId, tranId, cents, amount: cents / 100 };
}

/** Staff refund the order: its payment goes back through PayWay's Refund API. */
const staffRefund = (orderId: string) => shop.services.orders.move(orderId, 'refund', 'staff', { note: 'test' });

async function drain() {
  for (let i = 0; i < 6; i++) if ((await shop.ctx.jobs.runDue(new Date(Date.now() + 2 * 3_600_000))) === 0) break;
}

async function refunds(orderId: string) {
  return queryRows<{ state: string; amount_cents: number; failure: string | null; attempts: number }>(
    shop.db,
    sql`SELECT state, amount_cents, failure, attempts FROM payment_refunds WHERE payable_id = ${orderId} ORDER BY created_at`,
  );
}

const madeAtPayway = (tranId: string) => payway.refunds.made.filter((r) => r.tranId === tranId);

describe('PayWay refunds', () => {
  it('a refunded order is refunded by PayWay once, with merchant_auth encrypted with its RSA key', async () => {
    const p = await paidOrder();
    await staffRefund(p.orderId);
    await drain();
    expect(madeAtPayway(p.tranId)).toEqual([expect.objectContaining({ amount: p.amount })]);
    expect(payway.transactions.get(p.tranId)).toMatchObject({ status: 'REFUNDED', refunded: p.amount });
    expect(await refunds(p.orderId)).toEqual([expect.objectContaining({ state: 'REFUNDED', amount_cents: p.cents })]);
    const [payment] = await shop.services.payments.paymentsOf(p.orderId);
    expect(payment.status).toBe('REFUNDED');
    // The call as PayWay documents it: JSON of request_time, merchant_id, merchant_auth, hash.
    const call = payway.seen.filter((s) => s.path.endsWith('/online-transaction/refund')).at(-1);
    expect(Object.keys(call?.body ?? {}).sort()).toEqual(['hash', 'merchant_auth', 'merchant_id', 'request_time']);
    // Asked again: nothing more goes back.
    await shop.db.transaction((tx) =>
      shop.services.payments.refund(
        { kind: 'order', id: p.orderId, userId, amountCents: 2_550, channel: 'payway' },
        tx,
      ),
    );
    await drain();
    expect(madeAtPayway(p.tranId)).toHaveLength(1);
  });

  it('partial refunds, as PayWay allows them, until all of it went back', async () => {
    const p = await paidOrder();
    const refund = (cents: number) =>
      shop.db.transaction((tx) =>
        shop.services.payments.refund(
          { kind: 'order', id: p.orderId, userId, amountCents: cents, channel: 'payway' },
          tx,
        ),
      );
    await refund(1_000);
    await drain();
    await refund(p.cents);
    await drain();
    expect(madeAtPayway(p.tranId).map((r) => r.amount)).toEqual([10, (p.cents - 1_000) / 100]);
    expect(payway.transactions.get(p.tranId)).toMatchObject({ refunded: p.amount });
    expect((await refunds(p.orderId)).map((r) => [r.state, r.amount_cents])).toEqual([
      ['REFUNDED', 1_000],
      ['REFUNDED', p.cents - 1_000],
    ]);
  });

  it('a time-out after PayWay refunded is looked up (check-transaction-2), not sent again', async () => {
    const p = await paidOrder();
    payway.refunds.next.push({ lose: true });
    const calls = payway.refunds.calls;
    await staffRefund(p.orderId);
    await shop.ctx.jobs.runDue(new Date(Date.now() + 1_000));
    expect((await refunds(p.orderId))[0]).toMatchObject({ state: 'SENT', attempts: 1 });
    const checks = payway.count('check-transaction-2');
    await drain();
    expect((await refunds(p.orderId))[0]).toMatchObject({ state: 'REFUNDED', attempts: 1 });
    expect(payway.refunds.calls - calls).toBe(1);
    expect(payway.count('check-transaction-2')).toBeGreaterThan(checks);
    expect(madeAtPayway(p.tranId)).toHaveLength(1);
  });

  it('a time-out before PayWay acted is looked up, then sent again: refunded once', async () => {
    const p = await paidOrder();
    payway.refunds.next.push({ hang: true });
    await staffRefund(p.orderId);
    await shop.ctx.jobs.runDue(new Date(Date.now() + 1_000));
    expect((await refunds(p.orderId))[0].state).toBe('SENT');
    await drain();
    expect((await refunds(p.orderId))[0]).toMatchObject({ state: 'REFUNDED', attempts: 2 });
    expect(madeAtPayway(p.tranId)).toHaveLength(1);
  });

  it('refused by PayWay (PTL58 fail to refund): FAILED with its word, nothing went back, staff may send it again', async () => {
    const p = await paidOrder();
    payway.refunds.next.push({ code: 'PTL58', message: 'Fail to refund' });
    await staffRefund(p.orderId);
    await drain();
    const [failed] = await refunds(p.orderId);
    expect(failed.state).toBe('FAILED');
    expect(failed.failure).toContain('PTL58');
    expect(madeAtPayway(p.tranId)).toHaveLength(0);
    expect(shop.logs.some((l) => String(l.msg).includes('refund failed'))).toBe(true);
    const [row] = await queryRows<{ id: string }>(
      shop.db,
      sql`SELECT id FROM payment_refunds WHERE payable_id = ${p.orderId}`,
    );
    await shop.services.payments.refunds.retry(row.id);
    await drain();
    expect((await refunds(p.orderId))[0].state).toBe('REFUNDED');
    expect(madeAtPayway(p.tranId)).toHaveLength(1);
  });

  it('already refunded at PayWay (in its own portal): PTL57, confirmed by the lookup, not refunded twice', async () => {
    const p = await paidOrder();
    const t = payway.transactions.get(p.tranId);
    payway.refunds.made.push({ tranId: p.tranId, amount: p.amount, at: new Date().toISOString() });
    if (t) Object.assign(t, { status: 'REFUNDED', refunded: p.amount });
    await staffRefund(p.orderId);
    await drain();
    expect(payway.seen.filter((s) => s.path.endsWith('/online-transaction/refund')).length).toBeGreaterThan(0);
    expect((await refunds(p.orderId))[0].state).toBe('REFUNDED');
    expect(madeAtPayway(p.tranId)).toHaveLength(1);
  });

  it('more than paid (part refunded in PayWay’s portal before): PTL37, FAILED, nothing more went back', async () => {
    const p = await paidOrder();
    const t = payway.transactions.get(p.tranId);
    payway.refunds.made.push({ tranId: p.tranId, amount: 10, at: new Date().toISOString() });
    if (t) Object.assign(t, { status: 'REFUNDED', refunded: 10 });
    await staffRefund(p.orderId);
    await drain();
    const [failed] = await refunds(p.orderId);
    expect(failed.state).toBe('FAILED');
    expect(failed.failure).toContain('PTL37');
    expect(madeAtPayway(p.tranId).map((r) => r.amount)).toEqual([10]);
  });
});
