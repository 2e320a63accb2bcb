import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { setPayPassword, staffConsole } from './buying-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { anItemPriced, buyNow } from './shopper-support.ts';
import { signInByApi } from './support.ts';

/**
 * Issue 24: nothing moves after it is drawn. Each budget screen is opened on a phone with its calls
 * answered 400 ms late and its pictures and fonts 600 ms late, so that every late answer lands
 * after the first paint, and the layout shifts the page makes are added up (all of them, which is
 * stricter than Lighthouse's CLS window). This does not depend on the machine's speed: the delays
 * make the order of events the same on a fast or a slow machine.
 */
// Issue 44 holds every screen to 0.02 (Lighthouse's figure; this sums every shift, a stricter count).
const CLS_BUDGET = 0.02;
const SCREENS_FOR_VISITORS = ['home', 'category', 'search', 'product', 'personal'] as const;
type Screen = 'home' | 'category' | 'search' | 'product' | 'cart' | 'confirm' | 'cashier' | 'personal' | 'wallet';

type Shift = { value: number; at: number; sources: string[] };

async function openMeasured(browser: Browser, baseURL: string, language: string, url: string, signIn?: Page) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await context.addCookies([{ name: 'language', value: language, url: baseURL }]);
  if (signIn) {
    const session = await signIn.evaluate(() => localStorage.getItem('shop.session'));
    await context.addInitScript((value) => localStorage.setItem('shop.session', value as string), session);
    // The page cookie the app asked for when the session started (decision 0026).
    const pageCookie = (await signIn.context().cookies()).filter((c) => c.name === 'shop_page');
    expect(pageCookie, 'the app kept the session for its pages').toHaveLength(1);
    await context.addCookies(pageCookie);
  }
  const page = await context.newPage();
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        startTime: number;
        sources: { node?: Element; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: entry.sources.map(
            (s) =>
              `${s.node instanceof Element ? s.node.className || s.node.tagName : 'text'} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // Pictures: the catalogue's, the overseas channel's and uploaded files (a campaign's hero).
  await page.route(/\/v[12]\/(?!catalogue\/image|haitao\/picture|file\/)/, async (route) => {
    await pause(400);
    await route.continue();
  });
  await page.route(/(\/v1\/catalogue\/image\/|\/v1\/haitao\/picture\/|\/v1\/file\/|\.woff2)/, async (route) => {
    await pause(600);
    await route.continue();
  });
  const response = await page.goto(url);
  const painted = /<div id="root" data-painted="app">/.test((await response?.text()) ?? '');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  await context.close();
  return { shifts, painted };
}

/** The screens the app draws on the server (apps/server/src/page-shell.ts APP_PAINT). */
const PAINTED_BY_APP: readonly Screen[] = [
  'cart',
  'confirm',
  'cashier',
  'personal',
  'wallet',
  'product',
  'home',
  'category',
  'search',
];
/** Of those, the ones drawn for a visitor too (APP_PAINT 'anyone'). */
const PAINTED_FOR_VISITORS: readonly Screen[] = ['personal', 'product', 'home', 'category', 'search'];

function expectStill(shifts: Shift[], what: string) {
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  const detail = shifts.map((s) => `${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.join(' | ')}`).join('\n');
  expect(total, `${what} moved after it was drawn:\n${detail}`).toBeLessThanOrEqual(CLS_BUDGET);
}

/** The screens' addresses: a product and its category from the demo shop, an order to pay. */
async function addresses(request: APIRequestContext, shopper?: Page) {
  const productItemId = await anItemPriced(request, 100, 5_000);
  const detail = (
    await (await request.get(`/v1/product/queryproductitemsinproduct?productItemId=${productItemId}`)).json()
  ).data;
  const urls: Partial<Record<Screen, string>> = {
    home: '/h5/',
    category: `/h5/category?categoryId=${detail.category.id}&name=${encodeURIComponent(detail.category.name)}`,
    search: '/h5/ProductSearchList?keyword=phone',
    product: `/h5/product?productItemId=${productItemId}`,
    personal: '/h5/personal',
    wallet: '/h5/myWallet',
    cart: '/h5/cart',
  };
  if (shopper) {
    // An order placed (confirmation screen), then submitted (cashier); the cart keeps an item.
    await buyNow(shopper, productItemId);
    urls.confirm = new URL(shopper.url()).pathname + new URL(shopper.url()).search;
    await shopper.getByTestId('submit-order').click();
    await expect(shopper.getByTestId('cashier-amount')).toContainText('$');
    urls.cashier = new URL(shopper.url()).pathname + new URL(shopper.url()).search;
    await shopper.goto(`/h5/product?productItemId=${productItemId}`);
    await shopper.getByTestId('add-to-cart').click();
    const added = shopper.waitForResponse((r) => r.url().includes('/v1/shoppingcart/add'));
    await shopper.getByTestId('picker-add-to-cart').click();
    expect((await (await added).json()).code).toBe('0');
  }
  return urls;
}

for (const language of journeyLanguages(['en-US', 'kh'], 'layout-stability #1')) {
  test(`a visitor's screens keep still while they load (${language})`, async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const urls = await addresses(request);
    for (const screen of SCREENS_FOR_VISITORS) {
      const { shifts, painted } = await openMeasured(browser, baseURL as string, language, urls[screen] as string);
      expectStill(shifts, `${screen} (${language})`);
      expect(painted, `${screen} drawn by the app on the server`).toBe(PAINTED_FOR_VISITORS.includes(screen));
    }
  });

  test(`a signed-in shopper's screens keep still while they load (${language})`, async ({
    browser,
    page,
    request,
    baseURL,
  }) => {
    // Nine screens, each opened in a new context with every call held back 400 ms, after an order is
    // placed: about a minute on a quiet machine, so the default minute is too tight.
    test.setTimeout(150_000);
    await signInByApi(page, request);
    const urls = await addresses(request, page);
    for (const screen of Object.keys(urls) as Screen[]) {
      const { shifts, painted } = await openMeasured(
        browser,
        baseURL as string,
        language,
        urls[screen] as string,
        page,
      );
      expectStill(shifts, `${screen} (${language}, signed in)`);
      expect(painted, `${screen} drawn by the app on the server`).toBe(PAINTED_BY_APP.includes(screen));
    }
  });
}

