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
    /**
     * What the payer pays in (issue 47): USD, or KHR by a KHQR in riel. The payable, the ledger and
     * `amount_cents` stay in USD cents; a KHR payment keeps the riel amount its code carried, the
     * rate locked when the code was made, and what rounding to the 100-riel note added (hundredths
     * of a riel, riel.ts). A later change of the rate changes nothing of it.
     */
    currency: text('currency').notNull().default('USD'),
    amountRiel: integer('amount_riel'),
    khrPerUsd: integer('khr_per_usd'),
    rielRoundingCentiriel: integer('riel_rounding_centiriel'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_khqr_md5').on(t.khqrMd5),
    uniqueIndex('payments_one_success').on(t.orderId).where(sql`status = 'SUCCEEDED'`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'payments_currency',
      sql`(${t.currency} = 'USD' AND ${t.amountRiel} IS NULL) OR (${t.currency} = 'KHR' AND ${t.amountRiel} > 0 AND ${t.amountRiel} % 100 = 0 AND ${t.khrPerUsd} IS NOT NULL AND ${t.rielRoundingCentiriel} IS NOT NULL)`,
    ),
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

/**
 * Money going back (refunds.ts): one row per payment and amount (its idempotency key), moved
 * through the states of `REFUND_STATES` (refund-states.ts). A refund is REFUNDED only when the party
 * that holds the money confirmed it (the gateway, the ledger, or staff's transfer reference).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `refund:<paymentId>:<amountCents>`: the same amount of one payment goes back once. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The payment whose money goes back (null: a wallet refund of a payable with no payment row). */
    paymentId: uuid('payment_id'),
    payableKind: text('payable_kind').notNull(),
    payableId: uuid('payable_id').notNull(),
    userId: text('user_id').notNull(),
    /** The payment's channel: wallet | sandbox | mpgs | payway | khqr | bridge | loan_credit */
    channel: text('channel').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Why: 'late' (money after the payable closed or was paid another way) | 'payable' (cancelled, refunded, failed) */
    reason: text('reason').notNull(),
    /** Where it goes: 'gateway' (the card or account that paid) | 'wallet' | 'bank' (a finance task) */
    destination: text('destination').notNull(),
    /** REQUESTED | SENT | REFUNDED | FAILED | AWAITING_TRANSFER */
    state: text('state').notNull(),
    /** The party's reference of the refund (PayWay's answer, the sandbox's refund id, staff's transfer reference). */
    partyRef: text('party_ref'),
    /** KHQR to a bank account: the paying account Bakong reported. */
    bankAccount: text('bank_account'),
    /**
     * A refund of a KHQR paid in riel (issue 47): the riel going back to the paying account, the
     * same riel the code carried for a whole refund (a part at the payment's locked rate). The
     * wallet's side stays the USD cents.
     */
    amountRiel: integer('amount_riel'),
    /** The party's last word when it refused or could not be asked. */
    failure: text('failure'),
    attempts: integer('attempts').notNull().default(0),
    /** Staff who recorded the transfer of a finance task. */
    doneBy: text('done_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_key').on(t.idempotencyKey),
    index('payment_refunds_payable').on(t.payableId),
    index('payment_refunds_user').on(t.userId, t.createdAt),
    index('payment_refunds_open').on(t.state, t.createdAt).where(sql`state <> 'REFUNDED'`),
    check('payment_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** The sandbox bank's refunds (its own books, like `sandbox_gateway_transactions`): one per refund key. */
export const sandboxGatewayRefunds = pgTable('sandbox_gateway_refunds', {
  id: text('id').primaryKey(),
  /** The shop's idempotency key: the same key is one refund at the bank. */
  refundKey: text('refund_key').notNull().unique(),
  paymentId: uuid('payment_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
