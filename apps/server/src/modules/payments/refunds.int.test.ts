import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { fundShopper, publishedItem, quietShopper } from '../../../test/shoppers.ts';
import { SIM_PAYER } from '../../integrations/bakong/simulator.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';

/**
 * Issue 43: money that goes back leaves the shop. Against the real wallet, orders and the local
 * parties (the sandbox bank, the Bakong stand-in); each case asserts the party's own record (the
 * sandbox bank's refunds, the wallet's ledger), not only the shop's status.
 */
const SECRET = 'refunds-secret';
let shop: TestShop;
let skuId: string;
let finance: string;

beforeAll(async () => {
  shop = await startTestShop({ paymentSecret: SECRET });
  shop.services.payments.sandboxBank.behaviour = { delayMs: 0, copies: 2 };
  const owner = await shop.services.staff.createOwner('owner.refunds', 'Angkor2026pass');
  const money = await shop.services.staff.create(
    { login: 'finance.refunds', displayName: 'Finance', password: 'Angkor2026pass', roles: ['finance'] },
    { staffId: owner.id, login: 'owner.refunds' },
  );
  finance = (await shop.ctx.sessions.create('staff', money.id)).token;
  skuId = await publishedItem(
    shop,
    { priceCents: 390, stock: 1000 },
    { 'en-US': 'Jasmine rice 1 kg', chs: '茉莉香米 1 公斤', kh: 'អង្ករម្លិះ ១ គីឡូ' },
  );
});
afterAll(() => shop.close());

const payments = () => shop.services.payments;

async function order(token: string): Promise<string> {
  const call = (url: string, body: unknown) => shop.call('POST', url, { token, body });
  const pre = await call('/v1/preorder/createdirect', { skuId, quantity: 1, shipType: 'STORE' });
  expect(pre.body.code, pre.body.msg).toBe('0');
  const done = await call('/v1/preorder/finish', { preorderId: pre.body.data.id });
  return done.body.data.orderId;
}

async function pay(token: string, orderId: string, channel: string) {
  const res = await shop.call('POST', '/v1/order/pay', { token, body: { orderId, channel } });
  expect(res.body.code, JSON.stringify(res.body)).toBe('0');
  return res.body.data as { paymentId: string; khqr: string | null };
}

/** The sandbox bank's signed callback of what its books say about a payment, as it sends it. */
async function bankCallback(paymentId: string) {
  const r = await payments().sandboxRecord(paymentId);
  if (!r) throw new Error('the bank has no record');
  const body = {
    paymentId,
    status: r.status,
    amountCents: r.amountCents,
    transactionId: r.transactionId,
    timestamp: Date.now(),
  };
  const signature = createHmac('sha256', SECRET)
    .update(`${body.paymentId}|${body.status}|${body.amountCents}|${body.transactionId}|${body.timestamp}`)
    .digest('hex');
  const res = await shop.app.inject({
    method: 'POST',
    url: '/v1/pay/callback/sandbox',
    payload: { ...body, signature },
  });
  return res.json().outcome as string;
}

/** Runs due jobs (refunds' retries included) until none is left, a few rounds. */
async function drain(aheadMs = 2 * 3_600_000) {
  for (let i = 0; i < 6; i++) if ((await shop.ctx.jobs.runDue(new Date(Date.now() + aheadMs))) === 0) break;
}

async function refundsOf(orderId: string) {
  return queryRows<{
    state: string;
    channel: string;
    amount_cents: number;
    destination: string;
    party_ref: string | null;
    bank_account: string | null;
    id: string;
    attempts: number;
  }>(shop.db, sql`SELECT * FROM payment_refunds WHERE payable_id = ${orderId} ORDER BY created_at`);
}

/**
 * The kinds of the shopper's in-app notices, once the notification service's in-app channel has
 * written the pending ones (the refund path tells the service; its outbox writes the notice).
 */
async function noticeKinds(userId: string) {
  const pending = await queryRows<{ id: number }>(
    shop.db,
    sql`SELECT id FROM notification_deliveries WHERE user_id = ${userId} AND state = 'pending' ORDER BY id`,
  );
  for (const d of pending) await shop.services.notifications.outbox.deliver(Number(d.id));
  const rows = await queryRows<{ kind: string }>(
    shop.db,
    sql`SELECT kind FROM notices WHERE user_id = ${userId} ORDER BY id`,
  );
  return rows.map((r) => r.kind);
}

