import { defineCall } from '../call.ts';
import { pageQuery, pageSchema } from '../envelope.ts';
import { cents, int, z } from '../schema.ts';

/** Spec §5 and §9: a top-up is at least 1 USD. */
export const TOPUP_MINIMUM_CENTS = 100;

/**
 * A top-up order's states: waiting for payment (WP), paid and queued to the provider (PAID), sent
 * with no outcome yet (SENT), held for staff's review (HELD: a resend after a time-out was refused and
 * the provider's report does not have it; it may have been delivered, so it is never refunded by
 * itself), done (SUCCESS), failed and refunded (FAILED), not paid in time (CANCEL).
 */
export const TOPUP_STATES = ['WP', 'PAID', 'SENT', 'HELD', 'SUCCESS', 'FAILED', 'CANCEL'] as const;
export type TopupState = (typeof TOPUP_STATES)[number];

/** One mobile operator the shop tops up, with the ranges it was allocated (national numbers without the 0). */
export const topupOperator = z.object({
  code: z.string(),
  name: z.string(),
  /** Amounts offered, in cents, smallest first. */
  amountsCents: z.array(cents()),
  /** Starts of national numbers (after +855, without the trunk 0), with the lengths they may have. */
  ranges: z.array(z.object({ start: z.string(), lengths: z.array(int()) })),
});
export type TopupOperator = z.infer<typeof topupOperator>;

export const topupPage = z.object({
  operators: z.array(topupOperator),
  /**
   * Every other Cambodian mobile range (operators not offered, ranges no operator is named for):
   * with `operators`, what `checkTopupNumber` needs to tell the shopper what the server will.
   */
  unservedRanges: z.array(z.object({ start: z.string(), lengths: z.array(int()) })),
  minimumCents: cents(),
  /** The shopper's own number and the numbers topped up lately, newest first (none for a visitor). */
  recentNumbers: z.array(z.object({ phone: z.string(), operatorCode: z.nullable(z.string()) })),
});
export type TopupPage = z.infer<typeof topupPage>;

export const topupOrder = z.object({
  id: z.string(),
  orderNo: z.string(),
  /** E.164: +855 and the national number. */
  phone: z.string(),
  operatorCode: z.string(),
  operatorName: z.string(),
  amountCents: cents(),
  state: z.enum(TOPUP_STATES),
  payChannel: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  doneAt: z.nullable(z.string()),
  /** Why it failed, in the caller's language (the money went back). */
  failure: z.nullable(z.string()),
  /** Pay before this time (while WP). */
  deadlineAt: z.nullable(z.string()),
});
export type TopupOrder = z.infer<typeof topupOrder>;

/** A number as typed (local 0xx…, +855…, with spaces or dashes) and an amount in cents. */
const createBody = z.object({
  phone: z.string().check(z.maxLength(24)),
  amountCents: int(),
});

export const queryTopupPage = defineCall({
  method: 'GET',
  path: '/v1/other/topuppage',
  auth: 'optional',
  summary: 'Top-up: the operators with their amounts, the minimum, the shopper’s recent numbers',
  tag: 'topup',
  data: topupPage,
});

export const createTopupOrder = defineCall({
  method: 'POST',
  path: '/v1/topup/order/create',
  auth: 'user',
  summary: 'A top-up order for a +855 number (at least 1 USD), paid next at the cashier (kind topup)',
  tag: 'topup',
  body: createBody,
  data: topupOrder,
});

export const createTopupOrderNew = defineCall({
  method: 'POST',
  path: '/v1/topup/order/new',
  auth: 'user',
  summary: 'The same as create, for the newer screen',
  tag: 'topup',
  body: createBody,
  data: topupOrder,
});

export const queryTopupOrders = defineCall({
  method: 'GET',
  path: '/v1/topup/order/list',
  auth: 'user',
  summary: 'The shopper’s top-up records, newest first',
  tag: 'topup',
  query: z.object({ ...pageQuery }),
  data: pageSchema(topupOrder),
});

export const queryTopupOrder = defineCall({
  method: 'GET',
  path: '/v1/topup/order/detail',
  auth: 'user',
  summary: 'One of the shopper’s top-up orders',
  tag: 'topup',
  query: z.object({ id: z.uuid() }),
  data: topupOrder,
});
