// The shopper's view of a loan: state, schedule by installment, totals, what is owed and what may
// be done next, in the caller's language.
import {
  daysLate,
  dueNowCents,
  errorMessage,
  extensionFeeCents,
  extensionRefusal,
  FEE_KINDS,
  type InstallmentCount,
  isErrorCode,
  isoDateOfDay,
  type Language,
  LOAN_RULES,
  type LoanState,
  type LoanView,
  nextDueAfter,
  offerOf,
  outstandingOf,
  payoffCents,
  totalOutstanding,
  totalsOf,
} from '@shop/contracts';
import { type LoanRow, today } from './context.ts';
import { type RepaymentRow, type Repayments, repaymentState } from './repayments.ts';
import type { loanExtensions } from './tables.ts';

type ExtensionRow = typeof loanExtensions.$inferSelect;

const DAY_MS = 86_400_000;

export function messageOf(code: string | null, language: Language): string | null {
  if (!code) return null;
  return isErrorCode(code)
    ? errorMessage(code, language, code === 'LOAN0008' ? { min: '50.00', max: '1,000.00' } : {})
    : code;
}

/** An approved loan before it is collected: the approved amount's offer if collected today. */
function approvedOf(loan: LoanRow, now: Date): LoanView['approved'] {
  if (loan.state !== 'APPROVED' || !loan.approvedCents) return null;
  const count = loan.installments as InstallmentCount;
  const offer = offerOf(loan.approvedCents, count, today(now));
  return {
    amountCents: loan.approvedCents,
    askedCents: loan.amountCents,
    signedTotalCents: offerOf(loan.amountCents, count, today(now)).totalCents,
    totals: offer.totals,
    totalCents: offer.totalCents,
    schedule: offer.schedule.map((row) => ({
      number: row.number,
      dueDate: isoDateOfDay(row.dueDay),
      amountCents: FEE_KINDS.reduce((sum, kind) => sum + row.charged[kind], 0),
    })),
  };
}

export function loanView(
  loan: LoanRow,
  repayments: RepaymentRow[],
  extensions: ExtensionRow[],
  parts: Repayments,
  language: Language,
  now = new Date(),
): LoanView {
  const account = parts.current(loan, now);
  const waiting = loan.state === 'REVIEW' || loan.state === 'APPROVED';
  const since = loan.signedAt ?? loan.createdAt;
  const latest = extensions[0];
  const totals = account ? totalsOf(account) : null;
  const refusal = account ? extensionRefusal(account) : 'LOAN0017';
  return {
    id: loan.id,
    reference: loan.reference,
    state: loan.state as LoanState,
    amountCents: loan.amountCents,
    approvedCents: loan.approvedCents,
    installments: loan.installments,
    createdAt: loan.createdAt.toISOString(),
    reviewBy: loan.reviewBy?.toISOString() ?? null,
    contactService: waiting && now.getTime() - since.getTime() > LOAN_RULES.contactServiceAfterDays * DAY_MS,
    refusal: loan.state === 'REFUSED' ? messageOf(loan.refusal, language) : null,
    signedAt: loan.signedAt?.toISOString() ?? null,
    collectedAt: loan.collectedAt?.toISOString() ?? null,
    schedule: (account?.installments ?? []).map((row) => ({
      number: row.number,
      dueDate: isoDateOfDay(row.dueDay),
      charged: { ...row.charged },
      paid: { ...row.paid },
      outstandingCents: outstandingOf(row),
    })),
    totals: totals && {
      charged: Object.fromEntries(
        FEE_KINDS.map((k) => [k, totals.charged[k] - totals.cancelled[k]]),
      ) as typeof totals.charged,
      paid: totals.paid,
    },
    outstandingCents: account ? totalOutstanding(account) : 0,
    dueNowCents: account && loan.state === 'ACTIVE' ? dueNowCents(account) : 0,
    nextDue: nextDueView(account, loan),
    payoffCents: account && loan.state === 'ACTIVE' ? payoffCents(account) : 0,
    approved: approvedOf(loan, now),
    daysLate: account ? daysLate(account) : 0,
    blacklisted: account?.blacklistedDay != null,
    waivedCents: account?.waivedCents ?? 0,
    extension: latest
      ? { state: latest.state, feeCents: latest.feeCents, requestedAt: latest.requestedAt.toISOString() }
      : null,
    extensionRefusal:
      latest?.state === 'PENDING'
        ? messageOf('LOAN0020', language)
        : loan.state === 'ACTIVE'
          ? messageOf(refusal, language)
          : messageOf('LOAN0017', language),
    extensionFeeCents: account ? extensionFeeCents(account) : 0,
    repayments: repayments.map((r) => ({
      id: r.id,
      amountCents: r.amountCents,
      state: repaymentState(r, loan),
      createdAt: r.createdAt.toISOString(),
      paidAt: r.paidAt?.toISOString() ?? null,
    })),
  };
}

function nextDueView(account: ReturnType<Repayments['current']>, loan: LoanRow): LoanView['nextDue'] {
  const next = account && loan.state === 'ACTIVE' ? nextDueAfter(account) : null;
  return next ? { dueDate: isoDateOfDay(next.dueDay), amountCents: outstandingOf(next) } : null;
}
