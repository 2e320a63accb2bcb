/**
 * The loan's published terms (spec §4, §5, §9), as pure functions shared by the server, the local
 * lender and the shop's screens: whoever shows or moves loan money asks these, so nothing is shown
 * that the lender would refuse. Money is integer cents of USD; days are whole days in
 * Asia/Phnom_Penh counted from 1970-01-01 (`dayOf`).
 */

export const LOAN_RULES = {
  /** Age on the day of application; the terms govern over the FAQ (docs/decisions/0023). */
  minAge: 18,
  maxAge: 50,
  minMonthlyIncomeCents: 200_00,
  residence: 'KH',
  firstAmountCents: { min: 50_00, max: 1_000_00 },
  /** Later loans: up to this, once a loan has been repaid in full without a blacklisting. */
  laterAmountCents: { min: 50_00, max: 2_000_00 },
  /** Each installment is one period of this many days. */
  periodDays: 30,
  installmentChoices: [1, 2, 3] as const,
  /** One-time, in the first installment, in basis points of the principal. */
  processingFeeBp: 200,
  /** Each installment, in basis points of the principal lent (flat). */
  consultingFeeBp: 100,
  interestBp: 150,
  /** Each day an installment is late, in basis points of its unpaid fees and principal (rounded up). */
  lateFeeBpPerDay: 30,
  /** Unpaid principal up to this is waived once every fee is paid. */
  waiverCents: 1_50,
  extension: { days: 30, minRepaidShareBp: 4000, feeBp: 4000, answerDays: 3 },
  blacklistDaysLate: 30,
  otpMinutes: 15,
  /** Bank payouts of the credit wallet, every day, Asia/Phnom_Penh. */
  payoutHours: { from: 9, to: 17 },
  firstDecisionDays: { min: 2, max: 3 },
  laterDecisionMinutes: 10,
  /** "Loan not received after 3 days: contact service" (spec §8). */
  contactServiceAfterDays: 3,
} as const;

export type InstallmentCount = (typeof LOAN_RULES.installmentChoices)[number];

/** Basis points of an amount, rounded half up (integers only). */
export function bpOf(cents: number, bp: number): number {
  return Math.floor((cents * bp + 5000) / 10000);
}

/** Basis points of an amount, rounded up. */
export function bpOfUp(cents: number, bp: number): number {
  return Math.ceil((cents * bp) / 10000);
}

const PHNOM_PENH_OFFSET_MS = 7 * 3600_000; // UTC+7 all year, no daylight saving

/** The Phnom Penh calendar day of an instant, as days since 1970-01-01. */
export function dayOf(at: Date): number {
  return Math.floor((at.getTime() + PHNOM_PENH_OFFSET_MS) / 86_400_000);
}

