import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { anItem, buyingTexts } from './buying-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { fill, getCode, LANGUAGES, type Language, newPhone, tickAgreement } from './shopper-support.ts';
import { screenshot, signInByApi, useLanguage } from './support.ts';

/**
 * Screens that lied or led nowhere (issue 19): the cart badge that kept its count, empty states
 * with another screen's text, bad links that were blank or toasted a validation message, a map
 * picker that stayed on Phnom Penh, an add to cart forgotten by the login it asked for, and phone
 * numbers shown unformatted.
 */

const API_HEADERS = { apptype: 'h5', appversion: '1.0' };
const commonTexts = (language: Language) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../apps/web/src/shared/locales/${language}.json`), 'utf8'),
  );

async function api(request: APIRequestContext, url: string, token: string) {
  const body = await (
    await request.get(`${url}${url.includes('?') ? '&' : '?'}token=${token}`, { headers: API_HEADERS })
  ).json();
  expect(body.code, body.msg).toBe('0');
  return body.data;
}

/** The back arrow of the page header: a client-side step back, the query cache kept. */
const back = (page: Page) => page.locator('.page-header .adm-nav-bar-back').click();

/** Nothing covers the control: the element at its centre (and near its right end) is the control. */
async function expectUncovered(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  const free = await control.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.right - 6, box.bottom - 6],
    ];
    return points.every(([x, y]) => {
      const top = document.elementFromPoint(x, y);
      return !!top && (top === el || el.contains(top));
    });
  });
  expect(free).toBe(true);
}

test('the cart badge follows the cart through add, removal and checkout', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signInByApi(page, request);
  const item = await anItem(request, 0);
  const badge = page.locator('.tab-bar__badge');
  const productLink = page.locator(`a[href$="/product?productItemId=${item}"]`).first();
  const addOne = async () => {
    await productLink.click();
    await page.getByTestId('add-to-cart').click();
    const added = page.waitForResponse((r) => r.url().includes('/v1/shoppingcart/add'));
    await page.getByTestId('picker-add-to-cart').click();
    expect((await (await added).json()).code).toBe('0');
    await page
      .locator('.adm-mask')
      .first()
      .click({ position: { x: 10, y: 10 } });
  };

  await page.goto('/h5/');
  await expect(page.getByTestId('tab-cart')).toBeVisible();
  await expect(badge).toHaveCount(0);

  // Added on a product reached from home, back home by the back arrow: the badge says 1.
  await addOne();
  await back(page);
  await expect(badge).toHaveText('1');

  // Removed on the cart page: back home, no badge.
  await page.getByTestId('tab-cart').click();
  const line = page.locator('[data-testid^="cart-line-"]');
  await expect(line).toHaveCount(1);
  await line.getByRole('button', { name: 'Remove' }).click();
  await expect(line).toHaveCount(0);
  await back(page);
  await expect(page.getByTestId('tab-cart')).toBeVisible();
  await expect(badge).toHaveCount(0);

  // Added again and checked out (pickup, cash at the store): the order took the line, no badge.
  await addOne();
  await back(page);
  await expect(badge).toHaveText('1');
  await page.getByTestId('tab-cart').click();
  await page.getByTestId('cart-checkout').click();
  await page.getByTestId('ship-STORE').click();
  await page.getByTestId('pay-CASH').click();
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(/\/eOrderFinish\?orderId=/);
  await back(page);
  await expect(page).toHaveURL(/\/h5\/cart$/);
  await back(page);
  await expect(page.getByTestId('tab-cart')).toBeVisible();
  await expect(badge).toHaveCount(0);
});

for (const language of journeyLanguages(LANGUAGES, 'shopper-screens')) {
  test(`${language}: empty states and bad links say what is wrong and lead on`, async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    await useLanguage(page, language, baseURL as string);
    const t = buyingTexts(language);
    const c = commonTexts(language);
    await signInByApi(page, request);

    // The empty address book speaks of addresses, not orders.
    await page.goto('/h5/address');
    await expect(page.locator('.adm-empty')).toContainText(t.address.empty);
    await expect(page.getByText(t.orders.empty.all)).toHaveCount(0);
    await screenshot(page, `screens-address-empty-${language}`);
    // Each order tab says which orders it has none of.
    await page.goto('/h5/orderList?tab=waitpay');
    await expect(page.locator('.adm-empty')).toContainText(t.orders.empty.waitpay);

    const missing = page.getByTestId('missing-page');
    const toast = page.locator('#shop-toast');
    const bad: [string, 'product' | 'category' | 'shop' | 'list' | 'order', RegExp][] = [
      ['/h5/product', 'product', /\/h5\/?$/],
      ['/h5/product?productItemId=abc', 'product', /\/h5\/?$/],
      ['/h5/product?productItemId=99999999', 'product', /\/h5\/?$/],
      ['/h5/category?categoryId=99999999&name=Gone', 'category', /\/h5\/categories$/],
      ['/h5/mechantCategory?merchantId=99999999', 'shop', /\/h5\/categories$/],
      ['/h5/activityProductList?activityId=99999999', 'list', /\/h5\/categories$/],
      ['/h5/orderDetail?orderId=bogus', 'order', /\/h5\/orderList$/],
      ['/h5/orderDetail?orderId=00000000-0000-4000-8000-000000000000', 'order', /\/h5\/orderList$/],
    ];
    for (const [url, kind, wayOn] of bad) {
      await page.goto(url);
      await expect(missing, url).toBeVisible();
      await expect(missing).toHaveAttribute('data-kind', kind);
      await expect(missing.getByRole('heading')).toHaveText(c.missing[kind].title);
      await expect(missing).toContainText(c.missing[kind].text);
      // No "Network problem", no raw validation message over the page.
      await expect(page.getByText(c.networkError)).toHaveCount(0);
      await expect(toast).toBeHidden();
      if (kind === 'category' || url.includes('bogus') || url.endsWith('/product')) {
        await screenshot(page, `screens-missing-${kind}-${language}`);
        await page.getByTestId('missing-way-on').click();
        await expect(page, url).toHaveURL(wayOn);
      }
    }
  });
}

/** Map tiles answered as a local tile server would (the picker works the same without them). */
const tile = sharp({ create: { width: 256, height: 256, channels: 3, background: '#dfe9d8' } })
  .png()
  .toBuffer();

test('the map picker moves to the chosen province and district, and the address keeps the picked point', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const t = buyingTexts('en-US');
  const { token } = await signInByApi(page, request);
  await page.route(/\/\d+\/\d+\/\d+\.png(\?.*)?$/, async (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: await tile }),
  );
  await page.goto('/h5/addressEdit');
  await page.getByTestId('address-receiver').fill('Chan Sophea');
  await page.getByTestId('address-mobile').fill('097 123 4567');
  const map = page.getByTestId('map-picker');
  await expect(map.locator('.leaflet-pane').first()).toBeAttached();
  // The map says where it looks (data-center, set from Leaflet's own centre on every move).
  const centre = async () => (await map.getAttribute('data-center'))?.split(',').map(Number) ?? [];

  // Siem Reap province, then Siem Reap municipality, then a commune.
  await page.getByTestId('address-province').selectOption('17');
  await page.getByTestId('address-city').selectOption('1710');
  await page.getByTestId('address-district').selectOption('171001');
  await page.getByTestId('address-detail').fill('Street 6, near the old market');
  await expect(page.getByTestId('address-point')).toHaveText(t.address.pickOnMap);

  // The shopper taps where the house is, on the map in front of them: a Siem Reap point, not Phnom Penh's.
  await map.click({ position: { x: 150, y: 100 } });
  await expect(page.getByTestId('address-point')).toHaveText(/^13\.\d{5}, 103\.\d{5}$/);
  const [lat, lng] = await centre();
  expect(lat).toBeCloseTo(13.36, 1);
  expect(lng).toBeCloseTo(103.86, 1);
  // Another province moves the map again, and the pin of the old place goes.
  await page.getByTestId('address-province').selectOption('07');
  await expect.poll(async () => (await centre())[0]).toBeCloseTo(10.63, 1);
  await expect(page.getByTestId('address-point')).toHaveText(t.address.pickOnMap);
  await page.getByTestId('address-province').selectOption('17');
  await page.getByTestId('address-city').selectOption('1710');
  await page.getByTestId('address-district').selectOption('171001');
  await map.click({ position: { x: 150, y: 100 } });
  await expect(page.getByTestId('address-point')).toHaveText(/^13\.\d{5}, 103\.\d{5}$/);
  const [pickedLat, pickedLng] = ((await page.getByTestId('address-point').textContent()) as string)
    .split(', ')
    .map(Number);
  await screenshot(page, 'screens-map-siem-reap-en-US');

  // At 360x640, Save is tappable with the map right above it: nothing of the map covers it.
  await page.setViewportSize({ width: 360, height: 640 });
  await map.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await screenshot(page, 'screens-map-save-360x640');
  const save = page.getByTestId('address-save');
  await expectUncovered(save);
  await save.click();
  await expect(page).toHaveURL(/\/h5\/address$/);

  const [saved] = await api(request, '/v1/address/queryaddress', token);
  expect(saved.provinceCode).toBe('17');
  expect(saved.latitude).toBeCloseTo(pickedLat, 4);
  expect(saved.longitude).toBeCloseTo(pickedLng, 4);
  // The receiver's number in the national format, as everywhere a phone is shown.
  await expect(page.getByTestId('address-card')).toContainText('Chan Sophea +855 97 123 4567');
});

test('add to cart asked for a login: after it, the item is in the cart and the shopper is back on the product', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const item = await anItem(request, 1);
  await page.goto(`/h5/product?productItemId=${item}`);
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('picker-add-to-cart').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Please log in to continue.');
  await dialog.locator('.dialog__button--primary').click();
  await expect(page).toHaveURL(/\/h5\/login$/);

  const who = newPhone();
  await fill(page, 'phone', who.phone);
  await fill(page, 'code', await getCode(page));
  await tickAgreement(page);
  await page.getByTestId('login-submit').click();

  await expect(page).toHaveURL(new RegExp(`/h5/product\\?productItemId=${item}$`));
  await expect(page.locator('#shop-toast')).toHaveText('Added to cart');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token as string);
  const cart = await api(request, '/v1/shoppingcart/query', token);
  expect(cart.lines.map((l: { skuId: string }) => l.skuId)).toEqual([String(item)]);
  expect(cart.count).toBe(1);

  // The cart line shows its SKU's picture (or the placeholder of one without), as a thumbnail.
  await page.getByTestId('go-cart').click();
  const line = page.locator('[data-testid^="cart-line-"]');
  const picture = line.locator('.buy-item__picture');
  await expect(picture).toHaveCount(1);
  expect((await picture.boundingBox())?.width).toBeLessThan(80);
  await expect(line.getByText('Remove')).toBeVisible();
  await screenshot(page, 'screens-cart-line-picture-en-US');
});

test('phone numbers are shown in the national format; order counters are unread counts; cancel names its action', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { token } = await signInByApi(page, request);
  const me = await api(request, '/v1/customer/queryinfo', token);
  const national = String(me.userMobile);
  await page.goto('/h5/personal');
  await expect(page.getByTestId('personal-name')).toHaveText(
    `+855 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`,
  );

  // An unpaid order: its tile says "1 new", the others no number that reads like a total.
  const item = await anItem(request, 2);
  const pre = await (
    await request.post(`/v1/preorder/createdirect?token=${token}`, {
      headers: API_HEADERS,
      data: { skuId: String(item), quantity: 1 },
    })
  ).json();
  expect(pre.code, pre.msg).toBe('0');
  await request.post(`/v1/preorder/modify?token=${token}`, {
    headers: API_HEADERS,
    data: { preorderId: pre.data.id, shipType: 'STORE', payType: 'ONLINE' },
  });
  const placed = await (
    await request.post(`/v1/preorder/finish?token=${token}`, {
      headers: API_HEADERS,
      data: { preorderId: pre.data.id },
    })
  ).json();
  expect(placed.code, placed.msg).toBe('0');
  await page.reload();
  await expect(page.getByTestId('orders-waitpay')).toContainText('1 new');
  await expect(page.getByTestId('orders-finish')).toHaveText('Completed');
  await screenshot(page, 'screens-personal-en-US');

  // Cancelling asks with buttons that say what they do.
  await page.goto(`/h5/orderDetail?orderId=${placed.data.orderId}`);
  await page.getByTestId('action-cancel').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('button')).toHaveText(['Keep order', 'Cancel order']);
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(page.getByTestId('action-cancel')).toBeVisible();
});