/**
 * The product lines' screens (issue 44), drawn on the server by the app's own components like the
 * core screens: a visitor's top-up, valuation, loans, overseas home and a campaign; a shopper's
 * those and the gift cards and the prepaid card.
 */
const LINES_FOR_VISITORS = {
  topup: '/h5/topup',
  valuation: '/h5/chooseModel',
  loans: '/h5/kmf',
  overseas: '/h5/Smilebuy',
  christmas: '/h5/christmas',
};
const LINES_FOR_SHOPPERS = { ...LINES_FOR_VISITORS, giftcards: '/h5/giftCard', bongloy: '/h5/bongloy' };

for (const language of journeyLanguages(['en-US', 'kh'], 'layout-stability #2')) {
  test(`the product lines' screens keep still while they load, drawn on the server (${language})`, async ({
    browser,
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    for (const [screen, url] of Object.entries(LINES_FOR_VISITORS)) {
      const { shifts, painted } = await openMeasured(browser, baseURL as string, language, url);
      expectStill(shifts, `${screen} (${language})`);
      expect(painted, `${screen} drawn by the app on the server`).toBe(true);
    }
    await signInByApi(page, request);
    // The app keeps the session for its pages (the page cookie) once it runs with it.
    await page.goto('/h5/personal');
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'shop_page')).toBe(true);
    for (const [screen, url] of Object.entries(LINES_FOR_SHOPPERS)) {
      const { shifts, painted } = await openMeasured(browser, baseURL as string, language, url, page);
      expectStill(shifts, `${screen} (${language}, signed in)`);
      expect(painted, `${screen} drawn by the app on the server`).toBe(true);
    }
  });
}

test("a product line's screen is taken over as the server drew it: its first calls are not asked again, its amount button is the server's", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/v1/')) asked.push(url.pathname);
  });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __first?: Element | null }).__first = document.querySelector(
        '[data-testid="topup-amount-500"]',
      );
    });
  });
  const response = await page.goto('/h5/topup');
  expect(await response?.text()).toContain('data-testid="topup-amount-500"');
  await expect.poll(() => page.evaluate(() => (window as { shopTakenOver?: boolean }).shopTakenOver)).toBe(true);
  await page.getByTestId('topup-amount-500').click();
  await expect(page.getByTestId('topup-amount-500')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('topup-total')).toHaveText('$5.00');
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { __first?: Element | null }).__first ===
        document.querySelector('[data-testid="topup-amount-500"]'),
    ),
    'the button the server drew is the one the app runs',
  ).toBe(true);
  for (const [screen, calls] of [
    ['/h5/Smilebuy', ['/v1/haitao/category/list', '/v1/haitao/product/hotlist', '/v1/haitao/recommend/product/query']],
    ['/h5/christmas', ['/v1/campaign/page']],
    ['/h5/chooseModel', ['/v1/eva/queryall']],
  ] as const) {
    await page.goto(screen);
    await expect.poll(() => page.evaluate(() => (window as { shopTakenOver?: boolean }).shopTakenOver)).toBe(true);
    await page.waitForLoadState('networkidle');
    for (const call of calls) expect(asked, `${screen}: ${call}`).not.toContain(call);
  }
  // The top-up's operators came with its page too.
  expect(asked).not.toContain('/v1/other/topuppage');
});

