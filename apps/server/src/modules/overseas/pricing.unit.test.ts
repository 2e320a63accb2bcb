import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargeableGrams, freightCents, priceChangeCause, usdCents } from './pricing.ts';

describe('overseas prices', () => {
  it('converts CNY fen to USD cents at the rate and fee, rounding up', () => {
    // 72.00 CNY at 7.20 is 10.00 USD; with 5% fee 10.50.
    expect(usdCents(7200, { rateMilli: 7200, feeBp: 0 })).toBe(1000);
    expect(usdCents(7200, { rateMilli: 7200, feeBp: 500 })).toBe(1050);
    // 0.01 CNY is a fraction of a cent: one cent.
    expect(usdCents(1, { rateMilli: 7200, feeBp: 500 })).toBe(1);
    expect(usdCents(0, { rateMilli: 7200, feeBp: 500 })).toBe(0);
  });

  it('never sells below the source’s price at the rate, and is within a cent of it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1000, max: 20000 }),
        fc.integer({ min: 0, max: 5000 }),
        (fen, rateMilli, feeBp) => {
          const cents = usdCents(fen, { rateMilli, feeBp });
          const exact = (fen * 1000 * (10000 + feeBp)) / (rateMilli * 10000);
          expect(cents).toBeGreaterThanOrEqual(exact - 1e-6);
          expect(cents - exact).toBeLessThan(1);
        },
      ),
    );
  });

  it('charges freight by the heavier of weight and volume, at least the minimum', () => {
    const rules = { perKgCents: 300, minimumCents: 100, volumetricDivisor: 6000 };
    expect(chargeableGrams(2000, 6000, rules)).toBe(2000);
    expect(chargeableGrams(500, 60000, rules)).toBe(10000);
    expect(freightCents(2000, 6000, rules)).toBe(600);
    expect(freightCents(500, 60000, rules)).toBe(3000);
    expect(freightCents(100, 100, rules)).toBe(100);
    expect(freightCents(0, 0, rules)).toBe(0);
  });
});

describe('why a cart line’s price changed', () => {
  it('is the rate when the seller’s fen is the same, the seller’s price otherwise', () => {
    expect(priceChangeCause({ cents: 1050, fen: 7200 }, { cents: 1050, fen: 7200 })).toBeNull();
    expect(priceChangeCause({ cents: 1050, fen: 7200 }, { cents: 1112, fen: 7200 })).toBe('rate');
    expect(priceChangeCause({ cents: 1050, fen: 7200 }, { cents: 1260, fen: 8640 })).toBe('price');
    // Kept before the fen was: counted as the seller's.
    expect(priceChangeCause({ cents: 1050, fen: null }, { cents: 1112, fen: 7200 })).toBe('price');
  });
});
