import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CAMPAIGN_ROUTES,
  type CallDef,
  FIRST_ANSWERS_ELEMENT_ID,
  FIRST_ANSWERS_VISITOR,
  firstAnswerKey,
  getBonusAdvertLogin,
  HAITAO_CHANNEL_COOKIE,
  haitaoCategories,
  haitaoChannelOfSort,
  haitaoHotList,
  haitaoRecommend,
  type Language,
  PRICE_DISPLAY_COOKIE,
  pictureSrc,
  pictureSrcSet,
  preorderCouponList,
  priceDisplayShowsRiel,
  queryAccount,
  queryBongloyCards,
  queryBongloyPage,
  queryCampaignPage,
  queryCart,
  queryCurrencyRate,
  queryGiftCards,
  queryInfo,
  queryLoanOffer,
  queryLoans,
  queryPreorder,
  queryTopupPage,
  queryUnreadOrderCount,
  queryUsableCouponCount,
  queryValuationModels,
  refreshCashier,
} from '@shop/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Answers, answerOf, LARGEST_PICTURE } from './largest-picture.ts';
import { requestLanguage } from './platform/http.ts';
import { clearPageCookie, pageToken } from './platform/page-cookie.ts';
import type { PageShell } from './platform/web.ts';

/**
 * The shop's page, made per request (issue 24, docs/decisions/0016-first-paint-from-the-page.md).
 * What the first screen needs does not wait for the app's code to ask for it:
 * - the page speaks the visitor's language from its first byte (the `language` cookie), and a
 *   Khmer page asks for its font with it (the font is `font-display: optional`: never swapped in);
 * - the screen's code, styles and translations are asked for with the page (`page-assets.json`,
 *   written by the web build), not one wave after another;
 * - the screen's public calls are answered inside the page (FIRST_CALLS), and the picture that is
 *   its largest paint is asked for first;
 * - the styles come inside the page: no stylesheet request stands between the page and its paint;
 * - a screen the app draws first on the server (APP_PAINT) asks for its code after that paint, so the code
 *   does not share the slow network with the page's largest picture.
 */

const HTML_LANG: Record<Language, string> = { 'en-US': 'en', chs: 'zh-Hans', kh: 'km' };

