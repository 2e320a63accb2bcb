/** Phnom Penh is UTC+7 all year: the shop's dates and times are shown in it, whatever the phone's zone. */
const OFFSET_MS = 7 * 3600_000;

/** The Phnom Penh dates (yyyy-mm-dd) of the next `count` days from tomorrow. */
export function nextDays(count: number, now = Date.now()): string[] {
  return Array.from({ length: count }, (_, i) =>
    new Date(now + OFFSET_MS + (i + 1) * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * "Wed 26/11" with the weekday names of the shopper's language, Monday first (the locale's
 * `weekdays`: Chromium ships without Khmer date names, so the browser's own would be English).
 */
export function dayLabel(date: string, weekdays: string): string {
  const names = weekdays.split(' ');
  const monday0 = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  return `${names[monday0] ?? ''} ${date.slice(8, 10)}/${date.slice(5, 7)}`.trim();
}

/** The Phnom Penh date (yyyy-mm-dd) of an instant. */
export function localDate(iso: string): string {
  return new Date(new Date(iso).getTime() + OFFSET_MS).toISOString().slice(0, 10);
}
