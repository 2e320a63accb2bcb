import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../test/harness.ts';
import { registeredShopper } from '../test/shoppers.ts';
import { smallCatalogue } from './modules/catalogue/fixtures.ts';

let shop: TestShop;
beforeAll(async () => {
  const build = mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  const dist = path.join(build, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  // The web build's painter (src/paint.tsx) stands in here: what it was handed, in a paragraph.
  mkdirSync(path.join(build, 'dist-paint'));
  writeFileSync(
    path.join(build, 'dist-paint', 'paint.js'),
    `export async function paintScreen({ url, language, answers, shopper, cookies }) {
      if (url.includes('broken')) throw new Error('this screen cannot be drawn here');
      return '<p class="painted" data-url="' + encodeURIComponent(url) + '" data-language="' + language + '" data-shopper="' + (shopper ? shopper.userId : '') + '" data-answers="' + Object.keys(answers).length + '" data-cookies="' + encodeURIComponent(cookies ?? '') + '"></p>';
    }`,
  );
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>shop</title><script type="module" crossorigin src="/h5/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'Home-1.css'), '.home{color:red}');
  writeFileSync(path.join(dist, 'assets', 'noto-sans-khmer-khmer-400-normal-1.woff2'), 'font');
  writeFileSync(
    path.join(dist, 'page-assets.json'),
    JSON.stringify({
      routes: {
        '/': { js: ['assets/Home-1.js'], css: ['assets/Home-1.css'], namespace: 'home' },
        '/cart': { js: ['assets/Cart-1.js'], css: [], namespace: 'buying' },
      },
      locales: {
        'common/kh': 'assets/kh-common.js',
        'home/kh': 'assets/kh-home.js',
        'home/en-US': 'assets/en-home.js',
      },
      scripts: { boot: 'assets/boot-1.js', early: 'assets/early-1.js' },
    }),
  );
  shop = await startTestShop({ webDist: dist, trustProxy: true });
});
afterAll(() => shop.close());

/** The answers a page came with, read as the app reads them. */
function firstAnswers(html: string): Record<string, { code: string; data: unknown }> {
  const json = html.match(
    /<script id="first-answers" type="application\/json"(?: data-user="[^"]*"| data-visitor)?>(.*?)<\/script>/s,
  )?.[1];
  expect(json, 'the page carries its first answers').toBeDefined();
  return JSON.parse(json as string);
}

describe("the shop's page (issue 24: the first screen does not wait for the app's code)", () => {
  it("carries the screen's code, translations and styles, and its public calls answered as the calls answer", async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/h5/', headers: { cookie: 'language=kh' } });
    expect(page.body).not.toContain('en-home.js');
    // The styles inside the page; their links kept for the app's loader, but disabled (not fetched).
    expect(page.body).toContain(
      '<style>.home{color:red}</style><link rel="stylesheet" crossorigin href="/h5/assets/Home-1.css" disabled></head>',
    );
    // The server's first paint, by the app's own screen (here its stand-in) in the visitor's
    // language, and the app asked for and started after it (boot.js): its code is not asked for
    // with the page, not to slow the largest picture.
    expect(page.body).toContain(
      '<div id="root" data-painted="app"><p class="painted" data-url="http%3A%2F%2Fshop%2Fh5%2F" data-language="kh" data-shopper=""',
    );
    expect(page.body).toContain(
      '<script type="module" src="/h5/assets/boot-1.js" data-entry="/h5/assets/index-1.js" data-preload="/h5/assets/Home-1.js /h5/assets/kh-common.js /h5/assets/kh-home.js"></script>',
    );
    expect(page.body).not.toContain('rel="modulepreload"');
    const answers = firstAnswers(page.body);
    for (const url of ['/v1/other/system/config', '/v1/carousel/query', '/v1/threelevelcategory/query']) {
      const direct = await shop.app.inject({ method: 'GET', url, headers: { language: 'kh' } });
      expect(answers[url], url).toEqual(direct.json());
    }
    expect(answers['/v1/newcategory/queryproductitem?page=1&size=20&sort=default']?.code).toBe('0');
  });

  it('asks for the code of a screen the server does not draw with the page, as the screen waits for it', async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/h5/cart' });
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/h5/assets/Cart-1.js">');
    expect(page.body).toContain('<script type="module" crossorigin src="/h5/assets/index-1.js"></script>');
    expect(page.body).not.toContain('boot-1.js');
    // The shopper's own first call, asked for by early.js with the token from the phone's storage.
    expect(page.body).toContain(
      '<script async src="/h5/assets/early-1.js" data-calls="/v1/shoppingcart/query"></script>',
    );
  });

  it('answers a link to something that does not exist with the call\'s own "not found", not a broken page', async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/h5/product?productItemId=999999' });
    expect(page.statusCode).toBe(200);
    const answer = firstAnswers(page.body)['/v1/product/queryproductitemsinproduct?productItemId=999999'];
    expect(answer.code).not.toBe('0');
  });

  it('a query cannot close the script it is carried in', async () => {
    const keyword = '</script><script>alert(1)</script>';
    const page = await shop.app.inject({
      method: 'GET',
      url: `/h5/ProductSearchList?keyword=${encodeURIComponent(keyword)}`,
    });
    expect(page.body).not.toContain('<script>alert(1)');
    const keys = Object.keys(firstAnswers(page.body));
    expect(keys.some((key) => key.startsWith('/v1/product/search?keyword='))).toBe(true);
  });

  it('has the app draw a list screen first, from its category tree and first page, its name as it is ("$\'")', async () => {
    const L = (en: string) => ({ 'en-US': en, chs: en, kh: en });
    const category = { id: await shop.services.catalogue.addCategory({ parentId: null, name: L('Phones') }) };
    await shop.services.catalogue.addProduct({
      categoryId: category.id,
      name: L('Mekong X2'),
      description: L('Phone'),
      imageIds: [],
      items: [{ spec: [], priceCents: 12900, stock: 50 }],
    });
    const name = "Phones$'$&$`";
    const path = `/h5/category?categoryId=${category.id}&name=${encodeURIComponent(name)}`;
    const page = await shop.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain(
      `<div id="root" data-painted="app"><p class="painted" data-url="${encodeURIComponent(new URL(path, 'http://shop').href)}"`,
    );
    expect(page.body.match(/<div id="root"/g)).toHaveLength(1);
    const answers = firstAnswers(page.body);
    expect(Object.keys(answers)).toContain('/v1/threelevelcategory/query');
    const list = answers[`/v1/newcategory/queryproductitem?categoryId=${category.id}&page=1&size=20&sort=default`] as {
      data: { list: { name: string }[] };
    };
    expect(list.data.list.map((card) => card.name)).toEqual(['Mekong X2']);
  });

  it('has the app draw the search results of a keyword, and leaves the search page without one to the app', async () => {
    const results = await shop.app.inject({ method: 'GET', url: '/h5/ProductSearchList?keyword=phone' });
    expect(results.body).toContain('<div id="root" data-painted="app">');
    const searchPage = await shop.app.inject({ method: 'GET', url: '/h5/ProductSearchList' });
    expect(searchPage.body).toContain('<div id="root"></div>');
  });

  it('is sent gzipped to a browser that takes it, and varies with the language cookie', async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/h5/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers.vary).toContain('cookie');
    expect(gunzipSync(page.rawPayload).toString()).toContain(
      '</div><script id="first-answers" type="application/json">',
    );
  });
});

