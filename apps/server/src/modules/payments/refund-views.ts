// The shopper's and the console's view of payments and refunds: what a payable's payments took
// (the one that paid it, an extra or late one) and where each refund goes, in which state.
import type { PayableMoney, PayChannel, PayCurrency, RefundLine } from '@shop/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { canMove, KHQR_BANK_CHOICE_MS } from './refund-states.ts';
import type { RefundEngine, RefundRow } from './refunds.ts';
import { paymentRefunds, payments } from './tables.ts';

export function refundLineOf(r: RefundRow, now = Date.now()): RefundLine {
  return {
    id: r.id,
    paymentId: r.paymentId,
    payableKind: r.payableKind,
    payableId: r.payableId,
    channel: r.channel as PayChannel,
    amountCents: r.amountCents,
    destination: r.destination as RefundLine['destination'],
    state: r.state as RefundLine['state'],
    bankAccount: r.bankAccount,
    amountRiel: r.amountRiel,
    transferReference: r.destination === 'bank' && r.state === 'REFUNDED' ? r.partyRef : null,
    createdAt: r.createdAt.toISOString(),
    doneAt: r.state === 'REFUNDED' ? (r.doneAt?.toISOString() ?? null) : null,
    canSendToBank:
      r.channel === 'khqr' &&
      r.destination === 'wallet' &&
      canMove(r.state, 'AWAITING_TRANSFER') &&
      now - r.createdAt.getTime() <= KHQR_BANK_CHOICE_MS,
  };
}

export function adminRefundLineOf(r: RefundRow) {
  return { ...refundLineOf(r), userId: r.userId, failure: r.failure, attempts: r.attempts };
}

/** A shopper's payable: every payment that took money for it, and the refunds. */
export async function payableMoneyOf(db: Db, userId: string, kind: string, id: string): Promise<PayableMoney> {
  const taken = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.payableKind, kind),
        eq(payments.orderId, id),
        inArray(payments.status, ['SUCCEEDED', 'LATE', 'REFUNDED']),
      ),
    )
    .orderBy(payments.createdAt);
  if (taken.some((p) => p.userId !== userId)) throw new AppError('PAY0009');
  const refunds = await db
    .select()
    .from(paymentRefunds)
    .where(
      and(eq(paymentRefunds.payableKind, kind), eq(paymentRefunds.payableId, id), eq(paymentRefunds.userId, userId)),
    )
    .orderBy(paymentRefunds.createdAt);
  const late = new Set(refunds.filter((r) => r.reason === 'late').map((r) => r.paymentId));
  // In the order the money was taken: a code opened first and paid last comes last.
  const paidAt = (p: (typeof taken)[number]) => p.settledAt ?? p.createdAt;
  taken.sort((a, b) => paidAt(a).getTime() - paidAt(b).getTime());
  return {
    payments: taken.map((p) => ({
      id: p.id,
      channel: p.channel as PayChannel,
      amountCents: p.amountCents,
      currency: p.currency as PayCurrency,
      amountRiel: p.amountRiel,
      role: p.status === 'LATE' || late.has(p.id) ? 'EXTRA' : p.status === 'REFUNDED' ? 'REFUNDED' : 'PAID',
      createdAt: p.createdAt.toISOString(),
      paidAt: paidAt(p).toISOString(),
    })),
    refunds: refunds.map((r) => refundLineOf(r)),
  };
}

/** A shopper's refunds, newest first. */
export async function refundsOfUser(engine: RefundEngine, userId: string) {
  return { refunds: (await engine.ofUser(userId)).map((r) => refundLineOf(r)) };
}

/** The console's open refunds: finance tasks first, then refused and waiting ones, oldest first. */
export async function openRefunds(db: Db) {
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.state, ['AWAITING_TRANSFER', 'FAILED', 'SENT', 'REQUESTED']))
    .orderBy(desc(eq(paymentRefunds.state, 'AWAITING_TRANSFER')), paymentRefunds.createdAt)
    .limit(500);
  return { list: rows.map(adminRefundLineOf) };
}
