// A payment pays only what it was made for (issue 43, point 3). While a payment of a payable is in
// flight (PENDING at a gateway, a KHQR code, the wallet app's bridge, and not past its time), the
// payable's amount and content do not change: the owner's change steps ask `paymentInFlight` under
// their own row lock and answer PAY0060; a shopper's cancel is refused the same way (ORD0080,
// decision 0050). Starting such a payment locks the payable too (`lockForSettlement`), so a change
// and a start are one after the other. What still slips through (a payment answered after its time,
// then the payable changed) is caught at the settlement: a payment whose amount is not the
// payable's goes back (`amountChanged`).
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Payable } from './registry.ts';
import { payments } from './tables.ts';

/** The online gateways' channels (the sandbox also answers 'mpgs'; 'payway' is PayWay when configured). */
export const ONLINE_GATEWAY_CHANNELS = ['sandbox', 'mpgs', 'payway'] as const;
/** Channels whose answer comes later (a gateway, KHQR, the bridge): their PENDING payments are in flight. */
export const LATER_ANSWER_CHANNELS = [...ONLINE_GATEWAY_CHANNELS, 'khqr', 'bridge'] as const;

/**
 * Whether a payment of payable `id` of `kind` waits for its answer: pending on a later-answer
 * channel and not past its time (a KHQR code's expiry, another channel's `timeoutMs`).
 */
export async function paymentInFlight(db: Db, kind: string, id: string, timeoutMs: number): Promise<boolean> {
  const now = new Date();
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.payableKind, kind),
        eq(payments.orderId, id),
        eq(payments.status, 'PENDING'),
        inArray(payments.channel, [...LATER_ANSWER_CHANNELS]),
        or(
          gt(payments.khqrExpiresAt, now),
          and(isNull(payments.khqrExpiresAt), gt(payments.createdAt, new Date(now.getTime() - timeoutMs))),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** PAY0060 while a payment of this payable waits for its answer (call it with the payable's row locked). */
export async function refuseWhileInFlight(db: Db, kind: string, id: string, timeoutMs: number): Promise<void> {
  if (await paymentInFlight(db, kind, id, timeoutMs)) throw new AppError('PAY0060');
}

/** Whether a payment was made for another amount than the payable asks now (it changed since). */
export function amountChanged(payment: { amountCents: number }, payable: Payable): boolean {
  return payment.amountCents !== payable.payableCents;
}
