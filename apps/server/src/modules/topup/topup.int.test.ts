import { createHmac } from 'node:crypto';
import { checkTopupNumber, TOPUP_NUMBER_REFUSAL } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import { SimulatedTopupProvider } from '../../integrations/topup-provider/provider.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { parseKhqr } from '../payments/khqr.ts';

const SECRET = 'test-payment-secret';
const PIN = '135790';
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ paymentSecret: SECRET });
  const provider = shop.services.topupProvider;
  if (!(provider instanceof SimulatedTopupProvider)) throw new Error('the tests speak to the simulator');
  provider.behaviour = { delayMs: 0, settleMs: 60_000 };
});
afterAll(() => shop.close());

const shopper = (cashCents = 0) => quietShopper(shop, { payPassword: PIN, cashCents });

const create = (token: string, phone: string, amountCents: number, language = 'en-US') =>
  shop.call('POST', '/v1/topup/order/new', { token, body: { phone, amountCents }, language });
const payByWallet = (token: string, orderId: string) =>
  shop.call('POST', '/v1/order/pay', { token, body: { orderId, kind: 'topup', channel: 'wallet', payPassword: PIN } });
const detail = async (token: string, id: string) =>
  (await shop.call('GET', '/v1/topup/order/detail', { token, query: { id } })).body.data;