describe('a late payment', () => {
  it('is refunded at the sandbox bank once, however often its callback comes and its job runs', async () => {
    const me = await quietShopper(shop, { payPassword: '112233' });
    await fundShopper(shop, me.userId, { cashCents: 1_000 });
    const orderId = await order(me.token);
    const first = await pay(me.token, orderId, 'sandbox');
    await payments().sandboxDecide(first.paymentId, 'timeout');
    // Paid again from the wallet; then the payer pays the first at the bank after all.
    await shop.call('POST', '/v1/order/pay', {
      token: me.token,
      body: { orderId, channel: 'wallet', payPassword: '112233' },
    });
    await payments().sandboxDecide(first.paymentId, 'success');
    expect(await bankCallback(first.paymentId)).toBe('late');
    expect(await bankCallback(first.paymentId)).toBe('duplicate');
    await drain();
    await drain();
    // The bank's own books: 3.90 went back, once.
    const bank = await payments().sandboxBank.refunds(first.paymentId);
    expect(bank).toMatchObject({ paidCents: 390, refundedCents: 390 });
    expect(bank?.refunds).toHaveLength(1);
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ state: 'REFUNDED', channel: 'sandbox', amount_cents: 390, destination: 'gateway' });
    expect(refund.party_ref).toBe(bank?.refunds[0].id);
    const rows = await payments().paymentsOf(orderId);
    expect(rows.map((p) => [p.channel, p.status]).sort()).toEqual([
      ['sandbox', 'REFUNDED'],
      ['wallet', 'SUCCEEDED'],
    ]);
    // The shopper is told when it is made and when it arrives.
    expect(await noticeKinds(me.userId)).toEqual(expect.arrayContaining(['refund.made', 'refund.arrived']));
  });

  it('a time-out is followed by a lookup at the bank, not a second refund call', async () => {
    const me = await quietShopper(shop);
    const orderId = await order(me.token);
    const first = await pay(me.token, orderId, 'sandbox');
    // The shopper cancels once the payment is past its time (not while it is at the bank: ORD0080).
    await shop.db.execute(
      sql`UPDATE payments SET created_at = now() - interval '16 minutes' WHERE id = ${first.paymentId}`,
    );
    expect((await shop.call('POST', '/v1/order/cancel', { token: me.token, body: { orderId } })).body.code).toBe('0');
    await payments().sandboxDecide(first.paymentId, 'success');
    const bank = payments().sandboxBank;
    const callsBefore = bank.calls;
    // The bank makes the refund, and its answer never comes back.
    bank.trouble.push('lose-answer');
    expect(await bankCallback(first.paymentId)).toBe('late');
    await shop.ctx.jobs.runDue(new Date(Date.now() + 1_000));
    const [sent] = await refundsOf(orderId);
    expect(sent).toMatchObject({ state: 'SENT', attempts: 1 });
    expect((await bank.refunds(first.paymentId))?.refunds).toHaveLength(1);
    // The next try asks the bank first: made there, it is confirmed without calling refund again.
    await drain();
    const [done] = await refundsOf(orderId);
    expect(done).toMatchObject({ state: 'REFUNDED', attempts: 1 });
    expect(bank.calls - callsBefore).toBe(1);
    expect(await bank.refunds(first.paymentId)).toMatchObject({ refundedCents: 390 });
  });

  it('an outage is tried again later; a payment the bank never took is refused and left to staff', async () => {
    const me = await quietShopper(shop);
    const orderId = await order(me.token);
    const first = await pay(me.token, orderId, 'sandbox');
    // The shopper cancels once the payment is past its time (not while it is at the bank: ORD0080).
    await shop.db.execute(
      sql`UPDATE payments SET created_at = now() - interval '16 minutes' WHERE id = ${first.paymentId}`,
    );
    expect((await shop.call('POST', '/v1/order/cancel', { token: me.token, body: { orderId } })).body.code).toBe('0');
    await payments().sandboxDecide(first.paymentId, 'success');
    payments().sandboxBank.trouble.push('down');
    expect(await bankCallback(first.paymentId)).toBe('late');
    await shop.ctx.jobs.runDue(new Date(Date.now() + 1_000));
    expect((await refundsOf(orderId))[0].state).toBe('SENT');
    await drain();
    expect((await refundsOf(orderId))[0].state).toBe('REFUNDED');
    expect((await payments().sandboxBank.refunds(first.paymentId))?.refunds).toHaveLength(1);
  });
});

