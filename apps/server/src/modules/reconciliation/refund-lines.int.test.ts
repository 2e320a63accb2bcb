import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { publishedItem, quietShopper } from '../../../test/shoppers.ts';
import { phnomPenhDay } from '../../platform/days.ts';
import { sql } from '../../platform/sql.ts';

// Issue 43, point 4: reconciliation sees refunds. A refund the shop counts that the sandbox bank
// never made, a refund not done after a day and a KHQR finance task open for two days are each a
// line with who fixes it.

let shop: TestShop;
let finance: string;
let skuId: string;

beforeAll(async () => {
  shop = await startTestShop();
  shop.services.payments.sandboxBank.behaviour = { delayMs: 0, copies: 1 };
  const owner = await shop.services.staff.createOwner('owner.refunds', 'Angkor2026pass');
  const money = await shop.services.staff.create(
    { login: 'finance.refunds', displayName: 'Finance', password: 'Angkor2026pass', roles: ['finance'] },
    { staffId: owner.id, login: 'owner.refunds' },
  );
  finance = (await shop.ctx.sessions.create('staff', money.id)).token;
  skuId = await publishedItem(
    shop,
    { priceCents: 700, stock: 100 },
    { 'en-US': 'Kampot pepper', chs: '贡布胡椒', kh: 'ម្រេចកំពត' },
  );
});
afterAll(() => shop?.close());

const drain = async () => {
  for (let i = 0; i < 6; i++) if ((await shop.ctx.jobs.runDue(new Date(Date.now() + 2 * 3_600_000))) === 0) break;
};

/** An order paid at the sandbox bank, then refunded by staff (the refund goes to the bank). */
async function refundedOrder(beforeRefund?: (paymentId: string) => Promise<void>) {
  const me = await quietShopper(shop);
  const call = (url: string, body: unknown) => shop.call('POST', url, { token: me.token, body });
  const pre = await call('/v1/preorder/createdirect', { skuId, quantity: 1, shipType: 'STORE' });
  const { orderId } = (await call('/v1/preorder/finish', { preorderId: pre.body.data.id })).body.data;
  const pay = await call('/v1/order/pay', { orderId, channel: 'sandbox' });
  const paymentId = pay.body.data.paymentId as string;
  await shop.services.payments.sandboxDecide(paymentId, 'success');
  await drain();
  expect((await shop.services.orders.getOrder(orderId))?.state).toBe('PAY');
  await beforeRefund?.(paymentId);
  await shop.services.orders.move(orderId, 'refund', 'staff', { note: 'test' });
  await drain();
  return { orderId, paymentId, userId: me.userId };
}

describe('reconciliation of refunds', () => {
  it('lists a refund the gateway never made, a refund pending for a day, and a KHQR task open for two days', async () => {
    // 1. Refunded at the bank, then the bank's record of the refund is gone: it still says paid.
    const unmade = await refundedOrder();
    await shop.db.execute(sql`DELETE FROM sandbox_gateway_refunds WHERE payment_id = ${unmade.paymentId}`);
    // A refund the bank did make is not listed.
    const fine = await refundedOrder();
    // 2. Refused by the bank (it has no record of the payment), asked two days ago.
    const refused = await refundedOrder(async (paymentId) => {
      await shop.db.execute(sql`DELETE FROM sandbox_gateway_transactions WHERE payment_id = ${paymentId}`);
    });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000 - 60_000);
    await shop.db.execute(
      sql`UPDATE payment_refunds SET created_at = ${twoDaysAgo} WHERE payable_id = ${refused.orderId}`,
    );
    // 3. A KHQR refund sent to the paying account: three days open, and one opened today (not listed).
    const task = async (createdAt: Date, state = 'AWAITING_TRANSFER', channel = 'khqr') => {
      const rows = await shop.db.execute(sql`INSERT INTO payment_refunds
        (idempotency_key, payment_id, payable_kind, payable_id, user_id, channel, amount_cents, reason, destination, state, bank_account, created_at)
        VALUES (${`refund:test:${state}:${createdAt.getTime()}`}, gen_random_uuid(), 'order', gen_random_uuid(), 'someone', ${channel}, 390, 'late', 'bank', ${state}, 'payer@aclb', ${createdAt})
        RETURNING id`);
      return ((rows as unknown as { rows: { id: string }[] }).rows ?? (rows as unknown as { id: string }[]))[0].id;
    };
    const oldTask = await task(new Date(Date.now() - 3 * 86_400_000));
    await task(new Date());
    // 4. Sent to PayWay two days ago and never answered (its lookups fail): the gateway's to fix.
    const unanswered = await task(new Date(Date.now() - 2 * 86_400_000), 'SENT', 'payway');

    const day = phnomPenhDay(new Date());
    const run = await shop.call('POST', '/admin-api/v1/reconciliation/run', { token: finance, body: { day } });
    expect(run.body.code, run.body.msg).toBe('0');
    const lines = run.body.data.list.filter((m: { party: string }) => m.party === 'refunds');
    const byKind = (kind: string) => lines.filter((m: { kind: string }) => m.kind === kind);
    expect(byKind('refund-not-made')).toEqual([
      expect.objectContaining({ reference: unmade.paymentId, shopCents: 700, partyCents: 0, fixer: 'finance' }),
    ]);
    expect(lines.some((m: { reference: string }) => m.reference === fine.paymentId)).toBe(false);
    expect(byKind('refund-pending')).toEqual([
      expect.objectContaining({ shopSays: 'FAILED sandbox', shopCents: 700, fixer: 'finance' }),
      expect.objectContaining({ reference: unanswered, shopSays: 'SENT payway', shopCents: 390, fixer: 'partner' }),
    ]);
    expect(byKind('refund-pending')[0].partySays).toContain('NOT_PAID');
    expect(byKind('refund-task-open')).toEqual([
      expect.objectContaining({ reference: oldTask, shopSays: 'AWAITING_TRANSFER payer@aclb', fixer: 'finance' }),
    ]);
    expect(run.body.data.parties.find((p: { party: string }) => p.party === 'refunds')).toMatchObject({ error: null });
  });
});
