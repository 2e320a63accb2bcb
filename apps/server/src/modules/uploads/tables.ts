import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from '../../platform/sql.ts';

/**
 * A picture a shopper uploaded (`v1/upload/pictureofclient`, `v1/upload/tmp`), stored in the file
 * store under `key`. Unclaimed (`claimed_by` null) it is deleted a day after `created_at`; a later
 * call claims it for what it belongs to (`bongloy-application:<id>`), and that owner releases it.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    purpose: text('purpose').notNull(),
    key: text('key').notNull().unique(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_user_idx').on(t.userId),
    index('uploads_unclaimed_idx').on(t.createdAt).where(sql`claimed_by IS NULL`),
  ],
);
