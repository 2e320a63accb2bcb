import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local card issuer's own books (where a real issuer's system would be): the cards it issued,
 * by the shop's reference (asking again with one answers the same card), their activation and
 * balance, and every credit by its reference (a credit asked twice is made once).
 */
export const cardSimCards = pgTable('card_sim_cards', {
  reference: text('reference').primaryKey(),
  cardRef: text('card_ref').notNull().unique(),
  holderName: text('holder_name').notNull(),
  /** Only the last four digits are kept, as a processor's token vault would hand back. */
  last4: text('last4').notNull(),
  expiry: text('expiry').notNull(),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  balanceCents: integer('balance_cents').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cardSimCredits = pgTable('card_sim_credits', {
  reference: text('reference').primaryKey(),
  cardRef: text('card_ref').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
