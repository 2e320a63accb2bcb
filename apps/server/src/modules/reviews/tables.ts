import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A shopper's review of one item of a finished order (spec §3: text, stars, packaging, speed). */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    /** The buying module's order id (a uuid). */
    orderId: text('order_id').notNull(),
    userId: text('user_id').notNull(),
    productId: integer('product_id').notNull(),
    skuId: integer('sku_id').notNull(),
    text: text('text').notNull(),
    stars: smallint('stars').notNull(),
    packaging: smallint('packaging').notNull(),
    speed: smallint('speed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_order_sku').on(t.orderId, t.skuId),
    index('reviews_product').on(t.productId, t.createdAt),
    index('reviews_user_order').on(t.userId, t.orderId),
  ],
);
