/**
 * A loan's account as a pure state machine (spec §4, §9): settled repayments allocated in the
 * published order, late fees by day, the 30-day blacklist with the event of default, the extension
 * and the small-principal waiver. The server keeps this state in its tables and moves it only
 * through these functions; the property test checks them against a simple model.
 */
import {
  type Buckets,
  bpOf,
  bpOfUp,
  emptyBuckets,
  FEE_KINDS,
  type FeeKind,
  type InstallmentCount,
  LOAN_RULES,
  type LoanRefusal,
  scheduleOf,
} from './terms.ts';

export type Installment = {
  number: number;
  startDay: number;
  dueDay: number;
  charged: Buckets;
  paid: Buckets;
  /** Unearned fees dropped (early repayment, default) and waived principal. */
  cancelled: Buckets;
};

export type LoanStatus = 'ACTIVE' | 'SETTLED';

export type LoanAccount = {
  principalCents: number;
  installments: Installment[];
  /** The last day whose late fees are counted. */
  today: number;
  status: LoanStatus;
  extended: boolean;
  /** Called due at once (event of default: 30 days late). */
  defaulted: boolean;
  blacklistedDay: number | null;
  waivedCents: number;
};

export type Allocation = { installment: number; kind: FeeKind; cents: number };

export function openAccount(principalCents: number, count: InstallmentCount, disbursedDay: number): LoanAccount {
  return {
    principalCents,
    installments: scheduleOf(principalCents, count, disbursedDay).map((row) => ({
      ...row,
      charged: { ...row.charged },
      paid: emptyBuckets(),
      cancelled: emptyBuckets(),
    })),
    today: disbursedDay,
    status: 'ACTIVE',
    extended: false,
    defaulted: false,
    blacklistedDay: null,
    waivedCents: 0,
  };
}

function clone(account: LoanAccount): LoanAccount {
  return {
    ...account,
    installments: account.installments.map((row) => ({
      ...row,
      charged: { ...row.charged },
      paid: { ...row.paid },
      cancelled: { ...row.cancelled },
    })),
  };
}

export function outstanding(row: Installment, kind: FeeKind): number {
  return row.charged[kind] - row.paid[kind] - row.cancelled[kind];
}

export function outstandingOf(row: Installment): number {
  return FEE_KINDS.reduce((sum, kind) => sum + outstanding(row, kind), 0);
}

/** Fees and principal (not late fees): what makes an installment late. */
function baseOutstanding(row: Installment): number {
  return (['processing', 'consulting', 'interest', 'principal'] as const).reduce(
    (sum, kind) => sum + outstanding(row, kind),
    0,
  );
}

function started(row: Installment, day: number): boolean {
  return row.startDay <= day;
}

/** An installment not yet begun owes no interest or consulting fee until it begins. */
function payableKinds(row: Installment, day: number): readonly FeeKind[] {
  return started(row, day) ? FEE_KINDS : FEE_KINDS.filter((kind) => kind !== 'interest' && kind !== 'consulting');
}

export function totalOutstanding(account: LoanAccount): number {
  return account.installments.reduce((sum, row) => sum + outstandingOf(row), 0);
}

/** What repays the loan today: everything begun, plus the principal of periods not yet begun. */
export function payoffCents(account: LoanAccount): number {
  let sum = 0;
  for (const row of account.installments)
    for (const kind of payableKinds(row, account.today)) sum += outstanding(row, kind);
  return sum;
}

/** Days the oldest installment with unpaid fees or principal is past its due day (0 when none). */
export function daysLate(account: LoanAccount, day = account.today): number {
  let oldest: number | null = null;
  for (const row of account.installments)
    if (baseOutstanding(row) > 0 && (oldest === null || row.dueDay < oldest)) oldest = row.dueDay;
  return oldest === null ? 0 : Math.max(0, day - oldest);
}

/** The installment the next reminder is about: the oldest one still owing. */
export function nextDue(account: LoanAccount): Installment | null {
  return account.installments.find((row) => outstandingOf(row) > 0) ?? null;
}

/**
 * What is due now: every installment whose due day has come (today included), with its late fees.
 * Periods still running are not due yet, however much the whole loan owes (that is `payoffCents` to
 * repay everything today, and `totalOutstanding` on the schedule).
 */
export function dueNowCents(account: LoanAccount, day = account.today): number {
  return account.installments.reduce((sum, row) => sum + (row.dueDay <= day ? outstandingOf(row) : 0), 0);
}

/** The first installment still owing whose due day is after `day`: what falls due next. */
export function nextDueAfter(account: LoanAccount, day = account.today): Installment | null {
  return account.installments.find((row) => row.dueDay > day && outstandingOf(row) > 0) ?? null;
}

export function principalRepaid(account: LoanAccount): number {
  return account.installments.reduce((sum, row) => sum + row.paid.principal, 0);
}

export function unpaidPrincipal(account: LoanAccount): number {
  return account.installments.reduce((sum, row) => sum + outstanding(row, 'principal'), 0);
}

