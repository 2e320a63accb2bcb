import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { cents, int, z } from '../../schema.ts';
import { TOPUP_STATES } from '../topup.ts';
import { listSearch, shopperContact, stateCounts } from './lists.ts';

export const consoleTopup = z.object({
  id: z.string(),
  orderNo: z.string(),
  userId: z.string(),
  shopper: shopperContact,
  phone: z.string(),
  operatorCode: z.string(),
  amountCents: cents(),
  state: z.enum(TOPUP_STATES),
  payChannel: z.nullable(z.string()),
  providerRef: z.nullable(z.string()),
  failure: z.nullable(z.string()),
  /** How many times the outcome was asked for while it was unknown. */
  queries: int(),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  doneAt: z.nullable(z.string()),
});
export type ConsoleTopup = z.infer<typeof consoleTopup>;

export const consoleTopupLogEntry = z.object({
  id: int(),
  action: z.string(),
  request: z.unknown(),
  response: z.unknown(),
  at: z.string(),
});

export const adminTopups = defineCall({
  method: 'GET',
  path: '/admin-api/v1/topups',
  auth: 'user',
  summary: 'Top-up orders, by state and/or number, newest first, with how many are in each state',
  tag: 'admin: top-up',
  query: z.object({
    ...pageQuery,
    ...listSearch,
    state: z.optional(z.enum(TOPUP_STATES)),
  }),
  data: z.object({ ...pageSchema(consoleTopup).shape, counts: stateCounts }),
});

export const adminTopupLog = defineCall({
  method: 'GET',
  path: '/admin-api/v1/topups/log',
  auth: 'user',
  summary: 'Every exchange with the top-up provider for one order',
  tag: 'admin: top-up',
  query: z.object({ id: z.uuid() }),
  data: z.array(consoleTopupLogEntry),
});

export const adminTopupRetry = defineCall({
  method: 'POST',
  path: '/admin-api/v1/topups/retry',
  auth: 'user',
  summary: 'Ask the provider again for a top-up whose outcome is unknown',
  tag: 'admin: top-up',
  body: z.object({ id: z.uuid() }),
  data: consoleTopup,
});

export const adminTopupRefund = defineCall({
  method: 'POST',
  path: '/admin-api/v1/topups/refund',
  auth: 'user',
  summary: 'Give the money back for a top-up whose outcome stays unknown (asks the provider first)',
  tag: 'admin: top-up',
  body: z.object({ id: z.uuid(), reason: z.string().check(z.minLength(1), z.maxLength(200)) }),
  data: consoleTopup,
});

export const consoleTopupBalance = z.object({
  /** The provider the shop tops up through: simulator, reloadly or none. */
  provider: z.string(),
  /** The shop's account at the provider; null for a provider without one (the simulator, none). */
  balance: z.nullable(z.object({ amountCents: int(), currency: z.string(), updatedAt: z.nullable(z.string()) })),
  /** TOPUP_BALANCE_FLOOR_CENTS: below it the console warns. */
  floorCents: int(),
  low: z.boolean(),
});
export type ConsoleTopupBalance = z.infer<typeof consoleTopupBalance>;

export const adminTopupBalance = defineCall({
  method: 'GET',
  path: '/admin-api/v1/topups/balance',
  auth: 'user',
  summary: 'The shop’s balance at the top-up provider, and whether it is below the floor',
  tag: 'admin: top-up',
  data: consoleTopupBalance,
});
