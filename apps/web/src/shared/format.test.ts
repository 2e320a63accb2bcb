import { describe, expect, it } from 'vitest';
import { dayRanges, formatCents, formatClock } from './format.ts';

describe('formatting', () => {
  it('formats cents with two decimals and thousands separators', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-250)).toBe('-$2.50');
  });
  it('writes hours as the spec does', () => {
    expect(formatClock('08:00')).toBe('8:00');
    expect(formatClock('21:00')).toBe('21:00');
  });
  it('groups consecutive weekdays', () => {
    expect(dayRanges([1, 2, 3, 4, 5, 6])).toEqual([[1, 6]]);
    expect(dayRanges([7, 1, 3, 2])).toEqual([
      [1, 3],
      [7, 7],
    ]);
  });
});
