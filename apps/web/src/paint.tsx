import type { Envelope, Language } from '@shop/contracts';
import { renderToString } from 'preact-render-to-string';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers, queryClient } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { paintWith } from './shared/api/firstAnswers.ts';
import { i18next, localeKeyOf } from './shared/i18n/index.ts';
import { paintWithCookies } from './shared/navigation/cookies.ts';
import { EMPTY_SESSION, type SessionState, session } from './shared/session/store.ts';

/**
 * The server's first paint of a screen (issue 24, docs/decisions/0026-screens-painted-by-the-app.md):
 * the app's own route tree, rendered to HTML inside the shop's server process from the answers the
 * page carries, so the phone sees the screen before the app's code has arrived, and the app's first
 * render, made from the same answers, draws the same elements over it.
 *
 * Built by `vite build --ssr` into dist-paint/ (never served); apps/server/src/page-shell.ts loads it.
 */

const translations = import.meta.glob<Record<string, unknown>>(
  ['./shared/locales/*.json', './features/*/locales/*.json'],
  {
    eager: true,
    import: 'default',
  },
);

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, texts] of Object.entries(translations)) {
  const [namespace, language] = localeKeyOf(file).split('/');
  resources[language] ??= {};
  resources[language][namespace] = texts;
}

const ready = i18next.use(initReactI18next).init({
  resources,
  lng: 'en-US',
  fallbackLng: false,
  defaultNS: 'common',
  ns: Object.keys(resources['en-US'] ?? {}),
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  returnNull: false,
  initAsync: false,
});

const handler = createStaticHandler(routes, { basename: '/h5' });

export type PaintInput = {
  /** The page's address, e.g. http://shop/h5/cart. */
  url: string;
  language: Language;
  /** The page's first answers, keyed as the API client asks for them (`firstAnswerKey`). */
  answers: Record<string, Envelope<unknown>>;
  /** The shopper the page is for, when the page knows (the page cookie), else a visitor. */
  shopper?: Pick<SessionState, 'token' | 'userId'>;
  /** The page request's Cookie header: the screens read their cookies from it. */
  cookies?: string;
};

/**
 * The screen at `url` as HTML for the page's `#root`, or '' when its route does not draw here (a
 * redirect, an error). Throws what the screen threw: the page is then drawn by the app alone.
 */
export async function paintScreen({ url, language, answers, shopper, cookies }: PaintInput): Promise<string> {
  await ready;
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return '';
  // From here to the end nothing awaits: the answers, the shopper and the language set below are
  // this page's alone while it is drawn (renderToString runs to its end in one go).
  void i18next.changeLanguage(language);
  paintWith(answers);
  paintWithCookies(cookies);
  if (shopper) session.update({ ...EMPTY_SESSION, ...shopper });
  try {
    return renderToString(
      <Providers>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </Providers>,
    );
  } finally {
    paintWith({});
    paintWithCookies(undefined);
    session.clear();
    queryClient.clear();
  }
}
