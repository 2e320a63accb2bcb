import type { CampaignBlockInput } from '@shop/contracts';
import { boolean, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
