import { describe, expect, it } from 'vitest';
import { advanceTo, daysLate, extend, extensionRefusal, openAccount, payoffCents, repay } from './account.ts';
import {
  type Applicant,
  amountRefusal,
  eligibilityRefusal,
  isoOfDayMonthYear,
  LOAN_RULES,
  offerOf,
  payoutTime,
} from './terms.ts';

const applicant: Applicant = {
  birthDate: '1995-06-15',
  monthlyIncomeCents: 200_00,
  residenceCountry: 'KH',
  ownPhone: true,
  nationalIdOnOtherAccount: false,
  blacklisted: false,
  hasOpenLoan: false,
};

describe('eligibility (spec §5)', () => {
  it('takes 18 to 50 years of age from the terms', () => {
    expect(eligibilityRefusal({ ...applicant, birthDate: '2008-06-15' }, '2026-06-15')).toBeNull();
    expect(eligibilityRefusal({ ...applicant, birthDate: '2008-06-16' }, '2026-06-15')).toBe('LOAN0001');
    expect(eligibilityRefusal({ ...applicant, birthDate: '1975-06-16' }, '2026-06-15')).toBeNull();
    expect(eligibilityRefusal({ ...applicant, birthDate: '1975-06-15' }, '2026-06-15')).toBe('LOAN0001');
  });
  it('asks USD 200 a month, residence in Cambodia, one account, the own phone, no blacklist', () => {
    const today = '2026-06-15';
    expect(eligibilityRefusal({ ...applicant, monthlyIncomeCents: 199_99 }, today)).toBe('LOAN0002');
    expect(eligibilityRefusal({ ...applicant, residenceCountry: 'TH' }, today)).toBe('LOAN0003');
    expect(eligibilityRefusal({ ...applicant, nationalIdOnOtherAccount: true }, today)).toBe('LOAN0004');
    expect(eligibilityRefusal({ ...applicant, ownPhone: false }, today)).toBe('LOAN0005');
    expect(eligibilityRefusal({ ...applicant, hasOpenLoan: true }, today)).toBe('LOAN0006');
    expect(eligibilityRefusal({ ...applicant, blacklisted: true }, today)).toBe('LOAN0007');
  });
  it('lends 50 to 1,000 USD the first time', () => {
    expect(amountRefusal(49_99, 0)).toBe('LOAN0008');
    expect(amountRefusal(50_00, 0)).toBeNull();
    expect(amountRefusal(1_000_00, 0)).toBeNull();
    expect(amountRefusal(1_000_01, 0)).toBe('LOAN0008');
    expect(amountRefusal(1_500_00, 1)).toBeNull();
  });
});