describe('a refund racing a second callback and a cancel', () => {
  it('two payments of one order, the order refunded by staff while the second payment’s callbacks arrive: each paid amount goes back once', async () => {
    const me = await quietShopper(shop);
    const orderId = await order(me.token);
    const a = await pay(me.token, orderId, 'sandbox');
    const b = await pay(me.token, orderId, 'mpgs');
    await payments().sandboxDecide(a.paymentId, 'success');
    await payments().sandboxDecide(b.paymentId, 'success');
    expect(await bankCallback(a.paymentId)).toBe('paid');
    const outcomes = await Promise.all([
      bankCallback(b.paymentId),
      bankCallback(b.paymentId),
      shop.services.orders.move(orderId, 'refund', 'staff', { note: 'out of stock' }),
      bankCallback(a.paymentId),
    ]);
    expect(outcomes.filter((o) => o === 'late')).toHaveLength(1);
    await drain();
    await drain();
    for (const id of [a.paymentId, b.paymentId]) {
      const bank = await payments().sandboxBank.refunds(id);
      expect(bank, id).toMatchObject({ paidCents: 390, refundedCents: 390 });
      expect(bank?.refunds).toHaveLength(1);
    }
    const refunds = await refundsOf(orderId);
    expect(refunds.map((r) => r.state)).toEqual(['REFUNDED', 'REFUNDED']);
    expect((await shop.services.orders.getOrder(orderId))?.state).toBe('REFUND');
    // Asked again (a staff retry of the move, the old job), nothing more goes back.
    await shop.db.transaction((tx) =>
      payments().refund({ kind: 'order', id: orderId, userId: me.userId, amountCents: 390, channel: 'sandbox' }, tx),
    );
    await payments().refundPayable('order', orderId, 390);
    await drain();
    expect(await refundsOf(orderId)).toHaveLength(2);
  });
});

