import { formatCents, formatWhole } from './money.ts';

/**
 * Riel beside dollars (issue 47). The shop prices and books in USD cents; riel is a view of a USD
 * amount at a rate, and a payment in riel is locked at the rate of the moment its code is made.
 *
 * - The rate is whole riel per US dollar (the National Bank of Cambodia publishes it so, e.g. 4,010).
 * - A riel amount is always a whole number of 100-riel notes: the smallest note in use, so the amount
 *   a shopper pays by KHQR and the amount a rider asks for in cash are the same.
 * - Rounding is to the nearest note, half away from zero (a refund of a negative amount mirrors it).
 * - The rounding difference is kept exactly, in hundredths of a riel, so that finance can sum it.
 */

/** The smallest riel note in use; every riel amount the shop asks for is a multiple of it. */
export const RIEL_NOTE = 100;

/** Bounds a staff-entered or published rate must fall within (the riel has held 3,900–4,200 since 2000). */
export const KHR_PER_USD_MIN = 1_000;
export const KHR_PER_USD_MAX = 10_000;

/** A rate older than this warns in the console. */
export const RATE_STALE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

/** How a shopper wants prices shown (Settings). */
export const PRICE_DISPLAY_MODES = ['usd', 'usd-riel', 'riel-first'] as const;
export type PriceDisplayMode = (typeof PRICE_DISPLAY_MODES)[number];

export function isValidKhrPerUsd(rate: number): boolean {
  return Number.isInteger(rate) && rate >= KHR_PER_USD_MIN && rate <= KHR_PER_USD_MAX;
}

function assertRate(khrPerUsd: number): void {
  if (!isValidKhrPerUsd(khrPerUsd)) throw new RangeError(`not a KHR per USD rate: ${khrPerUsd}`);
}

/** Divides two integers and rounds to the nearest integer, half away from zero, without floating error. */
function divideRounded(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const abs = Math.abs(numerator);
  const quotient = Math.floor(abs / denominator);
  const remainder = abs - quotient * denominator;
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient);
}

/** USD cents in riel at a rate, rounded to the 100-riel note: $3.90 at 4,100 → 16,000. */
export function rielFromCents(cents: number, khrPerUsd: number): number {
  assertRate(khrPerUsd);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not cents: ${cents}`);
  // cents × rate is in hundredths of a riel; one note is RIEL_NOTE × 100 of those.
  return divideRounded(cents * khrPerUsd, RIEL_NOTE * 100) * RIEL_NOTE;
}

/**
 * What rounding to the note added (positive) or took off (negative), in hundredths of a riel:
 * the exact amount is cents × rate / 100 riel.
 */
export function rielRoundingCentiriel(cents: number, khrPerUsd: number): number {
  return rielFromCents(cents, khrPerUsd) * 100 - cents * khrPerUsd;
}

/** A riel amount in USD cents at a rate, to the nearest cent (for a riel amount staff or a shopper typed). */
export function centsFromRiel(riel: number, khrPerUsd: number): number {
  assertRate(khrPerUsd);
  if (!Number.isSafeInteger(riel)) throw new RangeError(`not riel: ${riel}`);
  return divideRounded(riel * 100, khrPerUsd);
}

/** How many cents one rounding step (half a note either way) can move an amount at this rate. */
export function centsPerRoundingStep(khrPerUsd: number): number {
  assertRate(khrPerUsd);
  return Math.ceil((RIEL_NOTE * 100) / khrPerUsd);
}

/** The Khmer digits ០–៩, in order. */
const KHMER_DIGITS = '០១២៣៤៥៦៧៨៩';

/**
 * Western digits written as Khmer digits; the rest of the text (separators, signs) unchanged. By hand,
 * as `formatWhole` is: it gives what `Intl.NumberFormat('km', { numberingSystem: 'khmr' })` gives
 * for the digits, without building a number format on a slow phone's first screen.
 */
export function toKhmerDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => KHMER_DIGITS[digit.charCodeAt(0) - 48]);
}

export interface RielFormatOptions {
  /** Write the digits as Khmer digits (a setting, in kh only). */
  khmerDigits?: boolean;
}

/** A riel amount as the shop shows it: "៛16,000", "-៛4,000". */
export function formatRiel(riel: number, options: RielFormatOptions = {}): string {
  const text = `${riel < 0 ? '-' : ''}៛${formatWhole(Math.abs(riel))}`;
  return options.khmerDigits ? toKhmerDigits(text) : text;
}

export interface PriceFormatOptions extends RielFormatOptions {
  mode: PriceDisplayMode;
  /** The day's rate; without one, riel cannot be shown and the price is dollars only. */
  khrPerUsd?: number | null;
}

/** The separator between the two amounts: "$3.90 · ៛16,000". */
export const PRICE_PAIR_SEPARATOR = ' · ';

/**
 * A price in the shopper's chosen display: dollars only, dollars with riel, or riel first. The
 * dollar amount is the one the shop charges; riel is always its rounded companion.
 */
export function formatPrice(cents: number, options: PriceFormatOptions): string {
  const dollars = options.khmerDigits ? toKhmerDigits(formatCents(cents)) : formatCents(cents);
  const rate = options.khrPerUsd;
  if (options.mode === 'usd' || rate == null || !isValidKhrPerUsd(rate)) return dollars;
  const riel = formatRiel(rielFromCents(cents, rate), options);
  return options.mode === 'riel-first'
    ? `${riel}${PRICE_PAIR_SEPARATOR}${dollars}`
    : `${dollars}${PRICE_PAIR_SEPARATOR}${riel}`;
}
