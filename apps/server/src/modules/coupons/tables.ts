import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from '../../platform/sql.ts';

/**
 * A batch of coupons an operator creates: what each coupon is worth (spend X, save Y), how long a
 * coupon stays valid once given, and how shoppers get one (a promo code, a claim page, or issued).
 */
export const couponBatches = pgTable(
  'coupon_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A stable name for batches the shop creates itself (e.g. 'newyear-5-2'); null for operator batches. */
    slug: text('slug').unique(),
    /** Title in each language: { "en-US", "chs", "kh" }. */
    title: jsonb('title').notNull(),
    minSpendCents: bigint('min_spend_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
    /** Days a coupon stays valid once given (spec §9: one month). */
    validDays: integer('valid_days').notNull().default(30),
    /** Promo code that gives a coupon of this batch (stored upper case). */
    code: text('code').unique(),
    /** The claim campaign this batch belongs to (e.g. 'newyear' for /newyearCoupon). */
    campaign: text('campaign'),
    /** How many coupons the batch may give in all (null: no limit). */
    totalLimit: integer('total_limit'),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    issuedCount: integer('issued_count').notNull().default(0),
    /** When a code or claim works (null: always). */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupon_batches_amounts', sql`${t.discountCents} > 0 AND ${t.minSpendCents} > ${t.discountCents}`),
    check('coupon_batches_limit', sql`${t.totalLimit} IS NULL OR ${t.issuedCount} <= ${t.totalLimit}`),
    index('coupon_batches_campaign_idx').on(t.campaign),
  ],
);

/** One coupon in one shopper's hands. Valid until it expires or an order uses it. */
export const coupons = pgTable(
  'coupons',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    userId: text('user_id').notNull(),
    /** 'valid' or 'used' (an expired valid coupon is shown as invalid). */
    status: text('status').notNull().default('valid'),
    minSpendCents: bigint('min_spend_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    orderId: text('order_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** How the shopper got it: code, claim, issue, invite. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupons_user_idx').on(t.userId, t.status, t.expiresAt),
    index('coupons_batch_user_idx').on(t.batchId, t.userId),
    // One coupon per order.
    uniqueIndex('coupons_order_uq').on(t.orderId),
    // The new-shopper coupon of the visitors' bonus advert: once per shopper, whatever races.
    uniqueIndex('coupons_new_shopper_once').on(t.userId).where(sql`source = 'new-shopper'`),
    check('coupons_used_has_order', sql`${t.status} <> 'used' OR ${t.orderId} IS NOT NULL`),
  ],
);

/**
 * What a claim campaign's page says (e.g. 'newyear' for /newyearCoupon), written by staff in the
 * console. The coupons it gives are the batches whose `campaign` names it.
 */
export const campaignPages = pgTable('coupon_campaign_pages', {
  campaign: text('campaign').primaryKey(),
  /** { "en-US", "chs", "kh" } */
  title: jsonb('title').notNull(),
  body: jsonb('body').notNull(),
  /** A catalogue picture's address (/v1/catalogue/image/…), or null. */
  imageUrl: text('image_url'),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
