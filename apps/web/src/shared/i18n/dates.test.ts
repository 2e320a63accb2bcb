import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
afterEach(() => vi.restoreAllMocks());

describe('formatDateTime: Phnom Penh time in the chosen language', () => {
  it('writes Khmer with Khmer month names when the browser has Khmer data', () => {
    const text = formatDateTime(AT, 'kh');
    expect(text).toContain('វិច្ឆិកា');
    expect(text).not.toMatch(/Nov/);
  });

  it('writes Khmer with the catalogue month names when the browser lacks Khmer data (Chromium)', () => {
    const supported = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    expect(formatDateTime(AT, 'kh')).toBe('22 វិច្ឆិកា 2026, 15:50');
    expect(formatDateTime('2026-01-01T00:00:00Z', 'kh')).toBe('1 មករា 2026, 07:00');
    expect(supported).toHaveBeenCalledWith(['km-KH']);
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
  it('writes the Phnom Penh day in each language, Khmer month names without Khmer data', () => {
    // 2026-11-30 20:00 UTC is already 1 December in Phnom Penh.
    const lateUtc = '2026-11-30T20:00:00.000Z';
    expect(formatDate(lateUtc, 'en-US')).toBe('Dec 1, 2026');
    expect(formatDate(lateUtc, 'chs')).toBe('2026年12月1日');
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    expect(formatDate(lateUtc, 'kh')).toBe('1 ធ្នូ 2026');
    expect(formatDate(undefined, 'kh')).toBe('');
  });
});
