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
