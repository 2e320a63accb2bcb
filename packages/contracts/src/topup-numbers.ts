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
