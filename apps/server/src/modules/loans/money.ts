// The credit wallet: an approved loan collected into the shopper's loan credit (the wallet's ledger,
// account loan_credit), cashed out to a bank account in the shopper's own name during the payout
// hours, or spent at the cashier as a pay method (shopping only).
import { randomUUID } from 'node:crypto';
import { errorMessage, type InstallmentCount, openAccount, payoutTime } from '@shop/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { loanEvent } from '../notifications/public.ts';
import type { PayMethod } from '../payments/public.ts';
import { formatUsd } from '../wallet/public.ts';
import { type LoanRow, LoansPart, today } from './context.ts';
import { loanPayouts, loans } from './tables.ts';

const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();

export type PayoutInput = { amountCents: number; bankName: string; accountName: string; accountNumber: string };

export class CreditWallet extends LoansPart {
  async creditCents(userId: string): Promise<number> {
    return (await this.deps.wallet.balances(userId)).loanCreditCents;
  }

  /**
   * The approved amount into the credit wallet: the loan starts today (its schedule counts from here).
   * `acceptCents`, when given, is the amount the shopper was shown and accepts: another approved
   * amount (the agreement they signed named the amount asked) is LOAN0023, nothing collected.
   */
  async collect(userId: string, id: string, now = new Date(), acceptCents?: number): Promise<LoanRow> {
    await this.own(userId, id);
    return inTransaction(this.db, async (tx) => {
      const loan = await this.lock(id, tx);
      if (loan?.state !== 'APPROVED' || !loan.approvedCents) throw new AppError('LOAN0017');
      if (acceptCents !== undefined && acceptCents !== loan.approvedCents)
        throw new AppError('LOAN0023', { amount: formatUsd(loan.approvedCents).replace('$', '') });
      const account = openAccount(loan.approvedCents, loan.installments as InstallmentCount, today(now));
      const [active] = await tx
        .update(loans)
        .set({ state: 'ACTIVE', collectedAt: now, account })
        .where(eq(loans.id, id))
        .returning();
      await this.deps.wallet.transfer(
        {
          from: { platform: 'loans' },
          to: { userId, account: 'loan_credit' },
          amountCents: loan.approvedCents,
          kind: 'loan_credit',
          ref: { type: 'loan', id },
          idempotencyKey: `loan:${id}:collect`,
        },
        tx,
      );
      await this.tellLender(
        {
          kind: 'disbursement',
          loanReference: loan.reference,
          reference: `${loan.reference}-D`,
          amountCents: loan.approvedCents,
        },
        tx,
      );
      await this.deps.notifications.emit(loanEvent('loan.disbursed', active, loan.approvedCents), tx);
      return active;
    });
  }

  /**
   * Credit to a bank account in the shopper's own name (the name on their latest loan): taken from
   * the credit wallet now, paid out by the payout job at once within 9:00 to 17:00 Asia/Phnom_Penh,
   * otherwise at the next 9:00.
   */
  async requestPayout(userId: string, input: PayoutInput, now = new Date()) {
    const [latest] = await this.db
      .select()
      .from(loans)
      .where(and(eq(loans.userId, userId), inArray(loans.state, ['ACTIVE', 'SETTLED'])))
      .orderBy(desc(loans.createdAt))
      .limit(1);
    if (!latest) throw new AppError('LOAN0017');
    const ownName = String((latest.application as { fullName: string }).fullName);
    if (normalName(input.accountName) !== normalName(ownName)) throw new AppError('LOAN0018', { name: ownName });
    const runAt = payoutTime(now);
    const id = randomUUID();
    await inTransaction(this.db, async (tx) => {
      await tx.insert(loanPayouts).values({
        id,
        userId,
        amountCents: input.amountCents,
        bankName: input.bankName.trim(),
        accountName: ownName,
        accountNumber: input.accountNumber,
        state: 'WAITING',
        runAt,
        requestedAt: now,
      });
      await this.deps.wallet.transfer(
        {
          from: { userId, account: 'loan_credit' },
          to: { platform: 'payouts' },
          amountCents: input.amountCents,
          kind: 'loan_credit',
          ref: { type: 'loan_payout', id },
          idempotencyKey: `loan-payout:${id}`,
        },
        tx,
      );
      await this.ctx.jobs.enqueue('loans.payout', { id }, { runAt, dedupeKey: `loan-payout:${id}` }, tx);
    });
    return { id, state: 'WAITING', runAt: runAt.toISOString() };
  }

