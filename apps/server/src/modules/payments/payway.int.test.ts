import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installDoubles } from '../../../test/buying-doubles.ts';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { freePort, PaywayStandin } from '../../../test/payway-standin.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { paywayTranId } from './gateways.ts';

// PayWay end to end over HTTP: the shop's PaywayGateway against the local PayWay stand-in (written
// from PayWay's published reference, test/payway-standin.ts). The browser posts the shop's signed
// form to the stand-in; its page "pays"; the stand-in pushes back to the shop's callback, which the
// shop trusts only after asking the stand-in's check-transaction-2.

let shop: TestShop;
let payway: PaywayStandin;
let token: string;
const userId = 'payway-payer';

beforeAll(async () => {
  payway = await new PaywayStandin().start();
  const port = await freePort();
  shop = await startTestShop({
    paymentSecret: 'test-payment-secret',
    paymentGateway: 'payway',
    publicUrl: `http://127.0.0.1:${port}`,
    payway: { merchantId: payway.merchantId, apiKey: payway.apiKey, url: payway.purchaseUrl, timeoutMs: 400 },
  });
  await shop.app.listen({ port, host: '127.0.0.1' });
  const d = await installDoubles(shop);
  token = (await shop.ctx.sessions.create('shopper', userId)).token;
  await d.addSku({ skuId: '301', priceCents: 2_450, stock: 1000, maxPurchase: 0 });
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
beforeEach(() => {
  payway.next.check.length = 0;
});

const post = (url: string, body: unknown) => shop.call('POST', url, { token, body });

/** An order paid with PayWay: the shop's form, posted by the browser to PayWay's purchase. */
async function paywayPayment() {
  const pre = await post('/v1/preorder/createdirect', { skuId: '301', quantity: 1 });
  const { orderId } = (await post('/v1/preorder/finish', { preorderId: pre.body.data.id })).body.data;
  const pay = await post('/v1/order/pay', { orderId, channel: 'payway' });
  expect(pay.body.code, JSON.stringify(pay.body)).toBe('0');
  const form = pay.body.data.form as { action: string; fields: Record<string, string> };
  const body = new FormData();
  for (const [k, v] of Object.entries(form.fields)) body.append(k, v);
  const page = await fetch(form.action, { method: 'POST', body });
  const html = await page.text();
  expect(form.fields.amount).toBe('25.50');
  expect(html, html).toContain('USD 25.50');
  const paymentId = pay.body.data.paymentId as string;
  return { orderId, paymentId, tranId: paywayTranId(paymentId), fields: form.fields };
}

/** The payer's button on PayWay's page ("pay", "decline" or "cancel"). */
const decide = (tranId: string, decision: 'pay' | 'decline' | 'cancel') =>
  fetch(`${payway.url}/standin/checkout/${tranId}/${decision}`, { method: 'POST', redirect: 'manual' });

async function state(orderId: string, paymentId: string) {
  const order = await shop.services.orders.getOrder(orderId);
  const [payment] = await queryRows<{ status: string; external_ref: string | null }>(
    shop.db,
    sql`SELECT status, external_ref FROM payments WHERE id = ${paymentId}`,
  );
  const history = await shop.services.orders.history(orderId);
  return {
    order: order?.state,
    payment: payment.status,
    payMoves: history.filter((h) => h.action === 'pay').length,
  };
}

describe('PayWay against its stand-in', () => {
  it('the form is signed as PayWay checks it, and a paid pushback settles the order once', async () => {
    const p = await paywayPayment();
    // The purchase was accepted: the stand-in keeps it pending, as PayWay does until the payer acts.
    expect(payway.transactions.get(p.tranId)?.status).toBe('PENDING');
    expect(p.fields.return_params).toBe(p.paymentId);
    const res = await decide(p.tranId, 'pay');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('/h5/');
    expect(payway.pushbacks.at(-1)?.answer).toBe(200);
    expect(await state(p.orderId, p.paymentId)).toEqual({ order: 'WS', payment: 'SUCCEEDED', payMoves: 1 });
    // PayWay repeats its pushback: nothing more happens.
    expect(await payway.pushback(p.tranId)).toBe(200);
    expect(await state(p.orderId, p.paymentId)).toEqual({ order: 'WS', payment: 'SUCCEEDED', payMoves: 1 });
    expect(payway.count('check-transaction-2')).toBeGreaterThanOrEqual(2);
  });

  it('a form signed with another key is refused by PayWay (the hash covers every field)', async () => {
    const pre = await post('/v1/preorder/createdirect', { skuId: '301', quantity: 1 });
    const { orderId } = (await post('/v1/preorder/finish', { preorderId: pre.body.data.id })).body.data;
    const pay = await post('/v1/order/pay', { orderId, channel: 'payway' });
    const fields = { ...pay.body.data.form.fields, amount: '0.01' };
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
    const answer = (await (await fetch(pay.body.data.form.action, { method: 'POST', body })).json()) as {
      status: { code: string };
    };
    expect(answer.status.code).toBe('1');
  });

  it('a declined payment fails the payment and leaves the order unpaid', async () => {
    const p = await paywayPayment();
    await decide(p.tranId, 'decline');
    expect(payway.pushbacks.at(-1)?.answer).toBe(200);
    expect(await state(p.orderId, p.paymentId)).toEqual({ order: 'WP', payment: 'FAILED', payMoves: 0 });
  });

  it('the pushback’s own status is not believed: PayWay’s lookup decides', async () => {
    const declined = await paywayPayment();
    payway.next.check.push({ paymentStatus: 'DECLINED' });
    await decide(declined.tranId, 'pay');
    expect(payway.pushbacks.at(-1)?.body.status).toBe('0');
    expect(await state(declined.orderId, declined.paymentId)).toEqual({ order: 'WP', payment: 'FAILED', payMoves: 0 });
    const waiting = await paywayPayment();
    payway.next.check.push({ paymentStatus: 'PENDING' });
    await decide(waiting.tranId, 'pay');
    expect(payway.pushbacks.at(-1)?.answer).toBe(400);
    expect(await state(waiting.orderId, waiting.paymentId)).toEqual({ order: 'WP', payment: 'PENDING', payMoves: 0 });
    // Asked again later, PayWay says approved: settled then.
    expect(await shop.services.payments.lookups.lookupPayment(waiting.paymentId)).toBe('paid');
  });

  it('a payment cancelled on the page sends nothing and stays pending', async () => {
    const p = await paywayPayment();
    const before = payway.pushbacks.length;
    const res = await decide(p.tranId, 'cancel');
    expect(res.headers.get('location')).toContain('/h5/orderFail');
    expect(payway.pushbacks.length).toBe(before);
    expect(await state(p.orderId, p.paymentId)).toEqual({ order: 'WP', payment: 'PENDING', payMoves: 0 });
    // Looked up later, PayWay still says pending: nothing changes.
    expect(await shop.services.payments.lookups.lookupPayment(p.paymentId)).toBe('pending');
  });

  it('a pushback whose check-transaction says another amount is not settled, and is logged', async () => {
    const p = await paywayPayment();
    payway.next.check.push({ amount: 0.5 });
    await decide(p.tranId, 'pay');
    expect(payway.pushbacks.at(-1)?.answer).toBe(400);
    expect(await state(p.orderId, p.paymentId)).toEqual({ order: 'WP', payment: 'PENDING', payMoves: 0 });
    expect(
      shop.logs.some(
        (l) => String(l.msg).includes('another amount') && l.paymentId === p.paymentId && l.gatewayCents === 50,
      ),
    ).toBe(true);
  });

  for (const trouble of [{ hang: true } as const, { status: 502 }, { status: 500 }]) {
    it(`check-transaction ${'hang' in trouble ? 'timing out' : `answering ${trouble.status}`} leaves the payment pending; a later pushback and the lookup job settle it`, async () => {
      const p = await paywayPayment();
      payway.next.check.push(trouble);
      await decide(p.tranId, 'pay');
      // PayWay is told to send again (503), nothing is settled yet.
      expect(payway.pushbacks.at(-1)?.answer).toBe(503);
      expect(await state(p.orderId, p.paymentId)).toEqual({ order: 'WP', payment: 'PENDING', payMoves: 0 });
      if ('hang' in trouble) {
        // The lookup job (a minute on) asks PayWay itself.
        payway.next.check.push(trouble);
        await expect(shop.services.payments.lookups.lookupPayment(p.paymentId)).rejects.toThrow(/PayWay/);
        expect((await state(p.orderId, p.paymentId)).payment).toBe('PENDING');
        expect(
          await shop.services.payments.lookups.lookupPending(new Date(Date.now() + 61_000)),
        ).toBeGreaterThanOrEqual(1);
      } else {
        expect(await payway.pushback(p.tranId)).toBe(200);
      }
      expect(await state(p.orderId, p.paymentId)).toEqual({ order: 'WS', payment: 'SUCCEEDED', payMoves: 1 });
    });
  }

  it('PayWay down (503 on every call): a purchase records nothing there, a pushback is answered 503; once back it settles once', async () => {
    const before = await paywayPayment();
    const pre = await post('/v1/preorder/createdirect', { skuId: '301', quantity: 1 });
    const { orderId } = (await post('/v1/preorder/finish', { preorderId: pre.body.data.id })).body.data;
    const pay = await post('/v1/order/pay', { orderId, channel: 'payway' });
    payway.down = { status: 503 };
    try {
      const body = new FormData();
      for (const [k, v] of Object.entries(pay.body.data.form.fields as Record<string, string>)) body.append(k, v);
      const page = await fetch(pay.body.data.form.action, { method: 'POST', body });
      expect(page.status).toBe(503);
      expect(payway.transactions.has(paywayTranId(pay.body.data.paymentId))).toBe(false);
      // Paid on the page just before the outage: the shop cannot ask check-transaction-2.
      await decide(before.tranId, 'pay');
      expect(payway.pushbacks.at(-1)?.answer).toBe(503);
      expect(await state(before.orderId, before.paymentId)).toEqual({ order: 'WP', payment: 'PENDING', payMoves: 0 });
    } finally {
      payway.down = null;
    }
    expect(await payway.pushback(before.tranId)).toBe(200);
    expect(await payway.pushback(before.tranId)).toBe(200);
    expect(await state(before.orderId, before.paymentId)).toEqual({ order: 'WS', payment: 'SUCCEEDED', payMoves: 1 });
  });

  it('duplicate pushbacks arriving together settle once', async () => {
    const p = await paywayPayment();
    const t = payway.transactions.get(p.tranId);
    if (!t) throw new Error('no transaction');
    t.status = 'APPROVED';
    t.apv = '654321';
    const answers = await Promise.all(Array.from({ length: 6 }, () => payway.pushback(p.tranId)));
    expect(answers.every((a) => a === 200)).toBe(true);
    expect(await state(p.orderId, p.paymentId)).toEqual({ order: 'WS', payment: 'SUCCEEDED', payMoves: 1 });
    const outcomes = await queryRows<{ outcome: string }>(
      shop.db,
      sql`SELECT outcome FROM payment_callbacks WHERE channel = 'payway' AND payment_id = ${p.paymentId}`,
    );
    expect(outcomes.filter((o) => o.outcome === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'duplicate')).toHaveLength(5);
  });

  it('a forged pushback changes nothing: a paid tran_id named for another payment, or a bad signature', async () => {
    const paid = await paywayPayment();
    await decide(paid.tranId, 'pay');
    expect((await state(paid.orderId, paid.paymentId)).payment).toBe('SUCCEEDED');
    const victim = await paywayPayment();
    const checks = payway.count('check-transaction-2');
    // The paid transaction's id and approval, sent for the other payment (signed: only the pairing is wrong).
    expect(await payway.pushback(paid.tranId, { body: { return_params: victim.paymentId } })).toBe(400);
    // The victim's own tran_id, "approved", but not signed with the merchant's key.
    const t = payway.transactions.get(victim.tranId);
    if (!t) throw new Error('no transaction');
    t.status = 'APPROVED';
    expect(await payway.pushback(victim.tranId, { signature: payway.pushbackSignature({ x: 'y' }) })).toBe(400);
    expect(
      await payway.pushback(victim.tranId, {
        signature: payway.pushbackSignature(
          { tran_id: victim.tranId, apv: '', status: '0', return_params: victim.paymentId },
          'another-key',
        ),
      }),
    ).toBe(400);
    // Unsigned.
    const res = await fetch(`${shop.ctx.config.publicUrl}/v1/pay/callback/payway`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tran_id: victim.tranId, apv: '1', status: '0', return_params: victim.paymentId }),
    });
    expect(res.status).toBe(400);
    // None of them was worth asking PayWay about.
    expect(payway.count('check-transaction-2')).toBe(checks);
    expect(await state(victim.orderId, victim.paymentId)).toEqual({ order: 'WP', payment: 'PENDING', payMoves: 0 });
  });

  it('the purchase form is multipart/form-data with lifetime = the shop’s payment expiry; PayWay refuses any other encoding', async () => {
    const p = await paywayPayment();
    expect(p.fields.lifetime).toBe('15');
    expect(payway.transactions.get(p.tranId)?.lifetimeMinutes).toBe(15);
    const pre = await post('/v1/preorder/createdirect', { skuId: '301', quantity: 1 });
    const { orderId } = (await post('/v1/preorder/finish', { preorderId: pre.body.data.id })).body.data;
    const pay = await post('/v1/order/pay', { orderId, channel: 'payway' });
    expect(pay.body.data.form.enctype).toBe('multipart/form-data');
    // The same signed fields posted as a plain (urlencoded) form, as a browser does without enctype.
    const plain = await fetch(pay.body.data.form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(pay.body.data.form.fields),
    });
    expect(plain.status).toBe(415);
    expect(payway.transactions.has(paywayTranId(pay.body.data.paymentId))).toBe(false);
  });

  it('a bad hash answered with HTTP 403 is a wrong key: logged as an error, counted, the pushback not answered 503', async () => {
    const p = await paywayPayment();
    const errorsBefore = shop.logs.filter((l) => String(l.msg).includes('PAYWAY_API_KEY')).length;
    // PayWay refuses the shop's hash of check-transaction-2 (as it does when the key is wrong).
    payway.next.check.push({ status: 403 });
    await decide(p.tranId, 'pay');
    expect(payway.pushbacks.at(-1)?.answer).toBe(202);
    expect(await state(p.orderId, p.paymentId)).toEqual({ order: 'WP', payment: 'PENDING', payMoves: 0 });
    const said = shop.logs.filter((l) => String(l.msg).includes('PAYWAY_API_KEY'));
    expect(said.length).toBe(errorsBefore + 1);
    expect(said.at(-1)).toMatchObject({ level: 50, channel: 'payway' });
    expect(String(said.at(-1)?.msg)).toContain('HTTP 403');
    const metrics = await shop.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/shop_gateway_key_refused_total\{channel="payway"\} [1-9]/);
    // Once the key is right again, the lookup job settles it.
    expect(await shop.services.payments.lookups.lookupPending(new Date(Date.now() + 61_000))).toBeGreaterThanOrEqual(1);
    expect(await state(p.orderId, p.paymentId)).toEqual({ order: 'WS', payment: 'SUCCEEDED', payMoves: 1 });
  });
});
