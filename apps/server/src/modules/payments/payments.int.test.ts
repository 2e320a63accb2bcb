import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { installDoubles } from '../../../test/buying-doubles.ts';
import { holdDurabilityBarrier, stillPending, waitUntil } from '../../../test/durability.ts';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { sql } from '../../platform/sql.ts';
import { parseKhqr } from './khqr.ts';

let shop: TestShop;
let d: Awaited<ReturnType<typeof installDoubles>>;
let token: string;
const userId = 'payer-1';
const SECRET = 'test-payment-secret';

beforeAll(async () => {
  shop = await startTestShop({ paymentSecret: SECRET });
  d = await installDoubles(shop);
  token = (await shop.ctx.sessions.create('shopper', userId)).token;
  await d.addSku({ skuId: '109', priceCents: 1999, stock: 100, maxPurchase: 0 });
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
  shop.services.payments.sandboxBank.behaviour = { delayMs: 1000, copies: 3 };
});
afterAll(() => shop.close());

const post = (url: string, body: unknown, language = 'en-US') => shop.call('POST', url, { token, body, language });
const get = (url: string, query: Record<string, string> = {}) => shop.call('GET', url, { token, query });

async function newOrder(): Promise<{ orderId: string; payableCents: number }> {
  const pre = await post('/v1/preorder/createdirect', { skuId: '109', quantity: 1 });
  const done = await post('/v1/preorder/finish', { preorderId: pre.body.data.id });
  expect(done.body.data.state).toBe('WP');
  return done.body.data;
}

async function paidState(orderId: string) {
  const order = await shop.services.orders.getOrder(orderId);
  const payments = await shop.services.payments.paymentsOf(orderId);
  const history = await shop.services.orders.history(orderId);
  return {
    state: order?.state,
    paidCents: order?.paidCents,
    succeeded: payments.filter((p) => p.status === 'SUCCEEDED').length,
    payMoves: history.filter((h) => h.action === 'pay').length,
  };
}

function signSandbox(body: {
  paymentId: string;
  status: string;
  amountCents: number;
  transactionId: string;
  timestamp: number;
}) {
  return createHmac('sha256', SECRET)
    .update(`${body.paymentId}|${body.status}|${body.amountCents}|${body.transactionId}|${body.timestamp}`)
    .digest('hex');
}

describe('cashier', () => {
  it('shows amount, deadline and channels; wallet disabled with the reason when the balance is short', async () => {
    const { orderId } = await newOrder();
    const res = await get('/v1/h5/new/cashier/refresh', { orderId });
    expect(res.body.data).toMatchObject({ payableCents: 2099, walletBalanceCents: 0 });
    const wallet = res.body.data.channels.find((c: { code: string }) => c.code === 'wallet');
    expect(wallet).toMatchObject({ enabled: false, reason: 'Balance $0.00, not enough' });
    expect(res.body.data.channels.map((c: { code: string }) => c.code)).toEqual(
      expect.arrayContaining(['sandbox', 'khqr', 'bridge']),
    );
    for (const path of ['/v1/long/cashier/refresh', '/v1/acleda/cashier/refresh', '/v1/h5/cashier/refresh']) {
      expect((await get(path, { orderId })).body.code).toBe('0');
    }
    const logos = await shop.call('GET', '/v1/cashier/paylogolist/new');
    expect(logos.body.data.length).toBeGreaterThan(3);
  });
});

