import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDoubles } from '../../../test/buying-doubles.ts';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { simulatorToken } from '../../integrations/bakong/simulator.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { parseKhqr } from './khqr.ts';

// KHQR settles through Bakong: the shop's real client asks the local Bakong stand-in over HTTP
// (`/bakong-sim/v1/check_transaction_by_md5`), which reports what was "scanned and paid" on its page.

let shop: TestShop;
let token: string;
const userId = 'khqr-payer';
const SECRET = 'test-payment-secret';

beforeAll(async () => {
  shop = await startTestShop({ paymentSecret: SECRET });
  const d = await installDoubles(shop);
  token = (await shop.ctx.sessions.create('shopper', userId)).token;
  await d.addSku({ skuId: '209', priceCents: 1999, stock: 100, maxPurchase: 0 });
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
afterAll(() => shop.close());

const post = (url: string, body: unknown) => shop.call('POST', url, { token, body });
/** Runs the jobs due within the next few seconds: one step of each KHQR watch. */
const step = () => shop.ctx.jobs.runDue(new Date(Date.now() + 5_000));
const sim = () => shop.services.bakong.simulator as NonNullable<TestShop['services']['bakong']['simulator']>;

async function khqrPayment() {
  const pre = await post('/v1/preorder/createdirect', { skuId: '209', quantity: 1 });
  const { orderId } = (await post('/v1/preorder/finish', { preorderId: pre.body.data.id })).body.data;
  const pay = await post('/v1/order/pay', { orderId, channel: 'khqr' });
  expect(pay.body.code, JSON.stringify(pay.body)).toBe('0');
  return { orderId, paymentId: pay.body.data.paymentId as string, khqr: pay.body.data.khqr as string, pay };
}

/** "Scan and pay" on the stand-in's page, as a person does (an HTML form post). */
function scanAndPay(qr: string, amount?: string) {
  const form = new URLSearchParams({ qr, ...(amount ? { amount } : {}) });
  return shop.app.inject({
    method: 'POST',
    url: '/bakong-sim/scan',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

/** What Bakong (the stand-in) reports for a payload: a transaction written into its ledger as given. */
async function bakongReports(qr: string, t: { toAccountId: string; currency: string; hundredths: number }) {
  const md5 = createHash('md5').update(qr).digest('hex');
  await shop.db.execute(sql`INSERT INTO bakong_sim_transactions
    (md5, hash, from_account_id, to_account_id, currency, amount_hundredths, description, created_date_ms, acknowledged_date_ms)
    VALUES (${md5}, ${`h${md5}`}, 'someone@wing', ${t.toAccountId}, ${t.currency}, ${t.hundredths}, 'test', ${Date.now()}, ${Date.now()})`);
}

async function state(orderId: string, paymentId: string) {
  const order = await shop.services.orders.getOrder(orderId);
  const [payment] = await queryRows<{ status: string; failure_reason: string | null }>(
    shop.db,
    sql`SELECT status, failure_reason FROM payments WHERE id = ${paymentId}`,
  );
  const history = await shop.services.orders.history(orderId);
  return {
    order: order?.state,
    paidCents: order?.paidCents,
    payment: payment.status,
    payMoves: history.filter((h) => h.action === 'pay').length,
  };
}

/** The steps of a payment's watch still to run. */
async function watchSteps(paymentId: string) {
  const [{ n }] = await queryRows<{ n: number }>(
    shop.db,
    sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'payments.khqr-watch' AND done_at IS NULL
      AND payload->>'paymentId' = ${paymentId}`,
  );
  return n;
}

const logged = (text: string) => shop.logs.filter((l) => String(l.msg ?? '').includes(text));

const amountOf = async (paymentId: string) =>
  (await queryRows<{ c: number }>(shop.db, sql`SELECT amount_cents AS c FROM payments WHERE id = ${paymentId}`))[0].c;

/** The code's grace time after its expiry has passed: its watch's next step runs. */
async function pastGrace(paymentId: string) {
  await shop.db.execute(
    sql`UPDATE payments SET khqr_expires_at = now() - interval '31 seconds' WHERE id = ${paymentId}`,
  );
  await shop.ctx.jobs.runDue(new Date(Date.now() + 60_000));
}

describe('a KHQR payment', () => {
  it('carries the MD5 of its payload and its expiry, and links to the stand-in outside production', async () => {
    const { paymentId, khqr, pay } = await khqrPayment();
    const [row] = await queryRows<{ khqr_md5: string; khqr_expires_at: string }>(
      shop.db,
      sql`SELECT khqr_md5, khqr_expires_at FROM payments WHERE id = ${paymentId}`,
    );
    expect(row.khqr_md5).toBe(createHash('md5').update(khqr).digest('hex'));
    const expiry = new Date(row.khqr_expires_at).getTime();
    expect(parseKhqr(khqr)['99']).toMatch(new RegExp(`^0013\\d{13}0113${expiry}$`));
    expect(pay.body.data.khqrExpiresAt).toBe(new Date(expiry).toISOString());
    expect(pay.body.data.redirectUrl).toBe(`/bakong-sim/scan?qr=${encodeURIComponent(khqr)}`);
    const page = await shop.app.inject({ method: 'GET', url: pay.body.data.redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('USD 20.99');
  });

  it('settles only once Bakong reports it paid, and once however often it is reported', async () => {
    const { orderId, paymentId, khqr } = await khqrPayment();
    // Not paid yet: the watch and "I have paid" ask, and nothing settles.
    await step();
    const early = await post('/v1/pay/khqr/check', { paymentId });
    expect(early.body.data).toEqual({ paid: false, status: 'PENDING', answered: true });
    expect(await state(orderId, paymentId)).toMatchObject({ order: 'WP', payment: 'PENDING' });

    const paid = await scanAndPay(khqr);
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Paid USD 20.99');
    // Reported to the watch and to two "I have paid" at once: paid once.
    const [a, b] = await Promise.all([
      post('/v1/pay/khqr/check', { paymentId }),
      post('/v1/pay/khqr/check', { paymentId }),
      step(),
    ]);
    expect(a.body.data.paid && b.body.data.paid).toBe(true);
    await step();
    expect(await state(orderId, paymentId)).toEqual({
      order: 'WS',
      paidCents: 2099,
      payment: 'SUCCEEDED',
      payMoves: 1,
    });
    const [{ n }] = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM payment_callbacks WHERE payment_id = ${paymentId} AND outcome = 'paid'`,
    );
    expect(n).toBe(1);
    // The watch stopped: no step of it is left to run.
    expect(await watchSteps(paymentId)).toBe(0);
    // The stand-in pays a code once.
    expect((await scanAndPay(khqr)).statusCode).toBe(400);
  });

  it('is not settled when Bakong reports another amount, account or currency (logged)', async () => {
    const wrongAmount = await khqrPayment();
    expect((await scanAndPay(wrongAmount.khqr, '20.00')).statusCode).toBe(200);
    const wrongAccount = await khqrPayment();
    await bakongReports(wrongAccount.khqr, { toAccountId: 'someone.else@aclb', currency: 'USD', hundredths: 2099 });
    const wrongCurrency = await khqrPayment();
    await bakongReports(wrongCurrency.khqr, { toAccountId: 'angkormall@aclb', currency: 'KHR', hundredths: 2099 });
    await step();
    for (const p of [wrongAmount, wrongAccount, wrongCurrency]) {
      expect((await post('/v1/pay/khqr/check', { paymentId: p.paymentId })).body.data.paid).toBe(false);
      expect(await state(p.orderId, p.paymentId)).toMatchObject({ order: 'WP', paidCents: 0, payment: 'PENDING' });
    }
    expect(logged('amount 2000 cents (expected 2099)').length).toBeGreaterThan(0);
    expect(logged('account someone.else@aclb (expected angkormall@aclb)').length).toBeGreaterThan(0);
    expect(logged('currency KHR (expected USD)').length).toBeGreaterThan(0);
  });

  it('is not settled while Bakong refuses the token (errorCode 6): a clear error is logged; settled once renewed', async () => {
    const { orderId, paymentId, khqr } = await khqrPayment();
    await scanAndPay(khqr);
    const client = shop.services.bakong.client;
    const good = client.token;
    client.token = simulatorToken(SECRET, Date.now() - 2 * 86_400_000, 1);
    try {
      await step();
      expect(await state(orderId, paymentId)).toMatchObject({ order: 'WP', payment: 'PENDING' });
      expect((await post('/v1/pay/khqr/check', { paymentId })).body.data).toEqual({
        paid: false,
        status: 'PENDING',
        answered: false,
      });
      const errors = logged('BAKONG_TOKEN has expired or was revoked');
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]).toMatchObject({ level: 50, paymentId });
      // No new KHQR is offered with it.
      const cashier = await shop.call('GET', '/v1/h5/new/cashier/refresh', { token, query: { orderId } });
      expect(cashier.body.data.channels.find((c: { code: string }) => c.code === 'khqr')).toMatchObject({
        enabled: false,
        reason: 'KHQR payment is not available right now, please choose another way to pay',
      });
      expect((await post('/v1/order/pay', { orderId, channel: 'khqr' })).body.code).toBe('PAY0011');
    } finally {
      client.token = good;
    }
    // The watch kept going: with the token renewed its next step settles.
    await step();
    expect(await state(orderId, paymentId)).toMatchObject({ order: 'WS', payment: 'SUCCEEDED', payMoves: 1 });
  });

  it('is asked again by the job when Bakong answers 5xx or does not answer in time', async () => {
    const { orderId, paymentId, khqr } = await khqrPayment();
    await scanAndPay(khqr);
    // Every answer is a 503 for a while (other payments' watches ask too).
    sim().behaviour.failNext = 1_000;
    await step();
    await step();
    sim().behaviour.failNext = 0;
    expect(await watchSteps(paymentId)).toBe(1);
    expect(await state(orderId, paymentId)).toMatchObject({ order: 'WP', payment: 'PENDING' });
    expect(logged('Bakong could not be asked').some((l) => String(l.err).includes('HTTP 503'))).toBe(true);

    const client = shop.services.bakong.client;
    const timeout = client.timeoutMs;
    sim().behaviour.delayMs = 400;
    client.timeoutMs = 50;
    try {
      await step();
    } finally {
      client.timeoutMs = timeout;
      sim().behaviour.delayMs = 0;
    }
    expect(await state(orderId, paymentId)).toMatchObject({ order: 'WP', payment: 'PENDING' });
    expect(logged('Bakong could not be asked').some((l) => String(l.err).includes('within 50 ms'))).toBe(true);
    await step();
    expect(await state(orderId, paymentId)).toMatchObject({ order: 'WS', payment: 'SUCCEEDED', payMoves: 1 });
  });

  it('expires unpaid once its QR expires; the watch stops', async () => {
    const { orderId, paymentId } = await khqrPayment();
    await step();
    expect(await state(orderId, paymentId)).toMatchObject({ payment: 'PENDING' });
    // Its 15 minutes pass.
    await shop.db.execute(
      sql`UPDATE payments SET khqr_expires_at = now() - interval '1 second' WHERE id = ${paymentId}`,
    );
    await step();
    // At its expiry Bakong has nothing: asked once more a grace time later before it is closed.
    expect(await state(orderId, paymentId)).toMatchObject({ order: 'WP', payment: 'PENDING' });
    expect(await watchSteps(paymentId)).toBe(1);
    await pastGrace(paymentId);
    expect(await state(orderId, paymentId)).toMatchObject({ order: 'WP', payment: 'EXPIRED' });
    expect(await watchSteps(paymentId)).toBe(0);
    const query = await shop.call('GET', '/v1/pay/query', { token, query: { orderId } });
    expect(query.body.data.lastPayment).toMatchObject({ status: 'EXPIRED', channel: 'khqr' });
  });

  it('"I have paid" is the payer\'s own: another shopper\'s payment is not found', async () => {
    const { paymentId } = await khqrPayment();
    const other = (await shop.ctx.sessions.create('shopper', 'someone-else')).token;
    const res = await shop.call('POST', '/v1/pay/khqr/check', { token: other, body: { paymentId } });
    expect(res.body.code).toBe('PAY0009');
  });
});

