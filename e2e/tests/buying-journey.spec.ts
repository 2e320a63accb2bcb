import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import {
  addAddressWithMap,
  addToCartFromProductPage,
  anItem,
  buyingTexts,
  errorText,
  logInWithSms,
  newPhone,
  orderIdOf,
  reviewOrder,
  setPayPassword,
  staffConsole,
} from './buying-support.ts';
import { screenshot, useLanguage } from './support.ts';

/**
 * A new shopper's whole buying journey on a phone, once per language, each with other delivery
 * and pay types: logged in on the login screen, an address placed on the map, items added from
 * product pages, checked out, paid, followed to finished through the console's staff calls, and
 * reviewed. Together they cover pickup and logistics; cash at the store, cash on delivery and
 * online; the wallet balance with its pay password, the sandbox bank and the wallet-app bridge.
 */

/** The non-production default of PAYMENT_SECRET: the wallet app's signing key in this sandbox. */
const BRIDGE_SECRET = 'sandbox-secret-not-for-production';

async function confirmReceipt(page: Page, texts: ReturnType<typeof buyingTexts>) {
  await page.getByTestId('action-receive').click();
  await page.locator('.dialog__button--primary').click();
  await expect(page.getByTestId('detail-state')).toHaveText(texts.state.FINISH);
}

test('en-US: home delivery paid from the wallet with the pay password, shipped, received, reviewed', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const language = 'en-US';
  const t = buyingTexts(language);
  const origin = baseURL as string;
  await useLanguage(page, language, origin);
  const phone = newPhone();
  await logInWithSms(page, origin, phone);
  await addAddressWithMap(page, origin, t, 'absent');
  await addToCartFromProductPage(page, origin, await anItem(request, 0));
  await addToCartFromProductPage(page, origin, await anItem(request, 1));

  await page.goto(`${origin}/h5/cart`);
  await expect(page.locator('[data-testid^="cart-line-"]')).toHaveCount(2);
  await expect(page.getByTestId('cart-checkout')).toHaveText('Check out (2)');
  await page.getByTestId('cart-checkout').click();
  await expect(page.getByTestId('confirm-address')).toContainText('Sok Dara');
  await page.getByTestId('pay-ONLINE').click();
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(/\/cashier\?orderId=/);
  const orderId = orderIdOf(page);

  // A new shopper's wallet is empty: the cashier says so and offers the other channels.
  const wallet = page.getByTestId('channel-row-wallet');
  await expect(wallet).toContainText(errorText('PAY0010', language, { balance: '$0.00' }));
  const staff = await staffConsole(request);
  await staff.fund(phone, 100_000);
  await page.reload();
  await expect(wallet).toContainText(/Balance \$1,000\.00/);
  await page.getByTestId('channel-wallet').click();
  // No pay password yet: the cashier asks for one before any digits are typed.
  await expect(page.getByTestId('pay-password-missing')).toContainText(t.cashier.setPayPasswordFirst);
  await expect(page.getByTestId('pay-password')).toHaveCount(0);

  await setPayPassword(page, origin, '135790');
  await page.goto(`${origin}/h5/cashier?orderId=${orderId}`);
  await page.getByTestId('channel-wallet').click();
  await page.getByTestId('pay-password').fill('000000');
  await screenshot(page, `buying-journey-cashier-${language}`);
  await page.getByTestId('pay').click();
  await expect(page.locator('#shop-toast')).toHaveText(errorText('USR00032', language, { remaining: 4 }));
  await page.getByTestId('pay-password').fill('135790');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('pay-result-paid')).toBeVisible();
  await page.getByRole('button', { name: t.result.viewOrder }).click();
  await expect(page.getByTestId('detail-state')).toHaveText(t.state.WS);

  // Staff ship it with a waybill and the carrier reports; the shopper hears of it in the notices.
  await staff.ship(orderId, 'J&T Express', 'JT-8800123');
  await staff.track(orderId, 'IN_TRANSIT', 'Left the Phnom Penh hub', 'Phnom Penh');
  await staff.track(orderId, 'OUT_FOR_DELIVERY', 'Out for delivery', 'Khan Chamkar Mon');
  await page.goto(`${origin}/h5/notices`);
  const notice = page.getByTestId('notice').filter({ hasText: 'Your order has shipped' });
  await expect(notice).toContainText('JT-8800123');
  await notice.click();
  await expect(page.getByTestId('detail-state')).toHaveText(t.state.WR);
  const timeline = page.getByTestId('detail-tracking');
  await expect(timeline).toContainText('JT-8800123');
  await expect(timeline.locator('.adm-step')).toHaveCount(3);
  await expect(timeline.locator('.adm-step').first()).toContainText('Out for delivery');
  await screenshot(page, `buying-journey-detail-${language}`);
  await page.getByTestId('action-track').click();
  await expect(page.getByTestId('tracking').locator('.adm-step')).toHaveCount(3);
  await page.goBack();

  await confirmReceipt(page, t);
  await reviewOrder(
    page,
    t,
    { text: 'Arrived fast and well packed.', star: 4, packaging: 5, speed: 3 },
    `buying-journey-comment-${language}`,
    screenshot,
  );
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token);
  const review = await (await request.get(`/v1/appraise/querybyorder?orderId=${orderId}&token=${token}`)).json();
  expect(review.data).toEqual([
    expect.objectContaining({ stars: 4, packaging: 5, speed: 3 }),
    expect.objectContaining({ stars: 4, packaging: 5, speed: 3 }),
  ]);
});