describe('sandbox gateway', () => {
  it('redirects to the bank page; delayed, repeated signed callbacks pay the order once', async () => {
    const { orderId } = await newOrder();
    const pay = await post('/v1/order/pay', { orderId, channel: 'sandbox' });
    expect(pay.body.data.status).toBe('PENDING');
    const page = await shop.app.inject({ method: 'GET', url: pay.body.data.redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('USD 20.99');
    const decide = await shop.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/checkout/${pay.body.data.paymentId}/decide?return=/h5/outPayment`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=success',
    });
    expect(decide.statusCode).toBe(303);
    expect(decide.headers.location).toContain('/h5/outPayment');
    // Nothing yet: the gateway answers later.
    expect((await get('/v1/pay/query', { orderId })).body.data.paid).toBe(false);
    await shop.ctx.jobs.runDue(new Date(Date.now() + 10_000));
    expect(await paidState(orderId)).toEqual({ state: 'WS', paidCents: 2099, succeeded: 1, payMoves: 1 });
    const callbacks = await shop.db.execute(
      sql`SELECT outcome FROM payment_callbacks WHERE payment_id = ${pay.body.data.paymentId} ORDER BY id`,
    );
    expect((callbacks as unknown as { rows: { outcome: string }[] }).rows.map((r) => r.outcome)).toEqual([
      'paid',
      'duplicate',
      'duplicate',
    ]);
  });

  it('20 copies of the same callback at once: paid once', async () => {
    const { orderId, payableCents } = await newOrder();
    const pay = await post('/v1/order/pay', { orderId, channel: 'sandbox' });
    const body = {
      paymentId: pay.body.data.paymentId,
      status: 'SUCCEEDED',
      amountCents: payableCents,
      transactionId: 'SBX-RACE',
      timestamp: Date.now(),
    };
    const signed = { ...body, signature: signSandbox(body) };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        shop.app.inject({ method: 'POST', url: '/v1/pay/callback/sandbox', payload: signed }),
      ),
    );
    const outcomes = answers.map((a) => a.json().outcome);
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
    expect(await paidState(orderId)).toEqual({ state: 'WS', paidCents: payableCents, succeeded: 1, payMoves: 1 });
  });

  it('refuses forged and altered callbacks and changes nothing', async () => {
    const { orderId, payableCents } = await newOrder();
    const pay = await post('/v1/order/pay', { orderId, channel: 'sandbox' });
    const body = {
      paymentId: pay.body.data.paymentId,
      status: 'SUCCEEDED',
      amountCents: payableCents,
      transactionId: 'SBX-1',
      timestamp: Date.now(),
    };
    const forged = { ...body, signature: createHmac('sha256', 'wrong-key').update('x').digest('hex') };
    const altered = { ...body, signature: signSandbox(body), amountCents: 1 };
    const alteredAndResigned = { ...body, amountCents: 1, signature: signSandbox({ ...body, amountCents: 1 }) };
    for (const payload of [forged, altered, alteredAndResigned, { ...body }, { nonsense: true }]) {
      const res = await shop.app.inject({ method: 'POST', url: '/v1/pay/callback/sandbox', payload });
      expect(res.statusCode).toBe(400);
    }
    expect(await paidState(orderId)).toEqual({ state: 'WP', paidCents: 0, succeeded: 0, payMoves: 0 });
  });

  it('a declined payment leaves the order payable; a timeout shows after the limit', async () => {
    const { orderId } = await newOrder();
    const pay = await post('/v1/order/pay', { orderId, channel: 'sandbox' });
    await shop.services.payments.sandboxDecide(pay.body.data.paymentId, 'fail');
    await shop.ctx.jobs.runDue(new Date(Date.now() + 10_000));
    const status = await get('/v1/pay/query', { orderId });
    expect(status.body.data).toMatchObject({ paid: false, state: 'WP', lastPayment: { status: 'FAILED' } });
    const retry = await post('/v1/order/pay', { orderId, channel: 'sandbox' });
    await shop.services.payments.sandboxDecide(retry.body.data.paymentId, 'timeout');
    await shop.db.execute(
      sql`UPDATE payments SET created_at = created_at - interval '16 minutes' WHERE order_id = ${orderId}`,
    );
    expect((await get('/v1/pay/query', { orderId })).body.data.lastPayment.status).toBe('TIMEOUT');
  });

  it('money arriving after the order was cancelled is not taken: the payment is marked for refund', async () => {
    const { orderId, payableCents } = await newOrder();
    const pay = await post('/v1/order/pay', { orderId, channel: 'sandbox' });
    // Not while the payment is at the bank (decision 0050); once it is past its time, the shopper may.
    expect((await post('/v1/order/cancel', { orderId })).body.code).toBe('ORD0080');
    await shop.db.execute(
      sql`UPDATE payments SET created_at = now() - interval '16 minutes' WHERE id = ${pay.body.data.paymentId}`,
    );
    expect((await post('/v1/order/cancel', { orderId })).body.code).toBe('0');
    // The payer paid at the sandbox bank all the same (its books say paid).
    await shop.services.payments.sandboxDecide(pay.body.data.paymentId, 'success');
    const body = {
      paymentId: pay.body.data.paymentId,
      status: 'SUCCEEDED',
      amountCents: payableCents,
      transactionId: (await shop.services.payments.sandboxRecord(pay.body.data.paymentId))?.transactionId ?? '',
      timestamp: Date.now(),
    };
    const res = await shop.app.inject({
      method: 'POST',
      url: '/v1/pay/callback/sandbox',
      payload: { ...body, signature: signSandbox(body) },
    });
    expect(res.json().outcome).toBe('late');
    for (let i = 0; i < 3; i++) await shop.ctx.jobs.runDue(new Date(Date.now() + 60_000));
    const [p] = await shop.services.payments.paymentsOf(orderId);
    expect(p.status).toBe('REFUNDED');
    // Given back at the bank, once.
    const bank = await shop.services.payments.sandboxBank.refunds(p.id);
    expect(bank).toMatchObject({ paidCents: payableCents, refundedCents: payableCents });
    expect(bank?.refunds).toHaveLength(1);
    expect((await shop.services.orders.getOrder(orderId))?.state).toBe('CANCEL');
  });
});

describe('KHQR and the wallet-app bridge', () => {
  it('gives a KHQR payload for the amount and bill number', async () => {
    const { orderId } = await newOrder();
    const pay = await post('/v1/order/pay', { orderId, channel: 'khqr' });
    const tags = parseKhqr(pay.body.data.khqr);
    expect(tags['54']).toBe('20.99');
    expect(tags['53']).toBe('840');
  });

  it('pays on a signed status 200 result, once; refuses a bad signature; failure leaves it payable', async () => {
    const { orderId } = await newOrder();
    const pay = await post('/v1/order/pay', { orderId, channel: 'bridge' });
    const ref = pay.body.data.bridge.partnerRefNumber;
    const sign = (statusCode: string, transactionId = '') =>
      createHmac('sha256', SECRET).update(`${statusCode}|${orderId}|${ref}|${transactionId}`).digest('hex');
    const failed = await get('/v1/pay/wingh5/fail', {
      statusCode: '500',
      orderId,
      partnerRefNumber: ref,
      sign: sign('500'),
    });
    expect(failed.body.data.paid).toBe(false);
    const bad = await get('/v1/pay/wingh5/success', {
      statusCode: '200',
      orderId,
      partnerRefNumber: ref,
      transactionId: 'W1',
      sign: sign('200', 'W2'),
    });
    expect(bad.body.code).toBe('PAY0007');
    const pay2 = await post('/v1/order/pay', { orderId, channel: 'bridge' });
    const ref2 = pay2.body.data.bridge.partnerRefNumber;
    const sign2 = createHmac('sha256', SECRET).update(`200|${orderId}|${ref2}|W9`).digest('hex');
    const q = { statusCode: '200', orderId, partnerRefNumber: ref2, transactionId: 'W9', sign: sign2 };
    const [a, b] = await Promise.all([get('/v1/pay/wingh5/success', q), get('/v1/pay/wingh5/success', q)]);
    expect(a.body.data.paid && b.body.data.paid).toBe(true);
    expect(await paidState(orderId)).toMatchObject({ state: 'WS', succeeded: 1, payMoves: 1 });
  });
});

describe('wallet balance', () => {
  it('needs the pay password, refuses a short balance, pays and refunds through the ledger', async () => {
    const { orderId, payableCents } = await newOrder();
    const noPw = await post('/v1/order/pay', { orderId, channel: 'wallet', payPassword: '123456' }, 'kh');
    expect(noPw.body).toMatchObject({ code: 'PAY0006', msg: 'សូមកំណត់ពាក្យសម្ងាត់ទូទាត់ជាមុនសិន' });
    await d.setPayPassword(userId, '246810');
    const short = await post('/v1/order/pay', { orderId, channel: 'wallet', payPassword: '246810' });
    expect(short.body.code).toBe('PAY0005');
    await d.fund(userId, 5000);
    const badPw = await post('/v1/order/pay', { orderId, channel: 'wallet', payPassword: '111111' });
    expect(badPw.body.code).not.toBe('0');
    const ok = await post('/v1/order/pay', { orderId, channel: 'wallet', payPassword: '246810' });
    expect(ok.body.data.status).toBe('SUCCEEDED');
    expect(await d.balance(userId)).toBe(5000 - payableCents);
    const again = await post('/v1/order/pay', { orderId, channel: 'wallet', payPassword: '246810' });
    expect(again.body.code).toBe('PAY0008');
    await shop.services.orders.move(orderId, 'refund', 'staff');
    expect(await d.balance(userId)).toBe(5000);
    expect(await d.stock('109')).toBeGreaterThan(0);
  });

  it.skipIf(inject('dbKind') !== 'pg')(
    'commits the payment without waiting for the disk, and answers once the durability barrier has (decision 0012)',
    async () => {
      await d.setPayPassword(userId, '246810');
      await d.fund(userId, 5000);
      const { orderId } = await newOrder();
      const hold = await holdDurabilityBarrier(shop);
      const paying = post('/v1/order/pay', { orderId, channel: 'wallet', payPassword: '246810' });
      await waitUntil(async () => (await paidState(orderId)).succeeded > 0);
      // Paid and in the ledger (committed, visible), and not told of yet.
      expect(await paidState(orderId)).toEqual({
        state: 'WS',
        paidCents: expect.any(Number),
        succeeded: 1,
        payMoves: 1,
      });
      expect(await stillPending(paying)).toBe(true);
      await hold.release();
      expect((await paying).body.data.status).toBe('SUCCEEDED');
    },
  );

  it('an order past its time to pay cannot be paid, by wallet or a gateway, before the sweep cancels it', async () => {
    await d.setPayPassword(userId, '246810');
    await d.fund(userId, 5000);
    const { orderId } = await newOrder();
    await shop.db.execute(sql`UPDATE orders SET deadline_at = now() - interval '1 second' WHERE id = ${orderId}`);
    const balance = await d.balance(userId);
    const byWallet = await post('/v1/order/pay', { orderId, channel: 'wallet', payPassword: '246810' }, 'chs');
    expect(byWallet.body).toMatchObject({ code: 'ORD0020', msg: '该订单已超过支付时间，将被取消' });
    const byGateway = await post('/v1/order/pay', { orderId, channel: 'sandbox' });
    expect(byGateway.body.code).toBe('ORD0020');
    expect(await d.balance(userId)).toBe(balance);
    expect(await paidState(orderId)).toEqual({ state: 'WP', paidCents: 0, succeeded: 0, payMoves: 0 });
    expect(await shop.services.payments.paymentsOf(orderId)).toEqual([]);
    await shop.services.orders.sweepOverdue();
    expect((await shop.services.orders.getOrder(orderId))?.state).toBe('CANCEL');
  });
});
