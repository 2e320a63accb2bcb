import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local Bakong stand-in's ledger: one row per KHQR "scanned and paid" on its page (never used
 * against the real Bakong). Keyed by the MD5 of the paid payload, as Bakong finds transactions.
 */
export const bakongSimTransactions = pgTable('bakong_sim_transactions', {
  md5: text('md5').primaryKey(),
  hash: text('hash').notNull(),
  fromAccountId: text('from_account_id').notNull(),
  toAccountId: text('to_account_id').notNull(),
  /** USD | KHR */
  currency: text('currency').notNull(),
  /** Hundredths of the currency: the stand-in answers `amount` as Bakong does, in units (12.5). */
  amountHundredths: integer('amount_hundredths').notNull(),
  description: text('description'),
  createdDateMs: bigint('created_date_ms', { mode: 'number' }).notNull(),
  acknowledgedDateMs: bigint('acknowledged_date_ms', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The Bakong Open API token the shop renewed itself (`renew_token`), newest first: every instance
 * uses the newest one whose expiry is later than BAKONG_TOKEN's, so a renewal outlives a restart.
 */
export const bakongTokens = pgTable('bakong_tokens', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  token: text('token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
});
