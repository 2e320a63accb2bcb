import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatPrice, formatRiel, type PriceDisplayMode, rielFromCents } from '../../packages/contracts/src/riel.ts';
import { axeViolations } from './a11y-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { anItemPriced, buyNow } from './shopper-support.ts';
import { screenshot, signInByApi, useLanguage } from './support.ts';

/**
 * Issue 47, point 2: a shopper chooses "riel first" in Settings and sees every price in riel at the
 * day's rate beside dollars: on the product cards and page, in the cart, at the order's
 * confirmation, the cashier and the order's detail; each riel amount the contracts' own rounding of
 * the dollar price (rielFromCents, to the 100-riel note) at the rate the shop serves. In kh with
 * Khmer digits too. The server's first paint of a screen shows the same text the app then shows.
 */

type Language = 'en-US' | 'kh';
const settingsTexts = (language: Language) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/settings/locales/${language}.json`),
      'utf8',
    ),
  );
const commonTexts = (language: Language) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../apps/web/src/shared/locales/${language}.json`), 'utf8'),
  );

async function servedRate(request: APIRequestContext): Promise<number> {
  const answer = await (await request.get('/v1/currency/rate')).json();
  expect(answer.code, answer.msg).toBe('0');
  expect(answer.data, 'the demo shop has a rate').not.toBeNull();
  return answer.data.khrPerUsd;
}

async function priceOf(request: APIRequestContext, productItemId: number): Promise<number> {
  const detail = await (
    await request.get(`/v1/product/queryproductitemsinproduct?productItemId=${productItemId}`)
  ).json();
  const item = detail.data.items.find((i: { productItemId: number }) => i.productItemId === productItemId);
  return item.priceCents;
}

async function noAxeViolations(page: Page, where: string) {
  expect(await axeViolations(page, where)).toEqual([]);
}

/**
 * Nothing wider than the screen: the page does not scroll sideways, and each price's text stays
 * inside its card, row or button (its text's own box, measured by a Range, against the box it is in).
 */
