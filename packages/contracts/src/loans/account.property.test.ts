import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceTo,
  daysLate,
  extend,
  type LoanAccount,
  openAccount,
  outstanding,
  payoffCents,
  repay,
  totalOutstanding,
  totalsOf,
} from './account.ts';
import { FEE_KINDS, type InstallmentCount, LOAN_RULES } from './terms.ts';

type Op =
  | { type: 'days'; days: number }
  | { type: 'repay'; share: number }
  | { type: 'repayAllBut'; cents: number }
  | { type: 'repayTooMuch'; extra: number }
  | { type: 'extend' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ type: fc.constant('days' as const), days: fc.integer({ min: 1, max: 45 }) }),
  fc.record({ type: fc.constant('repay' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ type: fc.constant('repayAllBut' as const), cents: fc.integer({ min: 0, max: 300 }) }),
  fc.record({ type: fc.constant('repayTooMuch' as const), extra: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ type: fc.constant('extend' as const) }),
);

/** What the model knows from outside the account: money in, principal back, fees added. */
type Model = {
  repaid: number;
  principalRepaid: number;
  extensionFees: number;
  extended: boolean;
  blacklistedDay: number | null;
  waived: number;
};

const sumPaid = (account: LoanAccount) => FEE_KINDS.reduce((sum, kind) => sum + totalsOf(account).paid[kind], 0);

function checkInvariants(account: LoanAccount, model: Model, principal: number) {
  const { charged, paid, cancelled } = totalsOf(account);
  // No cent created or lost: every cent repaid sits in exactly one bucket.
  expect(sumPaid(account)).toBe(model.repaid);
  expect(paid.principal).toBe(model.principalRepaid);
  expect(charged.principal).toBe(principal);
  expect(charged.other).toBe(model.extensionFees);
  expect(cancelled.principal).toBe(model.waived);
  expect(account.waivedCents).toBe(model.waived);
  for (const row of account.installments)
    for (const kind of FEE_KINDS) expect(outstanding(row, kind)).toBeGreaterThanOrEqual(0);
  const owed = FEE_KINDS.reduce((sum, kind) => sum + charged[kind] - paid[kind] - cancelled[kind], 0);
  expect(totalOutstanding(account)).toBe(owed);
  expect(account.status === 'SETTLED').toBe(owed === 0);
  expect(account.blacklistedDay).toBe(model.blacklistedDay);
  expect(account.extended).toBe(model.extended);
}

describe('a loan account against a simple model', () => {
  it('keeps the allocation order, every cent, the blacklist day and the extension rule', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: LOAN_RULES.firstAmountCents.min, max: LOAN_RULES.laterAmountCents.max }),
        fc.constantFrom<InstallmentCount>(...LOAN_RULES.installmentChoices),
        fc.integer({ min: 19_000, max: 21_000 }),
        fc.array(op, { maxLength: 30 }),
        (principal, count, disbursedDay, ops) => {
          let account = openAccount(principal, count, disbursedDay);
          const model: Model = {
            repaid: 0,
            principalRepaid: 0,
            extensionFees: 0,
            extended: false,
            blacklistedDay: null,
            waived: 0,
          };
          checkInvariants(account, model, principal);
          for (const step of ops) {
            const before = account;
            if (step.type === 'days') {
              // The model's blacklist day: the oldest unpaid due day + 30, if it falls in these days.
              const to = before.today + step.days;
              if (model.blacklistedDay === null && before.status === 'ACTIVE') {
                const late = daysLate(before, to);
                if (late >= LOAN_RULES.blacklistDaysLate)
                  model.blacklistedDay = Math.max(before.today + 1, to - late + LOAN_RULES.blacklistDaysLate);
              }
              account = advanceTo(before, to);
              // Days move late fees only, never what was paid or the status.
              expect(sumPaid(account)).toBe(sumPaid(before));
              if (model.blacklistedDay === null) expect(daysLate(account)).toBeLessThan(LOAN_RULES.blacklistDaysLate);
              expect(account.status).toBe(before.status);
            } else if (step.type === 'extend') {
              const repaidShareAbove40 = model.principalRepaid * 10 > principal * 4;
              const allowed = repaidShareAbove40 && !model.extended && !before.defaulted && before.status === 'ACTIVE';
              const result = extend(before);
              expect('refusal' in result).toBe(!allowed);
              if (!('refusal' in result)) {
                const unpaid = principal - model.principalRepaid - model.waived;
                expect(result.feeCents).toBe(Math.floor((unpaid * 4 + 5) / 10));
                model.extensionFees += result.feeCents;
                model.extended = true;
                account = result.account;
                expect(account.status).toBe(before.status);
              }
            } else {
              const payoff = payoffCents(before);
              const cents =
                step.type === 'repay'
                  ? Math.max(1, Math.round(payoff * step.share))
                  : step.type === 'repayAllBut'
                    ? payoff - step.cents
                    : payoff + step.extra;
              const result = repay(before, cents);
              const acceptable = before.status === 'ACTIVE' && cents > 0 && cents <= payoff;
              expect('refusal' in result).toBe(!acceptable);
              if ('refusal' in result) {
                expect(account).toBe(before);
                continue;
              }
              // Allocation order: oldest installment first, each in the published order, and
              // nothing is paid while anything before it is still owed.
              const position = (a: { installment: number; kind: (typeof FEE_KINDS)[number] }) =>
                a.installment * 10 + FEE_KINDS.indexOf(a.kind);
              const positions = result.allocations.map(position);
              expect([...positions].sort((a, b) => a - b)).toEqual(positions);
              expect(result.allocations.reduce((sum, a) => sum + a.cents, 0)).toBe(cents);
              const last = positions.at(-1) ?? 0;
              for (const row of before.installments)
                for (const kind of FEE_KINDS) {
                  const begun = row.startDay <= before.today;
                  if (!begun && (kind === 'interest' || kind === 'consulting')) continue;
                  if (position({ installment: row.number, kind }) < last) {
                    const after = result.account.installments[row.number - 1];
                    expect(after.paid[kind] + after.cancelled[kind]).toBe(after.charged[kind]);
                  }
                }
              model.repaid += cents;
              model.principalRepaid += result.allocations
                .filter((a) => a.kind === 'principal')
                .reduce((sum, a) => sum + a.cents, 0);
              if (result.waivedCents > 0) {
                expect(result.waivedCents).toBeLessThanOrEqual(LOAN_RULES.waiverCents);
                expect(result.account.status).toBe('SETTLED');
                model.waived += result.waivedCents;
              }
              account = result.account;
            }
            checkInvariants(account, model, principal);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
