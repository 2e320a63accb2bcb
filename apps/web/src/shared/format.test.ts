import { describe, expect, it } from 'vitest';
import { dayRanges, formatCents, formatClock, formatPhone } from './format.ts';

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

  it('shows Cambodian numbers of 8 digits after +855 as 2-3-3', () => {
    expect(formatPhone('+85512345678')).toBe('+855 12 345 678');
    expect(formatPhone('12345678', '+855')).toBe('+855 12 345 678');
    expect(formatPhone('012 345 678', '+855')).toBe('+855 12 345 678');
    expect(formatPhone('+855 12-345-678')).toBe('+855 12 345 678');
    // Given whole, with the country code beside it (a field that takes either): read as it is.
    expect(formatPhone('+85512345678', '+855')).toBe('+855 12 345 678');
  });

  it('shows Cambodian numbers of 9 digits after +855 as 2-3-4', () => {
    expect(formatPhone('+855961234567')).toBe('+855 96 123 4567');
    expect(formatPhone('0971234567', '+855')).toBe('+855 97 123 4567');
    expect(formatPhone('+855234812345')).toBe('+855 23 481 2345');
  });

  it('shows Chinese mobiles as 3-4-4', () => {
    expect(formatPhone('+8613812345678')).toBe('+86 138 1234 5678');
    expect(formatPhone('13812345678', '+86')).toBe('+86 138 1234 5678');
  });

  it('leaves a number of another length or country as it was given', () => {
    expect(formatPhone('+8551234567')).toBe('+8551234567');
    expect(formatPhone('+8551234567890')).toBe('+8551234567890');
    expect(formatPhone('+6591234567')).toBe('+6591234567');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('12345', '+855')).toBe('+855 12345');
  });
});
