import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A batch of gift cards issued at once by staff: one face value, one expiry. */
export const giftCardBatches = pgTable('gift_card_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  faceValueCents: integer('face_value_cents').notNull(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
});

/**
 * One card: new → active (a shopper activated it; its value went to their gift balance once) or
 * new → void (staff). The number is kept only as a keyed hash (looked up by it) and its last four
 * digits; the code only as a salted keyed hash (see secrets.ts).
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id').notNull(),
    numberHash: text('number_hash').notNull().unique(),
    last4: text('last4').notNull(),
    codeHash: text('code_hash').notNull(),
    faceValueCents: integer('face_value_cents').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('new'),
    userId: text('user_id'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gift_cards_batch').on(t.batchId, t.id), index('gift_cards_user').on(t.userId, t.activatedAt)],
);

/** Wrong numbers or codes per shopper, and the lock-out after too many (like pay passwords). */
export const giftCardTries = pgTable('gift_card_tries', {
  userId: text('user_id').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * A gift card a shopper bought to send (issue 46 point 5): WP (to pay) → SENT (paid: a card made,
 * a claim link sent) → CLAIMED (the recipient's gift balance has it) or → REFUNDED (unclaimed, the
 * money back the way it came); WP → CANCEL when not paid in time. The claim link's token is kept
 * only as a keyed hash; a resend replaces it (the old link stops working).
 */
export const giftPurchases = pgTable(
  'gift_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    buyerId: text('buyer_id').notNull(),
    /** E.164. */
    recipientPhone: text('recipient_phone').notNull(),
    amountCents: integer('amount_cents').notNull(),
    design: text('design').notNull(),
    message: text('message').notNull().default(''),
    state: text('state').notNull().default('WP'),
    payChannel: text('pay_channel'),
    paidCents: integer('paid_cents').notNull().default(0),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    cardId: uuid('card_id'),
    tokenHash: text('token_hash').unique(),
    sends: integer('sends').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: text('refunded_by'),
  },
  (t) => [
    index('gift_purchases_buyer_time').on(t.buyerId, t.createdAt),
    index('gift_purchases_phone_time').on(t.recipientPhone, t.sentAt),
    index('gift_purchases_time').on(t.createdAt),
  ],
);

/** The amounts a shopper may send (one row, id 1; staff change it in the console). */
export const giftSendSettings = pgTable('gift_send_settings', {
  id: integer('id').primaryKey(),
  minCents: integer('min_cents').notNull(),
  maxCents: integer('max_cents').notNull(),
  amountsCents: integer('amounts_cents').array().notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
