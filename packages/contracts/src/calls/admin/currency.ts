import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { int, queryInt, z } from '../../schema.ts';
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

/** How many Phnom Penh days the takings call covers at most. */
export const TAKINGS_DAYS_MAX = 92;

/** One Phnom Penh day's settled payments in one currency. */
export const takingsLine = z.object({
  /** "YYYY-MM-DD" in Phnom Penh, by when the payment settled. */
  day: z.string(),
  currency: z.enum(['USD', 'KHR']),
  payments: int(),
  /** What the shop booked, USD cents (the ledger's amount) for either currency. */
  amountCents: int(),
  /** KHR only: the riel collected (the codes' amounts); null for USD. */
  amountRiel: z.nullable(int()),
  /** KHR only: what rounding to the 100-riel note added (+) or took off (−), hundredths of a riel. */
  roundingCentiriel: z.nullable(int()),
});
export type TakingsLine = z.infer<typeof takingsLine>;

export const adminCurrencyTakings = defineCall({
  method: 'GET',
  path: '/admin-api/v1/currency/takings',
  auth: 'user',
  summary: 'The takings per Phnom Penh day and currency, with riel rounding differences summed',
  tag: 'admin: currency',
  query: z.object({ days: z._default(queryInt(1, TAKINGS_DAYS_MAX), 14) }),
  data: z.object({ lines: z.array(takingsLine) }),
});
