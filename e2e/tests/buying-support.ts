import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { type ErrorCode, errorMessage } from '../../packages/contracts/src/errors/index.ts';
import { ownerToken } from './console-support.ts';

export type Language = 'en-US' | 'chs' | 'kh';

/** The buying screens' texts, read from the catalogues the app ships. */
export function buyingTexts(language: Language) {
  return JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/buying/locales/${language}.json`),
      'utf8',
    ),
  );
}
export const errorText = (code: ErrorCode, language: Language, params: Record<string, string | number> = {}) =>
  errorMessage(code, language, params);

/** A fresh Cambodian mobile number (Metfone 097 range), unlike the accounts journeys' 096. */
export const newPhone = () => `097${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/**
 * Logs a new shopper in through the login screen with an SMS code (the first login creates the
 * account); the development server answers the code in the send call. `origin` is the shop's
 * address the journey uses (the bridge journey runs on localhost, as inside a wallet app).
 */
export async function logInWithSms(page: Page, origin: string, phone: string): Promise<string> {
  await page.goto(`${origin}/h5/login`);
  await page.getByTestId('phone').locator('input').fill(phone);
  const answer = page.waitForResponse((r) => r.url().includes('/v1/customer/sendsms'));
  await page.getByTestId('send-code').click();
  const sent = await (await answer).json();
  expect(sent.code, sent.msg).toBe('0');
  await page.getByTestId('code').locator('input').fill(sent.data.devCode);
  await page.getByTestId('agree').locator('.adm-checkbox-icon').click();
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login/);
  return page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token as string);
}

/** Sets the pay password on its settings screen: a code to the own phone, then 6 digits twice. */
export async function setPayPassword(page: Page, origin: string, password: string) {
  await page.goto(`${origin}/h5/settingsPayPassword`);
  const answer = page.waitForResponse((r) => r.url().includes('/v1/customer/sendsms'));
  await page.getByTestId('send-code').click();
  const sent = await (await answer).json();
  expect(sent.code, sent.msg).toBe('0');
  await page.getByTestId('code').locator('input').fill(sent.data.devCode);
  await page.getByTestId('pay-code-submit').click();
  await page.getByTestId('pay-first').click();
  await page.keyboard.type(password);
  await page.getByTestId('pay-second').click();
  await page.keyboard.type(password);
  await page.getByTestId('pay-submit').click();
  await expect(page).toHaveURL(/\/h5\/settings$/);
}

/** A plain map tile, as a local tile server would send it. */
const tile = sharp({ create: { width: 256, height: 256, channels: 3, background: '#dfe9d8' } })
  .png()
  .toBuffer();

/**
 * Adds an address with the map picker. `tiles: 'local'` answers the tile requests like a tile
 * server on the shop's network; `'absent'` refuses them as an offline phone would: the picker
 * says so and still takes the tap.
 */
export async function addAddressWithMap(
  page: Page,
  origin: string,
  texts: ReturnType<typeof buyingTexts>,
  tiles: 'local' | 'absent',
) {
  await page.route(/\/\d+\/\d+\/\d+\.png(\?.*)?$/, async (route) =>
    tiles === 'local'
      ? route.fulfill({ status: 200, contentType: 'image/png', body: await tile })
      : route.abort('internetdisconnected'),
  );
  await page.goto(`${origin}/h5/address`);
  await page.getByTestId('address-add').click();
  await page.getByTestId('address-receiver').fill('Sok Dara');
  await page.getByTestId('address-mobile').fill('012 345 678');
  await page.getByTestId('address-province').selectOption('12');
  await page.getByTestId('address-city').selectOption('1201');
  await page.getByTestId('address-district').selectOption('120101');
  await page.getByTestId('address-detail').fill('House 12, Street 51');
  const map = page.getByTestId('map-picker');
  await expect(map.locator('.leaflet-container, .leaflet-pane').first()).toBeAttached();
  await expect(page.getByTestId('address-point')).toHaveText(texts.address.pickOnMap);
  if (tiles === 'absent') await expect(page.getByTestId('map-offline')).toHaveText(texts.address.mapOffline);
  else await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  await map.click({ position: { x: 120, y: 90 } });
  await expect(page.getByTestId('address-point')).toHaveText(/^11\.\d{5}, 104\.\d{5}$/);
  const point = (await page.getByTestId('address-point').textContent()) as string;
  // A second tap moves the pin: the map is not rebuilt under the shopper's finger.
  await map.click({ position: { x: 200, y: 120 } });
  await expect(page.getByTestId('address-point')).not.toHaveText(point);
  await page.getByTestId('address-save').click();
  await expect(page.getByTestId('address-card')).toContainText('Sok Dara');
  await page.unroute(/\/\d+\/\d+\/\d+\.png(\?.*)?$/);
}

