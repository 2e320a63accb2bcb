import { describe, expect, it } from 'vitest';
import { pickPrize, totalWeight } from './draws.ts';
import { earns } from './spend-and-get.ts';

describe('lucky draw odds', () => {
  const block = { prizes: [{ weight: 1 }, { weight: 3 }], missWeight: 6 } as never;
  it('gives each prize weight / total of the rolls, the rest nothing', () => {
    expect(totalWeight(block)).toBe(10);
    const counts = [0, 0, 0];
    for (let roll = 0; roll < 10; roll++) counts[pickPrize([{ weight: 1 }, { weight: 3 }], roll) + 1] += 1;
    expect(counts).toEqual([6, 1, 3]); // [nothing, first, second]
  });
  it('always wins with no miss weight', () => {
    for (let roll = 0; roll < 4; roll++) expect(pickPrize([{ weight: 4 }], roll)).toBe(0);
  });
});

describe('spend and get', () => {
  const rule = {
    campaignId: 1,
    startsAt: new Date('2026-12-01T00:00:00Z'),
    endsAt: new Date('2026-12-31T00:00:00Z'),
    thresholdCents: 3000,
  };
  it('an order paid in the dates at or above the threshold earns it', () => {
    expect(earns(rule, { paidCents: 3000, paidAt: new Date('2026-12-05T00:00:00Z') })).toBe(true);
    expect(earns(rule, { paidCents: 2999, paidAt: new Date('2026-12-05T00:00:00Z') })).toBe(false);
    expect(earns(rule, { paidCents: 9000, paidAt: new Date('2026-12-31T00:00:00Z') })).toBe(false);
    expect(earns(rule, { paidCents: 9000, paidAt: new Date('2026-11-30T23:59:59Z') })).toBe(false);
  });
});
