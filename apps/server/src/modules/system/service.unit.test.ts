import { describe, expect, it } from 'vitest';
import { isOpenAt, localClock } from './service.ts';

const hours = { days: [1, 2, 3, 4, 5, 6], open: '08:00', close: '21:00', timeZone: 'Asia/Phnom_Penh' };

describe('opening hours in Asia/Phnom_Penh', () => {
  it('reads the local weekday and time', () => {
    expect(localClock(new Date('2026-11-23T00:30:00Z'), 'Asia/Phnom_Penh')).toEqual({
      weekday: 1,
      minutes: 7 * 60 + 30,
    });
  });

  it('opens at 8:00 and closes at 21:00, Monday to Saturday', () => {
    expect(isOpenAt(hours, new Date('2026-11-23T00:59:00Z'))).toBe(false); // Mon 07:59
    expect(isOpenAt(hours, new Date('2026-11-23T01:00:00Z'))).toBe(true); // Mon 08:00
    expect(isOpenAt(hours, new Date('2026-11-23T13:59:00Z'))).toBe(true); // Mon 20:59
    expect(isOpenAt(hours, new Date('2026-11-23T14:00:00Z'))).toBe(false); // Mon 21:00
    expect(isOpenAt(hours, new Date('2026-11-22T05:00:00Z'))).toBe(false); // Sun 12:00
  });
});
