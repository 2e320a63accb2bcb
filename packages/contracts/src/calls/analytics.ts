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

/** The third-party page-view service the shop may send to once the visitor agrees (docs/analytics.md). */
export const thirdPartyAnalytics = z.object({
  provider: z.literal('plausible'),
  /** The site as the service knows it. */
  domain: z.string(),
  /** The service's address (Plausible's own, or a self-hosted one). */
  endpoint: z.string(),
});
export type ThirdPartyAnalytics = z.infer<typeof thirdPartyAnalytics>;

export const getAnalyticsConfig = defineCall({
  method: 'GET',
  path: '/v1/analytics/config',
  auth: 'none',
  summary: 'Whether page views may also go to a third party (then the shop asks the visitor first), and where',
  tag: 'analytics',
  data: z.object({ thirdParty: z.nullable(thirdPartyAnalytics) }),
});