/** Drops the interest and consulting fee of periods not begun (early repayment, default). */
function cancelUnearned(account: LoanAccount, onlyWhenPrincipalPaid: boolean): void {
  for (const row of account.installments) {
    if (started(row, account.today)) continue;
    if (onlyWhenPrincipalPaid && outstanding(row, 'principal') > 0) continue;
    for (const kind of ['interest', 'consulting'] as const) row.cancelled[kind] += outstanding(row, kind);
  }
}

/** Event of default: every installment is due today; fees of periods not begun are not owed. */
function callDue(account: LoanAccount): void {
  cancelUnearned(account, false);
  account.defaulted = true;
  for (const row of account.installments) {
    if (outstandingOf(row) === 0) continue;
    row.dueDay = Math.min(row.dueDay, account.today);
    row.startDay = Math.min(row.startDay, account.today);
  }
}

/**
 * The account on `day`: late fees for each day passed, the blacklist and the event of default on
 * the first day 30 days late. Days never go back.
 */
export function advanceTo(account: LoanAccount, day: number): LoanAccount {
  if (day <= account.today || account.status === 'SETTLED')
    return day > account.today ? { ...account, today: day } : account;
  const next = clone(account);
  for (let d = next.today + 1; d <= day; d++) {
    next.today = d;
    for (const row of next.installments) {
      const base = baseOutstanding(row);
      if (row.dueDay < d && base > 0) row.charged.late += bpOfUp(base, LOAN_RULES.lateFeeBpPerDay);
    }
    if (next.blacklistedDay === null && daysLate(next, d) >= LOAN_RULES.blacklistDaysLate) {
      next.blacklistedDay = d;
      callDue(next);
    }
  }
  return next;
}

export type Repaid = { account: LoanAccount; allocations: Allocation[]; waivedCents: number };

/**
 * A settled repayment of `cents` on the account's day: oldest installment first, each in the
 * published order; then fees of periods not begun whose principal is repaid are dropped, and a
 * remainder of principal alone up to USD 1.50 is waived. Nothing else changes an account's money.
 */
export function repay(account: LoanAccount, cents: number): Repaid | { refusal: LoanRefusal } {
  if (account.status === 'SETTLED') return { refusal: 'LOAN0010' };
  if (!Number.isInteger(cents) || cents <= 0 || cents > payoffCents(account)) return { refusal: 'LOAN0009' };
  const next = clone(account);
  const allocations: Allocation[] = [];
  let left = cents;
  for (const row of next.installments)
    for (const kind of payableKinds(row, next.today)) {
      const take = Math.min(left, outstanding(row, kind));
      if (take <= 0) continue;
      row.paid[kind] += take;
      left -= take;
      allocations.push({ installment: row.number, kind, cents: take });
    }
  cancelUnearned(next, true);
  let waived = 0;
  const onlyPrincipal = next.installments.every((row) => outstandingOf(row) === outstanding(row, 'principal'));
  const principalLeft = unpaidPrincipal(next);
  if (onlyPrincipal && principalLeft > 0 && principalLeft <= LOAN_RULES.waiverCents) {
    for (const row of next.installments) row.cancelled.principal += outstanding(row, 'principal');
    waived = principalLeft;
    next.waivedCents += waived;
  }
  if (totalOutstanding(next) === 0) next.status = 'SETTLED';
  return { account: next, allocations, waivedCents: waived };
}

/** Why an extension cannot be asked for now; null when it can. */
export function extensionRefusal(account: LoanAccount): LoanRefusal | null {
  if (account.status === 'SETTLED') return 'LOAN0010';
  if (account.extended || account.defaulted) return 'LOAN0012';
  // More than 40% of the principal repaid (strictly).
  if (principalRepaid(account) * 10000 <= account.principalCents * LOAN_RULES.extension.minRepaidShareBp)
    return 'LOAN0011';
  return null;
}

export function extensionFeeCents(account: LoanAccount): number {
  return bpOf(unpaidPrincipal(account), LOAN_RULES.extension.feeBp);
}

/**
 * The lender accepted an extension: every installment still owing is due 30 days later (periods
 * not begun begin 30 days later), and the fee (40% of unpaid principal) is owed with the oldest.
 */
export function extend(account: LoanAccount): { account: LoanAccount; feeCents: number } | { refusal: LoanRefusal } {
  const refusal = extensionRefusal(account);
  if (refusal) return { refusal };
  const next = clone(account);
  const feeCents = extensionFeeCents(next);
  let first = true;
  for (const row of next.installments) {
    if (outstandingOf(row) === 0) continue;
    if (first) row.charged.other += feeCents;
    first = false;
    if (!started(row, next.today)) row.startDay += LOAN_RULES.extension.days;
    row.dueDay += LOAN_RULES.extension.days;
  }
  next.extended = true;
  return { account: next, feeCents };
}

/** Totals of what was charged, paid and cancelled, by kind. */
export function totalsOf(account: LoanAccount): { charged: Buckets; paid: Buckets; cancelled: Buckets } {
  const charged = emptyBuckets();
  const paid = emptyBuckets();
  const cancelled = emptyBuckets();
  for (const row of account.installments)
    for (const kind of FEE_KINDS) {
      charged[kind] += row.charged[kind];
      paid[kind] += row.paid[kind];
      cancelled[kind] += row.cancelled[kind];
    }
  return { charged, paid, cancelled };
}