type PageAssets = {
  routes: Record<string, { js: string[]; css: string[]; namespace: string }>;
  locales: Record<string, string>;
  /** The page's own scripts (the web app's page-scripts/), by name: their hashed files. */
  scripts?: Record<'boot' | 'early', string>;
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

/**
 * The public calls a screen makes once its first answers are in (they name what to ask for): a
 * product's reviews are asked for by its product, which the link may not carry.
 */
const FOLLOWING_CALLS: Record<string, (answers: Answers) => string[]> = {
  '/product': (answers) => {
    const detail = answerOf(answers, '/v1/product/queryproductitemsinproduct');
    const productId = detail?.code === '0' ? (detail.data as { productId?: number } | null)?.productId : undefined;
    if (!productId) return [];
    // The screen's first three reviews and their summary (web: catalogue/api useReviews, useReviewSummary).
    return [
      `/v1/appraise/countbyproduct?productId=${productId}`,
      `/v1/appraise/querybyproduct?productId=${productId}&page=1&size=3`,
    ];
  },
};

/**
 * A screen's own first calls: their answers depend on who asks. With the page cookie
 * (platform/page-cookie.ts) the server answers them inside the page for the shopper; without it (a
 * session older than the cookie) the page names them and page-scripts/early.js asks for them with
 * the token while the app's code is on its way. For a visitor, the page answers the calls a visitor
 * may make (`auth: 'optional'`: the top-up's operators, a campaign) as the visitor, and says so
 * (FIRST_ANSWERS_VISITOR): a phone with a session uses none of them. Only calls that change nothing.
 */
type OwnCall = [call: CallDef, query?: Record<string, string>];
const EARLY_CALLS: Record<string, (q: URLSearchParams, cookies: string | undefined) => OwnCall[]> = {
  '/cart': () => [[queryCart]],
  // Back from choosing an address (?addressId) the screen applies it first: that is a change.
  '/orderConfirm': (q) =>
    q.get('addressId')
      ? []
      : [
          [queryPreorder, { preorderId: q.get('preorderId') ?? '' }],
          [preorderCouponList, { preorderId: q.get('preorderId') ?? '' }],
        ],
  '/cashier': (q) => [[refreshCashier, { orderId: q.get('orderId') ?? '' }]],
  '/myWallet': () => [[queryAccount]],
  // The front page's own: the tab bar's cart badge and the signed-in shoppers' bonus advert.
  '/': () => [[queryCart], [getBonusAdvertLogin]],
  '/personal': () => [[queryCart], [queryInfo], [queryAccount], [queryUnreadOrderCount], [queryUsableCouponCount]],
  // The product lines (issue 44). A top-up's outcome (?record=) is the shopper's and read after.
  '/topup': () => [[queryTopupPage]],
  '/giftCard': () => [[queryGiftCards, { page: '1', size: '50' }]],
  '/chooseModel': () => [[queryValuationModels]],
  '/bongloy': () => [[queryBongloyPage], [queryBongloyCards]],
  '/kmf': () => [[queryLoanOffer], [queryLoans]],
  // The overseas home, in the channel the phone chose (its cookie, web: overseas/api channelOf).
  '/Smilebuy': (_q, cookies) => {
    const channel = haitaoChannelOf(cookies);
    return [
      [haitaoCategories, { channel }],
      [haitaoHotList, { channel }],
      [haitaoRecommend, { channel, page: '1', size: '20' }],
    ];
  },
};
// A campaign route, as staff bound it (web: campaigns/routes/CampaignPage; staff's ?preview is read after).
for (const route of CAMPAIGN_ROUTES) {
  EARLY_CALLS[`/${route}`] = (q) => (q.get('preview') ? [] : [[queryCampaignPage, { route }]]);
}

/** The overseas channel of the page request's cookie (web: overseas/api storedChannel). */
function haitaoChannelOf(cookies: string | undefined) {
  const sort = new RegExp(`(?:^|;\\s*)${HAITAO_CHANNEL_COOKIE}=([^;]*)`).exec(cookies ?? '')?.[1];
  return haitaoChannelOfSort(sort);
}
EARLY_CALLS['/home'] = EARLY_CALLS['/'];
/**
 * The screens the app itself draws first, on the server (the web build's dist-paint, src/paint.tsx,
 * decision 0026), from the answers above: a signed-in screen with the shopper's data. The search
 * screen is drawn for a keyword's results only: without one it shows the phone's own search history.
 */
const APP_PAINT: Record<string, (q: URLSearchParams) => 'shopper' | 'anyone' | undefined> = {
  '/cart': () => 'shopper',
  '/orderConfirm': () => 'shopper',
  '/cashier': () => 'shopper',
  '/myWallet': () => 'shopper',
  '/personal': () => 'anyone',
  '/product': () => 'anyone',
  '/': () => 'anyone',
  '/home': () => 'anyone',
  '/category': () => 'anyone',
  '/ProductSearchList': (q) => (q.get('keyword')?.trim() && !q.get('by') && !q.get('similarTo') ? 'anyone' : undefined),
  // The product lines (issue 44): the gift cards and the prepaid card are the shopper's own (a
  // visitor is asked to log in); the others show a visitor what they offer.
  // A top-up's outcome (?record=) is read by the app.
  '/topup': (q) => (q.get('record') ? undefined : 'anyone'),
  '/giftCard': () => 'shopper',
  '/chooseModel': () => 'anyone',
  '/bongloy': () => 'shopper',
  // Back from paying a repayment (?repayment=) the screen confirms it first: drawn by the app.
  '/kmf': (q) => (q.get('repayment') ? undefined : 'anyone'),
  '/Smilebuy': () => 'anyone',
};
for (const route of CAMPAIGN_ROUTES) APP_PAINT[`/${route}`] = (q) => (q.get('preview') ? undefined : 'anyone');

type PaintScreen = (input: {
  url: string;
  language: Language;
  answers: Answers;
  shopper?: { token: string; userId: string };
  /** The page request's cookies: a screen draws what they say (e.g. an advert closed today). */
  cookies?: string;
}) => Promise<string>;

/** The web build's painter (apps/web/dist-paint/paint.js), when it was built. */
async function loadPainter(webDist: string): Promise<PaintScreen | undefined> {
  try {
    const file = path.join(webDist, '..', 'dist-paint', 'paint.js');
    return ((await import(pathToFileURL(file).href)) as { paintScreen: PaintScreen }).paintScreen;
  } catch {
    return undefined;
  }
}

/** How long after the process listens its painter is loaded (if no page asked for it before). */
const PAINTER_AFTER_LISTEN_MS = 2_000;

/** Every screen reads the shop's constants. */
const EVERY_SCREEN = ['/v1/other/system/config'];

/**
 * A shopper who chose to see riel (issue 47, the price display cookie; web: shared/price) is shown
 * prices at the day's rate on every screen: the rate comes with each of their pages, so the server's
 * paint and the app's first render show the same riel. Dollars-only pages (the default) do without.
 */
const RIEL_RATE_CALL = queryCurrencyRate.path;
function everyScreen(cookies: string | undefined): string[] {
  const display = new RegExp(`(?:^|;\\s*)${PRICE_DISPLAY_COOKIE}=([^;]*)`).exec(cookies ?? '')?.[1];
  return priceDisplayShowsRiel(display) ? [...EVERY_SCREEN, RIEL_RATE_CALL] : EVERY_SCREEN;
}

/** A value inside a double-quoted HTML attribute. */
const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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

/**
 * `shopperOf` names the shopper whose session `token` opens (the page cookie's), or null.
 */
export function shopPageShell(
  app: FastifyInstance,
  webDist: string,
  shopperOf: (token: string) => Promise<string | null>,
): PageShell {
  const assets = readAssets(webDist);
  const bootScript = `/h5/${assets.scripts?.boot ?? 'boot.js'}`;
  const earlyScript = `/h5/${assets.scripts?.early ?? 'early.js'}`;
  // The painter is loaded a moment after the process listens, or by the first page that draws
  // first: compiling it took a quarter of a second of a start's CPU before /ready answered, and a
  // killed process must be back serving soon (issue 45).
  let painter: Promise<PaintScreen | undefined> | undefined;
  const loadedPainter = () => {
    painter ??= loadPainter(webDist);
    return painter;
  };
  app.addHook('onListen', async () => {
    setTimeout(loadedPainter, PAINTER_AFTER_LISTEN_MS).unref();
  });
  const khmerFont = findKhmerFont(webDist);
  const styles = new Map<string, string>();
  /**
   * A built stylesheet as a <style> element, and its <link> kept but disabled (never fetched):
   * the app's loader, which adds a lazy screen's stylesheets, sees the link and does not ask again.
   */
  const inlineStyle = (href: string) => {
    const file = href.replace(/^\/h5\//, '');
    let css = styles.get(file);
    if (css === undefined) {
      try {
        css = readFileSync(path.join(webDist, file), 'utf8').replace(/<\/style/gi, '<\\/style');
      } catch {
        return `<link rel="stylesheet" crossorigin href="${attribute(href)}">`;
      }
      styles.set(file, css);
    }
    return `<style>${css}</style><link rel="stylesheet" crossorigin href="${attribute(href)}" disabled>`;
  };

  /** The answers of `urls`, as the calls would answer this visitor (language, address, session). */
  async function answer(urls: string[], request: FastifyRequest, language: Language, token?: string) {
    const answers: Answers = {};
    // In the order asked, whatever order they finish in: the same answers make the same page (its
    // ETag, web.ts).
    const answered = await Promise.all(
      urls.map(async (url) => {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: {
            language,
            apptype: 'h5',
            appversion: '1.0',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          remoteAddress: request.ip,
        });
        if (res.statusCode >= 500) return undefined;
        const [pathname, query = ''] = url.split('?');
        return [firstAnswerKey(pathname, new URLSearchParams(query)), res.json()] as const;
      }),
    );
    for (const entry of answered) if (entry) answers[entry[0]] = entry[1];
    return answers;
  }

  return async (html: string, request: FastifyRequest, reply: FastifyReply) => {
    const language = requestLanguage(request);
    const url = new URL(request.url, 'http://shop');
    const route = url.pathname.replace(/^\/h5/, '').replace(/(.)\/$/, '$1') || '/';
    // First in the head: what the first paint waits for and the entry script does not ask for.
    const head: string[] = [];
    // Last in the head, after the entry's own: the screen's styles (and code, unless it waits).
    const screenAssets: string[] = [];
    const screenCode: string[] = [];
    if (language === 'kh' && khmerFont) {
      head.push(`<link rel="preload" href="/h5/${khmerFont}" as="font" type="font/woff2" crossorigin>`);
    }
    const token = pageToken(request);
    const userId = token ? await shopperOf(token) : null;
    const shopper = token && userId ? { token, userId } : undefined;
    if (token && !shopper) clearPageCookie(reply);
    const ownCalls = EARLY_CALLS[route]?.(url.searchParams, request.headers.cookie);
    const early = ownCalls?.map(([call, query = {}]) => firstAnswerKey(call.path, Object.entries(query)));
    // A visitor's page answers the calls a visitor may make, as that visitor, on a screen drawn for anyone.
    const drawnFor = APP_PAINT[route]?.(url.searchParams);
    const asVisitor =
      !shopper && drawnFor === 'anyone'
        ? (ownCalls ?? [])
            .filter(([call]) => call.auth !== 'user')
            .map(([call, query = {}]) => firstAnswerKey(call.path, Object.entries(query)))
        : [];
    if (early && !shopper) {
      head.push(`<script async src="${earlyScript}" data-calls="${attribute(early.join(' '))}"></script>`);
    }
    const screen = assets.routes[route];
    if (screen) {
      // The app loads the screen's translations before its first render (main.tsx), so the screen
      // never draws its loading fallback over the server's first paint.
      head.push(`<meta name="screen-namespace" content="${attribute(screen.namespace)}">`);
      const translations = ['common', screen.namespace].map((ns) => assets.locales[`${ns}/${language}`]);
      for (const file of [...screen.js, ...translations]) if (file) screenCode.push(`/h5/${file}`);
      for (const file of screen.css) screenAssets.push(inlineStyle(`/h5/${file}`));
    }
    const [answers, own] = await Promise.all([
      answer(
        [...everyScreen(request.headers.cookie), ...(FIRST_CALLS[route]?.(url.searchParams) ?? [])],
        request,
        language,
      ),
      shopper && early ? answer(early, request, language, shopper.token) : answer(asVisitor, request, language),
    ]);
    Object.assign(answers, own);
    const following = FOLLOWING_CALLS[route]?.(answers) ?? [];
    if (following.length > 0) Object.assign(answers, await answer(following, request, language));
    const largest = LARGEST_PICTURE[route]?.(answers);
    if (largest) {
      // First in the head, but after the Khmer font: the first request the phone makes after the
      // page takes the page's own connection, open already and past TCP's slow start, and the font
      // (23 KB) gains more from that than the picture (a few KB), which the screen also waits for.
      head.splice(
        language === 'kh' && khmerFont ? 1 : 0,
        0,
        `<link rel="preload" as="image" href="${attribute(pictureSrc(largest.url))}" imagesrcset="${attribute(pictureSrcSet(largest.url))}" imagesizes="${largest.sizes}" fetchpriority="high">`,
      );
    }
    // A page with a shopper's answers names them: the app uses none when its session is another's.
    const user = shopper
      ? ` data-user="${attribute(shopper.userId)}"`
      : asVisitor.length > 0
        ? ` ${FIRST_ANSWERS_VISITOR}`
        : '';
    const body = `<script id="${FIRST_ANSWERS_ELEMENT_ID}" type="application/json"${user}>${scriptJson(answers)}</script>`;
    // A screen of the shopper's own is drawn for a known shopper only: for anyone else the app
    // decides (a visitor is asked to log in; a session older than its cookie reads its own data).
    const paint = drawnFor === 'anyone' || (drawnFor && shopper) ? await loadedPainter() : undefined;
    const firstPaint = paint
      ? await paint({ url: url.href, language, answers, shopper, cookies: request.headers.cookie }).catch(
          (error: unknown) => {
            // The screen is then drawn by the app alone, as before the server drew it.
            request.log.warn({ err: error, route }, 'the first paint of a screen failed');
            return '';
          },
        )
      : '';
    // The app takes over its own paint element by element (main.tsx: hydrateRoot).
    const painted = paint && firstPaint ? ' data-painted="app"' : '';
    // With a first paint, the app's code starts once that paint is on screen, and is asked for
    // then (the web app's page-scripts/boot.js; a file, as the pages' CSP allows no inline script).
    // Without one, the screen waits for its code: it is asked for with the page.
    const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
    if (firstPaint && entry) {
      const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
      for (const preload of preloads) html = html.replace(preload[0], '');
      const code = [...preloads.map((preload) => preload[1]), ...screenCode].join(' ');
      html = html.replace(
        entry[0],
        `<script type="module" src="${bootScript}" data-entry="${entry[1]}" data-preload="${attribute(code)}"></script>`,
      );
    } else {
      screenAssets.unshift(...screenCode.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`));
    }
    html = html.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_, href: string) => inlineStyle(href));
    return (
      html
        .replace(/<html lang="[^"]*">/, `<html lang="${HTML_LANG[language]}" data-language="${language}">`)
        // Functions, not replacement strings: a stylesheet, a name or a query may hold a "$'".
        .replace('</title>', () => `</title>${head.join('')}`)
        .replace('</head>', () => `${screenAssets.join('')}</head>`)
        .replace('<div id="root"></div>', () => `<div id="root"${painted}>${firstPaint}</div>${body}`)
    );
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
