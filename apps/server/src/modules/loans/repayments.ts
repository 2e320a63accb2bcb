// Repaying and extending. A repayment is the cashier's payable kind 'loan' (any of the cashier's
// methods pays it); the loan's account changes only when its payment settles, under the loan's
// lock, through the pure `repay` of the published rules. An extension is asked of the lender and
// applied when it accepts.
import {
  advanceTo,
  extend,
  extensionFeeCents,
  extensionRefusal,
  type LoanAccount,
  payoffCents,
  repay,
} from '@shop/contracts';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { loanEvent } from '../notifications/public.ts';
import { type Payable, type PayableKind, whereMoneyGoesBack } from '../payments/public.ts';
import { formatUsd } from '../wallet/public.ts';
import { accountOf, type LoanRow, LoansPart, today } from './context.ts';
import { loanExtensions, loanRepayments, loans } from './tables.ts';

export type RepaymentRow = typeof loanRepayments.$inferSelect;

/** A repayment not paid within this is closed (its amount was what was owed then). */
const PAY_WITHIN_MS = 30 * 60_000;

const CASHIER_STATE: Record<string, string> = {
  WP: 'WP',
  PAID: 'PAY',
  CANCEL: 'CANCEL',
  OVER: 'OVER',
  RETURNED: 'REFUND',
};

/** A repayment as the cashier sees it, with why it is closed when its loan is already repaid. */
type RepaymentPayable = Payable & { loanRepaid: boolean };

/**
 * A repayment's state as shown: one still to pay whose loan no longer takes repayments (repaid, or
 * anything but active) is closed, whatever its row says (rows written before siblings were closed).
 */
export function repaymentState(row: RepaymentRow, loan: LoanRow | null): string {
  return row.state === 'WP' && loan && loan.state !== 'ACTIVE' ? 'CANCEL' : row.state;
}

const usd = formatUsd;

export class Repayments extends LoansPart {
  /** The loan's account as of today (late fees and the blacklist counted), not written. */
  current(loan: LoanRow, now = new Date()): LoanAccount | null {
    const account = accountOf(loan);
    return account ? advanceTo(account, today(now)) : null;
  }

  async create(userId: string, id: string, amountCents: number) {
    const loan = await this.own(userId, id);
    if (loan.state === 'SETTLED') throw new AppError('LOAN0010');
    const account = loan.state === 'ACTIVE' ? this.current(loan) : null;
    if (!account) throw new AppError('LOAN0017');
    if (amountCents > payoffCents(account)) throw new AppError('LOAN0009');
    const [row] = await this.db
      .insert(loanRepayments)
      .values({ loanId: id, userId, amountCents, deadlineAt: new Date(Date.now() + PAY_WITHIN_MS) })
      .returning();
    return { repaymentId: row.id, amountCents: row.amountCents };
  }

