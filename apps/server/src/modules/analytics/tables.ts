import { bigserial, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One page view from the shop's own collector: the user id when signed in, the route, the source
 * and the language; nothing else about the visitor. Kept 90 days (`analytics.purge`).
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The Phnom Penh day of `at`: the console's charts count by it. */
    day: date('day').notNull(),
    userId: text('user_id'),
    route: text('route').notNull(),
    source: text('source'),
    language: text('language').notNull(),
  },
  (t) => [index('page_views_day_route').on(t.day, t.route), index('page_views_at').on(t.at)],
);