/** An item of the demo catalogue on sale with stock for a few journeys. */
export async function anItem(request: APIRequestContext, skip = 0): Promise<number> {
  const feed = await (await request.get('/v1/newcategory/queryproductitem?page=1&size=30')).json();
  const cards = feed.data.list.filter(
    (c: { flags: { outOfStock: boolean; unpublished: boolean; expired: boolean } }) =>
      !c.flags.outOfStock && !c.flags.unpublished && !c.flags.expired,
  );
  return cards[skip % cards.length].productItemId;
}

/** Adds an item to the cart from its product page, as a shopper does. */
export async function addToCartFromProductPage(page: Page, origin: string, productItemId: number) {
  await page.goto(`${origin}/h5/product?productItemId=${productItemId}`);
  await page.getByTestId('add-to-cart').click();
  const added = page.waitForResponse((r) => r.url().includes('/v1/shoppingcart/add'));
  await page.getByTestId('picker-add-to-cart').click();
  expect((await (await added).json()).code).toBe('0');
}

/** The console's staff calls, signed in as the e2e owner (who may make every call). */
export async function staffConsole(request: APIRequestContext) {
  const token = await ownerToken(request);
  const post = async (url: string, data: object) => {
    const res = await (
      await request.post(url, { data, headers: { authorization: `Bearer ${token}`, language: 'en-US' } })
    ).json();
    expect(res.code, `${url}: ${res.msg}`).toBe('0');
    return res.data;
  };
  return {
    ship: (orderId: string, logisticsCompany: string, waybillNo: string) =>
      post('/admin-api/v1/orders/ship', { orderId, logisticsCompany, waybillNo }),
    track: (orderId: string, status: string, description: string, location: string) =>
      post('/admin-api/v1/orders/track', { orderId, status, description, location }),
    act: (orderId: string, action: 'ready' | 'pickup') => post('/admin-api/v1/orders/action', { orderId, action }),
    fund: (phone: string, amountCents: number) =>
      post('/admin-api/v1/finance/adjust', {
        phone: `+855${phone.slice(1)}`,
        account: 'cash',
        amountCents,
        reason: 'Welcome credit',
        requestId: `fund-${phone}-${Date.now()}`,
      }),
  };
}

export const orderIdOf = (page: Page) => new URL(page.url()).searchParams.get('orderId') as string;

/** Rates on the comment screen: `stars` of five on the n-th rating row, with a finger. */
export async function rate(page: Page, row: number, stars: number) {
  const stars$ = page.locator('.buy-rate').nth(row).locator('.adm-rate-star');
  await stars$.nth(stars - 1).tap();
  await expect(stars$.nth(stars - 1)).toHaveAttribute('aria-checked', 'true');
  if (stars < 5) await expect(stars$.nth(stars)).toHaveAttribute('aria-checked', 'false');
}

/**
 * Reviews a finished order from its detail: text, stars, packaging
 * and speed; the order then shows "commented".
 */
export async function reviewOrder(
  page: Page,
  texts: ReturnType<typeof buyingTexts>,
  review: { text: string; star: number; packaging: number; speed: number },
  screenshotName: string,
  takeScreenshot: (page: Page, name: string) => Promise<void>,
) {
  await page.getByTestId('action-comment').click();
  await expect(page).toHaveURL(/\/orderComment\?orderId=/);
  // The items being reviewed are shown above the ratings.
  await expect(page.getByTestId('review-item').first()).toBeVisible();
  await expect(page.getByTestId('review-submit')).toBeDisabled();
  await rate(page, 0, review.star);
  await rate(page, 1, review.packaging);
  await rate(page, 2, review.speed);
  await page.getByTestId('review-text').fill(review.text);
  await takeScreenshot(page, screenshotName);
  await page.getByTestId('review-submit').click();
  await expect(page.getByTestId('detail-state')).toHaveText(texts.state.FINISH);
  await expect(page.getByText(texts.action.commented)).toBeVisible();
  await expect(page.getByTestId('action-comment')).toHaveCount(0);
}
