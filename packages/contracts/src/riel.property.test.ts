import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsFromRiel,
  centsPerRoundingStep,
  formatPrice,
  formatRiel,
  KHR_PER_USD_MAX,
  KHR_PER_USD_MIN,
  RIEL_NOTE,
  rielFromCents,
  rielRoundingCentiriel,
  toKhmerDigits,
} from './riel.ts';

const rate = fc.integer({ min: KHR_PER_USD_MIN, max: KHR_PER_USD_MAX });
// Up to $10 million: more than any one payment, and cents × rate stays a safe integer.
const cents = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

describe('riel from dollars', () => {
  it('is never a fraction of the 100-riel note', () => {
    fc.assert(fc.property(cents, rate, (c, r) => Math.abs(rielFromCents(c, r)) % RIEL_NOTE === 0));
  });

  it('is within half a note of the exact amount, and the kept difference is that exact gap', () => {
    fc.assert(
      fc.property(cents, rate, (c, r) => {
        const difference = rielRoundingCentiriel(c, r);
        expect(Math.abs(difference)).toBeLessThanOrEqual((RIEL_NOTE * 100) / 2);
        expect(rielFromCents(c, r) * 100 - difference).toBe(c * r);
      }),
    );
  });

  it('goes back to dollars within one rounding step', () => {
    fc.assert(
      fc.property(cents, rate, (c, r) => {
        expect(Math.abs(centsFromRiel(rielFromCents(c, r), r) - c)).toBeLessThanOrEqual(centsPerRoundingStep(r));
      }),
    );
  });

  it('mirrors for refunds: a negative amount rounds as its positive does', () => {
    fc.assert(fc.property(cents, rate, (c, r) => rielFromCents(-c, r) === -rielFromCents(c, r) || c === 0));
  });

  it('grows with the amount', () => {
    fc.assert(
      fc.property(cents, fc.nat(10_000), rate, (c, more, r) => rielFromCents(c + more, r) >= rielFromCents(c, r)),
    );
  });

  it('rounds half a note up: the cases a cashier would check', () => {
    expect(rielFromCents(390, 4100)).toBe(16_000); // 15,990 riel
    expect(rielFromCents(100, 4050)).toBe(4_100); // 4,050 riel: half a note, away from zero
    expect(rielFromCents(100, 4049)).toBe(4_000);
    expect(rielFromCents(0, 4100)).toBe(0);
    expect(() => rielFromCents(100, 4100.5)).toThrow(RangeError);
    expect(() => rielFromCents(100, 99)).toThrow(RangeError);
  });
});

describe('riel as text', () => {
  it('writes Khmer digits as Intl does with numberingSystem khmr', () => {
    const khmr = new Intl.NumberFormat('km-KH', { numberingSystem: 'khmr', useGrouping: false });
    fc.assert(fc.property(fc.nat(), (n) => toKhmerDigits(String(n)) === khmr.format(n)));
  });

  it('writes the riel sign and thousands', () => {
    expect(formatRiel(16_000)).toBe('៛16,000');
    expect(formatRiel(-4_000)).toBe('-៛4,000');
    expect(formatRiel(1_234_500, { khmerDigits: true })).toBe('៛១,២៣៤,៥០០');
  });

  it('shows a price in each display the shopper can choose', () => {
    expect(formatPrice(390, { mode: 'usd', khrPerUsd: 4100 })).toBe('$3.90');
    expect(formatPrice(390, { mode: 'usd-riel', khrPerUsd: 4100 })).toBe('$3.90 · ៛16,000');
    expect(formatPrice(390, { mode: 'riel-first', khrPerUsd: 4100 })).toBe('៛16,000 · $3.90');
    expect(formatPrice(390, { mode: 'riel-first', khrPerUsd: 4100, khmerDigits: true })).toBe('៛១៦,០០០ · $៣.៩០');
    // No rate yet: dollars, never a riel amount made up.
    expect(formatPrice(390, { mode: 'riel-first', khrPerUsd: null })).toBe('$3.90');
  });
});