/** The ISO date (yyyy-mm-dd) of a day number. */
export function isoDateOfDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** Whole years between a birth date (yyyy-mm-dd) and a date (yyyy-mm-dd). */
export function ageOn(birthDate: string, on: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = on.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export type Applicant = {
  birthDate: string;
  monthlyIncomeCents: number;
  residenceCountry: string;
  /** The phone the application names is the account's own verified phone. */
  ownPhone: boolean;
  /** Another shop account already holds a loan application with the same national ID. */
  nationalIdOnOtherAccount: boolean;
  blacklisted: boolean;
  hasOpenLoan: boolean;
};

/** Refusal codes of spec §5, first one that applies; null when eligible. */
export function eligibilityRefusal(applicant: Applicant, today: string): LoanRefusal | null {
  if (applicant.blacklisted) return 'LOAN0007';
  if (applicant.hasOpenLoan) return 'LOAN0006';
  const age = ageOn(applicant.birthDate, today);
  if (!(age >= LOAN_RULES.minAge && age <= LOAN_RULES.maxAge)) return 'LOAN0001';
  if (applicant.monthlyIncomeCents < LOAN_RULES.minMonthlyIncomeCents) return 'LOAN0002';
  if (applicant.residenceCountry !== LOAN_RULES.residence) return 'LOAN0003';
  if (applicant.nationalIdOnOtherAccount) return 'LOAN0004';
  if (!applicant.ownPhone) return 'LOAN0005';
  return null;
}

/** The amounts a shopper may ask for: the first loan's range, or the later one after a repaid loan. */
export function amountRange(repaidLoans: number): { min: number; max: number } {
  return repaidLoans > 0 ? LOAN_RULES.laterAmountCents : LOAN_RULES.firstAmountCents;
}

export function amountRefusal(amountCents: number, repaidLoans: number): LoanRefusal | null {
  const { min, max } = amountRange(repaidLoans);
  return Number.isInteger(amountCents) && amountCents >= min && amountCents <= max ? null : 'LOAN0008';
}

export const FEE_KINDS = ['processing', 'consulting', 'interest', 'principal', 'late', 'other'] as const;
/** The order in which a payment pays what is owed (spec §9). */
export type FeeKind = (typeof FEE_KINDS)[number];
export type Buckets = Record<FeeKind, number>;

export function emptyBuckets(): Buckets {
  return { processing: 0, consulting: 0, interest: 0, principal: 0, late: 0, other: 0 };
}

export type ScheduledInstallment = { number: number; startDay: number; dueDay: number; charged: Buckets };

/**
 * The schedule of a loan disbursed on `disbursedDay`: equal monthly principal (the remainder in the
 * last), flat interest and consulting fee on the principal lent, the processing fee in the first.
 */
export function scheduleOf(principalCents: number, installments: InstallmentCount, disbursedDay: number) {
  const share = Math.floor(principalCents / installments);
  const list: ScheduledInstallment[] = [];
  for (let i = 1; i <= installments; i++) {
    const charged = emptyBuckets();
    charged.processing = i === 1 ? bpOf(principalCents, LOAN_RULES.processingFeeBp) : 0;
    charged.consulting = bpOf(principalCents, LOAN_RULES.consultingFeeBp);
    charged.interest = bpOf(principalCents, LOAN_RULES.interestBp);
    charged.principal = i === installments ? principalCents - share * (installments - 1) : share;
    list.push({
      number: i,
      startDay: disbursedDay + LOAN_RULES.periodDays * (i - 1),
      dueDay: disbursedDay + LOAN_RULES.periodDays * i,
      charged,
    });
  }
  return list;
}

/** What an offer shows before signing: every fee, the total, and the fees that may come later. */
export function offerOf(principalCents: number, installments: InstallmentCount, disbursedDay: number) {
  const schedule = scheduleOf(principalCents, installments, disbursedDay);
  const totals = emptyBuckets();
  for (const row of schedule) for (const kind of FEE_KINDS) totals[kind] += row.charged[kind];
  const totalCents = FEE_KINDS.reduce((sum, kind) => sum + totals[kind], 0);
  return {
    principalCents,
    installments,
    schedule,
    totals,
    totalCents,
    lateFeeBpPerDay: LOAN_RULES.lateFeeBpPerDay,
    extensionFeeBp: LOAN_RULES.extension.feeBp,
  };
}

/**
 * When a bank payout requested at `now` is sent: at once within 9:00 to 17:00 Asia/Phnom_Penh,
 * otherwise at the next 9:00 (a request at 17:00 or later waits for the next morning).
 */
export function payoutTime(now: Date): Date {
  const local = now.getTime() + PHNOM_PENH_OFFSET_MS;
  const hour = Math.floor((local % 86_400_000) / 3_600_000);
  const { from, to } = LOAN_RULES.payoutHours;
  if (hour >= from && hour < to) return now;
  const day = Math.floor(local / 86_400_000) + (hour >= to ? 1 : 0);
  return new Date(day * 86_400_000 + from * 3_600_000 - PHNOM_PENH_OFFSET_MS);
}

/** yyyy-mm-dd of a dd/mm/yyyy birthday (spec §5), or null when it is no real date. */
export function isoOfDayMonthYear(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

export type LoanRefusal =
  | 'LOAN0001'
  | 'LOAN0002'
  | 'LOAN0003'
  | 'LOAN0004'
  | 'LOAN0005'
  | 'LOAN0006'
  | 'LOAN0007'
  | 'LOAN0008'
  | 'LOAN0009'
  | 'LOAN0010'
  | 'LOAN0011'
  | 'LOAN0012'
  | 'LOAN0013'
  | 'LOAN0014'
  | 'LOAN0015'
  | 'LOAN0016'
  | 'LOAN0017'
  | 'LOAN0018'
  | 'LOAN0019'
  | 'LOAN0020';