test("the first screen's public calls come with the page: the app does not ask for them again", async ({
  page,
  request,
}) => {
  const productItemId = await anItemPriced(request, 100, 5_000);
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/v1/') && !url.pathname.startsWith('/v1/catalogue/image/')) asked.push(url.pathname);
  });
  await page.goto('/h5/');
  await expect(page.getByTestId('home-category').first()).toBeVisible();
  await expect(page.getByTestId('carousel')).toBeVisible();
  const similarAsked = page.waitForRequest((r) => r.url().includes('/v1/product/similar'));
  await page.goto(`/h5/product?productItemId=${productItemId}`);
  await expect(page.getByTestId('add-to-cart')).toBeVisible();
  await similarAsked;
  for (const call of [
    '/v1/other/system/config',
    '/v1/carousel/query',
    '/v1/threelevelcategory/query',
    '/v1/newcategory/queryproductitem',
    '/v1/product/queryproductitemsinproduct',
    // Asked for by the product the page names (FOLLOWING_CALLS): the first reviews and their count.
    '/v1/appraise/querybyproduct',
    '/v1/appraise/countbyproduct',
  ]) {
    expect(asked, call).not.toContain(call);
  }
  // Within the app, a screen asks for what it shows (here similar products, below the fold).
  expect(asked).toContain('/v1/product/similar');
});

test('the styles come inside the page, and a signed-in screen asks for its data while its code is on its way', async ({
  page,
  request,
}) => {
  const styles: string[] = [];
  const cartAsks: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') styles.push(r.url());
    if (r.url().includes('/v1/shoppingcart/query')) cartAsks.push(r.url());
  });
  await page.goto('/h5/');
  await expect(page.getByTestId('carousel')).toBeVisible();
  // The built stylesheets are inside the page; their links stay (disabled) for the app's loader.
  expect(styles).toEqual([]);

  const { token } = await signInByApi(page, request);
  const productItemId = await anItemPriced(request, 100, 5_000);
  await request.post(`/v1/shoppingcart/add?token=${token}`, {
    headers: { apptype: 'h5', appversion: '1.0' },
    data: { skuId: String(productItemId), quantity: 1 },
  });
  cartAsks.length = 0;
  await page.goto('/h5/cart');
  await expect(page.getByTestId(`cart-line-${productItemId}`)).toBeVisible();
  // page-scripts/early.js asked for the cart with the page; the app took that answer and did not ask again.
  const early = await page.evaluate(
    () => (window as unknown as { shopEarlyAnswers?: Record<string, unknown> }).shopEarlyAnswers,
  );
  expect(early && Object.keys(early)).toEqual([]);
  expect(cartAsks).toHaveLength(1);

  // The app kept the session for its pages (decision 0026): the next cart page comes drawn with
  // the shopper's cart, and the app takes over the very elements the server drew.
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'shop_page')).toBe(true);
  cartAsks.length = 0;
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __firstLine?: Element | null }).__firstLine =
        document.querySelector('[data-testid^="cart-line-"]');
    });
  });
  const response = await page.goto('/h5/cart');
  expect(await response?.text()).toContain(`data-testid="cart-line-${productItemId}"`);
  const line = page.getByTestId(`cart-line-${productItemId}`);
  await expect(line.getByTestId('qty')).toHaveText('1');
  const plus = page.waitForResponse((r) => r.url().includes('/v1/shoppingcart/countplus1'));
  // The plus button is named for its line ("One more …", features/buying/locales).
  await line.getByRole('button', { name: /^One more / }).click();
  await plus;
  await expect(line.getByTestId('qty')).toHaveText('2');
  expect(
    await page.evaluate(() => {
      const first = (window as unknown as { __firstLine?: Element | null }).__firstLine;
      return Boolean(first) && first === document.querySelector('[data-testid^="cart-line-"]');
    }),
    'the line the server drew is the one the app runs',
  ).toBe(true);
  // The cart came with the page: the app did not ask for it.
  expect(cartAsks).toEqual([]);
});

