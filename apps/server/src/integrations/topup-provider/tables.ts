import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local top-up provider's own books (the simulator stands where a real provider's system
 * would): one row per reference it was asked to top up, so that asking again with the same
 * reference answers the first outcome, across restarts, as a real provider's idempotency does.
 */
export const topupSimTransactions = pgTable('topup_sim_transactions', {
  reference: text('reference').primaryKey(),
  msisdn: text('msisdn').notNull(),
  amountCents: integer('amount_cents').notNull(),
  /** SUCCESS | FAILED | PENDING (settles at `settlesAt` to `settlesTo`) */
  status: text('status').notNull(),
  settlesTo: text('settles_to'),
  settlesAt: timestamp('settles_at', { withTimezone: true }),
  providerRef: text('provider_ref').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
