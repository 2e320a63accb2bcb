import type { CampaignBlockInput } from '@shop/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

type PerLanguage = { 'en-US': string; chs: string; kh: string };

/**
 * A campaign page: bound to one campaign route, made of blocks, shown to shoppers from `starts_at`
 * to `ends_at` once published; staff see it any time through its preview token.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    route: text('route').notNull(),
    title: jsonb('title').$type<PerLanguage>().notNull(),
    blocks: jsonb('blocks').$type<CampaignBlockInput[]>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    published: boolean('published').notNull().default(false),
    previewToken: text('preview_token').notNull().unique(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_route').on(t.route, t.published, t.startsAt)],
);

/**
 * A lucky draw's prize stock: how many of a prize (a coupon batch) the campaign gives at most and has
 * given. Counted up with one conditional update (`given < stock`), so concurrent draws never exceed
 * it. Written when staff save the campaign (the stock follows the block; what was given stays).
 */
export const campaignPrizes = pgTable(
  'campaign_prizes',
  {
    campaignId: integer('campaign_id').notNull(),
    batchId: integer('batch_id').notNull(),
    stock: integer('stock').notNull(),
    given: integer('given').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.batchId] })],
);

/** Every draw of a lucky draw: the shopper's n-th (unique), and what it won (null: nothing). */
export const campaignDraws = pgTable(
  'campaign_draws',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id').notNull(),
    userId: text('user_id').notNull(),
    seq: integer('seq').notNull(),
    batchId: integer('batch_id'),
    couponId: integer('coupon_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('campaign_draws_once').on(t.campaignId, t.userId, t.seq)],
);

/** A spend-and-get reward: once per shopper and campaign (the key), with the order that earned it. */
export const campaignSpendGrants = pgTable(
  'campaign_spend_grants',
  {
    campaignId: integer('campaign_id').notNull(),
    userId: text('user_id').notNull(),
    orderId: text('order_id').notNull(),
    /** Null when the batch had no coupon left to give. */
    couponId: integer('coupon_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] })],
);