  async repayment(id: string, db: Db = this.db): Promise<RepaymentRow | null> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return null;
    const [row] = await db.select().from(loanRepayments).where(eq(loanRepayments.id, id));
    return row ?? null;
  }

  async repaymentsOf(loanId: string) {
    return this.db
      .select()
      .from(loanRepayments)
      .where(eq(loanRepayments.loanId, loanId))
      .orderBy(desc(loanRepayments.createdAt))
      .limit(50);
  }

  private asPayable(row: RepaymentRow, loan: LoanRow | null, over = false): RepaymentPayable {
    const state = repaymentState(row, loan);
    return {
      kind: 'loan',
      id: row.id,
      userId: row.userId,
      reference: loan?.reference ?? row.loanId,
      payableCents: row.amountCents,
      paidCents: row.state === 'PAID' ? row.amountCents : 0,
      state: over && state === 'WP' ? 'OVER' : (CASHIER_STATE[state] ?? 'CANCEL'),
      deadlineAt: row.deadlineAt,
      loanRepaid: row.state !== 'PAID' && loan?.state === 'SETTLED',
    };
  }

  /** The cashier's kind 'loan': a repayment, paid by cash or any gateway (never by the gift balance or the loan's own credit). */
  payable(): PayableKind {
    return {
      kind: 'loan',
      giftPays: false,
      resultPath: (id) => `/kmf?repayment=${id}`,
      own: async (userId, id) => {
        const row = await this.repayment(id);
        if (!row || row.userId !== userId) throw new AppError('LOAN0019');
        return this.asPayable(row, await this.get(row.loanId));
      },
      find: async (id) => {
        const row = await this.repayment(id);
        return row ? this.asPayable(row, await this.get(row.loanId)) : null;
      },
      refusal: (payable, now = new Date()) => {
        if (payable.state === 'PAY') return new AppError('PAY0008');
        if ((payable as RepaymentPayable).loanRepaid) return new AppError('LOAN0022');
        if (payable.state === 'OVER') return new AppError('LOAN0009');
        if (payable.state === 'WP' && (!payable.deadlineAt || payable.deadlineAt > now)) return null;
        return new AppError('LOAN0017');
      },
      // The loan, then the repayment: every settlement of one loan queues on the loan's lock first,
      // so the one that repays the loan can close its siblings without waiting for a repayment
      // another settlement holds (the other order deadlocks two "repay all" paid at once). Still
      // payable only while its amount is not more than what the loan owes now.
      lockForSettlement: async (id, tx) => this.lockRepayment(id, tx),
      awaitsPayment: (payable) => payable.state === 'WP',
      markPaid: (payable, channel, tx) => this.settle(payable.id, channel, tx),
      lateMoney: (payable, payment, tx) => this.moneyBack(payable as RepaymentPayable, payment, tx),
    };
  }

  /** The repayment's loan locked, then the repayment, as the cashier sees it; null when unknown. */
  private async lockRepayment(id: string, tx: Db): Promise<RepaymentPayable | null> {
    const seen = await this.repayment(id, tx);
    if (!seen) return null;
    const loan = await this.lock(seen.loanId, tx);
    const [row] = await tx.select().from(loanRepayments).where(eq(loanRepayments.id, id)).for('update');
    const account = loan && loan.state === 'ACTIVE' ? this.current(loan) : null;
    const over = row.state === 'WP' && (!account || row.amountCents > payoffCents(account));
    return this.asPayable(row, loan, over);
  }

  /**
   * Money for a repayment that no longer took any is going back where it came from: a repayment not
   * paid is closed as RETURNED (it repaid nothing; the loan owes what it owed), and the shopper is
   * told what was taken and where it goes back.
   */
  private async moneyBack(
    payable: RepaymentPayable,
    payment: { amountCents: number; channel: string },
    tx: Db,
  ): Promise<void> {
    await tx
      .update(loanRepayments)
      .set({ state: 'RETURNED' })
      .where(and(eq(loanRepayments.id, payable.id), inArray(loanRepayments.state, ['WP', 'CANCEL'])));
    const amount = usd(payment.amountCents);
    const ref = payable.reference;
    const where = whereMoneyGoesBack(payment.channel);
    const why = payable.loanRepaid
      ? {
          'en-US': `Loan ${ref} was already repaid when your payment of ${amount} arrived.`,
          chs: `您支付的 ${amount} 到账时，贷款 ${ref} 已还清。`,
          kh: `ប្រាក់កម្ចី ${ref} ត្រូវបានសងរួចហើយ នៅពេលការបង់ប្រាក់ ${amount} របស់អ្នកមកដល់។`,
        }
      : payable.state === 'OVER'
        ? {
            'en-US': `Your payment of ${amount} for loan ${ref} was more than the loan owes now.`,
            chs: `您为贷款 ${ref} 支付的 ${amount} 超过了当前应还金额。`,
            kh: `ការបង់ប្រាក់ ${amount} របស់អ្នកសម្រាប់ប្រាក់កម្ចី ${ref} លើសពីចំនួនដែលជំពាក់ឥឡូវនេះ។`,
          }
        : payable.state === 'PAY'
          ? {
              'en-US': `This repayment of loan ${ref} was already paid when your payment of ${amount} arrived.`,
              chs: `您支付的 ${amount} 到账时，贷款 ${ref} 的这笔还款已支付。`,
              kh: `ការសងប្រាក់កម្ចី ${ref} នេះត្រូវបានបង់រួចហើយ នៅពេលការបង់ប្រាក់ ${amount} របស់អ្នកមកដល់។`,
            }
          : {
              'en-US': `Your payment of ${amount} for loan ${ref} arrived after the repayment had closed.`,
              chs: `您为贷款 ${ref} 支付的 ${amount} 到账时，该笔还款已关闭。`,
              kh: `ការបង់ប្រាក់ ${amount} របស់អ្នកសម្រាប់ប្រាក់កម្ចី ${ref} បានមកដល់ក្រោយពេលការសងប្រាក់ត្រូវបានបិទ។`,
            };
    await this.deps.notices.notify(
      payable.userId,
      {
        kind: 'loan',
        title: { 'en-US': 'Payment returned', chs: '款项已退回', kh: 'ប្រាក់ត្រូវបានបង្វិលសង' },
        body: {
          'en-US': `${why['en-US']} It repaid nothing: the ${amount} that was taken goes back to ${where['en-US']}.`,
          chs: `${why.chs}该款项未用于还款：已扣取的 ${amount} 将退回至${where.chs}。`,
          kh: `${why.kh} វាមិនបានសងអ្វីទេ៖ ប្រាក់ ${amount} ដែលត្រូវបានកាត់ នឹងត្រូវបង្វិលទៅ${where.kh}។`,
        },
        link: '/kmf',
      },
      tx,
    );
  }

  /** A repayment's money arrived: allocated by the rules, the loan settled when nothing is owed. */
  async settle(repaymentId: string, channel: string, tx: Db): Promise<void> {
    const payable = await this.lockRepayment(repaymentId, tx);
    if (payable?.state !== 'WP') throw new AppError(payable?.state === 'PAY' ? 'PAY0008' : 'LOAN0022');
    const [row] = await tx.select().from(loanRepayments).where(eq(loanRepayments.id, repaymentId));
    const loan = await this.get(row.loanId, tx);
    const account = loan && this.current(loan);
    if (!loan || !account) throw new AppError('LOAN0017');
    const result = repay(account, row.amountCents);
    if ('refusal' in result) throw new AppError(result.refusal);
    await tx
      .update(loanRepayments)
      .set({
        state: 'PAID',
        channel,
        paidAt: sql`now()`,
        allocations: result.allocations,
        waivedCents: result.waivedCents,
      })
      .where(eq(loanRepayments.id, repaymentId));
    const settled = result.account.status === 'SETTLED';
    await tx
      .update(loans)
      .set({ account: result.account, ...(settled ? { state: 'SETTLED', settledAt: sql`now()` } : {}) })
      .where(eq(loans.id, loan.id));
    if (settled) await this.deps.notifications.emit(loanEvent('loan.repaid', loan), tx);
    // Repaid: the loan's other repayments still to pay are closed (the cashier refuses them, and
    // money arriving for one goes back with a notice). Their settlements wait on the loan's lock.
    if (settled)
      await tx
        .update(loanRepayments)
        .set({ state: 'CANCEL' })
        .where(
          and(eq(loanRepayments.loanId, loan.id), eq(loanRepayments.state, 'WP'), ne(loanRepayments.id, repaymentId)),
        );
    await this.tellLender(
      { kind: 'repayment', loanReference: loan.reference, reference: repaymentId, amountCents: row.amountCents },
      tx,
    );
    // The repaid money leaves the shop's clearing for the lender's side of the books.
    await this.deps.wallet.transfer(
      {
        from: { platform: 'clearing' },
        to: { platform: 'loans' },
        amountCents: row.amountCents,
        kind: 'payment',
        ref: { type: 'loan_repayment', id: repaymentId },
        idempotencyKey: `loan-repay:${repaymentId}`,
      },
      tx,
    );
  }

  /** Closes repayments not paid in time. */
  async expire(now = new Date()): Promise<number> {
    const closed = await this.db
      .update(loanRepayments)
      .set({ state: 'CANCEL' })
      .where(and(eq(loanRepayments.state, 'WP'), sql`${loanRepayments.deadlineAt} < ${now}`))
      .returning({ id: loanRepayments.id });
    return closed.length;
  }

  // ---------------------------------------------------------------- extensions

  async requestExtension(userId: string, id: string): Promise<void> {
    const loan = await this.own(userId, id);
    const account = loan.state === 'ACTIVE' ? this.current(loan) : null;
    if (!account) throw new AppError(loan.state === 'SETTLED' ? 'LOAN0010' : 'LOAN0017');
    const refusal = extensionRefusal(account);
    if (refusal) throw new AppError(refusal);
    const feeCents = extensionFeeCents(account);
    let extensionId: string;
    try {
      const [row] = await this.db.insert(loanExtensions).values({ loanId: id, feeCents, state: 'PENDING' }).returning();
      extensionId = row.id;
    } catch {
      throw new AppError('LOAN0020');
    }
    await this.deps.lender.requestExtension({
      reference: extensionId,
      loanReference: loan.reference,
      feeCents,
      account,
    });
    await this.ctx.jobs.enqueue('loans.extension', { id: extensionId }, { dedupeKey: `loan-extension:${extensionId}` });
  }

  async extensionsOf(loanId: string) {
    return this.db
      .select()
      .from(loanExtensions)
      .where(eq(loanExtensions.loanId, loanId))
      .orderBy(desc(loanExtensions.requestedAt));
  }

  async pendingExtensions(): Promise<string[]> {
    const rows = await this.db
      .select({ id: loanExtensions.id })
      .from(loanExtensions)
      .where(eq(loanExtensions.state, 'PENDING'));
    return rows.map((r) => r.id);
  }

  /** The lender's answer, once it has one: accepted moves the due days and adds the fee. */
  async takeExtensionAnswer(extensionId: string): Promise<boolean> {
    const answer = await this.deps.lender.extensionAnswer(extensionId);
    if (!answer || answer.status === 'PENDING') return false;
    const moved = await inTransaction(this.db, async (tx) => {
      const [ext] = await tx.select().from(loanExtensions).where(eq(loanExtensions.id, extensionId)).for('update');
      if (ext?.state !== 'PENDING') return null;
      const loan = await this.lock(ext.loanId, tx);
      const account = loan && loan.state === 'ACTIVE' ? this.current(loan) : null;
      // The rules are asked again: the loan may have moved since the request.
      const extended = answer.status === 'ACCEPTED' && account ? extend(account) : null;
      const accepted = extended !== null && !('refusal' in extended);
      await tx
        .update(loanExtensions)
        .set({
          state: accepted ? 'ACCEPTED' : 'REFUSED',
          feeCents: accepted ? extended.feeCents : ext.feeCents,
          reason: accepted ? null : (answer.reason ?? (extended && 'refusal' in extended ? extended.refusal : null)),
          answeredAt: sql`now()`,
        })
        .where(eq(loanExtensions.id, extensionId));
      if (accepted && loan) await tx.update(loans).set({ account: extended.account }).where(eq(loans.id, loan.id));
      return loan ? { loan, accepted } : null;
    });
    if (!moved) return false;
    await this.deps.notices.notify(moved.loan.userId, {
      kind: 'loan',
      title: moved.accepted
        ? { 'en-US': 'Extension accepted', chs: '展期已批准', kh: 'ការពន្យារពេលត្រូវបានទទួលយក' }
        : { 'en-US': 'Extension not accepted', chs: '展期未获批准', kh: 'ការពន្យារពេលមិនត្រូវបានទទួលយក' },
      body: moved.accepted
        ? {
            'en-US': `Loan ${moved.loan.reference}: every unpaid installment is now due 30 days later.`,
            chs: `贷款 ${moved.loan.reference}：所有未还分期的到期日已顺延 30 天。`,
            kh: `ប្រាក់កម្ចី ${moved.loan.reference}៖ ការបង់រំលស់ដែលមិនទាន់សងទាំងអស់ត្រូវសងយឺត 30 ថ្ងៃ។`,
          }
        : {
            'en-US': `Loan ${moved.loan.reference}: the lender did not accept the extension.`,
            chs: `贷款 ${moved.loan.reference}：贷款方未批准展期。`,
            kh: `ប្រាក់កម្ចី ${moved.loan.reference}៖ អ្នកផ្តល់ប្រាក់កម្ចីមិនបានទទួលយកការពន្យារពេលទេ។`,
          },
      link: `/kmf?loan=${moved.loan.id}`,
    });
    return true;
  }
}