  /** The payout job: sent when it is payout time; outside the hours it waits for the next 9:00. */
  async runPayout(id: string, now = new Date()): Promise<'PAID' | 'WAITING' | 'NONE'> {
    const due = payoutTime(now);
    if (due.getTime() !== now.getTime()) {
      await this.db
        .update(loanPayouts)
        .set({ runAt: due })
        .where(and(eq(loanPayouts.id, id), eq(loanPayouts.state, 'WAITING')));
      await this.ctx.jobs.enqueue(
        'loans.payout',
        { id },
        { runAt: due, dedupeKey: `loan-payout:${id}:${due.getTime()}` },
      );
      return 'WAITING';
    }
    const paid = await this.db
      .update(loanPayouts)
      .set({ state: 'PAID', paidAt: now })
      .where(and(eq(loanPayouts.id, id), eq(loanPayouts.state, 'WAITING')))
      .returning({ id: loanPayouts.id });
    return paid.length ? 'PAID' : 'NONE';
  }

  async payouts(userId: string) {
    return this.db
      .select()
      .from(loanPayouts)
      .where(eq(loanPayouts.userId, userId))
      .orderBy(desc(loanPayouts.requestedAt))
      .limit(20);
  }

  /**
   * Loan credit as a pay method of the cashier: only for shopping (kinds the gift balance may pay),
   * with the pay password, in one transaction (the payable locked, the credit's transfer under
   * `<kind>-loan-pay:<id>`, the payment row, the kind marked paid). Refunds go back to the credit.
   */
  payMethod(): PayMethod {
    const payments = () => this.deps.payments;
    return {
      answers: ['loan_credit'],
      offer: async (userId, payable, _entrance, language, kind) => {
        if (kind.giftPays !== true) return { channels: [] };
        const credit = await this.creditCents(userId);
        if (credit <= 0) return { channels: [] };
        const enough = credit >= payable.payableCents;
        return {
          channels: [
            {
              code: 'loan_credit',
              enabled: enough,
              reason: enough ? null : errorMessage('PAY0010', language, { balance: formatUsd(credit) }),
            },
          ],
        };
      },
      pay: async ({ userId, kind, id, payPassword }) => {
        if (kind.giftPays !== true) throw new AppError('PAY0003');
        if (!payPassword) throw new AppError('PAY0006');
        const seen = await kind.own(userId, id);
        const early = kind.refusal(seen);
        if (early) throw early;
        try {
          await this.deps.accounts.verifyPayPassword(userId, payPassword);
        } catch (error) {
          if (error instanceof AppError && error.code === 'USR00031') throw new AppError('PAY0006');
          throw error;
        }
        const paymentId = randomUUID();
        await inTransaction(this.db, async (tx) => {
          const payable = await kind.lockForSettlement(id, tx);
          if (!payable || payable.userId !== userId) throw new AppError('PAY0009');
          const why = kind.refusal(payable);
          if (why) throw why;
          await this.deps.wallet.transfer(
            {
              from: { userId, account: 'loan_credit' },
              to: { platform: 'clearing' },
              amountCents: payable.payableCents,
              kind: 'payment',
              ref: { type: kind.kind, id },
              idempotencyKey: `${kind.kind}-loan-pay:${id}`,
            },
            tx,
          );
          await payments().recordSettledPayment(paymentId, payable, 'loan_credit', tx);
          await kind.markPaid(payable, 'loan_credit', tx);
        });
        return { paymentId, status: 'SUCCEEDED', redirectUrl: null, form: null, khqr: null, bridge: null };
      },
      refund: async ({ kind, id, userId, amountCents }, tx) => {
        await this.deps.wallet.transfer(
          {
            from: { platform: 'clearing' },
            to: { userId, account: 'loan_credit' },
            amountCents,
            kind: 'refund',
            ref: { type: kind, id },
            idempotencyKey: `${kind}-loan-refund:${id}`,
          },
          tx,
        );
      },
    };
  }
}
