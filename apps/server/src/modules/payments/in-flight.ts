import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { payments } from './tables.ts';

/**
 * Whether a payment of payable `id` of `kind` is in flight: a bank, KHQR code or wallet app
 * (`channels`) still holds it (pending, and not past its time: a KHQR code's expiry, another
 * channel's `timeoutMs`), so its answer may still come. A payable is not cancelled under it
 * (decision 0050).
 */
export async function paymentInFlight(
  db: Db,
  kind: string,
  id: string,
  channels: readonly string[],
  timeoutMs: number,
): Promise<boolean> {
  const now = new Date();
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.payableKind, kind),
        eq(payments.orderId, id),
        eq(payments.status, 'PENDING'),
        inArray(payments.channel, [...channels]),
        or(
          gt(payments.khqrExpiresAt, now),
          and(isNull(payments.khqrExpiresAt), gt(payments.createdAt, new Date(now.getTime() - timeoutMs))),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}
