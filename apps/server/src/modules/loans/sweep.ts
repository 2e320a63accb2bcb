// The daily work on open loans: late fees by day and the 30-day blacklist with the event of default
// (the pure `advanceTo`, written under the loan's lock), and the reminders before each due day and
// when late, each a durable job with its own dedupe key (sent once, whatever restarts).
import { advanceTo, daysLate, isoDateOfDay, nextDue, outstandingOf } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { inTransaction } from '../../platform/db.ts';
import { loanReminderEvent } from '../notifications/public.ts';
import { formatUsd } from '../wallet/public.ts';
import { accountOf, LoansPart, today } from './context.ts';
import { loanBlacklist, loans } from './tables.ts';

/** Days before a due day a reminder goes out, and days late a late notice goes out. */
export const REMIND_BEFORE_DAYS = [3, 1, 0] as const;
export const LATE_NOTICE_DAYS = [1, 3, 7, 15, 25, 30] as const;

export type Reminder = {
  loanId: string;
  userId: string;
  reference: string;
  kind: 'before' | 'late';
  days: number;
  dueDay: number;
  cents: number;
};

export class Sweep extends LoansPart {
  /** Advances every active loan to `now`'s day; blacklists on the 30th day late; queues reminders. */
  async run(now = new Date()): Promise<{ advanced: number; blacklisted: number; reminders: number }> {
    const day = today(now);
    const active = await this.db.select({ id: loans.id }).from(loans).where(eq(loans.state, 'ACTIVE'));
    let advanced = 0;
    let blacklisted = 0;
    let reminders = 0;
    for (const { id } of active) {
      const outcome = await inTransaction(this.db, async (tx) => {
        const loan = await this.lock(id, tx);
        const account = loan && accountOf(loan);
        if (loan?.state !== 'ACTIVE' || !account) return null;
        const next = advanceTo(account, day);
        if (next === account) return { loan, account: next, listed: false };
        await tx.update(loans).set({ account: next }).where(eq(loans.id, id));
        let listed = false;
        if (next.blacklistedDay !== null && account.blacklistedDay === null) {
          const inserted = await tx
            .insert(loanBlacklist)
            .values({ userId: loan.userId, nationalId: loan.nationalId, loanId: loan.id })
            .onConflictDoNothing()
            .returning({ userId: loanBlacklist.userId });
          listed = inserted.length > 0;
        }
        return { loan, account: next, listed };
      });
      if (!outcome) continue;
      advanced += 1;
      if (outcome.listed) blacklisted += 1;
      // Before each due day of an installment still owing, and when the oldest is late.
      const owing = outcome.account.installments.filter((row) => outstandingOf(row) > 0);
      const late = daysLate(outcome.account);
      const oldest = nextDue(outcome.account);
      const due: Reminder[] = [];
      for (const row of owing)
        if ((REMIND_BEFORE_DAYS as readonly number[]).includes(row.dueDay - day))
          due.push({
            loanId: id,
            userId: outcome.loan.userId,
            reference: outcome.loan.reference,
            kind: 'before',
            days: row.dueDay - day,
            dueDay: row.dueDay,
            cents: outstandingOf(row),
          });
      if (oldest && (LATE_NOTICE_DAYS as readonly number[]).includes(late))
        due.push({
          loanId: id,
          userId: outcome.loan.userId,
          reference: outcome.loan.reference,
          kind: 'late',
          days: late,
          dueDay: oldest.dueDay,
          cents: outstandingOf(oldest),
        });
      for (const reminder of due) {
        const queued = await this.ctx.jobs.enqueue('loans.remind', reminder, {
          dedupeKey: `loan-remind:${id}:${reminder.kind}:${reminder.dueDay}:${reminder.days}`,
        });
        if (queued) reminders += 1;
      }
    }
    return { advanced, blacklisted, reminders };
  }

  /** The reminder job: a notice in the three languages. */
  async remind(r: Reminder): Promise<void> {
    const date = isoDateOfDay(r.dueDay);
    const told = loanReminderEvent({ ...r, dueDate: date });
    if (told) await this.deps.notifications.emit(told);
    const amount = `USD ${formatUsd(r.cents).replace('$', '')}`;
    await this.deps.notices.notify(r.userId, {
      kind: 'loan',
      title:
        r.kind === 'before'
          ? { 'en-US': 'Loan installment due soon', chs: '贷款即将到期', kh: 'ការបង់រំលស់ប្រាក់កម្ចីជិតដល់ថ្ងៃកំណត់' }
          : { 'en-US': 'Loan installment late', chs: '贷款已逾期', kh: 'ការបង់រំលស់ប្រាក់កម្ចីយឺតយ៉ាវ' },
      body:
        r.kind === 'before'
          ? {
              'en-US': `Loan ${r.reference}: ${amount} is due on ${date} (in ${r.days} day(s)).`,
              chs: `贷款 ${r.reference}：${amount} 将于 ${date} 到期（还有 ${r.days} 天）。`,
              kh: `ប្រាក់កម្ចី ${r.reference}៖ ${amount} ត្រូវសងនៅថ្ងៃ ${date} (ក្នុងរយៈពេល ${r.days} ថ្ងៃ)។`,
            }
          : {
              'en-US': `Loan ${r.reference}: ${amount} was due on ${date}, ${r.days} day(s) late. Late fees are added each day; 30 days late means the blacklist.`,
              chs: `贷款 ${r.reference}：${amount} 已于 ${date} 到期，逾期 ${r.days} 天。逾期费按天计收；逾期 30 天将被列入黑名单。`,
              kh: `ប្រាក់កម្ចី ${r.reference}៖ ${amount} ត្រូវសងនៅថ្ងៃ ${date} យឺត ${r.days} ថ្ងៃ។ កម្រៃយឺតយ៉ាវត្រូវបន្ថែមរាល់ថ្ងៃ ហើយយឺត 30 ថ្ងៃនឹងត្រូវដាក់ក្នុងបញ្ជីខ្មៅ។`,
            },
      link: `/kmf?loan=${r.loanId}`,
    });
  }
}
