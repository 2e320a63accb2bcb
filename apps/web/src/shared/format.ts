/** Spec §9: amounts with two decimals and thousands separators; money travels as integer cents. */
export { formatCents, formatPhone, formatWhole } from '@shop/contracts';

/** "08:00" → "8:00", as the spec writes hours. */
export function formatClock(hhmm: string): string {
  return hhmm.replace(/^0(\d)/, '$1');
}

/** Consecutive days as one range ("Monday to Saturday"), other sets as a list. */
export function dayRanges(days: readonly number[]): [number, number][] {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const day of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && day === last[1] + 1) last[1] = day;
    else ranges.push([day, day]);
  }
  return ranges;
}
