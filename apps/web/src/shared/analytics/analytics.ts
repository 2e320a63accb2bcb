import { PAGE_VIEW_BATCH_MAX, type PageViewEvent } from '@shop/contracts';

/** A page view as the shop records it: nothing about the visitor beyond the user id the server knows. */
export type PageView = { route: string; at: string; source?: string };

/** Where page views go: the shop's own collector, a third party's. */
export interface AnalyticsAdapter {
  pageView(view: PageView): void;
  /** Sends what is waiting (the page is being hidden). */
  flush(): void;
}

const ROUTE = /^\/[A-Za-z0-9/_-]{0,119}$/;

/** A route the collector can record: a path of the shop, no query; anything else is left out. */
export function recordableRoute(pathname: string): string | null {
  return ROUTE.test(pathname) ? pathname : null;
}

/**
 * The shop's own collector: views wait in memory and leave in batches of at most
 * PAGE_VIEW_BATCH_MAX, after `intervalMs` or when the page is hidden. A batch that fails is
 * dropped (analytics never retries into a shopper's bandwidth).
 */
export function createCollector(
  send: (events: PageViewEvent[]) => Promise<unknown>,
  intervalMs = 5_000,
): AnalyticsAdapter {
  let queue: PageViewEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) {
      const batch = queue.slice(0, PAGE_VIEW_BATCH_MAX);
      queue = queue.slice(PAGE_VIEW_BATCH_MAX);
      void send(batch).catch(() => {});
    }
  };
  return {
    pageView(view) {
      queue.push(view);
      if (queue.length >= PAGE_VIEW_BATCH_MAX) flush();
      else timer ??= setTimeout(flush, intervalMs);
    },
    flush,
  };
}

/**
 * Plausible's events API (https://plausible.io/docs/events-api): one `pageview` per view with the
 * page's address and the site's domain; Plausible keeps no cookie and no personal data.
 */
export function createPlausibleAdapter(
  config: { domain: string; endpoint: string },
  post: (url: string, body: string) => void,
  origin: string,
): AnalyticsAdapter {
  return {
    pageView(view) {
      post(
        `${config.endpoint.replace(/\/$/, '')}/api/event`,
        JSON.stringify({ name: 'pageview', domain: config.domain, url: `${origin}/h5${view.route}` }),
      );
    },
    flush() {},
  };
}
