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

/**
 * A screen opened inside the app (not the first one the browser loaded) is announced by its
 * heading: the focus, left on the body when the control that led here went away, moves to the new
 * screen's h1 (issue 36, WCAG 2.4.3), so the keyboard goes on from the top of this screen and a
 * screen reader reads where the shopper is. A screen that put the focus somewhere itself keeps it.
 */
function useFocusOnNewScreen(pathname: string) {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    let frames = 0;
    let frame = 0;
    const look = () => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const heading = document.querySelector<HTMLElement>('.page-area h1');
      if (!heading) {
        // The screen's code or its first answer may still be on the way: a second at most.
        frames += 1;
        if (frames < 60) frame = requestAnimationFrame(look);
        return;
      }
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/** Spec §2 layout: one full-height page area, the progress bar, and the loading overlay. */
export function RootLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useNavigationRules();
  useHostBridge();
  useFocusOnNewScreen(pathname);
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