describe("a signed-in screen's page, drawn for the shopper (the page cookie, decision 0026)", () => {
  it('keeps the session for the pages alone, draws the cart with its answers, and forgets it at logout', async () => {
    const { token, userId } = await registeredShopper(shop, { payPassword: null });
    const kept = await shop.call('POST', '/v1/customer/pagesession', { token, body: {} });
    expect(kept.body.code).toBe('0');
    const cookie = String(kept.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^shop_page=${token}; Path=/h5; Max-Age=\\d+; HttpOnly; SameSite=Lax$`));
    expect(Number(cookie.match(/Max-Age=(\d+)/)?.[1])).toBeGreaterThan(24 * 3600);

    // Never a call's credentials: a call with the cookie alone is a visitor's.
    const call = await shop.app.inject({
      method: 'GET',
      url: '/v1/shoppingcart/query',
      headers: { cookie: `shop_page=${token}` },
    });
    expect(call.json().code).not.toBe('0');

    const page = await shop.app.inject({ method: 'GET', url: '/h5/cart', headers: { cookie: `shop_page=${token}` } });
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.body).toContain(`<script id="first-answers" type="application/json" data-user="${userId}">`);
    const answers = firstAnswers(page.body);
    const direct = await shop.call('GET', '/v1/shoppingcart/query', { token });
    expect(answers['/v1/shoppingcart/query']).toEqual(direct.body);
    // Answered with the page: early.js is not asked for; the app draws the screen on the server.
    expect(page.body).not.toContain('early-1.js');
    expect(page.body).toContain('<div id="root" data-painted="app"><p class="painted"');
    expect(page.body).toContain(
      `data-url="${encodeURIComponent('http://shop/h5/cart')}" data-language="en-US" data-shopper="${userId}"`,
    );
    expect(page.body).toContain('<script type="module" src="/h5/assets/boot-1.js"');

    const out = await shop.call('POST', '/v1/customer/logout', { token, body: {} });
    expect(String(out.headers['set-cookie'])).toBe('shop_page=; Path=/h5; Max-Age=0; HttpOnly; SameSite=Lax');
    // A cookie left behind opens nothing, and is forgotten.
    const after = await shop.app.inject({ method: 'GET', url: '/h5/cart', headers: { cookie: `shop_page=${token}` } });
    expect(String(after.headers['set-cookie'])).toContain('shop_page=; Path=/h5; Max-Age=0');
    expect(after.body).not.toContain('data-user=');
    expect(firstAnswers(after.body)['/v1/shoppingcart/query']).toBeUndefined();
    expect(after.body).toContain(
      '<script async src="/h5/assets/early-1.js" data-calls="/v1/shoppingcart/query"></script>',
    );
  });

  it("draws a visitor's personal centre too, and a screen that cannot be drawn is left to the app", async () => {
    const personal = await shop.app.inject({ method: 'GET', url: '/h5/personal', headers: { cookie: 'language=kh' } });
    expect(personal.body).toContain('data-language="kh" data-shopper=""');
    const cookie = 'shop_page=not-a-token-of-anyone-at-all-0123456789';
    const broken = await shop.app.inject({ method: 'GET', url: '/h5/personal?broken=1', headers: { cookie } });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<div id="root"></div>');
  });

  it("draws the front page with the request's cookies (an advert closed today stays closed in the paint)", async () => {
    const cookie = 'language=en-US; shop_bonus_closed_unlogin=1';
    const page = await shop.app.inject({ method: 'GET', url: '/h5/', headers: { cookie } });
    expect(page.body).toContain('<div id="root" data-painted="app"><p class="painted"');
    expect(page.body).toContain(`data-cookies="${encodeURIComponent(cookie)}"`);
  });

  it("carries a product's first reviews and their count, asked for by the product the page names", async () => {
    const { phone } = await smallCatalogue(shop.services);
    const itemId = phone.itemIds[0];
    const page = await shop.app.inject({ method: 'GET', url: `/h5/product?productItemId=${itemId}` });
    const answers = firstAnswers(page.body);
    expect(answers[`/v1/product/queryproductitemsinproduct?productItemId=${itemId}`]?.code).toBe('0');
    const count = answers[`/v1/appraise/countbyproduct?productId=${phone.productId}`];
    expect(count?.code).toBe('0');
    expect(count?.data).toMatchObject({ total: 0 });
    // Keyed as the screen asks (page 1, three reviews), whatever the order of the query.
    expect(answers[`/v1/appraise/querybyproduct?page=1&productId=${phone.productId}&size=3`]?.code).toBe('0');
    // The product page is drawn by the app on the server, for a visitor too.
    expect(page.body).toContain('data-painted="app"');

    // The product's first picture is asked for first; on a Khmer page right after the font, which
    // takes the page's own connection (the larger file).
    const picture =
      /<link rel="preload" as="image" href="\/v1\/catalogue\/image\/\d+\?w=\d+"[^>]*fetchpriority="high">/;
    const font = '<link rel="preload" href="/h5/assets/noto-sans-khmer-khmer-400-normal-1.woff2" as="font"';
    expect(page.body.match(/<\/title>(.*?)<\/head>/s)?.[1]).toMatch(new RegExp(`^${picture.source}`));
    const khmer = await shop.app.inject({
      method: 'GET',
      url: `/h5/product?productItemId=${itemId}`,
      headers: { cookie: 'language=kh' },
    });
    const head = khmer.body.match(/<\/title>(.*?)<\/head>/s)?.[1] ?? '';
    expect(head.startsWith(font), head.slice(0, 200)).toBe(true);
    expect(head.slice(head.indexOf('>') + 1)).toMatch(new RegExp(`^${picture.source}`));

    // A link to no product has no reviews to ask for.
    const missing = await shop.app.inject({ method: 'GET', url: '/h5/product?productItemId=999999' });
    expect(Object.keys(firstAnswers(missing.body)).some((key) => key.startsWith('/v1/appraise/'))).toBe(false);
  });
});

describe("the product lines' screens (issue 44: drawn on the server, as the core screens are)", () => {
  /** An answer without its request's id (a refusal names the request it answered). */
  const withoutRequest = (answer: unknown) => ({ ...(answer as object), requestId: undefined });

  /** The page at `url` for `cookie`: its first answers, whether the app drew it on the server, and for whom. */
  async function pageOf(url: string, cookie = '') {
    const page = await shop.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    return {
      body: page.body,
      answers: firstAnswers(page.body),
      painted: page.body.includes('<div id="root" data-painted="app"><p class="painted"'),
      visitor: page.body.includes('<script id="first-answers" type="application/json" data-visitor>'),
    };
  }

  it("draws a visitor's top-up, valuation, loans, overseas home and campaigns from the calls' own answers, in the page's language", async () => {
    for (const language of ['en-US', 'kh'] as const) {
      const cookie = `language=${language}`;
      for (const [screen, calls] of [
        ['/h5/topup', ['/v1/other/topuppage']],
        ['/h5/chooseModel', ['/v1/eva/queryall']],
        [
          '/h5/Smilebuy',
          [
            '/v1/haitao/category/list?channel=taobao',
            '/v1/haitao/product/hotlist?channel=taobao',
            '/v1/haitao/recommend/product/query?channel=taobao&page=1&size=20',
          ],
        ],
        ['/h5/christmas', ['/v1/campaign/page?route=christmas']],
        ['/h5/newbg', ['/v1/campaign/page?route=newbg']],
      ] as const) {
        const page = await pageOf(screen, cookie);
        expect(page.painted, screen).toBe(true);
        expect(page.body).toContain(`data-language="${language}" data-shopper=""`);
        // Answered as the visitor: a phone that has a session takes none of them (firstAnswers.ts).
        expect(page.visitor, screen).toBe(true);
        for (const url of calls) {
          const direct = await shop.app.inject({ method: 'GET', url, headers: { language } });
          expect(withoutRequest(page.answers[url]), `${screen} ${url}`).toEqual(withoutRequest(direct.json()));
        }
      }
      // The loans screen shows a visitor the offer's rules alone: its calls are the shopper's.
      const loans = await pageOf('/h5/kmf', cookie);
      expect(loans.painted).toBe(true);
      expect(loans.visitor).toBe(false);
      expect(Object.keys(loans.answers)).toEqual(['/v1/other/system/config']);
    }
  });

  it('draws the overseas home in the channel the phone chose (its cookie)', async () => {
    const page = await pageOf('/h5/Smilebuy', 'shop_haitao_channel=1');
    expect(Object.keys(page.answers)).toEqual(
      expect.arrayContaining([
        '/v1/haitao/category/list?channel=alibaba',
        '/v1/haitao/recommend/product/query?channel=alibaba&page=1&size=20',
      ]),
    );
    expect(Object.keys(page.answers).some((key) => key.includes('taobao'))).toBe(false);
  });

  it('carries the day’s riel rate in the pages of a shopper who shows riel (issue 47, its cookie), and only theirs', async () => {
    const direct = await shop.app.inject({ method: 'GET', url: '/v1/currency/rate' });
    for (const cookie of ['shop_price_display=riel-first', 'a=1; shop_price_display=usd-riel.khmr']) {
      for (const screen of ['/h5/', '/h5/product?productItemId=1', '/h5/kmf']) {
        const page = await pageOf(screen, cookie);
        expect(withoutRequest(page.answers['/v1/currency/rate']), `${screen} ${cookie}`).toEqual(
          withoutRequest(direct.json()),
        );
      }
    }
    for (const cookie of ['', 'shop_price_display=usd', 'shop_price_display=usd.khmr', 'shop_price_display=riel']) {
      expect(Object.keys((await pageOf('/h5/', cookie)).answers), cookie).not.toContain('/v1/currency/rate');
    }
  });

  it("leaves to the app what depends on the phone: a visitor's gift cards and prepaid card, a preview, a payment's outcome", async () => {
    for (const screen of [
      '/h5/giftCard',
      '/h5/bongloy',
      '/h5/christmas?preview=abc',
      '/h5/kmf?repayment=7',
      '/h5/topup?record=9',
    ]) {
      const page = await pageOf(screen);
      expect(page.painted, screen).toBe(false);
      expect(page.visitor, screen).toBe(false);
    }
    // Their calls are still named for early.js, which asks them with the phone's token.
    expect((await pageOf('/h5/bongloy')).body).toContain('data-calls="/v1/bongloy/page /v1/bongloy/cards"');
  });

  it("draws a shopper's gift cards, prepaid card, loans and top-up with the shopper's own answers", async () => {
    const { token, userId } = await registeredShopper(shop, { payPassword: null });
    for (const language of ['en-US', 'kh'] as const) {
      const cookie = `shop_page=${token}; language=${language}`;
      for (const [screen, calls] of [
        ['/h5/giftCard', ['/v1/giftcard/list?page=1&size=50']],
        ['/h5/bongloy', ['/v1/bongloy/page', '/v1/bongloy/cards']],
        ['/h5/kmf', ['/v1/kmf/offer', '/v1/kmf/loans']],
        ['/h5/topup', ['/v1/other/topuppage']],
        ['/h5/christmas', ['/v1/campaign/page?route=christmas']],
      ] as const) {
        const page = await pageOf(screen, cookie);
        expect(page.painted, screen).toBe(true);
        expect(page.body).toContain(`<script id="first-answers" type="application/json" data-user="${userId}">`);
        expect(page.body).toContain(`data-language="${language}" data-shopper="${userId}"`);
        for (const url of calls) {
          const [path, query] = url.split('?');
          const direct = await shop.app.inject({
            method: 'GET',
            url: `${path}?${new URLSearchParams(query)}${query ? '&' : ''}token=${token}`,
            headers: { language },
          });
          // (No campaign runs in this shop: its page is the call's own refusal.)
          expect(direct.json().code, url).toBe(screen === '/h5/christmas' ? 'CMP00001' : '0');
          expect(withoutRequest(page.answers[url]), `${screen} ${url}`).toEqual(withoutRequest(direct.json()));
        }
      }
    }
  });
});