test('chs: store pickup paid by the sandbox bank (KHQR shown first), then home delivery with cash on delivery', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const language = 'chs';
  const t = buyingTexts(language);
  const origin = baseURL as string;
  await useLanguage(page, language, origin);
  await logInWithSms(page, origin, newPhone());
  await addAddressWithMap(page, origin, t, 'local');
  const item = await anItem(request, 2);
  await addToCartFromProductPage(page, origin, item);
  await page.goto(`${origin}/h5/cart`);
  await page.getByTestId('cart-checkout').click();
  await page.getByTestId('ship-STORE').click();
  await expect(page.getByText(/营业时间 0?8:30 至 18:00，保留 7 天/)).toBeVisible();
  await page.getByTestId('pay-ONLINE').click();
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(/\/cashier\?orderId=/);
  const pickupId = orderIdOf(page);

  // KHQR: a real QR image whose content is the payload shown beneath it.
  await page.getByTestId('channel-khqr').click();
  await page.getByTestId('pay').click();
  const image = page.getByTestId('khqr-image');
  await expect(image).toBeVisible();
  await screenshot(page, `buying-journey-cashier-${language}`);
  const src = (await image.getAttribute('src')) as string;
  const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(400)
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  const payload = (await page.locator('.buy-khqr').textContent()) as string;
  expect(decoded?.data).toBe(payload);
  expect(payload).toMatch(/^000201010212.*5802KH.*6304[0-9A-F]{4}$/);

  // The bank card instead: the sandbox bank's page, then its signed callback pays the order.
  await page.getByTestId('channel-sandbox').click();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('amount')).toContainText('USD');
  await page.getByRole('button', { name: /^Pay USD/ }).click();
  await expect(page.getByTestId('pay-result-paid')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(t.result.paid)).toBeVisible();
  // A forged callback is refused.
  const forged = await request.post('/v1/pay/callback/sandbox', {
    data: { paymentId: pickupId, status: 'SUCCESS', sign: 'f'.repeat(64) },
  });
  expect(forged.status()).toBe(400);
  await page.getByRole('button', { name: t.result.viewOrder }).click();
  await expect(page.getByTestId('detail-state')).toHaveText(t.state.PAY);

  const staff = await staffConsole(request);
  await staff.act(pickupId, 'ready');
  await page.reload();
  await expect(page.getByTestId('detail-state')).toHaveText(t.state.WPU);
  await staff.act(pickupId, 'pickup');
  await page.reload();
  await expect(page.getByTestId('detail-state')).toHaveText(t.state.FINISH);
  await reviewOrder(
    page,
    t,
    { text: '自提很方便，店员很热情。', star: 5, packaging: 4, speed: 5 },
    `buying-journey-comment-${language}`,
    screenshot,
  );

  // Buy it again, delivered home, cash on delivery.
  await page.getByTestId('action-buyagain').click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByTestId('cart-checkout').click();
  await page.getByTestId('ship-LOGISTICS').click();
  await expect(page.getByTestId('confirm-address')).toContainText('Sok Dara');
  await page.getByTestId('pay-COD').click();
  await page.getByTestId('submit-order').click();
  await page.getByTestId('view-order').click();
  await expect(page.getByTestId('detail-state')).toHaveText(t.state.WS);
  const codId = orderIdOf(page);
  await staff.ship(codId, 'Vireak Buntham', 'VB-5566778');
  await staff.track(codId, 'IN_TRANSIT', 'Arrived at Siem Reap branch', 'Siem Reap');
  await page.reload();
  await expect(page.getByTestId('detail-tracking').locator('.adm-step')).toHaveCount(2);
  await screenshot(page, `buying-journey-detail-${language}`);
  await confirmReceipt(page, t);
});

