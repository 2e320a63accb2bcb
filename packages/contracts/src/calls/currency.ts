import { defineCall } from '../call.ts';
import { int, z } from '../schema.ts';

/**
 * The day's riel rate (issue 47). Staff set it in the console, or confirm the National Bank of
 * Cambodia's published rate; every screen may read it, so the call is answered from a cache that a
 * change forgets.
 */
export const RATE_SOURCES = ['staff', 'nbc'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

export const currencyRate = z.object({
  /** Whole riel per US dollar (riel.ts: KHR_PER_USD_MIN–MAX). */
  khrPerUsd: int(),
  /** When this rate took effect (ISO 8601). */
  asOf: z.string(),
  /** Who gave it: staff typed it, or staff confirmed the National Bank of Cambodia's published rate. */
  source: z.enum(RATE_SOURCES),
});
export type CurrencyRate = z.infer<typeof currencyRate>;

export const queryCurrencyRate = defineCall({
  method: 'GET',
  path: '/v1/currency/rate',
  auth: 'none',
  summary: 'The day’s KHR per USD rate, or null when no rate was ever set',
  tag: 'currency',
  data: z.nullable(currencyRate),
});
