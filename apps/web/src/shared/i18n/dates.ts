import { normalizeLanguage } from '@shop/contracts';
import i18next from 'i18next';
import { INTL_LOCALE } from './index.ts';

/** The shop's times are Phnom Penh times, whatever the phone's zone (DESIGN §4). */
const TIME_ZONE = 'Asia/Phnom_Penh';

/** Whether this browser's Intl has data for `locale` (Chromium builds ship without Khmer and fall back to English). */
function hasLocaleData(locale: string): boolean {
  return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;
}

/** Day, month, year, hour and minute in Phnom Penh, as numbers (Latin digits, 24 hours). */
function phnomPenhParts(date: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: Number(part('day')),
    month: Number(part('month')),
    year: part('year'),
    time: `${part('hour')}:${part('minute')}`,
  };
}

/**
 * The one way the shop writes a date and time: Phnom Penh time in the chosen language. When the
 * browser has no data for the language (Khmer in Chromium), it writes "22 វិច្ឆិកា 2026, 15:50"
 * with the month names of the common catalogue instead of falling back to English.
 */
export function formatDateTime(iso: string | null | undefined, languageTag: string): string {
  return format(iso, languageTag, true);
}

/** The same for a day alone ("22 វិច្ឆិកា 2026"): validity dates, invitations. */
export function formatDate(iso: string | null | undefined, languageTag: string): string {
  return format(iso, languageTag, false);
}

function format(iso: string | null | undefined, languageTag: string, withTime: boolean): string {
  if (!iso) return '';
  const date = new Date(iso);
  const language = normalizeLanguage(languageTag);
  const locale = INTL_LOCALE[language];
  if (hasLocaleData(locale))
    return new Intl.DateTimeFormat(locale, {
      timeZone: TIME_ZONE,
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' as const } : {}),
    }).format(date);
  const months = i18next.t('months', { lng: language, ns: 'common', returnObjects: true }) as unknown;
  const { day, month, year, time } = phnomPenhParts(date);
  const monthName = Array.isArray(months) && typeof months[month - 1] === 'string' ? months[month - 1] : String(month);
  return withTime ? `${day} ${monthName} ${year}, ${time}` : `${day} ${monthName} ${year}`;
}
