import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { VerifiedCallback } from './gateways.ts';
import { amountChanged } from './in-flight.ts';
import type { RefundEngine } from './refunds.ts';
import type { PaymentRegistry } from './registry.ts';
import { payments } from './tables.ts';

export type SettleOutcome = 'paid' | 'duplicate' | 'failed' | 'late' | 'refused';

/**
 * Settling a gateway's verified outcome of a payment (moved out of service.ts): the payment row
 * locked, its payable marked paid once, or the money of a payment that no longer pays anything
 * sent back through the refund path.
 */
export class Settlement {
  private readonly deps: {
    db: Db;
    registry: PaymentRegistry;
    refunds: RefundEngine;
    log: () => Pick<FastifyBaseLogger, 'warn'>;
  };

  constructor(deps: Settlement['deps']) {
    this.deps = deps;
  }

  /**
   * A verified gateway outcome. Idempotent and race-free: the payment row is locked, a settled
   * payment is never settled again, and the payable is marked paid by its kind once.
   */
  async settle(v: VerifiedCallback, channel: string): Promise<SettleOutcome> {
    return this.deps.db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, v.paymentId)).for('update');
      if (!payment || payment.amountCents !== v.amountCents) return 'refused';
      if (payment.status === 'SUCCEEDED' || payment.status === 'LATE' || payment.status === 'REFUNDED')
        return 'duplicate';
      if (v.status === 'FAILED') {
        await tx
          .update(payments)
          .set({ status: 'FAILED', failureReason: 'declined', externalRef: v.transactionId, settledAt: new Date() })
          .where(eq(payments.id, payment.id));
        return 'failed';
      }
      const kind = this.deps.registry.kind(payment.payableKind);
      const payable = await kind.lockForSettlement(payment.orderId, tx);
      if (!payable) throw new AppError('ORD0001');
      // A payment pays only what it was made for: one made before the payable changed goes back too.
      const changed = kind.awaitsPayment(payable) && amountChanged(payment, payable);
      if (!kind.awaitsPayment(payable) || changed) {
        // Money arrived for something closed, or already paid another way: give it back.
        if (changed)
          this.deps.log().warn(
            {
              paymentId: payment.id,
              kind: kind.kind,
              paidCents: payment.amountCents,
              nowCents: payable.payableCents,
            },
            'payment made for another amount than the payable asks now: not settled, going back',
          );
        await tx
          .update(payments)
          .set({
            status: 'LATE',
            externalRef: v.transactionId,
            settledAt: new Date(),
            failureReason: changed ? 'payable-changed' : null,
          })
          .where(eq(payments.id, payment.id));
        await this.deps.refunds.forLatePayment(payment.id, tx);
        await kind.lateMoney?.(payable, { id: payment.id, amountCents: payment.amountCents, channel, changed }, tx);
        return 'late';
      }
      await tx
        .update(payments)
        .set({ status: 'SUCCEEDED', externalRef: v.transactionId, settledAt: new Date() })
        .where(eq(payments.id, payment.id));
      await kind.markPaid(payable, channel, tx);
      return 'paid';
    });
  }

  /**
   * A KHQR payment the shop had closed (EXPIRED after its grace check) that Bakong reports paid
   * after all: never settles the payable; LATE, its money back through the refund path (refunds.ts),
   * the kind's owner told.
   */
  async settleAfterExpiry(paymentId: string, transactionId: string): Promise<'late' | 'duplicate'> {
    return this.deps.db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (payment?.status !== 'EXPIRED') return 'duplicate';
      await tx
        .update(payments)
        .set({ status: 'LATE', externalRef: transactionId, settledAt: new Date(), failureReason: 'paid-after-expiry' })
        .where(eq(payments.id, payment.id));
      await this.deps.refunds.forLatePayment(payment.id, tx);
      const kind = this.deps.registry.kind(payment.payableKind);
      const payable = await kind.lockForSettlement(payment.orderId, tx);
      if (payable)
        await kind.lateMoney?.(payable, { id: payment.id, amountCents: payment.amountCents, channel: 'khqr' }, tx);
      return 'late';
    });
  }
}
