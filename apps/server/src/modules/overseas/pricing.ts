// The overseas channel's prices: the source's CNY fen to USD cents at the console's rate and fee,
// and the land freight by weight and volume. Integers only; every rounding is up (the shop never
// sells below the source's price at the rate).

export type Rate = { rateMilli: number; feeBp: number };
export type FreightRules = { perKgCents: number; minimumCents: number; volumetricDivisor: number };

/** Defaults of a new installation (the console changes them): 7.20 CNY per USD, 5% fee, 3 USD per kg. */
export const DEFAULT_SETTINGS = {
  rateMilli: 7200,
  feeBp: 500,
  perKgCents: 300,
  minimumCents: 100,
  volumetricDivisor: 6000,
};

const ceilDiv = (n: number, d: number) => Math.floor((n + d - 1) / d);

/** fen / (rate) × (1 + fee), in cents, rounded up: cents = fen × 1000 × (10000 + fee) / (rateMilli × 10000). */
export function usdCents(fen: number, rate: Rate): number {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError('fen must be a non-negative integer');
  return ceilDiv(fen * 1000 * (10_000 + rate.feeBp), rate.rateMilli * 10_000);
}

/** The volumetric weight (grams) of a parcel: cm³ × 1000 ÷ the divisor (cm³ per kg), rounded up. */
export function volumetricGrams(volumeCm3: number, rules: Pick<FreightRules, 'volumetricDivisor'>): number {
  return ceilDiv(volumeCm3 * 1000, rules.volumetricDivisor);
}

/** The chargeable weight (grams): the heavier of the real weight and the volumetric one. */
export function chargeableGrams(weightG: number, volumeCm3: number, rules: FreightRules): number {
  return Math.max(weightG, volumetricGrams(volumeCm3, rules));
}

/** Why a line's price changed since it was put in the cart: the seller's price, or only the shop's rate and fee. */
export type PriceChangeCause = 'price' | 'rate';

/**
 * The cause of a change from `added` (cents and, when kept, the seller's fen then) to `now`; null
 * when the cents are the same. A line kept without its fen (added before the fen was kept) is
 * counted as the seller's price.
 */
export function priceChangeCause(
  added: { cents: number; fen: number | null },
  now: { cents: number; fen: number },
): PriceChangeCause | null {
  if (added.cents === now.cents) return null;
  return added.fen !== null && added.fen === now.fen ? 'rate' : 'price';
}

/** The land freight of a parcel: per kg of chargeable weight, rounded up to the cent, at least the minimum. */
export function freightCents(weightG: number, volumeCm3: number, rules: FreightRules): number {
  if (weightG <= 0 && volumeCm3 <= 0) return 0;
  return Math.max(rules.minimumCents, ceilDiv(chargeableGrams(weightG, volumeCm3, rules) * rules.perKgCents, 1000));
}
