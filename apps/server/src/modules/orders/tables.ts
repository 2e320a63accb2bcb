import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from '../../platform/sql.ts';

/** Stores where pickup orders are collected (spec §9: held 7 days, hours 8:30 to 18:00). */
export const pickupStores = pgTable('pickup_stores', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameChs: text('name_chs').notNull(),
  nameKh: text('name_kh').notNull(),
  /** The address in English; in Chinese and Khmer when given (else the English one is shown). */
  address: text('address').notNull(),
  addressChs: text('address_chs'),
  addressKh: text('address_kh'),
  phone: text('phone').notNull(),
  latitude: text('latitude'),
  longitude: text('longitude'),
  enabled: boolean('enabled').notNull().default(true),
});

/** Shopping cart lines: one per shopper and SKU. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: text('user_id').notNull(),
    skuId: text('sku_id').notNull(),
    quantity: integer('quantity').notNull(),
    chosen: boolean('chosen').notNull().default(true),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.skuId] }), check('cart_quantity_positive', sql`${t.quantity} > 0`)],
);

/** An order being prepared (spec §4: preorder create, modify, finish). */
export const preorders = pgTable('preorders', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').notNull(),
  /** [{ skuId, quantity }] */
  lines: jsonb('lines').notNull(),
  fromCart: boolean('from_cart').notNull(),
  shipType: text('ship_type').notNull(),
  payType: text('pay_type').notNull(),
  addressId: uuid('address_id'),
  storeId: text('store_id'),
  couponId: text('coupon_id'),
  couponCode: text('coupon_code'),
  buyerComment: text('buyer_comment'),
  orderId: uuid('order_id'),
  /** Counts the changes (`modify`): a finish placed from a quote kept in memory checks it is still this one. */
  revision: integer('revision').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Numbers the orders: the last six digits of an order number come from it, scrambled (see
 * newOrderNo), so two orders of one second never share a number (random digits did, now and then,
 * at a hundred orders a second) and the numbers do not tell how many orders the shop takes.
 */
export const orderNumbers = pgSequence('orders_no_seq');

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no').notNull().unique(),
    userId: text('user_id').notNull(),
    state: text('state').notNull(),
    shipType: text('ship_type').notNull(),
    payType: text('pay_type').notNull(),
    itemTotalCents: integer('item_total_cents').notNull(),
    shippingFeeCents: integer('shipping_fee_cents').notNull(),
    serviceFeeCents: integer('service_fee_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    payableCents: integer('payable_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    /** How it was paid: wallet, sandbox, payway, khqr, bridge, cash, cod. */
    payChannel: text('pay_channel'),
    /**
     * Cash on delivery or at the store (issue 47): the riel to collect, rounded to the 100-riel
     * note at the rate of the moment the order was placed, and that rate; kept, whatever the rate
     * does after. Null without a rate, or for an order paid online.
     */
    cashRiel: integer('cash_riel'),
    cashKhrPerUsd: integer('cash_khr_per_usd'),
    couponId: text('coupon_id'),
    buyerComment: text('buyer_comment'),
    /** Copy of the delivery address at ordering (receiver, mobile, fullText, coordinates). */
    address: jsonb('address'),
    storeId: text('store_id'),
    logisticsCompany: text('logistics_company'),
    waybillNo: text('waybill_no'),
    /** Unpaid orders are cancelled at this time; pickup orders are held until it. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    // Every move clears the deadline and sets it again only where one is due, so the orders with a
    // deadline are the ones waiting for one (the sweep's rows, WR included).
    index('orders_deadline_idx').on(t.deadlineAt).where(sql`deadline_at IS NOT NULL`),
    check('orders_money', sql`${t.payableCents} >= 0 AND ${t.paidCents} >= 0 AND ${t.paidCents} <= ${t.payableCents}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').notNull(),
    skuId: text('sku_id').notNull(),
    productId: text('product_id').notNull(),
    name: text('name').notNull(),
    specText: text('spec_text').notNull(),
    imageUrl: text('image_url'),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  // Read by order, in the order written: the key is that (one index per row written, issue 5).
  (t) => [primaryKey({ name: 'order_items_pkey', columns: [t.orderId, t.id] })],
);

/** One row per state change (DESIGN §6). */
export const orderHistory = pgTable(
  'order_history',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').notNull(),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    actor: text('actor').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Read by order, in the order written (as order_items).
  (t) => [primaryKey({ name: 'order_history_pkey', columns: [t.orderId, t.id] })],
);

/** Carrier events of a shipped order (console entries and the carrier's feed). */
export const logisticsEvents = pgTable(
  'logistics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id').notNull(),
    /** The carrier's own event id: the same event delivered twice is kept once. */
    eventKey: text('event_key').notNull(),
    status: text('status').notNull(),
    description: text('description').notNull(),
    location: text('location'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('logistics_events_key').on(t.orderId, t.eventKey)],
);

/** When the shopper last looked at each order tab (unread counts, spec §4). */
export const orderSeen = pgTable(
  'order_seen',
  {
    userId: text('user_id').notNull(),
    tab: text('tab').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tab] })],
);
