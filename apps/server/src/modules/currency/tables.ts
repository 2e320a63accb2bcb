import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from '../../platform/sql.ts';

/**
 * The day's KHR per USD rate, one row per change (issue 47): the history is the table, never
 * updated or deleted. Each row is its own audit: who set it, when, the rate before and after, and
 * where it came from. The current rate is the newest row.
 */
export const currencyRates = pgTable(
  'currency_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    khrPerUsd: integer('khr_per_usd').notNull(),
    /** The rate this change replaced; null for the first. */
    previousKhrPerUsd: integer('previous_khr_per_usd'),
    /** 'staff' typed it, or 'nbc': staff confirmed the National Bank of Cambodia's published rate. */
    source: text('source').notNull(),
    /** When the rate took effect. */
    asOf: timestamp('as_of', { withTimezone: true }).notNull().defaultNow(),
    /** The staff login that set or confirmed it. */
    setBy: text('set_by').notNull(),
    note: text('note'),
  },
  (t) => [
    index('currency_rates_as_of').on(t.asOf),
    check('currency_rates_source', sql`${t.source} IN ('staff', 'nbc')`),
    check('currency_rates_bounds', sql`${t.khrPerUsd} BETWEEN 1000 AND 10000`),
  ],
);
