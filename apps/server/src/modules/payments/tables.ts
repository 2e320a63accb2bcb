import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from '../../platform/sql.ts';

/**
 * One attempt to pay a payable (an order, …) through a channel. A payable has at most one SUCCEEDED
 * payment (unique index): whatever races, it is paid once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What is paid (a payable kind registered with the cashier, payments/registry.ts). */
    payableKind: text('payable_kind').notNull().default('order'),
    /** The paid thing's id within its kind (the column keeps its first name: orders came first). */
    orderId: uuid('order_id').notNull(),
    userId: text('user_id').notNull(),
    /** wallet | sandbox | payway | khqr | bridge | cash | cod */
    channel: text('channel').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** PENDING | SUCCEEDED | FAILED | EXPIRED */
    status: text('status').notNull().default('PENDING'),
    /** The partner's transaction id once known. */
    externalRef: text('external_ref'),
    failureReason: text('failure_reason'),
    /** KHQR: the MD5 of the payload shown (how Bakong finds the transaction that paid it). */
    khqrMd5: text('khqr_md5'),
    /** KHQR: when the code stops being payable; the payment is EXPIRED after it unless Bakong saw it paid. */
    khqrExpiresAt: timestamp('khqr_expires_at', { withTimezone: true }),
    /** KHQR: how many times the watch job asked Bakong (its chain's step; one next step per step). */
    bakongChecks: integer('bakong_checks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_khqr_md5').on(t.khqrMd5),
    uniqueIndex('payments_one_success').on(t.orderId).where(sql`status = 'SUCCEEDED'`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Every callback received, verified or not, for audit; a duplicate is recorded once per key. */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    paymentId: text('payment_id'),
    dedupeKey: text('dedupe_key').notNull(),
    verified: text('verified').notNull(),
    outcome: text('outcome').notNull(),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_callbacks_key').on(t.channel, t.dedupeKey)],
);

/**
 * The sandbox gateway's own books (the local stand-in for a bank; never a real gateway's): what the
 * payer decided on its page, one row per payment, for its lookup and the daily reconciliation.
 */
export const sandboxGatewayTransactions = pgTable('sandbox_gateway_transactions', {
  paymentId: uuid('payment_id').primaryKey(),
  /** SUCCEEDED | FAILED | PENDING (left without answer) */
  status: text('status').notNull(),
  amountCents: integer('amount_cents').notNull(),
  transactionId: text('transaction_id').notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
});
