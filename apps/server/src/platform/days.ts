import type { SQL } from 'drizzle-orm';
import { sql } from './sql.ts';

/** Phnom Penh is UTC+7 all year (no daylight saving): its days are UTC days moved by 7 hours. */
const PP_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" of an instant in Phnom Penh. */
export const phnomPenhDay = (at: Date) => new Date(at.getTime() + PP_OFFSET_MS).toISOString().slice(0, 10);

/**
 * The last `count` Phnom Penh days up to today (oldest first) and the instant the first one began:
 * what the console's charts count over.
 */
export function lastPhnomPenhDays(count: number, now = new Date()): { days: string[]; since: Date } {
  const first = Date.parse(phnomPenhDay(now)) - (count - 1) * DAY_MS;
  return {
    days: Array.from({ length: count }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10)),
    since: new Date(first - PP_OFFSET_MS),
  };
}

/** The Phnom Penh day of a `timestamptz` column as "YYYY-MM-DD", in SQL (no time zone database needed). */
export const phnomPenhDaySql = (column: SQL | unknown): SQL =>
  sql`to_char((${column} AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;

/** Figures per day (from a `GROUP BY` day) laid on the list of days, 0 where a day has none. */
export function perDay(days: readonly string[], rows: readonly { day: string; n: number | string }[]): number[] {
  const byDay = new Map(rows.map((r) => [r.day, Number(r.n)]));
  return days.map((d) => byDay.get(d) ?? 0);
}

/** The instants a Phnom Penh day "YYYY-MM-DD" begins and ends ([from, to)). */
export function phnomPenhDayBounds(day: string): { from: Date; to: Date } {
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - PP_OFFSET_MS);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}
