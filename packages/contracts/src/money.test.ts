import { describe, expect, it } from 'vitest';
import { formatCents, formatWhole } from './money.ts';

describe('formatCents', () => {
  it('writes dollars with thousands and two decimals, as en-US does', () => {
    for (const cents of [0, 5, 99, 100, 99_999, 100_000, 101_990, 123_456_789, 100_000_000_000, -300, -123_456]) {
      const whole = Math.floor(Math.abs(cents) / 100).toLocaleString('en-US');
      const expected = `${cents < 0 ? '-' : ''}$${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
      expect(formatCents(cents)).toBe(expected);
    }
    expect(formatCents(101_990)).toBe('$1,019.90');
    expect(formatCents(123_456_789_01)).toBe('$123,456,789.01');
    expect(formatCents(-300)).toBe('-$3.00');
  });

  it('leaves the dollar sign out for another currency', () => {
    expect(formatCents(150_000, 'KHR')).toBe('1,500.00');
  });
});

describe('formatWhole', () => {
  it('writes thousands as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567, -4_500])
      expect(formatWhole(n)).toBe(n.toLocaleString('en-US'));
  });
});
