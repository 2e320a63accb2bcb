import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local overseas source's own books (where taobao's or 1688's order system would be): one row
 * per purchase reference it was asked for, so that asking again with the same reference answers the
 * first outcome, across restarts, as a real source's idempotency does.
 */
export const overseasSimPurchases = pgTable('overseas_sim_purchases', {
  reference: text('reference').primaryKey(),
  channel: text('channel').notNull(),
  shopId: text('shop_id').notNull(),
  items: jsonb('items').notNull(),
  /** BOUGHT | REFUSED */
  status: text('status').notNull(),
  reason: text('reason'),
  sourceOrderNo: text('source_order_no'),
  paidFen: integer('paid_fen').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