/** The app's entry arrives 1.5 s late: what is tapped first is the server's paint. */
async function appCodeComesLate(page: Page) {
  await page.route(/\/h5\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
}

test("a tap on a screen the server drew, made before the app's code came, is made once the app runs it", async ({
  page,
}) => {
  // The app's code comes late: the tap lands on the server's paint.
  await appCodeComesLate(page);
  await page.goto('/h5/personal');
  await expect(page.locator('#root[data-painted="app"]')).toBeAttached();
  await page.getByTestId('personal-login').click();
  await expect(page).toHaveURL(/\/h5\/login$/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
});

test("digits typed into a screen the server drew, before the app's code came, are the app's once it runs it", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { phone } = await signInByApi(page, request);
  await (await staffConsole(request)).fund(phone, 100_000);
  await setPayPassword(page, baseURL as string, '135790');
  await buyNow(page, await anItemPriced(request, 100, 5_000));
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('cashier-amount')).toContainText('$');
  const cashier = page.url();
  // The cashier again, its code late: the shopper types the pay password into the server's paint.
  await appCodeComesLate(page);
  await page.goto(cashier);
  await expect(page.locator('#root[data-painted="app"]')).toBeAttached();
  await expect(page.getByTestId('pay')).toBeDisabled();
  await page.getByTestId('pay-password').fill('135790');
  await page.waitForFunction(() => (window as { shopTakenOver?: boolean }).shopTakenOver === true);
  await expect(page.getByTestId('pay')).toBeEnabled();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('pay-result-paid')).toBeVisible();
});

test("a tap on a page drawn for a visitor, by a shopper whose session is older than the page cookie, is made on the app's own element", async ({
  page,
  request,
}) => {
  await signInByApi(page, request);
  await appCodeComesLate(page);
  // No page cookie yet: the server draws the visitor's personal centre, the app draws the shopper's over it.
  await page.goto('/h5/personal');
  await expect(page.getByTestId('personal-login')).toBeVisible();
  await page.getByTestId('to-settings').click();
  await expect(page).toHaveURL(/\/h5\/settings$/);
});

test("a tap on a visitor's campaign page, by a shopper, waits for the app's own button, drawn once its offers come", async ({
  page,
  request,
}) => {
  await signInByApi(page, request);
  await appCodeComesLate(page);
  // The server draws the visitor's campaign; the app draws the shopper's over it once the offers
  // come, after the tap was held: the tap is made on the app's "Claim" then, not lost.
  await page.goto('/h5/christmas');
  await expect(page.locator('#root[data-painted="app"]')).toBeAttached();
  const claim = page.getByTestId('campaign-claim').first();
  await claim.click();
  await expect(claim).toHaveText('Claimed');
  await expect(claim).toBeDisabled();
});

test("a product page is taken over as the server drew it, and a tap made before the app's code came opens its sheet", async ({
  page,
  request,
}) => {
  const productItemId = await anItemPriced(request, 100, 5_000);
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __name?: Element | null }).__name =
        document.querySelector('[data-testid="product-name"]');
    });
  });
  await appCodeComesLate(page);
  await page.goto(`/h5/product?productItemId=${productItemId}`);
  await expect(page.locator('#root[data-painted="app"]')).toBeAttached();
  // The reviews came with the page: the server drew them.
  await expect(page.getByTestId('reviews')).toBeVisible();
  // The sheet's code is its own chunk, loaded once the product is on screen: the held tap opens it.
  await page.getByTestId('choose-spec').click();
  await expect(page.getByTestId('picker-add-to-cart')).toBeVisible();
  expect(
    await page.evaluate(() => {
      const first = (window as unknown as { __name?: Element | null }).__name;
      return Boolean(first) && first === document.querySelector('[data-testid="product-name"]');
    }),
    'the name the server drew is the one the app runs',
  ).toBe(true);
});

