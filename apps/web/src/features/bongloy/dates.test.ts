import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayMonthYearOfIso,
  isoOfDayMonthYear,
  isoOfPickerDate,
  parseIsoDay,
  phnomPenhDay,
  pickerDateOf,
} from './dates.ts';

describe('the application’s date fields', () => {
  it('hold both days the same way and convert the birthday to its wire format and back', () => {
    expect(isoOfDayMonthYear('14/02/1995')).toBe('1995-02-14');
    expect(dayMonthYearOfIso('1995-02-14')).toBe('14/02/1995');
    expect(isoOfDayMonthYear('31/02/1995')).toBe('');
    expect(isoOfDayMonthYear('1995-02-14')).toBe('');
    expect(dayMonthYearOfIso('')).toBe('');
    expect(parseIsoDay('2028-02-29')).toEqual({ y: 2028, m: 2, d: 29 });
    expect(parseIsoDay('2027-02-29')).toBeNull();
  });

  it('hand the picker the same wall-calendar day, whatever the phone’s zone', () => {
    const date = pickerDateOf('2031-05-01') as Date;
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2031, 4, 1]);
    expect(isoOfPickerDate(date)).toBe('2031-05-01');
    expect(pickerDateOf('nope')).toBeNull();
  });

  it('count today in Phnom Penh', () => {
    // 2026-11-30 20:00 UTC is already 1 December in Phnom Penh.
    expect(phnomPenhDay(0, new Date('2026-11-30T20:00:00Z'))).toBe('2026-12-01');
    expect(phnomPenhDay(-18, new Date('2026-11-30T20:00:00Z'))).toBe('2008-12-01');
    expect(phnomPenhDay(1, new Date('2028-02-29T05:00:00Z'))).toBe('2029-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
