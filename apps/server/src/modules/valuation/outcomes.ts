// The outcome of an inspection visit: the final price paid into the shopper's wallet cash through
// the ledger once (the appointment's key), or declined; never before the visit's start.
import type { Language } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { type Db, inTransaction, queryRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { valuationAppointments, valuationEstimates } from './tables.ts';
import { money, type ValuationVisits } from './visits.ts';

type Needed = Pick<Services, 'wallet' | 'notices'>;

/** A visit's outcome, recorded by staff: the phone bought (paid into the wallet) or declined. */
export class ValuationOutcomes {
  private readonly db: Db;
  private readonly needed: Needed;
  private readonly visits: ValuationVisits;

  constructor(ctx: PlatformContext, needed: Needed, visits: ValuationVisits) {
    this.db = ctx.db;
    this.needed = needed;
    this.visits = visits;
  }

  /**
   * A visit's outcome: the final price paid into the shopper's wallet cash through the ledger
   * (once: the key is the appointment's), or declined. Asking again with the same outcome answers
   * the appointment as it is. Refused before the visit's start (EVA00015).
   */
  async settle(
    id: string,
    outcome: { outcome: 'paid'; finalCents: number; note?: string } | { outcome: 'declined'; note?: string },
    staffId: string,
    language: Language,
    now = new Date(),
  ) {
    const row = await inTransaction(this.db, async (tx) => {
      const locked = await queryRows<{ id: string }>(
        tx,
        sql`SELECT id FROM valuation_appointments WHERE id = ${id} FOR UPDATE`,
      );
      if (locked.length === 0) throw new AppError('EVA00007');
      const [current] = await tx.select().from(valuationAppointments).where(eq(valuationAppointments.id, id));
      const wanted = outcome.outcome === 'paid' ? 'PAID' : 'DECLINED';
      if (current.state === wanted) return current;
      if (current.state !== 'BOOKED') throw new AppError('EVA00008');
      // An outcome is what the inspector found: nothing to record before the visit has started.
      if (now.getTime() < current.startsAt.getTime()) throw new AppError('EVA00015');
      const [est] = await tx.select().from(valuationEstimates).where(eq(valuationEstimates.id, current.estimateId));
      if (outcome.outcome === 'paid') {
        if (!Number.isSafeInteger(outcome.finalCents) || outcome.finalCents < 1 || outcome.finalCents > est.baseCents)
          throw new AppError('EVA00010');
        await this.needed.wallet.transfer(
          {
            from: { platform: 'tradeins' },
            to: { userId: current.userId, account: 'cash' },
            amountCents: outcome.finalCents,
            kind: 'tradein',
            ref: { type: 'valuation', id },
            idempotencyKey: `valuation-pay:${id}`,
            memo: { staffId, model: est.modelName },
          },
          tx,
        );
      }
      const [updated] = await tx
        .update(valuationAppointments)
        .set({
          state: wanted,
          finalCents: outcome.outcome === 'paid' ? outcome.finalCents : null,
          staffId,
          note: outcome.note?.trim() || null,
          decidedAt: new Date(),
        })
        .where(eq(valuationAppointments.id, id))
        .returning();
      if (outcome.outcome === 'paid')
        await this.needed.notices.notify(
          current.userId,
          {
            kind: 'valuation',
            title: { 'en-US': 'Phone sold', chs: '手机回收完成', kh: 'បានលក់ទូរស័ព្ទ' },
            body: {
              'en-US': `${money(outcome.finalCents)} for your ${est.modelName} is in your wallet.`,
              chs: `您的 ${est.modelName} 回收款 ${money(outcome.finalCents)} 已存入钱包。`,
              kh: `ប្រាក់ ${money(outcome.finalCents)} សម្រាប់ ${est.modelName} របស់អ្នកបានចូលកាបូបហើយ។`,
            },
            link: '/myWallet',
          },
          tx,
        );
      return updated;
    });
    return this.visits.view(row, language);
  }
}
