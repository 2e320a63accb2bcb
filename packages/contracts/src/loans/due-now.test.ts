import { describe, expect, it } from 'vitest';
import { advanceTo, dueNowCents, nextDueAfter, openAccount, payoffCents, repay, totalOutstanding } from './account.ts';

// USD 250 in 3 installments collected on day 1000: 2% processing once, 1% consulting and 1.5% interest a period.
const opened = () => openAccount(250_00, 3, 1000);

describe('what is due now, apart from the payoff and the whole schedule', () => {
  it('nothing is due in the first period; the next installment is named with its day', () => {
    const account = advanceTo(opened(), 1005);
    expect(dueNowCents(account)).toBe(0);
    expect(nextDueAfter(account)).toMatchObject({ number: 1, dueDay: 1030 });
    // The whole schedule with every period's fees, and what repays everything today.
    expect(totalOutstanding(account)).toBe(273_75);
    expect(payoffCents(account)).toBe(250_00 + 5_00 + 2_50 + 3_75);
  });

  it('on its due day the first installment is due; a day later with its late fee', () => {
    expect(dueNowCents(advanceTo(opened(), 1030))).toBe(83_33 + 5_00 + 2_50 + 3_75);
    const late = advanceTo(opened(), 1031);
    expect(dueNowCents(late)).toBe(94_58 + Math.ceil((94_58 * 30) / 10000));
    expect(nextDueAfter(late)).toMatchObject({ number: 2, dueDay: 1060 });
  });

  it('paid ahead: nothing due, and the next one is the first still owing', () => {
    const account = advanceTo(opened(), 1010);
    const paid = repay(account, 94_58);
    if ('refusal' in paid) throw new Error(paid.refusal);
    expect(dueNowCents(advanceTo(paid.account, 1030))).toBe(0);
    expect(nextDueAfter(paid.account)).toMatchObject({ number: 2 });
  });
});
