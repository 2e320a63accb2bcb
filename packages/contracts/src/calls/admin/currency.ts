import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { int, z } from '../../schema.ts';
import { currencyRate, RATE_SOURCES } from '../currency.ts';

/** One change of the rate, as audited: who, when, the old and new rate, and where it came from. */
export const currencyRateChange = z.object({
  id: int(),
  khrPerUsd: int(),
  /** The rate before this change; null for the first one. */
  previousKhrPerUsd: z.nullable(int()),
  source: z.enum(RATE_SOURCES),
  /** When the rate took effect (ISO 8601). */
  asOf: z.string(),
  /** The staff login that set or confirmed it. */
  setBy: z.string(),
  note: z.nullable(z.string()),
});
export type CurrencyRateChange = z.infer<typeof currencyRateChange>;

export const adminCurrencyRateSet = defineCall({
  method: 'POST',
  path: '/admin-api/v1/currency/rate/set',
  auth: 'user',
  summary: 'Sets the day’s KHR per USD rate (audited; the history is kept)',
  tag: 'admin: currency',
  body: z.object({
    khrPerUsd: int(),
    note: z.optional(z.string().check(z.maxLength(200))),
  }),
  data: currencyRateChange,
});

export const adminCurrencyRateHistory = defineCall({
  method: 'GET',
  path: '/admin-api/v1/currency/rate/history',
  auth: 'user',
  summary: 'The rate now, whether it is stale, and its changes, newest first',
  tag: 'admin: currency',
  query: z.object({ ...pageQuery }),
  data: z.object({
    ...pageSchema(currencyRateChange).shape,
    current: z.nullable(currencyRate),
    /** The current rate is older than RATE_STALE_AFTER_MS (riel.ts), or there is none. */
    stale: z.boolean(),
  }),
});