describe('offer and account', () => {
  it('shows every fee of a 300 USD loan in 3 installments', () => {
    const offer = offerOf(300_00, 3, 100);
    expect(offer.totals).toEqual({
      processing: 6_00,
      consulting: 9_00,
      interest: 13_50,
      principal: 300_00,
      late: 0,
      other: 0,
    });
    expect(offer.totalCents).toBe(328_50);
    expect(offer.schedule.map((row) => row.dueDay)).toEqual([130, 160, 190]);
  });
  it('allocates processing, consulting, interest, principal, late fee, other fees', () => {
    const late = advanceTo(openAccount(100_00, 1, 0), 32);
    // Two days late on 104.50 owed: 0.3% a day, rounded up = 32 cents a day.
    expect(late.installments[0].charged.late).toBe(64);
    const result = repay(late, 103_00);
    if ('refusal' in result) throw new Error(result.refusal);
    expect(result.allocations.map((a) => [a.kind, a.cents])).toEqual([
      ['processing', 2_00],
      ['consulting', 1_00],
      ['interest', 1_50],
      ['principal', 98_50],
    ]);
    // 1.50 of principal and 0.64 of late fees remain: no waiver while a fee is owed.
    expect(result.waivedCents).toBe(0);
  });
  it('waives unpaid principal up to USD 1.50 once every fee is paid', () => {
    const result = repay(openAccount(100_00, 1, 0), 104_50 - 1_50);
    if ('refusal' in result) throw new Error(result.refusal);
    expect(result.waivedCents).toBe(1_50);
    expect(result.account.status).toBe('SETTLED');
    const short = repay(openAccount(100_00, 1, 0), 104_50 - 1_51);
    if ('refusal' in short) throw new Error(short.refusal);
    expect(short.account.status).toBe('ACTIVE');
  });
  it('charges nothing extra on early repayment: periods not begun owe only principal', () => {
    const account = openAccount(300_00, 3, 0);
    expect(payoffCents(account)).toBe(300_00 + 6_00 + 3_00 + 4_50);
    const result = repay(account, payoffCents(account));
    if ('refusal' in result) throw new Error(result.refusal);
    expect(result.account.status).toBe('SETTLED');
  });
  it('extends only when more than 40% of the principal is repaid, for 40% of what is unpaid', () => {
    const account = openAccount(100_00, 1, 0);
    const fees = 2_00 + 1_00 + 1_50;
    const exactly40 = repay(account, fees + 40_00);
    if ('refusal' in exactly40) throw new Error(exactly40.refusal);
    expect(extensionRefusal(exactly40.account)).toBe('LOAN0011');
    const above = repay(exactly40.account, 1);
    if ('refusal' in above) throw new Error(above.refusal);
    const extended = extend(above.account);
    if ('refusal' in extended) throw new Error(extended.refusal);
    expect(extended.feeCents).toBe(Math.round(59_99 * 0.4));
    expect(extended.account.installments[0].dueDay).toBe(30 + LOAN_RULES.extension.days);
    expect(extend(extended.account)).toEqual({ refusal: 'LOAN0012' });
  });
  it('blacklists on the 30th day late and calls the whole loan due', () => {
    const account = openAccount(300_00, 3, 0);
    const day59 = advanceTo(account, 59);
    expect(daysLate(day59)).toBe(29);
    expect(day59.blacklistedDay).toBeNull();
    const day60 = advanceTo(day59, 60);
    expect(day60.blacklistedDay).toBe(60);
    expect(day60.defaulted).toBe(true);
    expect(day60.installments.every((row) => row.dueDay <= 60)).toBe(true);
    // Every period has begun by day 60 (the third on that day): its fees stay owed.
    expect(day60.installments[2].cancelled.interest).toBe(0);
    expect(payoffCents(day60)).toBe(328_50 + day60.installments.reduce((sum, row) => sum + row.charged.late, 0));
  });
});

describe('payout hours and birthdays', () => {
  it('sends a payout between 9:00 and 17:00 Asia/Phnom_Penh, else at the next 9:00', () => {
    // 17:01 in Phnom Penh is 10:01 UTC: waits until 9:00 the next morning (02:00 UTC).
    expect(payoutTime(new Date('2026-06-01T10:01:00Z')).toISOString()).toBe('2026-06-02T02:00:00.000Z');
    expect(payoutTime(new Date('2026-06-01T09:59:00Z')).toISOString()).toBe('2026-06-01T09:59:00.000Z');
    expect(payoutTime(new Date('2026-06-01T10:00:00Z')).toISOString()).toBe('2026-06-02T02:00:00.000Z');
    // 01:30 in Phnom Penh (18:30 UTC the day before) waits until 9:00 the same day.
    expect(payoutTime(new Date('2026-05-31T18:30:00Z')).toISOString()).toBe('2026-06-01T02:00:00.000Z');
    expect(payoutTime(new Date('2026-06-01T02:00:00Z')).toISOString()).toBe('2026-06-01T02:00:00.000Z');
  });
  it('reads dd/mm/yyyy birthdays and refuses dates that do not exist', () => {
    expect(isoOfDayMonthYear('29/02/2000')).toBe('2000-02-29');
    expect(isoOfDayMonthYear('29/02/2001')).toBeNull();
    expect(isoOfDayMonthYear('2000-02-29')).toBeNull();
  });
});
