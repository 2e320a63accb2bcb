import { createHash } from 'node:crypto';
import { rielFromCents, rielRoundingCentiriel } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDoubles } from '../../../test/buying-doubles.ts';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { phnomPenhDay } from '../../platform/days.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { parseKhqr } from './khqr.ts';

// KHQR in riel (issue 47): the code carries the riel amount at the rate locked when it is made; the
// shop's real Bakong client asks the local Bakong stand-in, which reports what was paid on its page.

let shop: TestShop;
let token: string;
const userId = 'riel-payer';
/** The order: 19.99 plus 1.00 delivery. */
const ORDER_CENTS = 2099;
/** The console's owner, signed in by the takings test. */
let ownerToken = '';

beforeAll(async () => {
  shop = await startTestShop({ paymentSecret: 'test-payment-secret' });
  const d = await installDoubles(shop);
  token = (await shop.ctx.sessions.create('shopper', userId)).token;
  await d.addSku({ skuId: '309', priceCents: 1999, stock: 100, maxPurchase: 0 });
  await shop.call('POST', '/v1/address/addaddress', {
    token,
    body: {
      receiver: 'Sokha',
      mobile: '012345678',
      provinceCode: '12',
      cityCode: '1201',
      districtCode: '120101',
      detail: 'House 9',
    },
  });
});
afterAll(() => shop.close());

const post = (url: string, body: unknown, language?: 'kh') =>
  shop.call('POST', url, { token, body, ...(language ? { language } : {}) });
const step = () => shop.ctx.jobs.runDue(new Date(Date.now() + 5_000));
const setRate = (khrPerUsd: number) => shop.services.currency.set({ khrPerUsd, source: 'staff', setBy: 'cash.keeper' });

async function newOrder(): Promise<string> {
  const pre = await post('/v1/preorder/createdirect', { skuId: '309', quantity: 1 });
  return (await post('/v1/preorder/finish', { preorderId: pre.body.data.id })).body.data.orderId;
}

