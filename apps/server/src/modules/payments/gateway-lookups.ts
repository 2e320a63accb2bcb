// Asking a gateway about its own payments: how a payment whose pushback was lost, or could not be
// confirmed, is settled (PayWay's check-transaction-2, the sandbox's record), and the pending ones
// past their time marked EXPIRED.
import { and, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { PaymentBooks } from './books.ts';
import { GatewayKeyRefused, type VerifiedCallback } from './gateways.ts';
import { ONLINE_GATEWAY_CHANNELS } from './in-flight.ts';
import { KHQR_GIVE_UP_MS } from './khqr-bakong.ts';
import { gatewayKeyRefusals } from './metrics.ts';
import { payments } from './tables.ts';

/** A pending PayWay payment is looked up once this old (its pushback may have been lost), for a day. */
const LOOKUP_AFTER_MS = 60_000;
const LOOKUP_FOR_MS = 24 * 3_600_000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
export type LookupOutcome = 'paid' | 'duplicate' | 'failed' | 'late' | 'refused' | 'pending';

/** A gateway refused the shop's own key (HTTP 403 / a bad hash): an error for staff, counted in `/metrics`. */
export function countKeyRefused(log: Log, channel: string, error: Error): void {
  gatewayKeyRefusals.set(channel, (gatewayKeyRefusals.get(channel) ?? 0) + 1);
  log.error({ channel, reason: error.message }, `${error.message}: payments stay pending until it is fixed`);
}

type LookupSide = {
  db: Db;
  books: PaymentBooks;
  gatewayName: string;
  settle: (v: VerifiedCallback, channel: string) => Promise<Exclude<LookupOutcome, 'pending'>>;
  log: () => Log;
  /** A pending payment not confirmed within this time is EXPIRED (the cashier's PAYMENT_TIMEOUT_MS). */
  timeoutMs: number;
};

export class GatewayLookups {
  private readonly side: LookupSide;

  constructor(side: LookupSide) {
    this.side = side;
  }

  /**
   * Asks the gateway about a payment still waiting (or given up on) and settles it as the gateway
   * says: how a payment whose pushback was lost or could not be confirmed is settled.
   */
  async lookupPayment(paymentId: string): Promise<LookupOutcome> {
    const [payment] = await this.side.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment || !(ONLINE_GATEWAY_CHANNELS as readonly string[]).includes(payment.channel)) return 'refused';
    if (payment.status !== 'PENDING' && payment.status !== 'EXPIRED') return 'duplicate';
    const record = await this.side.books.gatewayRecord(payment.id, payment.channel);
    if (!record.found || (record.status !== 'PAID' && record.status !== 'FAILED')) return 'pending';
    const outcome = await this.side.settle(
      {
        paymentId: payment.id,
        status: record.status === 'PAID' ? 'SUCCEEDED' : 'FAILED',
        amountCents: record.amountCents,
        transactionId: record.transactionId,
      },
      payment.channel,
    );
    if (outcome === 'refused')
      this.side
        .log()
        .warn(
          { paymentId, gatewayCents: record.amountCents, shopCents: payment.amountCents },
          'gateway lookup says another amount: not settled',
        );
    return outcome;
  }

  /** Job: PayWay payments still waiting after a minute (up to a day) are looked up; one failure does not stop the rest. */
  async lookupPending(now = new Date()): Promise<number> {
    if (this.side.gatewayName !== 'payway') return 0;
    const rows = await this.side.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.channel, 'payway'),
          inArray(payments.status, ['PENDING', 'EXPIRED']),
          lt(payments.createdAt, new Date(now.getTime() - LOOKUP_AFTER_MS)),
          gte(payments.createdAt, new Date(now.getTime() - LOOKUP_FOR_MS)),
        ),
      )
      .limit(200);
    let settled = 0;
    for (const row of rows) {
      try {
        const outcome = await this.lookupPayment(row.id);
        if (outcome === 'paid' || outcome === 'failed' || outcome === 'late') settled++;
      } catch (error) {
        if (error instanceof GatewayKeyRefused) {
          // The same key refuses every lookup: said once per run, not once per payment.
          countKeyRefused(this.side.log(), 'payway', error);
          break;
        }
        this.side.log().warn({ paymentId: row.id, reason: (error as Error).message }, 'gateway lookup failed');
      }
    }
    return settled;
  }

  /**
   * Job: pending payments past the timeout become EXPIRED. A KHQR's own watch expires it after a
   * last question to Bakong; this sweep takes it only once that watch has long given up.
   */
  async expirePending(now = new Date()): Promise<number> {
    const rows = await this.side.db
      .update(payments)
      .set({ status: 'EXPIRED', failureReason: 'timeout' })
      .where(
        and(
          eq(payments.status, 'PENDING'),
          lt(payments.createdAt, new Date(now.getTime() - this.side.timeoutMs)),
          or(isNull(payments.khqrExpiresAt), lt(payments.khqrExpiresAt, new Date(now.getTime() - 2 * KHQR_GIVE_UP_MS))),
        ),
      )
      .returning({ id: payments.id });
    return rows.length;
  }
}
