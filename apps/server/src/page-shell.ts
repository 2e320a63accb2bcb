import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_ANSWERS_ELEMENT_ID, firstAnswerKey, type Language, pictureSrc, pictureSrcSet } from '@shop/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLanguage } from './platform/http.ts';
import type { PageShell } from './platform/web.ts';

/**
 * The shop's page, made per request (issue 24, docs/decisions/0016-first-paint-from-the-page.md).
 * What the first screen needs does not wait for the app's code to ask for it:
 * - the page speaks the visitor's language from its first byte (the `language` cookie), and a
 *   Khmer page asks for its font with it (the font is `font-display: optional`: never swapped in);
 * - the screen's code, styles and translations are asked for with the page (`page-assets.json`,
 *   written by the web build), not one wave after another;
 * - the screen's public calls are answered inside the page (FIRST_CALLS), and the picture that is
 *   its largest paint is asked for first.
 */

const HTML_LANG: Record<Language, string> = { 'en-US': 'en', chs: 'zh-Hans', kh: 'km' };

type PageAssets = {
  routes: Record<string, { js: string[]; css: string[]; namespace: string }>;
  locales: Record<string, string>;
};

/** The public calls a screen makes first, from its link's query (the screens' own calls, same order-free query). */
const FIRST_CALLS: Record<string, (q: URLSearchParams) => string[]> = {
  '/': () => [
    '/v1/carousel/query',
    '/v1/threelevelcategory/query',
    '/v1/activity/queryall',
    '/v1/tag/queryall',
    '/v1/newcategory/queryproductitem?page=1&size=20&sort=default',
    '/v1/other/bonusadvert/unlogin',
  ],
  '/category': (q) => [
    '/v1/threelevelcategory/query',
    `/v1/newcategory/queryproductitem?${new URLSearchParams({ categoryId: q.get('categoryId') ?? '', sort: 'default', page: '1', size: '20' })}`,
  ],
  '/ProductSearchList': (q) =>
    q.get('keyword')
      ? [
          `/v1/product/search?${new URLSearchParams({ keyword: q.get('keyword') ?? '', sort: 'default', page: '1', size: '20' })}`,
          '/v1/product/searchkeywords',
        ]
      : ['/v1/product/searchkeywords'],
  '/product': (q) => [
    `/v1/product/queryproductitemsinproduct?productItemId=${encodeURIComponent(q.get('productItemId') ?? '')}`,
  ],
  '/personal': () => ['/v1/other/mypageadvert/new'],
};
FIRST_CALLS['/home'] = FIRST_CALLS['/'];
/** Every screen reads the shop's constants. */
const EVERY_SCREEN = ['/v1/other/system/config'];

/**
 * What a screen looks like at its first paint, drawn by the server from its first answers before
 * the app's code has arrived: the same elements and classes as the screen's own first boxes, so
 * nothing moves when the app draws the screen over it (the layout-stability journey checks it).
 */
const FIRST_PAINT: Record<string, (picture: string | undefined) => string> = {
  '/': (picture) =>
    `<div class="page-area"><main class="home"><header class="home__bar"></header><div class="banners">${
      picture
        ? `<div class="banners__track"><span class="banners__slide"><img class="picture" alt="" src="${attribute(pictureSrc(picture))}" srcset="${attribute(pictureSrcSet(picture))}" sizes="100vw" fetchpriority="high"></span></div>`
        : ''
    }</div></main></div>`,
};
FIRST_PAINT['/home'] = FIRST_PAINT['/'];
FIRST_PAINT['/product'] = (picture) =>
  picture
    ? `<div class="page-area"><main class="product"><div class="adm-nav-bar page-header"></div><div class="gallery"><div class="gallery__track"><img class="picture gallery__picture" alt="" src="${attribute(pictureSrc(picture))}" srcset="${attribute(pictureSrcSet(picture))}" sizes="100vw" fetchpriority="high"></div></div></main></div>`
    : '';

/** The picture that is a screen's largest paint, from its first answers. */
const LARGEST_PICTURE: Record<
  string,
  (answers: Record<string, { code: string; data: unknown }>) => string | undefined
