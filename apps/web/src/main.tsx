import './app/fonts.css';
// antd-mobile's design tokens (--adm-color-*, 1.3 KB); app/styles.css overrides the brand colours after it.
import 'antd-mobile/es/global/theme-default.css';
import './app/styles.css';
import './app/a11y.css';
import { StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { startI18n } from './app/i18n.ts';
import { Providers } from './app/providers.tsx';
import { routesFor, SCREENS_ROUTE_ID, screensFor } from './app/routes.tsx';
import { paintedFor } from './shared/api/index.ts';
import { bridge } from './shared/bridge/bridge.ts';
import { i18next } from './shared/i18n/index.ts';
import { keepPageSession } from './shared/session/pageSession.ts';
import { session } from './shared/session/store.ts';
import { takeOver } from './shared/ui/HydrateLater.tsx';

// The code's evaluation, the router's start (it matches the address and loads the screen's code)
// and the first render each run in a task of their own: a slow phone stays responsive between
// them (shorter tasks instead of one long one, issue 24).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * What was typed into the server's fields before the app ran (a pay password, on a slow phone) is
 * handed to the app: taking the elements over keeps the field's text but not the screen's state,
 * so the field's own input event is sent again, now that the app listens.
 */
function handOverTyping(root: HTMLElement) {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field.type === 'checkbox' || field.type === 'radio' || field.value === field.defaultValue) continue;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * The first render waits for the first screen's code (a lazy route, asked for with the page): the
 * server's first paint (apps/server/src/page-shell.ts) stays until the screen replaces it, with no
 * empty frame between.
 */
const routerReady = nextTask().then(
  () =>
    new Promise<ReturnType<typeof createBrowserRouter>>((resolve) => {
      // The router starts with the first screen's routes alone and is given each other screen when
      // it is first visited (app/routes.tsx, screensFor).
      const router = createBrowserRouter(routesFor(window.location.pathname), {
        basename: '/h5',
        patchRoutesOnNavigation: ({ path, patch }) => patch(SCREENS_ROUTE_ID, screensFor(path)),
      });
      if (router.state.initialized) return resolve(router);
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve(router);
      });
    }),
);

/**
 * The first screen's translations (named by the server's page), loaded with the language's common
 * ones, in a task after the router's (i18next's start is a few milliseconds of its own on a slow phone).
 */
const screenTranslations = nextTask()
  .then(nextTask)
  .then(startI18n)
  .then(() => {
    const namespace = document.querySelector<HTMLMetaElement>('meta[name="screen-namespace"]')?.content;
    return namespace ? i18next.loadNamespaces(namespace) : undefined;
  });

void Promise.all([routerReady, screenTranslations]).then(async ([router]) => {
  await nextTask();
  const root = document.getElementById('root') as HTMLElement;
  const app = (
    <StrictMode>
      <Providers>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </Providers>
    </StrictMode>
  );
  // A screen the server drew with the app's own components for this phone's shopper (or visitor)
  // (src/paint.tsx, decision 0026) is taken over element by element: nothing on it is drawn twice.
  // Another first paint, one drawn for someone else, or one inside the wallet app (the server drew
  // it without the host's ways, e.g. the cashier's wallet-app channel) is drawn over.
  const sameAsServer = root.dataset.painted === 'app' && paintedFor() === session.get().userId && !bridge().inHost();
  if (sameAsServer) {
    // Handed over at once, before anything draws the screen again (that would clear the fields),
    // and again once every part has had its turn (the fields of the parts taken over later).
    await takeOver(() => {
      hydrateRoot(root, app);
      handOverTyping(root);
    });
    handOverTyping(root);
    // The screen drawn with what was typed, before a held tap (a "Pay") acts on it.
    await nextTask();
  } else createRoot(root).render(app);
  // A tap made while the code was on its way (page-scripts/boot.js) is made again, now that it answers
  // (all of the screen: its parts taken over later included).
  const held = window as { shopTakenOver?: boolean; shopReleaseTap?: () => void };
  held.shopTakenOver = true;
  held.shopReleaseTap?.();
  keepPageSession();
});
