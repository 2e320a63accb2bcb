import { type Language, normalizeLanguage } from './i18n.ts';

/**
 * A phone number as the shop shows it everywhere: international, grouped as at home. Cambodian
 * numbers have 8 or 9 digits after +855 (the trunk 0 dropped) and group 2-3-3 or 2-3-4
 * (+855 12 345 678, +855 96 123 4567); Chinese mobiles 3-4-4 (+86 138 1234 5678). Takes E.164
 * (+85512345678), or a country code with a national number (+855, 12345678 or 012345678), the
 * code ignored when the number is given whole. A number of another shape is shown as it was given.
 * The screens and the server's messages alike.
 */
export function formatPhone(phone: string, countryCode = ''): string {
  const given = (phone.trim().startsWith('+') ? phone : `${countryCode} ${phone}`).trim();
  let national = phone.replace(/[\s\-().]/g, '');
  // A number given whole (+855…) is read as it is: the country code then only says where a national one is from.
  let country = national.startsWith('+') ? '' : countryCode.replace(/\s/g, '');
  if (!country) {
    const match = national.match(/^\+(855|86)(\d+)$/);
    if (!match) return given;
    country = `+${match[1]}`;
    national = match[2];
  }
  if (!/^\d+$/.test(national)) return given;
  if (country === '+855') {
    national = national.replace(/^0/, '');
    if (national.length !== 8 && national.length !== 9) return given;
    return `+855 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
  }
  if (country === '+86' && national.length === 11) {
    return `+86 ${national.slice(0, 3)} ${national.slice(3, 7)} ${national.slice(7)}`;
  }
  return given;
}

/** Khmer month names, as the shop's common catalogue writes them (apps/web shared/locales/kh.json). */
export const KHMER_MONTHS = [
  'មករា',
  'កុម្ភៈ',
  'មីនា',
  'មេសា',
  'ឧសភា',
  'មិថុនា',
  'កក្កដា',
  'សីហា',
  'កញ្ញា',
  'តុលា',
  'វិច្ឆិកា',
  'ធ្នូ',
] as const;

const INTL_LOCALES: Record<Language, string> = { 'en-US': 'en-US', chs: 'zh-CN', kh: 'km-KH' };
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date (and time) in Phnom Penh written as the screens write it (apps/web shared/i18n/dates.ts):
 * Intl's medium style in en-US and chs ("Nov 29, 2026, 1:02 AM", "2026年11月29日 01:02"), Khmer with
 * the catalogue's month names ("29 វិច្ឆិកា 2026, 01:02"). For texts the server sends (notifications).
 */
export function formatDateIn(at: Date | string, languageTag: string, withTime = true): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  const language = normalizeLanguage(languageTag);
  if (language === 'kh') {
    const pp = new Date(date.getTime() + 7 * 3_600_000);
    const day = pp.getUTCDate();
    const month = KHMER_MONTHS[pp.getUTCMonth()];
    const time = `${String(pp.getUTCHours()).padStart(2, '0')}:${String(pp.getUTCMinutes()).padStart(2, '0')}`;
    return withTime ? `${day} ${month} ${pp.getUTCFullYear()}, ${time}` : `${day} ${month} ${pp.getUTCFullYear()}`;
  }
  const key = `${language} ${withTime}`;
  let intl = formats.get(key);
  if (!intl) {
    intl = new Intl.DateTimeFormat(INTL_LOCALES[language], {
      timeZone: 'Asia/Phnom_Penh',
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' as const } : {}),
    });
    formats.set(key, intl);
  }
  return intl.format(date);
}
