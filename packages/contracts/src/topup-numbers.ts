/**
 * Cambodian mobile numbers for the top-up screen and server alike: a number as people type it, and
 * the operator whose range it falls in (ranges from the top-up page, libphonenumber's allocation).
 */

/**
 * The national significant number (the digits after +855, without the trunk 0) of a number typed as
 * 012 345 678, 0123-45678, +855 12 345 678, +855 012 345 678, 00855…, or 12345678; null when it
 * cannot be a Cambodian number at all (letters, too short or too long).
 */
export function nationalNumberOf(typed: string): string | null {
  const compact = typed.replace(/[\s\-().]/g, '');
  const international = compact.match(/^(?:\+855|00855|855(?=\d{8,10}$))(\d+)$/);
  // +855 012…: the trunk 0 kept by habit after the country code.
  const digits = international ? international[1].replace(/^0/, '') : compact.replace(/^0/, '');
  return /^[1-9]\d{7,8}$/.test(digits) ? digits : null;
}

export type NumberRanges = { code: string; ranges: { start: string; lengths: number[] }[] };

/** The operator whose longest matching range holds the number with its length; null when none. */
export function operatorOfNumber<T extends NumberRanges>(nationalNumber: string, operators: readonly T[]): T | null {
  let best: { operator: T; length: number } | null = null;
  for (const operator of operators)
    for (const range of operator.ranges)
      if (
        nationalNumber.startsWith(range.start) &&
        range.lengths.includes(nationalNumber.length) &&
        (!best || range.start.length > best.length)
      )
        best = { operator, length: range.start.length };
  return best?.operator ?? null;
}

export type NumberRange = NumberRanges['ranges'][number];

/**
 * What a number typed so far is for a top-up, the one rule of the screen's hint and the server's
 * refusal (`TOPUP_NUMBER_REFUSAL`):
 * - `empty`: nothing typed;
 * - `incomplete`: not a whole number yet, but more digits could make it one the shop tops up
 *   ("0123" while typing 012 345 678): never called wrong while it could still become right;
 * - `unserved`: a Cambodian mobile number (or the start of one) no operator the shop offers runs
 *   (019, 031, an operator the console turned off…): TOP00003;
 * - `invalid`: nothing it could become is a Cambodian mobile number: TOP00002;
 * - `ok`: a whole number of an offered operator.
 * `served` are the offered operators with their ranges; `unserved` every other Cambodian mobile range.
 */
export type TopupNumberCheck<T extends NumberRanges> =
  | { kind: 'empty' | 'incomplete' | 'unserved' | 'invalid' }
  | { kind: 'ok'; nationalNumber: string; operator: T };

export function checkTopupNumber<T extends NumberRanges>(
  typed: string,
  served: readonly T[],
  unserved: readonly NumberRange[],
): TopupNumberCheck<T> {
  const compact = typed.replace(/[\s\-().]/g, '');
  if (!compact) return { kind: 'empty' };
  const digits = partialNationalNumber(compact);
  if (digits === null) return { kind: 'invalid' };
  if (digits === '') return { kind: 'incomplete' };
  const whole = nationalNumberOf(compact);
  const operator = whole ? operatorOfNumber(whole, served) : null;
  if (whole && operator) return { kind: 'ok', nationalNumber: whole, operator };
  const servedRanges = served.flatMap((o) => o.ranges);
  if (couldBecome(digits, servedRanges)) return { kind: 'incomplete' };
  if (operatorOfNumber(digits, [{ code: '', ranges: [...unserved] }]) || couldBecome(digits, unserved))
    return { kind: 'unserved' };
  return { kind: 'invalid' };
}

/** The catalogue's refusal of a number the rule does not accept (the server answers it). */
export const TOPUP_NUMBER_REFUSAL = {
  empty: 'TOP00002',
  incomplete: 'TOP00002',
  invalid: 'TOP00002',
  unserved: 'TOP00003',
} as const;

/**
 * The national digits typed so far (after +855, 00855 or the trunk 0), '' when only the start of
 * a prefix is typed ("+85", "0"), null when it cannot be the start of a Cambodian number.
 */
function partialNationalNumber(compact: string): string | null {
  if ('+855'.startsWith(compact) || '00855'.startsWith(compact)) return '';
  const international = compact.match(/^(?:\+855|00855)(.*)$/);
  let rest = international ? international[1] : compact;
  // 855 typed without its + (855 12 345 678), as nationalNumberOf takes it.
  if (!international && /^855\d{8,10}$/.test(rest)) rest = rest.slice(3);
  if (!/^\d*$/.test(rest)) return null;
  const digits = rest.replace(/^0/, '');
  return /^0/.test(digits) ? null : digits;
}

/** Whether more digits could make `digits` a number of one of the ranges. */
function couldBecome(digits: string, ranges: readonly NumberRange[]): boolean {
  return ranges.some(
    (r) =>
      (digits.startsWith(r.start) || r.start.startsWith(digits)) && r.lengths.some((length) => length > digits.length),
  );
}
