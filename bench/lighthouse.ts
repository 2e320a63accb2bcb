/**
 * The phone side (issue 24): Lighthouse's mobile preset (simulated slow 4G, 4× slower CPU) over the
 * shopper screens, in en-US and kh: a visitor's home, category, search results, product, personal
 * centre, overseas home and login; a signed-in shopper's same screens (no login) and the cart with an
 * item, the order form, the cashier, the order list, the wallet and the top-up.
 *
 *   npm run bench:lighthouse            (after `npm run build`; LIGHTHOUSE_RUNS=3 for three passes)
 *   LIGHTHOUSE_SCREENS=home,cart LIGHTHOUSE_WHO=shopper LIGHTHOUSE_LANGUAGES=kh   (a part of it)
 *   LIGHTHOUSE_ONLY=accessibility   (the accessibility category alone: quick, the same on a busy machine)
 *
 * The built shop (`apps/server/dist/main.mjs`, demo data, a fresh data folder) is started here;
 * Chromium is the machine's (/usr/bin/chromium, or CHROMIUM_PATH). A signed-in run keeps the
 * shopper's session in the browser's storage (Lighthouse is told not to clear it) and the page
 * cookie the app asks for when a session starts (decision 0026). LIGHTHOUSE_DEBUG=1 prints what
 * the largest paint was and waited for; LIGHTHOUSE_DEBUG=<audit ids> (e.g. long-tasks,
 * network-requests) prints those audits' details. Prints each
 * screen's score, LCP, CLS and TBT, and the budget they are held to; then, to compare runs, the
 * machine's benchmark index and the TBT counted from the main thread's CPU time (lib/thread-time.ts);
 * last, the accessibility category's score (issue 36, budget ≥ 0.98) with the audits it failed.
 * Run it on an idle machine: the simulated figures are computed from what the page did on this one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { saveArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { root, startProcess } from './lib/servers.ts';
import { threadBlockingTime } from './lib/thread-time.ts';

/**
 * Issue 24's budget, tightened by issue 44 for every screen measured: performance ≥ 0.97, CLS ≤ 0.02,
 * best practices 1.00 (a favicon's 404 or a console error costs it).
 */