describe('two KHQR codes paid', () => {
  /** The Bakong stand-in's "scan and pay" page, as a banking app. */
  const scanAndPay = (qr: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/bakong-sim/scan',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ qr }).toString(),
    });

  it('a second tap on Pay with KHQR shows the same code until it expires', async () => {
    const me = await quietShopper(shop);
    const orderId = await order(me.token);
    const first = await pay(me.token, orderId, 'khqr');
    const again = await pay(me.token, orderId, 'khqr');
    expect(again).toMatchObject({ paymentId: first.paymentId, khqr: first.khqr });
    const [{ n }] = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM payments WHERE order_id = ${orderId} AND channel = 'khqr'`,
    );
    expect(n).toBe(1);
    await shop.db.execute(
      sql`UPDATE payments SET khqr_expires_at = now() - interval '1 second' WHERE id = ${first.paymentId}`,
    );
    expect((await pay(me.token, orderId, 'khqr')).paymentId).not.toBe(first.paymentId);
  });

  async function twoCodesPaid() {
    const me = await quietShopper(shop);
    const orderId = await order(me.token);
    const first = await pay(me.token, orderId, 'khqr');
    // The first code runs out on the shop's side before Bakong confirms it; a second tap gives a new one.
    await shop.db.execute(
      sql`UPDATE payments SET khqr_expires_at = now() - interval '1 second' WHERE id = ${first.paymentId}`,
    );
    const second = await pay(me.token, orderId, 'khqr');
    expect(second.paymentId).not.toBe(first.paymentId);
    for (const p of [first, second]) expect((await scanAndPay(p.khqr as string)).statusCode).toBeLessThan(400);
    expect(await payments().khqr.check(second.paymentId)).toBe('paid');
    expect(await payments().khqr.check(first.paymentId)).toBe('late');
    return { me, orderId, first, second };
  }

  it('the extra one goes to the wallet at once, where the shopper can withdraw it', async () => {
    const { me, orderId, first } = await twoCodesPaid();
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ state: 'REFUNDED', channel: 'khqr', destination: 'wallet', amount_cents: 390 });
    expect(await payments().refunds.payingAccount(first.paymentId, shop.db)).toBe(SIM_PAYER);
    // The wallet's own books: 3.90 in cash, filed as a refund of the order.
    expect((await shop.services.wallet.balances(me.userId)).cashCents).toBe(390);
    const bills = await shop.services.wallet.bills(me.userId, { page: 1, size: 10 });
    expect(bills.list).toEqual([
      expect.objectContaining({ kind: 'refund', amountCents: 390, refType: 'order', refId: orderId }),
    ]);
    expect((await payments().paymentsOf(orderId)).find((p) => p.id === first.paymentId)?.status).toBe('REFUNDED');
    expect(await noticeKinds(me.userId)).toContain('refund.arrived');
    // Seen again (Bakong's watch, "I have paid"): nothing more.
    expect(await payments().khqr.check(first.paymentId)).toBe('duplicate');
    expect((await shop.services.wallet.balances(me.userId)).cashCents).toBe(390);
  });

  it('or, as the shopper chooses, back to the paying account: a finance task staff close with the transfer reference', async () => {
    const { me, orderId, first } = await twoCodesPaid();
    const [refund] = await refundsOf(orderId);
    // The shopper sees both payments and the refund, and sends it to the paying account.
    const seen = await shop.call('GET', '/v1/pay/refunds', { token: me.token, query: { orderId } });
    expect(seen.body.data.payments.map((p: { role: string }) => p.role).sort()).toEqual(['EXTRA', 'PAID']);
    expect(seen.body.data.refunds).toEqual([
      expect.objectContaining({ id: refund.id, destination: 'wallet', state: 'REFUNDED', canSendToBank: true }),
    ]);
    const chosen = await shop.call('POST', '/v1/pay/refunds/to-bank', {
      token: me.token,
      body: { refundId: refund.id },
    });
    expect(chosen.body.data).toMatchObject({ state: 'AWAITING_TRANSFER', destination: 'bank', bankAccount: SIM_PAYER });
    // The wallet gave it back: the money is no longer the shopper's to spend twice.
    expect((await shop.services.wallet.balances(me.userId)).cashCents).toBe(0);
    // Its bills say so: the refund in, then the same money sent on to the bank (not a second refund).
    const bills = await shop.services.wallet.bills(me.userId, { page: 1, size: 10 });
    expect(bills.list.map((b) => [b.kind, b.amountCents])).toEqual([
      ['refund_to_bank', -390],
      ['refund', 390],
    ]);
    expect((await payments().paymentsOf(orderId)).find((p) => p.id === first.paymentId)?.status).toBe('LATE');
    // Chosen twice: the same task.
    expect((await payments().refunds.toBank(me.userId, refund.id)).id).toBe(refund.id);
    expect((await shop.services.wallet.balances(me.userId)).cashCents).toBe(0);
    // Finance sees the task with the account and amount, and records the transfer reference.
    const tasks = await shop.call('GET', '/admin-api/v1/refunds', { token: finance });
    expect(tasks.body.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: refund.id,
          state: 'AWAITING_TRANSFER',
          bankAccount: SIM_PAYER,
          amountCents: 390,
        }),
      ]),
    );
    const empty = await shop.call('POST', '/admin-api/v1/refunds/transfer', {
      token: finance,
      body: { id: refund.id, reference: '   ' },
    });
    expect(empty.body.code).toBe('PAY0053');
    const sent = await shop.call('POST', '/admin-api/v1/refunds/transfer', {
      token: finance,
      body: { id: refund.id, reference: 'ACLEDA-TT-778812' },
    });
    expect(sent.body.data).toMatchObject({ state: 'REFUNDED', transferReference: 'ACLEDA-TT-778812' });
    const done = await payments().refunds.get(refund.id);
    expect(done).toMatchObject({ state: 'REFUNDED', partyRef: 'ACLEDA-TT-778812' });
    expect((await payments().paymentsOf(orderId)).find((p) => p.id === first.paymentId)?.status).toBe('REFUNDED');
    expect(await noticeKinds(me.userId)).toEqual(expect.arrayContaining(['refund.made', 'refund.arrived']));
  });

  it('money spent from the wallet cannot also go to the bank account', async () => {
    const { me, orderId } = await twoCodesPaid();
    const [refund] = await refundsOf(orderId);
    await shop.services.wallet.transfer({
      from: { userId: me.userId, account: 'cash' },
      to: { platform: 'payouts' },
      amountCents: 200,
      kind: 'withdrawal_finish',
      ref: { type: 'test', id: refund.id },
      idempotencyKey: `spent:${refund.id}`,
    });
    await expect(payments().refunds.toBank(me.userId, refund.id)).rejects.toMatchObject({ code: 'PAY0052' });
    const other = await quietShopper(shop);
    await expect(payments().refunds.toBank(other.userId, refund.id)).rejects.toMatchObject({ code: 'PAY0050' });
  });
});
