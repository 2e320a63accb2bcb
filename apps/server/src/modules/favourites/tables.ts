import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const favourites = pgTable(
  'favourites',
  {
    userId: text('user_id').notNull(),
    productId: integer('product_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('favourites_user_time').on(t.userId, t.createdAt)],
);
