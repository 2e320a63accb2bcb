import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Each reconciled Phnom Penh day: when, and per party how much was compared (or why it could not be). */
export const reconciliationRuns = pgTable('reconciliation_runs', {
  day: text('day').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  parties: jsonb('parties').notNull(),
});

/** A day's mismatches between the shop's records and a party's; a new run of the day replaces them. */
export const reconciliationMismatches = pgTable(
  'reconciliation_mismatches',
  {
    id: serial('id').primaryKey(),
    day: text('day').notNull(),
    party: text('party').notNull(),
    reference: text('reference').notNull(),
    kind: text('kind').notNull(),
    shopSays: text('shop_says'),
    partySays: text('party_says'),
    shopCents: integer('shop_cents'),
    partyCents: integer('party_cents'),
    fixer: text('fixer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reconciliation_mismatches_day').on(t.day, t.party)],
);