> = {
  '/': (answers) =>
    (answers['/v1/carousel/query']?.data as { imageUrl: string | null }[] | undefined)?.[0]?.imageUrl ?? undefined,
  '/product': (answers) => {
    const detail = Object.entries(answers).find(([key]) =>
      key.startsWith('/v1/product/queryproductitemsinproduct'),
    )?.[1];
    return (detail?.data as { images?: { url: string }[] } | null)?.images?.[0]?.url;
  },
};
LARGEST_PICTURE['/home'] = LARGEST_PICTURE['/'];

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
/** JSON inside a <script> element: nothing in it may close the element or end a line early. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function readAssets(webDist: string): PageAssets {
  try {
    return JSON.parse(readFileSync(path.join(webDist, 'page-assets.json'), 'utf8')) as PageAssets;
  } catch {
    return { routes: {}, locales: {} };
  }
}

export function shopPageShell(app: FastifyInstance, webDist: string): PageShell {
  const assets = readAssets(webDist);
  const khmerFont = findKhmerFont(webDist);

  /** The answers of `urls`, as the calls would answer this visitor (language, address). */
  async function answer(urls: string[], request: FastifyRequest, language: Language) {
    const answers: Record<string, { code: string; data: unknown }> = {};
    await Promise.all(
      urls.map(async (url) => {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { language, apptype: 'h5', appversion: '1.0' },
          remoteAddress: request.ip,
        });
        if (res.statusCode >= 500) return;
        const [pathname, query = ''] = url.split('?');
        answers[firstAnswerKey(pathname, new URLSearchParams(query))] = res.json();
      }),
    );
    return answers;
  }

  return async (html: string, request: FastifyRequest) => {
    const language = requestLanguage(request);
    const url = new URL(request.url, 'http://shop');
    const route = url.pathname.replace(/^\/h5/, '').replace(/(.)\/$/, '$1') || '/';
    // First in the head: what the first paint waits for and the entry script does not ask for.
    const head: string[] = [];
    // Last in the head, after the entry's own: the screen's code, translations and styles.
    const screenAssets: string[] = [];
    if (language === 'kh' && khmerFont) {
      head.push(`<link rel="preload" href="/h5/${khmerFont}" as="font" type="font/woff2" crossorigin>`);
    }
    const screen = assets.routes[route];
    if (screen) {
      // The app loads the screen's translations before its first render (main.tsx), so the screen
      // never draws its loading fallback over the server's first paint.
      head.push(`<meta name="screen-namespace" content="${attribute(screen.namespace)}">`);
      const translations = ['common', screen.namespace].map((ns) => assets.locales[`${ns}/${language}`]);
      for (const file of [...screen.js, ...translations]) {
        if (file) screenAssets.push(`<link rel="modulepreload" crossorigin href="/h5/${file}">`);
      }
      for (const file of screen.css) screenAssets.push(`<link rel="stylesheet" crossorigin href="/h5/${file}">`);
    }
    const answers = await answer(
      [...EVERY_SCREEN, ...(FIRST_CALLS[route]?.(url.searchParams) ?? [])],
      request,
      language,
    );
    const picture = LARGEST_PICTURE[route]?.(answers);
    if (picture) {
      head.unshift(
        `<link rel="preload" as="image" href="${attribute(pictureSrc(picture))}" imagesrcset="${attribute(pictureSrcSet(picture))}" imagesizes="100vw" fetchpriority="high">`,
      );
    }
    const body = `<script id="${FIRST_ANSWERS_ELEMENT_ID}" type="application/json">${scriptJson(answers)}</script>`;
    const firstPaint = FIRST_PAINT[route]?.(picture) ?? '';
    // With a first paint, the app's code (already asked for) starts once that paint is on screen
    // (the web app's public/boot.js; a file, as the pages' CSP allows no inline script).
    const entry = firstPaint ? html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/) : null;
    if (entry) {
      html = html.replace(
        entry[0],
        `<link rel="modulepreload" crossorigin href="${entry[1]}"><script type="module" src="/h5/boot.js" data-entry="${entry[1]}"></script>`,
      );
    }
    return html
      .replace(/<html lang="[^"]*">/, `<html lang="${HTML_LANG[language]}" data-language="${language}">`)
      .replace('</title>', `</title>${head.join('')}`)
      .replace('</head>', `${screenAssets.join('')}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${firstPaint}</div>${body}`);
  };
}

/** The Khmer font's built file (`assets/noto-sans-khmer-khmer-400-normal-<hash>.woff2`). */
function findKhmerFont(webDist: string): string | undefined {
  try {
    const name = readdirSync(path.join(webDist, 'assets')).find((file) =>
      /^noto-sans-khmer-khmer-400-normal-.*\.woff2$/.test(file),
    );
    return name && `assets/${name}`;
  } catch {
    return undefined;
  }
}
