/** Spec §9: amounts with two decimals and thousands separators; money travels as integer cents. */
export { formatCents, formatWhole } from '@shop/contracts';

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

/**
 * A phone number as the shop shows it everywhere: international, grouped as at home. Cambodian
 * numbers have 8 or 9 digits after +855 (the trunk 0 dropped) and group 2-3-3 or 2-3-4
 * (+855 12 345 678, +855 96 123 4567); Chinese mobiles 3-4-4 (+86 138 1234 5678). Takes E.164
 * (+85512345678), or a country code with a national number (+855, 12345678 or 012345678). A
 * number of another shape is shown as it was given.
 */
export function formatPhone(phone: string, countryCode = ''): string {
  const given = `${countryCode} ${phone}`.trim();
  let national = phone.replace(/[\s\-().]/g, '');
  let country = countryCode.replace(/\s/g, '');
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
