import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** The operators the shop tops up and the amounts it offers for each (the console edits them). */
export const topupOperators = pgTable('topup_operators', {
  code: text('code').primaryKey(),
  /** The operator's name as libphonenumber allocates ranges to it (`cambodia-mobile-prefixes.json`). */
  name: text('name').notNull(),
  amountsCents: integer('amounts_cents').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** Numbers top-up orders (see `newOrderNo` in service.ts). */
export const topupOrderNumbers = pgSequence('topup_orders_no_seq');

/**
 * A top-up order: WP (to pay) → PAID (paid; the send job is queued in the same transaction) → SENT
 * (asked, no outcome yet) → SUCCESS, or → FAILED with the money given back; PAID → HELD (a resend after
 * a time-out refused, the report silent: it may have been delivered; staff decide, never a refund by
 * itself); WP → CANCEL when not paid in time.
 */
export const topupOrders = pgTable(
  'topup_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no').notNull().unique(),
    userId: text('user_id').notNull(),
    /** The national significant number (after +855, no trunk 0). */
    msisdn: text('msisdn').notNull(),
    operatorCode: text('operator_code').notNull(),
    amountCents: integer('amount_cents').notNull(),
    state: text('state').notNull().default('WP'),
    payChannel: text('pay_channel'),
    paidCents: integer('paid_cents').notNull().default(0),
    providerRef: text('provider_ref'),
    failure: text('failure'),
    /** How many times the outcome was asked for while SENT. */
    queries: integer('queries').notNull().default(0),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('topup_orders_user_time').on(t.userId, t.createdAt),
    index('topup_orders_state_time').on(t.state, t.createdAt),
  ],
);

/** Every exchange with the provider for an order (the console's provider log). */
export const topupProviderLog = pgTable(
  'topup_provider_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id').notNull(),
    /** send | query | retry (staff) */
    action: text('action').notNull(),
    request: jsonb('request').notNull(),
    /** The outcome, or the error when the provider could not be reached. */
    response: jsonb('response').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('topup_provider_log_order').on(t.orderId, t.id)],
);
