import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** The console's rate, fee and freight rules (one row). New quotes read them; quotes given keep theirs. */
export const overseasSettings = pgTable('overseas_settings', {
  id: integer('id').primaryKey().default(1),
  /** CNY per USD × 1000. */
  rateMilli: integer('rate_milli').notNull(),
  feeBp: integer('fee_bp').notNull(),
  perKgCents: integer('per_kg_cents').notNull(),
  minimumCents: integer('minimum_cents').notNull(),
  volumetricDivisor: integer('volumetric_divisor').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/** The overseas cart: one line per SKU, with what the product looked like when added. */
export const overseasCartItems = pgTable(
  'overseas_cart_items',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    channel: text('channel').notNull(),
    productId: text('product_id').notNull(),
    skuId: text('sku_id').notNull(),
    shopId: text('shop_id').notNull(),
    count: integer('count').notNull(),
    chosen: boolean('chosen').notNull().default(true),
    /** The USD cents it was added at (the cart shows a change since). */
    addedCents: integer('added_cents').notNull(),
    /** The seller's price (CNY fen) it was added at: tells a seller's change from the shop's rate's. */
    addedFen: integer('added_fen'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('overseas_cart_user_sku').on(t.userId, t.channel, t.skuId)],
);

/** A quote: lines priced at the rate and fee of its time, kept until finished or expired. */
export const overseasPreorders = pgTable('overseas_preorders', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').notNull(),
  /** The lines as `HaitaoLine` plus weight and volume, and the cart line each came from. */
  lines: jsonb('lines').notNull(),
  cartItemIds: integer('cart_item_ids').array().notNull(),
  goodsCents: integer('goods_cents').notNull(),
  freightCents: integer('freight_cents').notNull(),
  weightG: integer('weight_g').notNull(),
  /** The parcel's volumetric weight (grams) under the freight rules of the quote's time. */
  volumeWeightG: integer('volume_weight_g').notNull().default(0),
  rateMilli: integer('rate_milli').notNull(),
  feeBp: integer('fee_bp').notNull(),
  address: jsonb('address'),
  orderId: uuid('order_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const overseasOrderNumbers = pgSequence('overseas_orders_no_seq');

/** An overseas order; its states and moves are `OVERSEAS_MOVES` in the contracts. */
export const overseasOrders = pgTable(
  'overseas_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no').notNull().unique(),
    userId: text('user_id').notNull(),
    preorderId: uuid('preorder_id').notNull().unique(),
    state: text('state').notNull().default('WP'),
    goodsCents: integer('goods_cents').notNull(),
    freightCents: integer('freight_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    payChannel: text('pay_channel'),
    rateMilli: integer('rate_milli').notNull(),
    feeBp: integer('fee_bp').notNull(),
    address: jsonb('address').notNull(),
    remark: text('remark'),
    /** Why it was refunded: a catalogue code and its parameters. */
    failureCode: text('failure_code'),
    failureParams: jsonb('failure_params'),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('overseas_orders_user_time').on(t.userId, t.createdAt),
    index('overseas_orders_state_time').on(t.state, t.createdAt),
  ],
);

export const overseasOrderLines = pgTable(
  'overseas_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    channel: text('channel').notNull(),
    shopId: text('shop_id').notNull(),
    /** The line as `HaitaoLine`. */
    line: jsonb('line').notNull(),
    count: integer('count').notNull(),
    unitCents: integer('unit_cents').notNull(),
    /** The source's order number for this line's shop, once bought. */
    sourceOrderNo: text('source_order_no'),
  },
  (t) => [index('overseas_order_lines_order').on(t.orderId)],
);

/** Every move of an order (its history and the shopper's tracking). */
export const overseasOrderEvents = pgTable(
  'overseas_order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id').notNull(),
    state: text('state').notNull(),
    note: text('note'),
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('overseas_order_events_order').on(t.orderId, t.id)],
);

/** Pictures given to search by (kept a day). */
export const overseasPictures = pgTable('overseas_pictures', {
  id: uuid('id').primaryKey().defaultRandom(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