describe("the console's token warning", () => {
  it("answers the token's expiry, and warns once it lapses within 7 days", async () => {
    const owner = await shop.services.staff.createOwner('khqr.boss', 'a-long-password-1', 'Sokha');
    const staff = (await shop.ctx.sessions.create('staff', owner.id)).token;
    const client = shop.services.bakong.client;
    const good = client.token;
    try {
      const now = await shop.call('GET', '/admin-api/v1/bakong/token', { token: staff });
      expect(now.body.data).toMatchObject({ state: 'valid', warn: false });
      expect(now.body.data.daysLeft).toBeGreaterThan(300);
      client.token = simulatorToken(SECRET, Date.now(), 3);
      const soon = await shop.call('GET', '/admin-api/v1/bakong/token', { token: staff });
      expect(soon.body.data).toMatchObject({ state: 'valid', daysLeft: 2, warn: true });
      client.token = '';
      const missing = await shop.call('GET', '/admin-api/v1/bakong/token', { token: staff });
      expect(missing.body.data).toMatchObject({ state: 'missing', expiresAt: null, daysLeft: null, warn: true });
    } finally {
      client.token = good;
    }
  });
});

describe('Bakong, when it goes wrong (issue 43)', () => {
  it('a code acknowledged in its last seconds is not lost: the grace check after its expiry settles it', async () => {
    const { orderId, paymentId, khqr } = await khqrPayment();
    await shop.db.execute(
      sql`UPDATE payments SET khqr_expires_at = now() - interval '1 second' WHERE id = ${paymentId}`,
    );
    await step();
    expect(await state(orderId, paymentId)).toMatchObject({ order: 'WP', payment: 'PENDING' });
    // The payer's bank acknowledged it at the last second; Bakong's record of it comes a little later.
    await bakongReports(khqr, {
      toAccountId: shop.ctx.config.khqr.account,
      currency: 'USD',
      hundredths: await amountOf(paymentId),
    });
    await pastGrace(paymentId);
    expect(await state(orderId, paymentId)).toMatchObject({ order: 'WS', payment: 'SUCCEEDED', payMoves: 1 });
  });

  it('paid after the grace check closed it: not settled, LATE, its money back through the refund entry point', async () => {
    const { orderId, paymentId, khqr } = await khqrPayment();
    await shop.db.execute(
      sql`UPDATE payments SET khqr_expires_at = now() - interval '1 second' WHERE id = ${paymentId}`,
    );
    await step();
    await pastGrace(paymentId);
    expect(await state(orderId, paymentId)).toMatchObject({ order: 'WP', payment: 'EXPIRED' });
    await bakongReports(khqr, {
      toAccountId: shop.ctx.config.khqr.account,
      currency: 'USD',
      hundredths: await amountOf(paymentId),
    });
    const checked = await post('/v1/pay/khqr/check', { paymentId });
    // Bakong has no refund call: the refund path puts KHQR money in the shopper's wallet at once.
    expect(checked.body.data).toMatchObject({ paid: false, status: 'REFUNDED' });
    expect(await state(orderId, paymentId)).toMatchObject({ order: 'WP', payment: 'REFUNDED', payMoves: 0 });
    const [{ n }] = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM payment_refunds WHERE payment_id = ${paymentId}`,
    );
    expect(n).toBe(1);
  });

  it('an answer meaning "not from a Cambodian address" is reported as that, not as an expired token', async () => {
    const { orderId, paymentId, khqr } = await khqrPayment();
    await scanAndPay(khqr);
    sim().behaviour.foreign = true;
    const tokenErrors = logged('BAKONG_TOKEN has expired').length;
    try {
      await step();
    } finally {
      sim().behaviour.foreign = false;
    }
    expect(await state(orderId, paymentId)).toMatchObject({ order: 'WP', payment: 'PENDING' });
    const said = logged('Cambodian IP address').filter((l) => l.paymentId === paymentId);
    expect(said.length).toBe(1);
    expect(said[0]).toMatchObject({ level: 50 });
    expect(logged('BAKONG_TOKEN has expired').length).toBe(tokenErrors);
    // Asked again from a Cambodian address, it settles.
    await step();
    expect(await state(orderId, paymentId)).toMatchObject({ order: 'WS', payment: 'SUCCEEDED' });
  });

  it('the token is renewed through renew_token before it lapses when the account allows it; the console says when', async () => {
    const bakong = shop.services.bakong;
    const owner = await shop.services.staff.createOwner('khqr.renew', 'a-long-password-1', 'Dara');
    const staff = (await shop.ctx.sessions.create('staff', owner.id)).token;
    const console_ = async () => (await shop.call('GET', '/admin-api/v1/bakong/token', { token: staff })).body.data;
    const good = bakong.client.token;
    const lapsing = simulatorToken(SECRET, Date.now(), 3);
    bakong.client.token = lapsing;
    try {
      // No registered email: the shop cannot renew it; the console warns as before.
      bakong.email = '';
      expect(await bakong.renewIfDue()).toBe(false);
      expect(await console_()).toMatchObject({ warn: true, renews: false, renewedAt: null });
      // Another email than the account's: Bakong refuses, the console says why.
      bakong.email = 'someone@else.example';
      expect(await bakong.renewIfDue()).toBe(false);
      expect(await console_()).toMatchObject({
        warn: true,
        renews: true,
        renewalProblem: expect.stringContaining('Email is not registered'),
      });
      // The account's email: renewed at Bakong (its own record), used at once, kept for the next start.
      bakong.email = sim().registeredEmail;
      expect(await bakong.renewIfDue()).toBe(true);
      expect(sim().renewed.at(-1)?.token).toBe(bakong.client.token);
      expect(bakong.client.token).not.toBe(lapsing);
      const after = await console_();
      expect(after).toMatchObject({ state: 'valid', warn: false, renews: true, renewalProblem: null });
      expect(after.daysLeft).toBeGreaterThan(80);
      expect(Date.parse(after.renewedAt)).toBeGreaterThan(Date.now() - 60_000);
      const [{ n }] = await queryRows<{ n: number }>(shop.db, sql`SELECT count(*)::int AS n FROM bakong_tokens`);
      expect(n).toBe(1);
      // A fresh token is not renewed again.
      expect(await bakong.renewIfDue()).toBe(false);
      expect(sim().renewed).toHaveLength(1);
      // Another instance (or the next start) takes the stored token.
      bakong.client.token = lapsing;
      await bakong.useStoredToken();
      expect(bakong.client.token).toBe(sim().renewed[0].token);
    } finally {
      bakong.client.token = good;
      bakong.email = '';
      await shop.db.execute(sql`DELETE FROM bakong_tokens`);
    }
  });
});
