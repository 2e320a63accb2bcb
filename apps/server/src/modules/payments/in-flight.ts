// A payment pays only what it was made for (issue 43, point 3). While a payment of a payable is in
// flight (PENDING at a gateway, a KHQR code, the wallet app's bridge), the payable's amount and
// content do not change: the owner's change steps ask `paymentInFlight` under their own row lock and
// answer PAY0060. Starting such a payment locks the payable too (`lockForSettlement`), so a change
// and a start are one after the other. What still slips through (a payment answered after it
// expired, then the payable changed) is caught at the settlement: a payment whose amount is not the
// payable's goes back (`amountChanged`).
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Payable } from './registry.ts';
import { payments } from './tables.ts';

/** Channels whose answer comes later (a gateway, KHQR, the bridge): their PENDING payments are in flight. */
export const LATER_ANSWER_CHANNELS = ['sandbox', 'payway', 'mpgs', 'khqr', 'bridge'] as const;

/** Whether a payment of this payable is waiting for its answer. */
export async function paymentInFlight(db: Db, kind: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.payableKind, kind),
        eq(payments.orderId, id),
        eq(payments.status, 'PENDING'),
        inArray(payments.channel, [...LATER_ANSWER_CHANNELS]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** PAY0060 while a payment of this payable waits for its answer (call it with the payable's row locked). */
export async function refuseWhileInFlight(db: Db, kind: string, id: string): Promise<void> {
  if (await paymentInFlight(db, kind, id)) throw new AppError('PAY0060');
}

/** Whether a payment was made for another amount than the payable asks now (it changed since). */
export function amountChanged(payment: { amountCents: number }, payable: Payable): boolean {
  return payment.amountCents !== payable.payableCents;
}