async function fitsTheWidth(page: Page, where: string) {
  const spills = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width)
      out.push(`page ${document.documentElement.scrollWidth} > ${width}`);
    const prices = document.querySelectorAll<HTMLElement>(
      '.product-card__price strong, [data-testid="cart-price"], .buy-row > :last-child, .buy-bar__total, .buy-amount__value, [data-testid="price"], .topup__amount, .haitao-price',
    );
    for (const el of prices) {
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      const box = (
        el.closest('.product-card, .buy-line, .buy-row, .buy-bar, .topup__amount, .haitao-card, .card') ?? document.body
      ).getBoundingClientRect();
      if (text.width === 0) continue;
      if (text.right > Math.min(box.right, width) + 1 || text.left < Math.max(box.left, 0) - 1) {
        out.push(
          `${el.className || el.tagName}: "${el.textContent}" ${Math.round(text.left)}–${Math.round(text.right)} in ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
      }
    }
    return out;
  });
  expect(spills, where).toEqual([]);
}

for (const language of journeyLanguages(['en-US', 'kh'] as const, 'riel-display')) {
  const khmerDigits = language === 'kh';
  const mode: PriceDisplayMode = 'riel-first';

  test(`${language}: riel first${khmerDigits ? ' in Khmer digits' : ''} on product, cart, confirmation, cashier and order`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL as string;
    const texts = settingsTexts(language);
    const rule = commonTexts(language).price.rielRounded.replace('{{note}}', formatRiel(100, { khmerDigits }));
    const rate = await servedRate(request);
    const shown = (cents: number) => formatPrice(cents, { mode, khrPerUsd: rate, khmerDigits });
    // The riel of each shown price is the contracts' rounding of its dollars, to the 100-riel note.
    expect(shown(390)).toBe(
      `${formatRiel(rielFromCents(390, rate), { khmerDigits })} · ${formatPrice(390, { mode: 'usd', khmerDigits })}`,
    );

    await useLanguage(page, language, origin);
    await signInByApi(page, request);
    const productItemId = await anItemPriced(request, 100, 50_000);
    const cents = await priceOf(request, productItemId);

    // Settings › Price display: dollars only until the shopper chooses.
    await page.goto(`${origin}/h5/settings`);
    await page.getByTestId('to-prices').click();
    await expect(page.getByTestId(`price-display-usd`)).toBeChecked();
    await expect(page.getByTestId('price-rate')).toContainText(formatRiel(rate));
    await page.getByRole('radio', { name: new RegExp(`^${texts.prices['riel-first']}`) }).check();
    await expect(page.getByTestId('price-display-riel-first')).toBeChecked();
    if (khmerDigits) {
      await page.getByRole('switch', { name: new RegExp(`^${texts.prices.khmerDigits}`) }).check();
      await expect(page.getByTestId('price-khmer-digits')).toBeChecked();
      await expect(page.getByTestId('price-rate')).toContainText(formatRiel(rate, { khmerDigits: true }));
    } else {
      await expect(page.getByTestId('price-khmer-digits')).toHaveCount(0);
    }
    await noAxeViolations(page, `price display (${language})`);
    await screenshot(page, `riel-settings-${language}`);

    // The product page, as the server draws it first and as the app shows it after.
    const productUrl = `${origin}/h5/product?productItemId=${productItemId}`;
    const firstPaint = await (await page.request.get(productUrl)).text();
    expect(firstPaint).toContain('data-painted="app"');
    expect(firstPaint).toContain(`data-testid="price">${shown(cents)}<`);
    // Every layout shift of each page from here on, as layout-stability.spec.ts counts them.
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!e.hadRecentInput) w.__shift += e.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const shifted = async () => {
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    };
    await page.goto(productUrl);
    await expect(page.getByTestId('price')).toHaveText(shown(cents));
    expect(await shifted(), 'the product page kept still').toBeLessThanOrEqual(0.02);
    await screenshot(page, `riel-product-${language}`);

    // The front page's cards.
    await page.goto(`${origin}/h5/`);
    const card = page.getByTestId('product-card').first();
    await expect(card.locator('.product-card__price strong')).toContainText('៛');
    await fitsTheWidth(page, `front page (${language})`);

    // The cart.
    await page.goto(productUrl);
    await page.getByTestId('add-to-cart').click();
    const added = page.waitForResponse((r) => r.url().includes('/v1/shoppingcart/add'));
    await page.getByTestId('picker-add-to-cart').click();
    expect((await (await added).json()).code).toBe('0');
    await page.goto(`${origin}/h5/cart`);
    await expect(page.getByTestId('cart-price')).toHaveText(shown(cents));
    expect(await shifted(), 'the cart kept still').toBeLessThanOrEqual(0.02);
    await expect(page.getByTestId('cart-total')).toContainText(shown(cents));
    await fitsTheWidth(page, `cart (${language})`);
    await screenshot(page, `riel-cart-${language}`);

    // The order's confirmation (store pickup: no shipping), with the rounding rule.
    await buyNow(page, productItemId);
    const preorder = await page.evaluate(() => new URL(location.href).searchParams.get('preorderId'));
    expect(preorder).toBeTruthy();
    await expect(page.getByTestId('payable')).toContainText(shown(cents));
    await expect(page.getByTestId('riel-rule')).toHaveText(rule);
    await noAxeViolations(page, `order confirmation (${language})`);
    await fitsTheWidth(page, `order confirmation (${language})`);
    await screenshot(page, `riel-confirm-${language}`);

    // The cashier, with the rule, and the order's detail.
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/cashier\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId');
    await expect(page.getByTestId('cashier-amount')).toHaveText(shown(cents));
    await expect(page.getByTestId('riel-rule')).toHaveText(rule);
    await noAxeViolations(page, `cashier (${language})`);
    await fitsTheWidth(page, `cashier (${language})`);
    await screenshot(page, `riel-cashier-${language}`);
    // The cashier drawn first by the server shows the same amount.
    const cashierPaint = await (await page.request.get(page.url())).text();
    if (cashierPaint.includes('data-painted="app"')) expect(cashierPaint).toContain(shown(cents));

    await page.goto(`${origin}/h5/orderDetail?orderId=${orderId}`);
    await expect(page.getByTestId('detail-payable')).toContainText(shown(cents));
    await fitsTheWidth(page, `order detail (${language})`);
    await screenshot(page, `riel-order-${language}`);

    // On the small phone the long pairs wrap; nothing spills out.
    await page.setViewportSize({ width: 360, height: 640 });
    for (const [where, url] of [
      ['front', `${origin}/h5/`],
      ['product', productUrl],
      ['cart', `${origin}/h5/cart`],
      ['cashier', `${origin}/h5/cashier?orderId=${orderId}`],
      ['order', `${origin}/h5/orderDetail?orderId=${orderId}`],
      ['topup', `${origin}/h5/topup`],
      ['overseas', `${origin}/h5/Smilebuy`],
    ] as const) {
      await page.goto(url);
      await expect(page.locator('body')).toContainText('៛');
      await fitsTheWidth(page, `${where} at 360 (${language})`);
      await screenshot(page, `riel-${where}-360-${language}`);
    }

    // Back to dollars only: every screen follows without a reload.
    await page.goto(`${origin}/h5/settingsPrices`);
    await page.getByRole('radio', { name: new RegExp(`^${texts.prices.usd}`) }).check();
    await page.goBack();
    await page.goto(`${origin}/h5/orderDetail?orderId=${orderId}`);
    await expect(page.getByTestId('detail-payable')).toContainText(formatPrice(cents, { mode: 'usd', khmerDigits }));
    await expect(page.getByTestId('detail-payable')).not.toContainText('៛');
  });
}
