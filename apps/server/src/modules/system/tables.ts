import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Business constants of spec §9, one row per key, changed by operators without a deploy. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The ways to reach customer service shown on /ContactUs. */
export const supportChannels = pgTable('support_channels', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  value: text('value').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});
