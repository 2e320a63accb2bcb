import { normalizeLanguage } from '@shop/contracts';
import i18next from 'i18next';
import { INTL_LOCALE } from './index.ts';

/** The shop's times are Phnom Penh times, whatever the phone's zone (DESIGN §4). */
const TIME_ZONE = 'Asia/Phnom_Penh';

let phnomPenh: Intl.DateTimeFormat | undefined;

/** Day, month, year, hour and minute in Phnom Penh, as numbers (Latin digits, 24 hours). */
function phnomPenhParts(date: Date) {
  phnomPenh ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = phnomPenh.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: Number(part('day')),
    month: Number(part('month')),
    year: part('year'),
    time: `${part('hour')}:${part('minute')}`,
  };
}

/**
 * The one way the shop writes a date and time: Phnom Penh time in the chosen language. Khmer is
 * written with the month names of the common catalogue ("22 វិច្ឆិកា 2026, 15:50") on every phone:
 * browsers' Khmer data differ (Chromium builds ship none), and the server's first paint of a screen
 * (src/paint.tsx) must write what the phone will.
 */
export function formatDateTime(iso: string | null | undefined, languageTag: string): string {
  return format(iso, languageTag, true);
}

/** The same for a day alone ("22 វិច្ឆិកា 2026"): validity dates, invitations. */
export function formatDate(iso: string | null | undefined, languageTag: string): string {
  return format(iso, languageTag, false);
}

/** A calendar day written `yyyy-mm-dd` (a due date), as `formatDate` writes days: "29 Dec 2026". */
export function formatDay(isoDay: string | null | undefined, languageTag: string): string {
  if (!isoDay || !/^\d{4}-\d{2}-\d{2}$/.test(isoDay)) return isoDay ?? '';
  // Noon in Phnom Penh: the same day whatever the zone the format is written in.
  return format(`${isoDay}T12:00:00+07:00`, languageTag, false);
}

/** Intl's formats are costly to make (a slow phone's first screen): one per language and kind. */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(iso: string | null | undefined, languageTag: string, withTime: boolean): string {
  if (!iso) return '';
  const date = new Date(iso);
  const language = normalizeLanguage(languageTag);
  if (language !== 'kh') {
    const key = `${language} ${withTime}`;
    let intl = formats.get(key);
    if (!intl) {
      intl = new Intl.DateTimeFormat(INTL_LOCALE[language], {
        timeZone: TIME_ZONE,
        dateStyle: 'medium',
        ...(withTime ? { timeStyle: 'short' as const } : {}),
      });
      formats.set(key, intl);
    }
    return intl.format(date);
  }
  const months = i18next.t('months', { lng: language, ns: 'common', returnObjects: true }) as unknown;
  const { day, month, year, time } = phnomPenhParts(date);
  const monthName = Array.isArray(months) && typeof months[month - 1] === 'string' ? months[month - 1] : String(month);
  return withTime ? `${day} ${monthName} ${year}, ${time}` : `${day} ${monthName} ${year}`;
}
