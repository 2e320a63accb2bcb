import { getAnalyticsConfig, recordPageViews, type ThirdPartyAnalytics } from '@shop/contracts';
import { useSyncExternalStore } from 'react';
import { api } from '../api/index.ts';
import {
  type AnalyticsAdapter,
  createCollector,
  createPlausibleAdapter,
  type PageView,
  recordableRoute,
} from './analytics.ts';
import { type Consent, storeConsent, storedConsent } from './consent.ts';

/**
 * The one analytics interface of the shop (docs/analytics.md): the shop's own collector always (no
 * personal data beyond the user id the server knows); the third-party service the server names
 * (`GET /v1/analytics/config`, off unless configured) only once the visitor has agreed, which the
 * consent bar asks and this device remembers.
 */
let own: AnalyticsAdapter | undefined;
let third: AnalyticsAdapter | undefined;
/** undefined: not asked yet; null: no third party configured. */
let thirdParty: ThirdPartyAnalytics | null | undefined;
let asked = false;
let consent: Consent | null = null;
let lastView: PageView | undefined;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

function ownCollector(): AnalyticsAdapter {
  if (!own) {
    own = createCollector((events) => api.call(recordPageViews, { events }, { quiet: true, silent: true }));
    window.addEventListener('pagehide', () => {
      own?.flush();
      third?.flush();
    });
  }
  return own;
}

/** The third party's adapter, made only with the visitor's agreement. */
function startThirdParty() {
  if (third || !thirdParty || consent !== 'granted') return;
  third = createPlausibleAdapter(
    thirdParty,
    (url, body) =>
      void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(
        () => {},
      ),
    window.location.origin,
  );
}

function askConfig() {
  if (asked) return;
  asked = true;
  void api
    .call(getAnalyticsConfig, {}, { quiet: true, silent: true })
    .then((answer) => {
      thirdParty = answer.thirdParty;
      consent = storedConsent();
      startThirdParty();
      if (third && lastView) third.pageView(lastView);
      changed();
    })
    .catch(() => {
      thirdParty = null;
    });
}

/** Records a route change (the root layout calls it on every one). */
export function trackPageView(pathname: string, source: string | undefined) {
  const route = recordableRoute(pathname);
  if (!route) return;
  const view = { route, at: new Date().toISOString(), ...(source ? { source: source.slice(0, 40) } : {}) };
  lastView = view;
  ownCollector().pageView(view);
  third?.pageView(view);
  askConfig();
}

/** The visitor's answer: remembered; on yes the page they are on is the first view the third party gets. */
export function answerConsent(answer: Consent) {
  consent = answer;
  storeConsent(answer);
  startThirdParty();
  if (answer === 'granted' && third && lastView) third.pageView(lastView);
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const needsAnswer = () => Boolean(thirdParty) && consent === null;

/** Whether the visitor must be asked (a third party is configured and they have not answered). */
export function useConsentQuestion(): boolean {
  return useSyncExternalStore(subscribe, needsAnswer, () => false);
}
