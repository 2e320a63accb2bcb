import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Notices to shoppers: one user's (order shipped, withdrawal decided, reward earned, back in stock)
 * or everyone's (user_id null: a broadcast from the console). Texts are kept in the three languages.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id'),
    kind: text('kind').notNull(),
    title: jsonb('title').notNull(),
    body: jsonb('body').notNull(),
    /** A path of the shop to open (e.g. /orderDetail?orderId=…), or null. */
    link: text('link'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.id)],
);