const BUDGET = { score: 0.97, lcpMs: 1800, cls: 0.02, tbtMs: 150, a11y: 0.98, bestPractices: 1 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const LANGUAGES = (process.env.LIGHTHOUSE_LANGUAGES ?? 'en-US,kh').split(',');
const SCREENS = process.env.LIGHTHOUSE_SCREENS?.split(',');
const WHO = (process.env.LIGHTHOUSE_WHO ?? 'visitor,shopper').split(',');
/** LIGHTHOUSE_ONLY=accessibility: the accessibility category alone (no trace; quick, and the same on a busy machine). */
const A11Y_ONLY = process.env.LIGHTHOUSE_ONLY === 'accessibility';
const HEADERS = { apptype: 'h5', appversion: '1.0', 'content-type': 'application/json' };

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
// LIGHTHOUSE_SHOP_URL: a built shop already running (with its demo data), instead of one started here.
const shop = process.env.LIGHTHOUSE_SHOP_URL
  ? { url: process.env.LIGHTHOUSE_SHOP_URL, stop: async () => {} }
  : await startProcess(path.join(root, 'apps/server/dist/main.mjs'), { DATA_DIR: dataDir }, '/ready');

async function call<T>(method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  const res = await fetch(`${shop.url}${url}`, { method, headers: HEADERS, body: body && JSON.stringify(body) });
  const envelope = (await res.json()) as { code: string; msg: string; data: T };
  if (envelope.code !== '0') throw new Error(`${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** A shopper with an item in the cart, an order to confirm and one at the cashier. */
async function prepare() {
  const feed = await call<{ list: { productItemId: number; priceCents: number }[] }>(
    'GET',
    '/v1/newcategory/queryproductitem?page=1&size=40',
  );
  const item = feed.list.find((c) => c.priceCents >= 100) ?? feed.list[0];
  const detail = await call<{ category: { id: number; name: string } }>(
    'GET',
    `/v1/product/queryproductitemsinproduct?productItemId=${item.productItemId}`,
  );
  const phone = `012${String(Math.floor(100000 + Math.random() * 899999))}`;
  const sms = await call<{ devCode: string }>('POST', '/v1/customer/sendsms', { phone, type: 'login' });
  const session = await call<{ token: string; userId: string; userMobile: string }>(
    'POST',
    '/v1/customer/registandlogin',
    { phone, code: sms.devCode, agree: true },
  );
  const t = `token=${session.token}`;
  await call('POST', `/v1/shoppingcart/add?${t}`, { skuId: String(item.productItemId), quantity: 1 });
  const toConfirm = await call<{ id: string }>('POST', `/v1/preorder/createdirect?${t}`, {
    skuId: String(item.productItemId),
    quantity: 1,
    shipType: 'STORE',
  });
  const placed = await call<{ id: string }>('POST', `/v1/preorder/createdirect?${t}`, {
    skuId: String(item.productItemId),
    quantity: 1,
    shipType: 'STORE',
  });
  const order = await call<{ orderId: string }>('POST', `/v1/preorder/finish?${t}`, { preorderId: placed.id });
  const visitor = {
    home: '/h5/',
    category: `/h5/category?categoryId=${detail.category.id}&name=${encodeURIComponent(detail.category.name)}`,
    search: '/h5/ProductSearchList?keyword=phone',
    product: `/h5/product?productItemId=${item.productItemId}`,
    personal: '/h5/personal',
    overseas: '/h5/Smilebuy',
    // The product lines (issue 44) a visitor can open.
    topup: '/h5/topup',
    valuation: '/h5/chooseModel',
    loans: '/h5/kmf',
    christmas: '/h5/christmas',
  };
  const { personal, overseas, topup, valuation, loans, christmas, ...catalogue } = visitor;
  const signedIn = {
    ...catalogue,
    cart: '/h5/cart',
    confirm: `/h5/orderConfirm?preorderId=${toConfirm.id}`,
    cashier: `/h5/cashier?orderId=${order.orderId}`,
    orders: '/h5/orderList',
    personal,
    wallet: '/h5/myWallet',
    topup,
    overseas,
    // The product lines of issue 44, the shopper's own among them.
    giftcards: '/h5/giftCard',
    valuation,
    bongloy: '/h5/bongloy',
    loans,
    christmas,
  };
  return { visitor: { ...visitor, login: '/h5/login' }, signedIn, session };
}

/**
 * `benchmark` is Lighthouse's benchmark index of this machine during the pass (its CPU's speed);
 * `threadTbt` the blocking time counted from the main thread's CPU time (lib/thread-time.ts), to
 * compare changes by on a busy machine; neither is held to a budget.
 */
type Figures = {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  benchmark: number;
  threadTbt: number;
  /** Lighthouse's best-practices score (issue 44), and the ids of the audits it failed. */
  bestPractices: number;
  /** Lighthouse's accessibility score (issue 36), and the ids of the audits it failed. */
  a11y: number;
  a11yFailed: string[];
};

/**
 * One Lighthouse pass over `url`. A first visit starts with an empty HTTP cache (the session in
 * localStorage stays: Lighthouse is told not to reset storage); a return visit keeps the cache of
 * the visit before it.
 */
async function measure(
  browser: Browser,
  url: string,
  language: string,
  session: object | null,
  visit: 'first' | 'return' = 'first',
): Promise<Figures> {
  // Lighthouse now and then loses the trace (NO_NAVSTART): that pass is taken again, once.
  const figures = await measureOnce(browser, url, language, session, visit);
  return !A11Y_ONLY && Number.isNaN(figures.lcp) ? measureOnce(browser, url, language, session, visit) : figures;
}

async function measureOnce(
  browser: Browser,
  url: string,
  language: string,
  session: object | null,
  visit: 'first' | 'return',
): Promise<Figures> {
  const page = await browser.newPage();
  if (visit === 'first') await (await page.createCDPSession()).send('Network.clearBrowserCache');
  await page.goto(`${shop.url}/h5/favicon.svg`);
  await browser.setCookie({ name: 'language', value: language, domain: '127.0.0.1', path: '/' });
  // A signed-in shopper's browser keeps the page cookie the app asked for (decision 0026).
  const token = (session as { token?: string } | null)?.token;
  if (token) {
    await browser.setCookie({ name: 'shop_page', value: token, domain: '127.0.0.1', path: '/h5', httpOnly: true });
  } else {
    await (await page.createCDPSession()).send('Network.deleteCookies', {
      name: 'shop_page',
      domain: '127.0.0.1',
      path: '/h5',
    });
  }
  await page.evaluate(
    (value) => {
      if (value) localStorage.setItem('shop.session', value);
      else localStorage.removeItem('shop.session');
    },
    session ? JSON.stringify(session) : '',
  );
  const result = await lighthouse(
    `${shop.url}${url}`,
    {
      onlyCategories: A11Y_ONLY ? ['accessibility'] : ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: true,
      logLevel: 'error',
    },
    undefined,
    page,
  );
  await page.close();
  // LIGHTHOUSE_ARTIFACTS=<folder>: each pass's artifacts (trace, network log), for the Performance
  // panel or `node bench/lantern.ts <folder>/<pass>` (what the simulated figures were made of).
  if (process.env.LIGHTHOUSE_ARTIFACTS && result) {
    const name = `${language}-${visit}-${url.replace(/\W+/g, '_').slice(0, 40)}-${Date.now()}`;
    await saveArtifacts(result.artifacts, path.join(process.env.LIGHTHOUSE_ARTIFACTS, name));
  }
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
  if (lhr.runtimeError) console.log(`  ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // LIGHTHOUSE_DEBUG=1: what the largest paint was and what it waited for; or the audits named.
  if (process.env.LIGHTHOUSE_DEBUG) {
    const ids =
      process.env.LIGHTHOUSE_DEBUG === '1'
        ? ['lcp-breakdown-insight', 'lcp-discovery-insight', 'render-blocking-insight']
        : process.env.LIGHTHOUSE_DEBUG.split(',');
    for (const id of ids) {
      const details = JSON.stringify(lhr.audits[id]?.details ?? null);
      console.log(`  ${id}: ${details}`);
    }
  }
  const failed = (category: string) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id);
  const a11yFailed = [...failed('accessibility'), ...failed('best-practices')];
  return {
    score: lhr.categories.performance?.score ?? Number.NaN,
    a11y: lhr.categories.accessibility.score ?? 0,
    bestPractices: lhr.categories['best-practices']?.score ?? Number.NaN,
    a11yFailed,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    benchmark: lhr.environment.benchmarkIndex,
    threadTbt: A11Y_ONLY
      ? Number.NaN
      : threadBlockingTime(result.artifacts.Trace as Parameters<typeof threadBlockingTime>[0]),
  };
}

const RETURN_LCP_MS = 1000;
let misses = 0;

/** A figure in its column; '–' for one not measured (LIGHTHOUSE_ONLY=accessibility). */
const shown = (value: number, digits: number, width: number) =>
  (Number.isNaN(value) ? '–' : value.toFixed(digits)).padStart(width);

/** Each screen's passes (who, language, screen), for their medians. */
const passes = new Map<string, Figures[]>();

function print(run: number | string, who: string, language: string, screen: string, f: Figures, ok = within(f)) {
  if (run !== 'med') {
    const key = `${who}|${language}|${screen}`;
    passes.set(key, [...(passes.get(key) ?? []), f]);
  }
  // With several passes the budget holds each screen's median (below), not every pass.
  if (!ok && (RUNS === 1 || run === 'med')) misses++;
  console.log(
    `${String(run).padEnd(4)} ${who.padEnd(9)} ${language.padEnd(6)} ${screen.padEnd(10)} ${shown(f.score, 2, 5)} ${shown(f.lcp, 0, 8)} ${shown(f.cls, 3, 7)} ${shown(f.tbt, 0, 8)} ${shown(f.benchmark, 0, 6)} ${shown(f.threadTbt, 0, 7)} ${shown(f.a11y, 2, 5)} ${shown(f.bestPractices, 2, 5)}${ok ? '' : '  ← over budget'}${f.a11yFailed.length ? `  (failed: ${f.a11yFailed.join(', ')})` : ''}`,
  );
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Each figure's median over a screen's passes (the failed audits of any pass). */
const medianOf = (all: Figures[]): Figures => ({
  score: median(all.map((f) => f.score)),
  lcp: median(all.map((f) => f.lcp)),
  cls: median(all.map((f) => f.cls)),
  tbt: median(all.map((f) => f.tbt)),
  benchmark: median(all.map((f) => f.benchmark)),
  threadTbt: median(all.map((f) => f.threadTbt)),
  a11y: median(all.map((f) => f.a11y)),
  bestPractices: median(all.map((f) => f.bestPractices)),
  a11yFailed: [...new Set(all.flatMap((f) => f.a11yFailed))],
});

const within = (f: Figures) =>
  A11Y_ONLY
    ? f.a11y >= BUDGET.a11y
    : f.score >= BUDGET.score &&
      f.lcp <= BUDGET.lcpMs &&
      f.cls <= BUDGET.cls &&
      f.tbt <= BUDGET.tbtMs &&
      f.a11y >= BUDGET.a11y &&
      f.bestPractices >= BUDGET.bestPractices;

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--headless=new'],
});
try {
  const { visitor, signedIn, session } = await prepare();
  console.log(
    `Lighthouse mobile — budget: score ≥ ${BUDGET.score}, LCP ≤ ${BUDGET.lcpMs} ms, CLS ≤ ${BUDGET.cls}, TBT ≤ ${BUDGET.tbtMs} ms, accessibility ≥ ${BUDGET.a11y}, best practices ≥ ${BUDGET.bestPractices}; a return visit's LCP ≤ ${RETURN_LCP_MS} ms`,
  );
  console.log('run  who       lang   screen     score   LCP ms   CLS     TBT ms  index  CPU TBT  a11y  b.p.');
  for (let run = 1; run <= RUNS; run++) {
    for (const [who, screens, stored] of [
      ['visitor', visitor, null],
      ['shopper', signedIn, session],
    ] as const) {
      if (!WHO.includes(who)) continue;
      for (const language of LANGUAGES) {
        for (const [screen, url] of Object.entries(screens)) {
          if (SCREENS && !SCREENS.includes(screen)) continue;
          print(run, who, language, screen, await measure(browser, url, language, stored));
          if (screen !== 'home' || A11Y_ONLY) continue;
          // A returning visitor (the front page again, right after the first visit to it): the shell
          // and the assets from the HTTP cache, LCP under a second.
          const back = await measure(browser, url, language, stored, 'return');
          print(run, who, language, 'home again', back, back.lcp <= RETURN_LCP_MS);
        }
      }
    }
  }
  if (RUNS > 1) {
    console.log(`median of ${RUNS} passes (the budget holds these)`);
    for (const [key, all] of passes) {
      const [who, language, screen] = key.split('|');
      const f = medianOf(all);
      print('med', who, language, screen, f, screen === 'home again' ? f.lcp <= RETURN_LCP_MS : within(f));
    }
  }
  console.log(misses === 0 ? 'every screen within budget' : `${misses} measurement(s) over budget`);
  if (misses > 0) process.exitCode = 1;
} finally {
  await browser.close();
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
