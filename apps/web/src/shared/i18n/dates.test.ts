import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import chs from '../locales/chs.json';
import enUS from '../locales/en-US.json';
import kh from '../locales/kh.json';
import { formatDate, formatDateTime } from './dates.ts';

// 2026-11-22 08:50 UTC is 15:50 in Phnom Penh (UTC+7).
const AT = '2026-11-22T08:50:00.000Z';

beforeAll(async () => {
  await i18next.init({
    resources: { 'en-US': { common: enUS }, chs: { common: chs }, kh: { common: kh } },
    lng: 'en-US',
    defaultNS: 'common',
  });
});

describe('formatDateTime: Phnom Penh time in the chosen language', () => {
  it('writes Khmer with the catalogue month names, whatever Khmer data the browser has', () => {
    expect(formatDateTime(AT, 'kh')).toBe('22 វិច្ឆិកា 2026, 15:50');
    expect(formatDateTime('2026-01-01T00:00:00Z', 'kh')).toBe('1 មករា 2026, 07:00');
  });

  it('writes English and Chinese with their own formats, in Phnom Penh time', () => {
    expect(formatDateTime(AT, 'en-US')).toMatch(/Nov 22, 2026.*3:50/);
    expect(formatDateTime(AT, 'chs')).toMatch(/2026年11月22日.*15:50/);
  });

  it('writes nothing for a missing time', () => {
    expect(formatDateTime(null, 'kh')).toBe('');
  });
});

describe('formatDate: the day alone, the same way', () => {
  it('writes the Phnom Penh day in each language, Khmer with the catalogue month names', () => {
    // 2026-11-30 20:00 UTC is already 1 December in Phnom Penh.
    const lateUtc = '2026-11-30T20:00:00.000Z';
    expect(formatDate(lateUtc, 'en-US')).toBe('Dec 1, 2026');
    expect(formatDate(lateUtc, 'chs')).toBe('2026年12月1日');
    expect(formatDate(lateUtc, 'kh')).toBe('1 ធ្នូ 2026');
    expect(formatDate(undefined, 'kh')).toBe('');
  });
});