test('kh: paid in the wallet app over the bridge, shipped and received; then store pickup with cash', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const language = 'kh';
  const t = buyingTexts(language);
  // The wallet app's page and the shop share a site (localhost), as a web view's host and page
  // would, so the shop keeps its first-party storage inside the frame.
  const origin = (baseURL as string).replace('127.0.0.1', 'localhost');
  await useLanguage(page, language, origin);
  await logInWithSms(page, origin, newPhone());
  await addAddressWithMap(page, origin, t, 'local');
  await addToCartFromProductPage(page, origin, await anItem(request, 3));
  await page.goto(`${origin}/h5/cart`);
  await page.getByTestId('cart-checkout').click();
  await page.getByTestId('pay-ONLINE').click();
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(/\/cashier\?orderId=/);
  const orderId = orderIdOf(page);
  // Outside the wallet app the bridge has nobody to ask: its channel is not offered there.
  await expect(page.getByTestId('channel-sandbox')).toBeVisible();
  await expect(page.getByTestId('channel-bridge')).toHaveCount(0);
  await screenshot(page, `buying-journey-cashier-${language}`);

  // The wallet app: a page of its own origin framing the cashier, answering "wallet.pay" signed.
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><html><body style="margin:0">
      <iframe id="shop" src="${origin}/h5/cashier?orderId=${orderId}" style="width:390px;height:800px;border:0"></iframe>
      <script>
        window.requests = [];
        window.addEventListener('message', (event) => {
          const m = event.data;
          if (m && m.channel === 'angkormall-bridge' && m.type === 'wallet.pay') window.requests.push(m);
        });
        window.answer = (id, payload) => document.getElementById('shop').contentWindow.postMessage({ channel: 'angkormall-bridge', id, type: 'wallet.pay.result', payload }, '*');
      </script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/wallet-app`);
    const shop = page.frameLocator('#shop');
    await shop.getByTestId('channel-bridge').click();
    await shop.getByTestId('pay').click();
    await expect.poll(() => page.evaluate(() => (window as any).requests.length)).toBe(1);
    const req = await page.evaluate(() => (window as any).requests[0]);
    expect(req.payload).toMatchObject({ orderId, currency: 'USD' });
    const ref = req.payload.partnerRefNumber;
    const sign = createHmac('sha256', BRIDGE_SECRET).update(`200|${orderId}|${ref}|WAPP-7001`).digest('hex');
    const result = { status_code: 200, order_id: orderId, partner_ref_number: ref, transaction_id: 'WAPP-7001', sign };
    await page.evaluate(([id, payload]) => (window as any).answer(id, payload), [req.id, result] as const);
    await expect(shop.getByTestId('pay-result-paid')).toBeVisible({ timeout: 15_000 });
    await expect(shop.getByText(t.result.paid)).toBeVisible();
  } finally {
    server.close();
  }

  await page.goto(`${origin}/h5/orderDetail?orderId=${orderId}`);
  await expect(page.getByTestId('detail-state')).toHaveText(t.state.WS);
  const staff = await staffConsole(request);
  await staff.ship(orderId, 'Kerry Express', 'KE-3300991');
  await staff.track(orderId, 'IN_TRANSIT', 'ចេញពីឃ្លាំងភ្នំពេញ', 'ភ្នំពេញ');
  await page.reload();
  const timeline = page.getByTestId('detail-tracking');
  await expect(timeline.locator('.adm-step').first()).toContainText('ចេញពីឃ្លាំងភ្នំពេញ');
  await expect(timeline.locator('.adm-step').first()).toContainText(t.track.status.IN_TRANSIT);
  // Dates in Khmer: the month by its Khmer name (Chromium has no Khmer date data; the catalogue's names).
  const months = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/shared/locales/kh.json'), 'utf8'),
  ).months as string[];
  await expect(page.getByTestId('detail-time')).toContainText(new RegExp(months.join('|')));
  await expect(page.getByTestId('detail-time')).not.toContainText(/Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec/);
  // The shop's own hand-over step is said in the shopper's language.
  await expect(timeline.locator('.adm-step').last()).toContainText(
    t.track.shipped.replace('{{company}}', 'Kerry Express'),
  );
  await expect(timeline.locator('.adm-step').last()).toContainText(t.track.warehouse);
  await screenshot(page, `buying-journey-detail-${language}`);
  await confirmReceipt(page, t);
  await reviewOrder(
    page,
    t,
    { text: 'ទំនិញល្អ ដឹកជញ្ជូនលឿន។', star: 5, packaging: 5, speed: 4 },
    `buying-journey-comment-${language}`,
    screenshot,
  );

  // Again, collected at the store and paid there in cash.
  await page.getByTestId('action-buyagain').click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByTestId('cart-checkout').click();
  await page.getByTestId('ship-STORE').click();
  await page.getByTestId('pay-CASH').click();
  await page.getByTestId('submit-order').click();
  await page.getByTestId('view-order').click();
  await expect(page.getByTestId('detail-state')).toHaveText(t.state.WPP);
  await staff.act(orderIdOf(page), 'pickup');
  await page.reload();
  await expect(page.getByTestId('detail-state')).toHaveText(t.state.FINISH);
});
