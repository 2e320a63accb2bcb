import { recordPageViews } from '@shop/contracts';
import { api } from '../api/index.ts';
import {
  type AnalyticsAdapter,
  createCollector,
  createPlausibleAdapter,
  fanOut,
  recordableRoute,
} from './analytics.ts';

/**
 * The one analytics interface of the shop (docs/analytics.md): the shop's own collector always;
 * Plausible only when the build is configured for it (VITE_PLAUSIBLE_DOMAIN, and optionally
 * VITE_PLAUSIBLE_ENDPOINT) and the browser does not ask not to be tracked.
 */
function build(): AnalyticsAdapter {
  const own = createCollector((events) => api.call(recordPageViews, { events }, { quiet: true, silent: true }));
  const domain = import.meta.env.VITE_PLAUSIBLE_DOMAIN as string | undefined;
  const doNotTrack = typeof navigator !== 'undefined' && navigator.doNotTrack === '1';
  if (!domain || doNotTrack) return own;
  const endpoint = (import.meta.env.VITE_PLAUSIBLE_ENDPOINT as string | undefined) || 'https://plausible.io';
  const third = createPlausibleAdapter(
    { domain, endpoint },
    (url, body) =>
      void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(
        () => {},
      ),
    window.location.origin,
  );
  return fanOut([own, third]);
}

let instance: AnalyticsAdapter | undefined;
const analytics = () => {
  if (!instance) {
    instance = build();
    window.addEventListener('pagehide', () => instance?.flush());
  }
  return instance;
};

/** Records a route change (the root layout calls it on every one). */
export function trackPageView(pathname: string, source: string | undefined) {
  const route = recordableRoute(pathname);
  if (!route) return;
  analytics().pageView({ route, at: new Date().toISOString(), ...(source ? { source: source.slice(0, 40) } : {}) });
}