/** Runs every job due within the next `ms` (the send job, the outcome's asks). */
const runJobs = (ms = 1_000) => shop.ctx.jobs.runDue(new Date(Date.now() + ms));
const cash = async (userId: string) => (await shop.services.wallet.balances(userId)).cashCents;
const simRows = async (reference: string) =>
  (
    await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM topup_sim_transactions WHERE reference = ${reference}`,
    )
  )[0].n;

describe('the top-up page', () => {
  it('offers the operators with their amounts and ranges, the minimum, and the shopper’s recent numbers', async () => {
    const visitor = await shop.call('GET', '/v1/other/topuppage');
    expect(visitor.body.code).toBe('0');
    const { operators, minimumCents, recentNumbers } = visitor.body.data;
    expect(minimumCents).toBe(100);
    expect(recentNumbers).toEqual([]);
    expect(operators.map((o: { code: string }) => o.code)).toEqual([
      'smart',
      'cellcard',
      'metfone',
      'seatel',
      'qbmore-cadcomms',
    ]);
    expect(operators[0]).toMatchObject({ name: 'Smart', amountsCents: [100, 200, 500, 1000, 2000, 5000] });
    expect(operators[0].ranges).toContainEqual({ start: '10', lengths: [8] });
    // The mobile ranges no offered operator runs, so the screen says what the server will.
    expect(visitor.body.data.unservedRanges).toContainEqual({ start: '19', lengths: [8] });
    expect(visitor.body.data.unservedRanges).not.toContainEqual({ start: '10', lengths: [8] });

    const { token } = await shopper();
    await create(token, '012 345 678', 500);
    await create(token, '+855 10 222 333', 100);
    const mine = await shop.call('GET', '/v1/other/topuppage', { token });
    expect(mine.body.data.recentNumbers).toEqual([
      { phone: '+85510222333', operatorCode: 'smart' },
      { phone: '+85512345678', operatorCode: 'cellcard' },
    ]);
  });
});

describe('a top-up order', () => {
  it('checks the number, its operator and the amount, in the shopper’s language', async () => {
    const { token } = await shopper();
    expect((await create(token, 'hello', 500)).body.code).toBe('TOP00002');
    expect((await create(token, '012 34', 500, 'kh')).body).toMatchObject({
      code: 'TOP00002',
      msg: 'សូមបញ្ចូលលេខទូរស័ព្ទចល័តនៅកម្ពុជា',
    });
    // 019: a mobile range libphonenumber names no operator for.
    expect((await create(token, '019 555 666', 500, 'chs')).body).toMatchObject({
      code: 'TOP00003',
      msg: '无法为该号码充值：我们不支持其运营商',
    });
    expect((await create(token, '012 345 678', 50)).body).toMatchObject({
      code: 'TOP00001',
      msg: 'The minimum top-up is USD 1.00',
    });
    expect((await create(token, '012 345 678', 300)).body).toMatchObject({
      code: 'TOP00004',
      msg: 'This amount is not offered for Cellcard',
    });
    // The screen's rule and the server's refusal are one (checkTopupNumber, packages/contracts).
    const page = (await shop.call('GET', '/v1/other/topuppage', { token })).body.data;
    for (const typed of ['0123', '023 123 456', '019 555 666', '+86 138 0013 8000', '012 345 678 901']) {
      const check = checkTopupNumber(typed, page.operators, page.unservedRanges);
      expect(check.kind, typed).not.toBe('ok');
      expect((await create(token, typed, 500)).body.code, typed).toBe(
        TOPUP_NUMBER_REFUSAL[check.kind as keyof typeof TOPUP_NUMBER_REFUSAL],
      );
    }
    const made = await create(token, '0976 123 456', 1000);
    expect(made.body.data).toMatchObject({
      phone: '+855976123456',
      operatorCode: 'metfone',
      amountCents: 1000,
      state: 'WP',
    });
    expect(made.body.data.orderNo).toMatch(/^T\d{18}$/);
    // Made in the same second, every number differs.
    const burst = await Promise.all(Array.from({ length: 30 }, () => create(token, '012 345 678', 100)));
    expect(new Set(burst.map((r) => r.body.data.orderNo)).size).toBe(30);
  });

  it('is paid by wallet at the cashier, sent once and done; the shopper is told', async () => {
    const { userId, token } = await shopper(2_000);
    const order = (await create(token, '012 345 678', 500)).body.data;
    const cashier = await shop.call('GET', '/v1/h5/new/cashier/refresh', {
      token,
      query: { orderId: order.id, kind: 'topup' },
    });
    expect(cashier.body.data).toMatchObject({
      orderNo: order.orderNo,
      payableCents: 500,
      state: 'WP',
      resultPath: `/topup?record=${order.id}`,
    });
    expect((await payByWallet(token, order.id)).body.data.status).toBe('SUCCEEDED');
    expect(await cash(userId)).toBe(1_500);
    expect((await detail(token, order.id)).state).toBe('PAID');
    await runJobs();
    expect(await detail(token, order.id)).toMatchObject({ state: 'SUCCESS', payChannel: 'wallet' });
    expect(await simRows(order.id)).toBe(1);
    const notices = await shop.call('GET', '/v1/notify/list', { token });
    expect(JSON.stringify(notices.body.data)).toContain('Top-up done');
    const list = await shop.call('GET', '/v1/topup/order/list', { token });
    expect(list.body.data).toMatchObject({ total: 1, list: [{ id: order.id, state: 'SUCCESS' }] });
  });

  it('a top-up the operator refuses gives the money back to the wallet, once', async () => {
    const { userId, token } = await shopper(1_000);
    const order = (await create(token, '012 345 600', 200)).body.data;
    await payByWallet(token, order.id);
    expect(await cash(userId)).toBe(800);
    await runJobs();
    await runJobs();
    const done = await detail(token, order.id);
    expect(done).toMatchObject({ state: 'FAILED' });
    expect(done.failure).toContain('money has been returned');
    expect(await cash(userId)).toBe(1_000);
    // The send job again (a duplicate run) changes nothing.
    await shop.services.topup.send(order.id);
    expect(await cash(userId)).toBe(1_000);
  });

  it('an unknown outcome is asked again until the provider knows (success and failure)', async () => {
    const { userId, token } = await shopper(1_000);
    const later = (await create(token, '012 345 699', 100)).body.data;
    const refused = (await create(token, '012 345 698', 100)).body.data;
    await payByWallet(token, later.id);
    await payByWallet(token, refused.id);
    await runJobs();
    expect((await detail(token, later.id)).state).toBe('SENT');
    expect((await detail(token, refused.id)).state).toBe('SENT');
    // The provider settles them; the next ask finds out.
    await shop.db.execute(sql`UPDATE topup_sim_transactions SET settles_at = now() - interval '1 second'
      WHERE reference IN (${later.id}, ${refused.id})`);
    await runJobs(20_000);
    expect((await detail(token, later.id)).state).toBe('SUCCESS');
    expect((await detail(token, refused.id)).state).toBe('FAILED');
    expect(await cash(userId)).toBe(900);
    const log = await shop.services.topup.providerLog(later.id);
    expect(log.map((l) => l.action)).toEqual(['send', 'query']);
  });

  it('the simulator’s …97: no answer, then the resend refused with nothing in the report: held, not refunded', async () => {
    const { userId, token } = await shopper(1_000);
    const order = (await create(token, '012 345 697', 100)).body.data;
    await payByWallet(token, order.id);
    // The first try: no answer (the job tries again); the resend: refused, the report holds nothing.
    await runJobs();
    expect((await detail(token, order.id)).state).toBe('PAID');
    await runJobs(5_000);
    expect((await detail(token, order.id)).state).toBe('HELD');
    expect(await cash(userId)).toBe(900);
    expect(await simRows(order.id)).toBe(0);
    const log = await shop.services.topup.providerLog(order.id);
    expect(log.map((l) => l.action)).toEqual(['send', 'send']);
  });

  it('a process that died after asking the provider asks again and gets the first answer: topped up once', async () => {
    const { userId, token } = await shopper(1_000);
    const order = (await create(token, '010 777 888', 500)).body.data;
    await payByWallet(token, order.id);
    // The provider took the request, then the process died before the answer was recorded.
    await shop.services.topupProvider.send({
      reference: order.id,
      msisdn: '10777888',
      operatorCode: 'smart',
      amountCents: 500,
    });
    // The job runs again (and twice at once, as two processes could).
    await Promise.all([shop.services.topup.send(order.id), shop.services.topup.send(order.id), runJobs()]);
    expect((await detail(token, order.id)).state).toBe('SUCCESS');
    expect(await simRows(order.id)).toBe(1);
    expect(await cash(userId)).toBe(500);
  });

  it('is paid through a gateway: repeated callbacks pay it once and send it once', async () => {
    const { token } = await shopper(0);
    const order = (await create(token, '015 123 456', 1000)).body.data;
    const pay = await shop.call('POST', '/v1/order/pay', {
      token,
      body: { orderId: order.id, kind: 'topup', channel: 'sandbox' },
    });
    expect(pay.body.data.status).toBe('PENDING');
    // The bank sends the shopper back to the top-up's record, not to an order's result page.
    expect(pay.body.data.redirectUrl).toContain(encodeURIComponent(`/h5/topup?record=${order.id}`));
    const body = {
      paymentId: pay.body.data.paymentId,
      status: 'SUCCEEDED',
      amountCents: 1000,
      transactionId: 'SBX-TOPUP',
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
    await runJobs();
    expect(await detail(token, order.id)).toMatchObject({ state: 'SUCCESS', payChannel: 'sandbox' });
    expect(await simRows(order.id)).toBe(1);
  });

  it('is made by /create as by /new, and paid by KHQR or the wallet app once, sent once', async () => {
    const { token } = await shopper(0);
    const made = await shop.call('POST', '/v1/topup/order/create', {
      token,
      body: { phone: '+855 15 222 111', amountCents: 200 },
    });
    expect(made.body.data).toMatchObject({ state: 'WP', amountCents: 200 });
    const orderId = made.body.data.id;
    const qr = await shop.call('POST', '/v1/order/pay', { token, body: { orderId, kind: 'topup', channel: 'khqr' } });
    expect(qr.body.code).toBe('0');
    expect(parseKhqr(qr.body.data.khqr)['54']).toBe('2');
    const pay = await shop.call('POST', '/v1/order/pay', {
      token,
      body: { orderId, kind: 'topup', channel: 'bridge' },
    });
    const ref = pay.body.data.bridge.partnerRefNumber;
    const sign = createHmac('sha256', SECRET).update(`200|${orderId}|${ref}|WT1`).digest('hex');
    const query = { statusCode: '200', orderId, partnerRefNumber: ref, transactionId: 'WT1', sign };
    const answers = await Promise.all(
      [0, 1, 2].map(() => shop.call('GET', '/v1/pay/wingh5/success', { token, query })),
    );
    expect(answers.every((a) => a.body.data.paid === true)).toBe(true);
    await runJobs();
    expect(await detail(token, orderId)).toMatchObject({ state: 'SUCCESS', payChannel: 'bridge' });
    expect(await simRows(orderId)).toBe(1);
  });

  it('is cancelled when not paid in time, and can no longer be paid', async () => {
    const { token } = await shopper(1_000);
    const order = (await create(token, '012 888 111', 100)).body.data;
    expect(await shop.services.topup.expireUnpaid(new Date(Date.now() + 31 * 60_000))).toBeGreaterThan(0);
    expect((await detail(token, order.id)).state).toBe('CANCEL');
    expect((await payByWallet(token, order.id)).body.code).toBe('TOP00006');
  });

  it('someone else’s top-up is not found', async () => {
    const a = await shopper();
    const b = await shopper();
    const order = (await create(a.token, '012 345 678', 100)).body.data;
    const res = await shop.call('GET', '/v1/topup/order/detail', { token: b.token, query: { id: order.id } });
    expect(res.body.code).toBe('TOP00005');
  });
});

describe('the console', () => {
  it('lists top-ups by state and number, shows the provider log, asks again and refunds an unknown outcome', async () => {
    const owner = await shop.services.staff.createOwner('owner.topup', 'Angkor2026pass');
    const staffToken = async (role: 'finance' | 'support') => {
      const member = await shop.services.staff.create(
        { login: `${role}.topup`, displayName: role, password: 'Angkor2026pass', roles: [role] },
        { staffId: owner.id, login: 'owner.topup' },
      );
      return (await shop.ctx.sessions.create('staff', member.id)).token;
    };
    const finance = await staffToken('finance');
    const support = await staffToken('support');

    const { userId, token } = await shopper(1_000);
    const stuck = (await create(token, '016 100 099', 500)).body.data;
    await payByWallet(token, stuck.id);
    await runJobs();
    expect((await detail(token, stuck.id)).state).toBe('SENT');

    const list = await shop.call('GET', '/admin-api/v1/topups', {
      token: finance,
      query: { state: 'SENT', phone: '016 100 099' },
    });
    expect(list.body.data).toMatchObject({ total: 1, list: [{ id: stuck.id, state: 'SENT', phone: '+85516100099' }] });
    expect(list.body.data.counts.SENT).toBeGreaterThan(0);
    expect((await shop.call('GET', '/admin-api/v1/topups', { token: support })).body.code).not.toBe('0');

    const retry = await shop.call('POST', '/admin-api/v1/topups/retry', { token: finance, body: { id: stuck.id } });
    expect(retry.body.data.state).toBe('SENT');
    const refund = await shop.call('POST', '/admin-api/v1/topups/refund', {
      token: finance,
      body: { id: stuck.id, reason: 'provider has no record after a day' },
    });
    expect(refund.body.data).toMatchObject({ state: 'FAILED' });
    expect(await cash(userId)).toBe(1_000);
    const log = await shop.call('GET', '/admin-api/v1/topups/log', { token: finance, query: { id: stuck.id } });
    expect(log.body.data.map((l: { action: string }) => l.action)).toEqual(['send', 'retry', 'retry']);
    // A finished one cannot be asked again.
    const again = await shop.call('POST', '/admin-api/v1/topups/retry', { token: finance, body: { id: stuck.id } });
    expect(again.body.code).toBe('TOP00008');
  });
});

describe('without a provider', () => {
  it('refuses new top-ups instead of taking money for one nobody sends', async () => {
    const { NoTopupProvider } = await import('../../integrations/topup-provider/provider.ts');
    const before = shop.services.topupProvider;
    Object.defineProperty(shop.services, 'topupProvider', {
      value: new NoTopupProvider(),
      configurable: true,
      writable: true,
    });
    try {
      const { token } = await shopper();
      expect((await create(token, '012 345 678', 500, 'kh')).body).toMatchObject({
        code: 'TOP00009',
        msg: 'សេវាបញ្ចូលលុយទូរស័ព្ទមិនទាន់មាននៅពេលនេះទេ',
      });
    } finally {
      Object.defineProperty(shop.services, 'topupProvider', { value: before, configurable: true, writable: true });
    }
  });
});
