import { defineCall } from '../../call.ts';
import { int, queryInt, z } from '../../schema.ts';

export const adminPageViews = defineCall({
  method: 'GET',
  path: '/admin-api/v1/analytics/pageviews',
  auth: 'user',
  summary: 'Page views per day and per route over the last days (Phnom Penh days), and the funnel',
  tag: 'admin: analytics',
  query: z.object({
    days: z._default(queryInt(1, 90), 30),
    /** One route's views only (e.g. `/smartVIP`), instead of the ten busiest. */
    route: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  }),
  data: z.object({
    days: z.array(z.string()),
    total: z.array(int()),
    routes: z.array(z.object({ route: z.string(), views: z.array(int()), sum: int() })),
    /** Distinct visitors (user or anonymous browser) who saw home, a product, the cart, an order placed. */
    funnel: z.object({ home: int(), product: int(), cart: int(), paid: int() }),
  }),
});
