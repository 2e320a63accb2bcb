import { setTimeout as sleep } from 'node:timers/promises';
import { type Applicant, openAccount, repay } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { type LenderApplication, type LenderCarApplication, SimulatedLender } from './lender.ts';

const applicant: Applicant = {
  birthDate: '1990-01-01',
  monthlyIncomeCents: 300_00,
  residenceCountry: 'KH',
  ownPhone: true,
  nationalIdOnOtherAccount: false,
  blacklisted: false,
  hasOpenLoan: false,
};

const application = (
  reference: string,
  nationalId: string,
  more: Partial<LenderApplication> = {},
): LenderApplication => ({
  reference,
  nationalId,
  fullName: 'Sok Dara',
  amountCents: 300_00,
  installments: 3,
  repaidLoans: 0,
  applicant,
  data: {},
  today: '2026-06-01',
  ...more,
});

describe('the local lender', () => {
  let shop: TestShop;
  let lender: SimulatedLender;
  beforeAll(async () => {
    shop = await startTestShop();
    lender = new SimulatedLender(shop.db, { autoDecisionMs: 150, extensionAnswerMs: 150 });
  });
  afterAll(() => shop.close());

  it('sends a first application to a person, promised within 3 days, decided once', async () => {
    const first = await lender.submit(application('A1', 'N1'));
    expect(first).toMatchObject({ status: 'PENDING', review: true });
    expect((first.reviewBy as Date).getTime() - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    await sleep(200);
    expect((await lender.decision('A1'))?.status).toBe('PENDING');
    expect((await lender.queue()).map((row) => row.reference)).toContain('A1');
    // An approval may lower the amount, never raise it; the second decision changes nothing.
    expect(await lender.decide('A1', { approve: true, approvedCents: 900_00 }, 'staff-1')).toMatchObject({
      status: 'APPROVED',
      approvedCents: 300_00,
    });
    expect((await lender.decide('A1', { approve: false }, 'staff-2'))?.status).toBe('APPROVED');
    // The same reference again is the same application.
    expect((await lender.submit(application('A1', 'N1', { amountCents: 50_00 })))?.approvedCents).toBe(300_00);
  });

  it('decides a later loan by the rules after its delay', async () => {
    const later = await lender.submit(application('A2', 'N1', { repaidLoans: 1, amountCents: 1_500_00 }));
    expect(later).toMatchObject({ status: 'PENDING', review: false });
    await sleep(200);
    expect(await lender.decision('A2')).toMatchObject({ status: 'APPROVED', approvedCents: 1_500_00 });
    const tooOld = await lender.submit(
      application('A3', 'N1', { repaidLoans: 1, applicant: { ...applicant, birthDate: '1960-01-01' } }),
    );
    expect(tooOld.status).toBe('PENDING');
    await sleep(200);
    expect(await lender.decision('A3')).toMatchObject({ status: 'REFUSED', reason: 'LOAN0001', approvedCents: null });
  });

  it('answers an extension by the rule of 40% repaid', async () => {
    const account = openAccount(100_00, 1, 20_000);
    const little = await lender.requestExtension({ reference: 'E1', loanReference: 'A1', feeCents: 1, account });
    expect(little.status).toBe('PENDING');
    const paid = repay(account, 60_00);
    if ('refusal' in paid) throw new Error(paid.refusal);
    await lender.requestExtension({ reference: 'E2', loanReference: 'A1', feeCents: 1, account: paid.account });
    await sleep(200);
    expect(await lender.extensionAnswer('E1')).toMatchObject({ status: 'REFUSED', reason: 'LOAN0011' });
    expect((await lender.extensionAnswer('E2'))?.status).toBe('ACCEPTED');
  });
});

describe('the local lender’s car loans', () => {
  let shop: TestShop;
  let lender: SimulatedLender;
  beforeAll(async () => {
    shop = await startTestShop();
    lender = new SimulatedLender(shop.db, { autoDecisionMs: 150, extensionAnswerMs: 150 });
  });
  afterAll(() => shop.close());

  const pictures = (kinds: string[]) =>
    kinds.map((kind) => ({ kind, id: `id-${kind}`, bytes: async () => Buffer.from('jpeg bytes') }));
  const car = (reference: string, more: Partial<LenderCarApplication> = {}): LenderCarApplication => ({
    reference,
    nationalId: 'C1',
    fullName: 'Sok Dara',
    amountCents: 5_000_00,
    termMonths: 24,
    carValueCents: 10_000_00,
    applicant,
    data: {},
    pictures: pictures(['front', 'rear', 'side', 'dashboard', 'registrationCard']),
    today: '2026-06-01',
    ...more,
  });

  it('refuses at once what its rules refuse, else waits for a person who decides once', async () => {
    expect(await lender.submit(application('A1', 'N1'))).toMatchObject({ status: 'PENDING' });
    expect(await lender.submitCarLoan(car('Y1', { amountCents: 7_500_00 }))).toMatchObject({
      status: 'REFUSED',
      reason: 'CAR00016',
    });
    expect(await lender.submitCarLoan(car('Y2', { pictures: pictures(['front']) }))).toMatchObject({
      status: 'REFUSED',
      reason: 'CAR00018',
    });
    const waiting = await lender.submitCarLoan(car('Y3'));
    expect(waiting).toMatchObject({ status: 'PENDING', review: true });
    expect((waiting.reviewBy as Date).getTime() - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    // Car loans wait in their own queue, not among the first loans.
    expect((await lender.carQueue()).map((q) => q.reference)).toEqual(['Y3']);
    expect((await lender.queue()).map((q) => q.reference)).toEqual(['A1']);
    expect(await lender.decideCarLoan('Y3', { approve: true, approvedCents: 9_000_00 }, 'staff-1')).toMatchObject({
      status: 'APPROVED',
      approvedCents: 5_000_00,
    });
    expect((await lender.decideCarLoan('Y3', { approve: false }, 'staff-2'))?.status).toBe('APPROVED');
    expect(await lender.decideCarLoan('nope', { approve: true }, 'staff-1')).toBeNull();
  });
});
