/**
 * The calendar days of the application's date fields (step 1: the document's expiry and the
 * birthday). Both are picked with one `DateField` and held as `yyyy-mm-dd`; the birthday travels as
 * `dd/mm/yyyy` (spec §3), the expiry as `yyyy-mm-dd` (the call's contract).
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-mm-dd` of a real calendar day, or null (2026-02-30 is none). */
export function parseIsoDay(text: string): { y: number; m: number; d: number } | null {
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(y, m - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** `dd/mm/yyyy` (the birthday on the wire) → `yyyy-mm-dd`, or '' when it is no day. */
export function isoOfDayMonthYear(text: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return '';
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return parseIsoDay(iso) ? iso : '';
}

/** `yyyy-mm-dd` → `dd/mm/yyyy`, or '' when it is no day. */
export function dayMonthYearOfIso(iso: string): string {
  const day = parseIsoDay(iso);
  return day ? `${pad(day.d)}/${pad(day.m)}/${day.y}` : '';
}

/** The picker's Date (midnight on the phone's clock) of a day, and back: the same wall-calendar day. */
export function pickerDateOf(iso: string): Date | null {
  const day = parseIsoDay(iso);
  return day ? new Date(day.y, day.m - 1, day.d) : null;
}

export function isoOfPickerDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today in Phnom Penh (UTC+7, no daylight saving) as `yyyy-mm-dd`, `years` added. */
export function phnomPenhDay(years = 0, now = new Date()): string {
  const local = new Date(now.getTime() + 7 * 3600_000);
  const y = local.getUTCFullYear() + years;
  const m = local.getUTCMonth() + 1;
  // 29 February of a year that has none is 28 February.
  const d = Math.min(local.getUTCDate(), new Date(Date.UTC(y, m, 0)).getUTCDate());
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** The day `days` after `iso` (`yyyy-mm-dd`). */
export function addDays(iso: string, days: number): string {
  const day = parseIsoDay(iso);
  if (!day) return iso;
  return new Date(Date.UTC(day.y, day.m - 1, day.d + days)).toISOString().slice(0, 10);
}
