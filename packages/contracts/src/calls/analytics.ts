import { defineCall } from '../call.ts';
import { int, z } from '../schema.ts';

/** Most page views one call carries: the shop's collector sends them in batches (docs/analytics.md). */
export const PAGE_VIEW_BATCH_MAX = 50;

export const pageViewEvent = z.object({
  /** The route's path without its query (`/product`, `/christmas`). */
  route: z.string().check(z.minLength(1), z.maxLength(120), z.regex(/^\/[A-Za-z0-9/_-]*$/)),
  at: z.iso.datetime({ offset: true }),
  /** The source of the navigation rules (spec §2), if any. */
  source: z.optional(z.string().check(z.maxLength(40))),
});
export type PageViewEvent = z.infer<typeof pageViewEvent>;

export const recordPageViews = defineCall({
  method: 'POST',
  path: '/v1/analytics/pageviews',
  auth: 'optional',
  summary: 'A batch of page views from the shop’s own collector (user id, route, source, language only)',
  tag: 'analytics',
  body: z.object({ events: z.array(pageViewEvent).check(z.minLength(1), z.maxLength(PAGE_VIEW_BATCH_MAX)) }),
  data: z.object({ accepted: int() }),
});
