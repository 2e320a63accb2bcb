import { normalizeLanguage } from '@shop/contracts';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { ConsentBar } from '../shared/analytics/ConsentBar.tsx';
import { trackPageView } from '../shared/analytics/index.ts';
import { bridge } from '../shared/bridge/bridge.ts';
import { changeLanguage, currentLanguage } from '../shared/i18n/index.ts';
import { LoadingOverlay } from '../shared/loading/LoadingOverlay.tsx';
import { setCookie } from '../shared/navigation/cookies.ts';
import { deepLinkFor, partnerLoginFor, redirectFor } from '../shared/navigation/rules.ts';
import { appState, setNavigator } from '../shared/navigation/state.ts';
import { ProgressBar } from '../shared/progress/ProgressBar.tsx';
import { session } from '../shared/session/store.ts';
import { useSystemConfig } from '../shared/system/config.ts';

/** Applies the navigation rules of spec §2 on every completed navigation. */
function useNavigationRules() {
  const location = useLocation();
  const navigate = useNavigate();
  const previous = useRef<string | undefined>(undefined);
  const config = useSystemConfig();

  useEffect(() => setNavigator((to) => navigate(to)), [navigate]);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const source = params.get('source');
    if (source) {
      setCookie('source', source);
      session.update({ source });
    }
    const fullPath = location.pathname + location.search;
    const redirect =
      partnerLoginFor(fullPath, session.get().source, Boolean(session.get().token)) ??
      redirectFor(previous.current, location.pathname, session.get().source);
    if (redirect) {
      navigate(redirect, { replace: true });
      return;
    }
    previous.current = location.pathname;
    appState.visit(fullPath, session.get().source);
    trackPageView(location.pathname, session.get().source);
  }, [location.pathname, location.search, navigate]);

  useEffect(() => {
    if (new URLSearchParams(location.search).get('openapp') !== '1' || !config) return;
    window.location.href = deepLinkFor(config.deepLinkScheme, location.pathname, location.search);
  }, [location.pathname, location.search, config]);
}

/** Inside the wallet app: say hello, and follow the host's language. */
function useHostBridge() {
  const location = useLocation();
  useEffect(() => {
    const host = bridge();
    if (!host.inHost()) return;
    const off = host.on('host.language', (payload) => {
      void changeLanguage(normalizeLanguage(String(payload)));
    });
    return () => {
      off();
    };
  }, []);
  useEffect(() => {
    const host = bridge();
    if (host.inHost()) host.send('shop.page', { path: location.pathname, language: currentLanguage() });
  }, [location.pathname]);
}

/** Spec §2 layout: one full-height page area, the progress bar, and the loading overlay. */
export function RootLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useNavigationRules();
  useHostBridge();
  return (
    <div className="page-area">
      <ProgressBar active={navigation.state !== 'idle'} />
      {/* A boundary of its own for each screen: a screen still waiting for its translations when
          the shopper goes on (or back) leaves nothing behind that holds the next one back (the
          front page stayed blank after a quick back from the categories). */}
      <Suspense key={pathname} fallback={<div className="page-fallback" />}>
        <Outlet />
      </Suspense>
      <LoadingOverlay />
      <ConsentBar />
      <ScrollRestoration />
    </div>
  );
}