function scanAndPay(qr: string, amount?: string) {
  const form = new URLSearchParams({ qr, ...(amount ? { amount } : {}) });
  return shop.app.inject({
    method: 'POST',
    url: '/bakong-sim/scan',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

async function paymentRow(paymentId: string) {
  const [row] = await queryRows<{
    status: string;
    currency: string;
    amount_cents: number;
    amount_riel: number | null;
    khr_per_usd: number | null;
    riel_rounding_centiriel: number | null;
  }>(
    shop.db,
    sql`SELECT status, currency, amount_cents, amount_riel, khr_per_usd, riel_rounding_centiriel FROM payments WHERE id = ${paymentId}`,
  );
  return row;
}

describe('KHQR in riel', () => {
  it('is refused while no rate was ever set (CUR00002), and for any channel but KHQR (CUR00003)', async () => {
    const orderId = await newOrder();
    const cashier = await shop.call('GET', '/v1/h5/new/cashier/refresh', { token, query: { orderId } });
    expect(cashier.body.data.riel).toBeNull();
    const none = await post('/v1/order/pay', { orderId, channel: 'khqr', currency: 'KHR' }, 'kh');
    expect(none.body).toMatchObject({ code: 'CUR00002', msg: 'ការបង់ប្រាក់ជារៀលមិនទាន់អាចប្រើបានទេ សូមបង់ជាដុល្លារអាមេរិក' });
    await setRate(4100);
    expect((await post('/v1/order/pay', { orderId, channel: 'sandbox', currency: 'KHR' })).body.code).toBe('CUR00003');
    expect((await post('/v1/order/pay', { orderId, channel: 'wallet', currency: 'KHR' })).body.code).toBe('CUR00003');
    const [{ n }] = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM payments WHERE order_id = ${orderId}`,
    );
    expect(n).toBe(0);
  });

  it('locks the riel amount when the code is made; a rate change after it changes nothing; settled once, in riel', async () => {
    await setRate(4100);
    const orderId = await newOrder();
    const riel = rielFromCents(ORDER_CENTS, 4100);
    expect(riel).toBe(86_100);
    const cashier = await shop.call('GET', '/v1/h5/new/cashier/refresh', { token, query: { orderId } });
    expect(cashier.body.data).toMatchObject({ payableCents: ORDER_CENTS, riel: { amountRiel: riel, khrPerUsd: 4100 } });

    const pay = await post('/v1/order/pay', { orderId, channel: 'khqr', currency: 'KHR' });
    expect(pay.body.code, JSON.stringify(pay.body)).toBe('0');
    const { paymentId, khqr } = pay.body.data as { paymentId: string; khqr: string };
    expect(pay.body.data.riel).toEqual({ amountRiel: riel, khrPerUsd: 4100 });
    const tags = parseKhqr(khqr);
    expect(tags['53']).toBe('116');
    expect(tags['54']).toBe('86100');
    expect(await paymentRow(paymentId)).toEqual({
      status: 'PENDING',
      currency: 'KHR',
      amount_cents: ORDER_CENTS,
      amount_riel: riel,
      khr_per_usd: 4100,
      riel_rounding_centiriel: rielRoundingCentiriel(ORDER_CENTS, 4100),
    });
    expect(rielRoundingCentiriel(ORDER_CENTS, 4100)).toBe(4_100);

    // Staff change the rate while the code is open.
    await setRate(4200);
    const later = await shop.call('GET', '/v1/h5/new/cashier/refresh', { token, query: { orderId } });
    expect(later.body.data.riel).toEqual({ amountRiel: rielFromCents(ORDER_CENTS, 4200), khrPerUsd: 4200 });
    // A second tap shows the same code, at the locked amount; asking for dollars meanwhile is refused.
    const again = await post('/v1/order/pay', { orderId, channel: 'khqr', currency: 'KHR' });
    expect(again.body.data).toMatchObject({ paymentId, khqr, riel: { amountRiel: riel, khrPerUsd: 4100 } });
    const usd = await post('/v1/order/pay', { orderId, channel: 'khqr' });
    expect(usd.body.code).toBe('CUR00005');
    expect(usd.body.msg).toMatch(
      /^A KHQR code in KHR is still open for this payment; pay it, or try again after \d\d:\d\d$/,
    );

    // The stand-in's page shows what the code carries, and the payer pays it.
    const page = await shop.app.inject({ method: 'GET', url: pay.body.data.redirectUrl });
    expect(page.body).toContain('KHR 86100');
    expect((await scanAndPay(khqr)).statusCode).toBe(200);
    const [a, b] = await Promise.all([
      post('/v1/pay/khqr/check', { paymentId }),
      post('/v1/pay/khqr/check', { paymentId }),
      step(),
    ]);
    expect(a.body.data.paid && b.body.data.paid).toBe(true);
    await step();

    const order = await shop.services.orders.getOrder(orderId);
    expect({ state: order?.state, paidCents: order?.paidCents }).toEqual({ state: 'WS', paidCents: ORDER_CENTS });
    const history = await shop.services.orders.history(orderId);
    expect(history.filter((h) => h.action === 'pay')).toHaveLength(1);
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'SUCCEEDED',
      currency: 'KHR',
      amount_cents: ORDER_CENTS,
      amount_riel: riel,
      khr_per_usd: 4100,
    });
    const [{ n }] = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM payment_callbacks WHERE payment_id = ${paymentId} AND outcome = 'paid'`,
    );
    expect(n).toBe(1);

    // The result page and the order's detail repeat the riel paid, from the payment's own row: the
    // locked amount and rate, not today's 4,200.
    const status = await shop.call('GET', '/v1/pay/query', { token, query: { orderId } });
    expect(status.body.data).toMatchObject({
      paid: true,
      lastPayment: { status: 'SUCCEEDED', channel: 'khqr', riel: { amountRiel: riel, khrPerUsd: 4100 } },
    });
    const detail = await shop.call('GET', '/v1/order/detail', { token, query: { orderId } });
    expect(detail.body.data.paidBy).toEqual({
      channel: 'khqr',
      giftCents: 0,
      cashCents: 0,
      otherCents: ORDER_CENTS,
      riel: { amountRiel: riel, khrPerUsd: 4100 },
    });
  });

  it('is not settled when Bakong reports dollars, or another riel amount (logged in riel)', async () => {
    await setRate(4100);
    const codes = [];
    for (let i = 0; i < 2; i++) {
      const orderId = await newOrder();
      const pay = await post('/v1/order/pay', { orderId, channel: 'khqr', currency: 'KHR' });
      expect(pay.body.code, pay.body.msg).toBe('0');
      codes.push({ orderId, paymentId: pay.body.data.paymentId as string, khqr: pay.body.data.khqr as string });
    }
    const [inDollars, shortRiel] = codes;
    const md5 = createHash('md5').update(inDollars.khqr).digest('hex');
    // Bakong reports the riel figure as dollars: the currency is wrong.
    await shop.db.execute(sql`INSERT INTO bakong_sim_transactions
      (md5, hash, from_account_id, to_account_id, currency, amount_hundredths, description, created_date_ms, acknowledged_date_ms)
      VALUES (${md5}, ${`h${md5}`}, 'someone@wing', 'angkormall@aclb', 'USD', ${8_610_000}, 'test', ${Date.now()}, ${Date.now()})`);
    // The payer typed 100 riel less on the stand-in's page.
    expect((await scanAndPay(shortRiel.khqr, '86000')).statusCode).toBe(200);
    await step();
    for (const p of codes) {
      expect((await post('/v1/pay/khqr/check', { paymentId: p.paymentId })).body.data.paid).toBe(false);
      expect((await paymentRow(p.paymentId)).status).toBe('PENDING');
    }
    const logged = (text: string) => shop.logs.filter((l) => String(l.msg ?? '').includes(text));
    expect(logged('currency USD (expected KHR)').length).toBeGreaterThan(0);
    expect(logged('amount 86000 riel (expected 86100)').length).toBeGreaterThan(0);
  });

  it('finance sees the day’s takings per currency: riel collected, cents booked and the rounding summed', async () => {
    const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
    ownerToken = (await shop.ctx.sessions.create('staff', owner.id)).token;
    const m = await shop.services.staff.create(
      { login: 'cash.keeper', displayName: 'Finance', password: 'Angkor2026pass', roles: ['finance'] },
      { staffId: owner.id, login: 'owner' },
    );
    const staff = (await shop.ctx.sessions.create('staff', m.id)).token;
    const answer = await shop.call('GET', '/admin-api/v1/currency/takings', { token: staff, query: { days: '2' } });
    expect(answer.body.code, answer.body.msg).toBe('0');
    const khr = answer.body.data.lines.filter((l: { currency: string }) => l.currency === 'KHR');
    // The one KHR payment settled above (the two refused ones are still pending).
    expect(khr).toEqual([
      {
        day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        currency: 'KHR',
        payments: 1,
        amountCents: ORDER_CENTS,
        amountRiel: 86_100,
        roundingCentiriel: 4_100,
      },
    ]);
    expect((await shop.call('GET', '/admin-api/v1/currency/takings', { token, query: {} })).body.code).toBe('STF00002');
  });

  it('reconciliation compares a KHR payment in riel: agreed as paid, another riel amount found', async () => {
    const today = phnomPenhDay(new Date());
    const bakongOf = async () =>
      (await shop.services.reconciliation.run(today)).list.filter((m) => m.party === 'bakong');
    const [settled] = await queryRows<{ id: string; khqr_md5: string }>(
      shop.db,
      sql`SELECT id, khqr_md5 FROM payments WHERE currency = 'KHR' AND status = 'SUCCEEDED'`,
    );
    expect((await bakongOf()).filter((m) => m.reference === settled.id)).toEqual([]);
    // Bakong's record of it says 100 riel less: finance is told, in riel.
    await shop.db.execute(
      sql`UPDATE bakong_sim_transactions SET amount_hundredths = amount_hundredths - 10000 WHERE md5 = ${settled.khqr_md5}`,
    );
    expect((await bakongOf()).filter((m) => m.reference === settled.id)).toMatchObject([
      {
        kind: 'amount',
        shopSays: 'SUCCEEDED KHR 86100',
        partySays: 'PAID KHR 86000',
        shopCents: ORDER_CENTS,
        partyCents: null,
      },
    ]);
  });

  it('money back in riel: a refund of the KHR payment carries the same riel amount to the paying account', async () => {
    const [paid] = await queryRows<{ id: string; order_id: string }>(
      shop.db,
      sql`SELECT id, order_id FROM payments WHERE currency = 'KHR' AND status = 'SUCCEEDED'`,
    );
    // The order's money goes back through the one refund path (a rate change since changes nothing).
    await setRate(4300);
    await shop.db.transaction((tx) =>
      shop.services.payments.refund(
        { kind: 'order', id: paid.order_id, userId, amountCents: ORDER_CENTS, channel: 'khqr' },
        tx,
      ),
    );
    const money = await shop.call('GET', '/v1/pay/refunds', { token, query: { orderId: paid.order_id } });
    expect(money.body.data.payments).toMatchObject([
      { id: paid.id, channel: 'khqr', amountCents: ORDER_CENTS, currency: 'KHR', amountRiel: 86_100 },
    ]);
    const [refund] = money.body.data.refunds;
    // KHQR's money is in the wallet at once, in dollars (the wallet stays USD) ...
    expect(refund).toMatchObject({
      destination: 'wallet',
      state: 'REFUNDED',
      amountCents: ORDER_CENTS,
      amountRiel: 86_100,
    });
    // ... and sent to the paying account it is the same riel the code carried: finance transfers that.
    const toBank = await post('/v1/pay/refunds/to-bank', { refundId: refund.id });
    expect(toBank.body.code, toBank.body.msg).toBe('0');
    expect(toBank.body.data).toMatchObject({
      destination: 'bank',
      state: 'AWAITING_TRANSFER',
      amountCents: ORDER_CENTS,
      amountRiel: 86_100,
      bankAccount: expect.any(String),
    });
  });

  it('cash on delivery shows the riel to collect, rounded and locked when the order is placed', async () => {
    await setRate(4100);
    const pre = await post('/v1/preorder/createdirect', { skuId: '309', quantity: 1 });
    const cod = await post('/v1/preorder/modify', { preorderId: pre.body.data.id, payType: 'COD' });
    expect(cod.body.code, cod.body.msg).toBe('0');
    const done = await post('/v1/preorder/finish', { preorderId: pre.body.data.id });
    expect(done.body.code, done.body.msg).toBe('0');
    const orderId = done.body.data.orderId ?? done.body.data.id;
    const detail = async () => (await shop.call('GET', '/v1/order/detail', { token, query: { orderId } })).body.data;
    const placed = await detail();
    expect(placed.payType).toBe('COD');
    expect(placed.cashRiel).toEqual({ amountRiel: rielFromCents(placed.payableCents, 4100), khrPerUsd: 4100 });
    expect(placed.cashRiel.amountRiel % 100).toBe(0);
    // The rate changes: the rider still asks what the order said when it was placed.
    await setRate(4250);
    expect((await detail()).cashRiel).toEqual(placed.cashRiel);
    // The console shows it too, and the currency an order was paid in.
    const consoleOrder = async (id: string) =>
      (await shop.call('GET', '/admin-api/v1/orders/detail', { token: ownerToken, query: { orderId: id } })).body.data
        .order;
    expect((await consoleOrder(orderId)).cashRiel).toEqual(placed.cashRiel);
    const [paidInRiel] = await queryRows<{ order_id: string }>(
      shop.db,
      sql`SELECT order_id FROM payments WHERE currency = 'KHR' AND status IN ('SUCCEEDED', 'REFUNDED') LIMIT 1`,
    );
    expect((await consoleOrder(paidInRiel.order_id)).paidIn).toMatchObject({
      currency: 'KHR',
      amountRiel: 86_100,
      khrPerUsd: 4100,
    });
    // An order paid online has no cash to collect.
    expect(
      (await shop.call('GET', '/v1/order/detail', { token, query: { orderId: await newOrder() } })).body.data.cashRiel,
    ).toBeNull();
  });

  it('finance sees the rounding of the day’s KHR payments summed, one added and one taken off', async () => {
    const payInRiel = async (khrPerUsd: number) => {
      await setRate(khrPerUsd);
      const orderId = await newOrder();
      const pay = await post('/v1/order/pay', { orderId, channel: 'khqr', currency: 'KHR' });
      expect(pay.body.code, pay.body.msg).toBe('0');
      expect((await scanAndPay(pay.body.data.khqr)).statusCode).toBe(200);
      expect((await post('/v1/pay/khqr/check', { paymentId: pay.body.data.paymentId })).body.data.paid).toBe(true);
      await step();
    };
    // At 4,100 rounding adds 41 riel (86,059 asked as 86,100); at 4,250 it takes 7.50 off (89,207.50 as 89,200).
    expect([rielRoundingCentiriel(ORDER_CENTS, 4100), rielRoundingCentiriel(ORDER_CENTS, 4250)]).toEqual([4_100, -750]);
    await payInRiel(4100);
    await payInRiel(4250);
    // Today's KHR payments, from their rows: the one paid at 4,100 above (its refund is money back,
    // booked as such, not a payment undone) and these two.
    const rows = await queryRows<{ amount_riel: number; riel_rounding_centiriel: number; amount_cents: number }>(
      shop.db,
      sql`SELECT amount_riel, riel_rounding_centiriel, amount_cents FROM payments WHERE currency = 'KHR' AND status = 'SUCCEEDED'`,
    );
    expect(rows.map((r) => r.riel_rounding_centiriel).sort((a, b) => a - b)).toEqual([-750, 4_100, 4_100]);
    const answer = await shop.call('GET', '/admin-api/v1/currency/takings', {
      token: ownerToken,
      query: { days: '2' },
    });
    expect(answer.body.code, answer.body.msg).toBe('0');
    expect(answer.body.data.lines.filter((l: { currency: string }) => l.currency === 'KHR')).toEqual([
      {
        day: phnomPenhDay(new Date()),
        currency: 'KHR',
        payments: 3,
        amountCents: 3 * ORDER_CENTS,
        amountRiel: 86_100 + 86_100 + 89_200,
        roundingCentiriel: 4_100 + 4_100 - 750,
      },
    ]);
  });
});