test("the front page's parts are taken over in turn, each as the server drew it, and a tap on an icon made before the app came is made", async ({
  page,
}) => {
  // What the server drew: a feed card (its own part) and the tab bar (another part, after the feed).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const drawn = window as unknown as { __card?: Element | null; __tab?: Element | null };
      drawn.__card = document.querySelector('[data-testid="product-card"]');
      drawn.__tab = document.querySelector('[data-testid="tab-categories"]');
    });
  });
  await appCodeComesLate(page);
  await page.goto('/h5/');
  await expect(page.locator('#root[data-painted="app"]')).toBeAttached();
  // The icon is an SVG element: the held tap is made on it all the same.
  await page.getByTestId('tab-categories').locator('svg').click();
  await expect(page).toHaveURL(/\/h5\/categories$/);
  await page.goBack();
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  // A fresh visit: once the app runs the page, every part is the server's element, and answers taps.
  await page.goto('/h5/');
  await page.waitForFunction(() => (window as { shopTakenOver?: boolean }).shopTakenOver === true);
  expect(
    await page.evaluate(() => {
      const drawn = window as unknown as { __card?: Element | null; __tab?: Element | null };
      return (
        Boolean(drawn.__card && drawn.__tab) &&
        drawn.__card === document.querySelector('[data-testid="product-card"]') &&
        drawn.__tab === document.querySelector('[data-testid="tab-categories"]')
      );
    }),
    'the card and the tab the server drew are the ones the app runs',
  ).toBe(true);
  await page.evaluate(() => {
    (window as unknown as { __samePage?: boolean }).__samePage = true;
  });
  await page.getByTestId('product-card').first().click();
  await expect(page).toHaveURL(/\/h5\/product\?productItemId=\d+$/);
  await expect(page.getByTestId('product-name')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
});

test("a list the server drew is taken over a card at a time, each the server's element, and its cards open their product", async ({
  page,
  request,
}) => {
  const { category, search } = await addresses(request);
  for (const address of [category, search] as string[]) {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const drawn = window as unknown as { __cards?: Element[] };
        drawn.__cards = [...document.querySelectorAll('[data-testid="product-card"]')];
      });
    });
    await page.goto(address);
    await expect(page.locator('#root[data-painted="app"]')).toBeAttached();
    await page.waitForFunction(() => (window as { shopTakenOver?: boolean }).shopTakenOver === true);
    expect(
      await page.evaluate(() => {
        const drawn = (window as unknown as { __cards?: Element[] }).__cards ?? [];
        const now = [...document.querySelectorAll('[data-testid="product-card"]')];
        return drawn.length > 1 && drawn.every((card, i) => card === now[i]);
      }),
      `the cards the server drew on ${address} are the ones the app runs`,
    ).toBe(true);
    await page.getByTestId('product-card').nth(1).click();
    await expect(page).toHaveURL(/\/h5\/product\?productItemId=\d+$/);
    await expect(page.getByTestId('product-name')).toBeVisible();
  }
});

test("a Khmer page's first picture and font come before its other pictures, which come once it is shown", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'language', value: 'kh', url: baseURL as string }]);
  // Every picture and the font come 500 ms late, as on a slow network: without the wait, the other
  // pictures would be asked for at the page's first layout, long before the first ones came.
  await page.route(/(\/v1\/catalogue\/image\/|\.woff2)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto('/h5/');
  await expect(page.locator('#root[data-painted="app"]')).toBeAttached();
  await page.waitForFunction(() => (window as { shopTakenOver?: boolean }).shopTakenOver === true);
  // The category icons (not the first picture) have theirs, drawn.
  const icon = page.getByTestId('home-category').first().locator('img');
  await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const first = await page.locator('link[rel="preload"][as="image"]').getAttribute('href');
  const order = await page.evaluate(
    (firstPath) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const path = (url: string) => new URL(url).pathname;
      const firstPicture = entries.find((e) => path(e.name) === firstPath);
      const font = entries.find((e) => e.name.endsWith('.woff2'));
      const others = entries.filter((e) => e.name.includes('/v1/catalogue/image/') && path(e.name) !== firstPath);
      return {
        firstCame: firstPicture?.responseEnd,
        fontCame: font?.responseEnd,
        othersAsked: others.length > 0 ? Math.min(...others.map((e) => e.startTime)) : undefined,
      };
    },
    new URL(first as string, baseURL).pathname,
  );
  expect(order.firstCame, 'the first picture came').toBeGreaterThan(0);
  expect(order.fontCame, 'the Khmer font came').toBeGreaterThan(0);
  expect(order.othersAsked, 'the other pictures were asked for').toBeGreaterThan(0);
  expect(order.othersAsked as number).toBeGreaterThanOrEqual(order.firstCame as number);
  expect(order.othersAsked as number).toBeGreaterThanOrEqual(order.fontCame as number);
});
