import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { screenshot, useLanguage } from './support.ts';

const headers = { apptype: 'h5', appversion: '1.0', language: 'en-US' };
/** The non-production default of PAYMENT_SECRET: the wallet app's signing key in this sandbox. */
const BRIDGE_SECRET = 'sandbox-secret-not-for-production';

let phoneSerial = Math.floor(Math.random() * 9000);
/** A new shopper signed up by SMS (the dev server answers the code), signed in on the page. */
async function signIn(page: Page, request: APIRequestContext): Promise<{ token: string; userId: string }> {
  phoneSerial += 1;
  const phone = `0128${String(10000 + phoneSerial).slice(-5)}`;
  const sent = await (
    await request.post('/v1/customer/sendsms', { headers, data: { countryCode: '+855', phone, type: 'login' } })
  ).json();
  expect(sent.code).toBe('0');
  const login = await (
    await request.post('/v1/customer/registandlogin', {
      headers,
      data: { countryCode: '+855', phone, code: sent.data.devCode, agree: true },
    })
  ).json();
  expect(login.code).toBe('0');
  const { token, userId } = login.data;
  await page.addInitScript(
    ([t, u]) => localStorage.setItem('shop.session', JSON.stringify({ token: t, userId: u })),
    [token, userId],
  );
  return { token, userId };
}

/** An item of the demo catalogue that is on sale. */
async function anItem(request: APIRequestContext): Promise<number> {
  const feed = await (await request.get('/v1/newcategory/queryproductitem?page=1&size=20', { headers })).json();
  const card = feed.data.list.find(
    (c: { flags: { outOfStock: boolean; unpublished: boolean; expired: boolean } }) =>
      !c.flags.outOfStock && !c.flags.unpublished && !c.flags.expired,
  );
  return card.productItemId;
}

async function addToCart(request: APIRequestContext, token: string, skuId: number) {
  const res = await (
    await request.post(`/v1/shoppingcart/add?token=${token}`, { headers, data: { skuId: String(skuId), quantity: 1 } })
  ).json();
  expect(res.code).toBe('0');
}

async function addAddressWithMap(page: Page) {
  await page.goto('/h5/address');
  await page.getByTestId('address-add').click();
  await page.getByTestId('address-receiver').fill('Sok Dara');
  await page.getByTestId('address-mobile').fill('012 345 678');
  await page.getByTestId('address-province').selectOption('12');
  await page.getByTestId('address-city').selectOption('1201');
  await page.getByTestId('address-district').selectOption('120101');
  await page.getByTestId('address-detail').fill('House 12, Street 51');
  const map = page.getByTestId('map-picker');
  await expect(map.locator('.leaflet-container, .leaflet-pane').first()).toBeAttached();
  await map.click({ position: { x: 120, y: 90 } });
  await expect(page.getByTestId('address-point')).toHaveText(/^11\.\d+, 104\.\d+$/);
}

test('en-US: address with the map, cart, home delivery with cash on delivery', async ({ page, request, baseURL }) => {
  await useLanguage(page, 'en-US', baseURL as string);
  const { token } = await signIn(page, request);
  await addAddressWithMap(page);
  await screenshot(page, 'buying-address-edit-en-US');
  await page.getByTestId('address-save').click();
  await expect(page.getByTestId('address-card')).toContainText('Sok Dara');
  await screenshot(page, 'buying-address-list-en-US');

  await addToCart(request, token, await anItem(request));
  await page.goto('/h5/cart');
  await expect(page.getByTestId('cart-total')).toContainText('$');
  await screenshot(page, 'buying-cart-en-US');
  await page.getByRole('button', { name: /Check out/ }).click();
  await expect(page.getByTestId('confirm-address')).toContainText('Sok Dara');
  await page.getByTestId('pay-COD').click();
  await expect(page.getByTestId('payable')).toContainText('$');
  await screenshot(page, 'buying-confirm-en-US');
  await page.getByTestId('submit-order').click();
  await page.getByTestId('view-order').click();
  await expect(page.getByTestId('detail-state')).toHaveText('To be shipped');
  await screenshot(page, 'buying-detail-en-US');
  await page.goto('/h5/orderList?tab=waitproduct');
  await expect(page.getByTestId('order-card').first()).toContainText('To be shipped');
  await screenshot(page, 'buying-orders-en-US');
});

test('chs: store pickup paid online through the sandbox bank', async ({ page, request, baseURL }) => {
  await useLanguage(page, 'chs', baseURL as string);
  const { token } = await signIn(page, request);
  await addToCart(request, token, await anItem(request));
  await page.goto('/h5/cart');
  await page.getByRole('button', { name: /结算/ }).click();
  await page.getByTestId('ship-STORE').click();
  await expect(
    page.getByText('营业时间 8:30 至 18:00，保留 7 天').or(page.getByText('营业时间 08:30 至 18:00，保留 7 天')),
  ).toBeVisible();
  await screenshot(page, 'buying-confirm-pickup-chs');
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('cashier-amount')).toContainText('$');
  await page.getByTestId('channel-sandbox').click();
  await screenshot(page, 'buying-cashier-chs');
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('amount')).toContainText('USD');
  await screenshot(page, 'buying-sandbox-bank');
  await page.getByRole('button', { name: /^Pay USD/ }).click();
  await expect(page.getByTestId('pay-result-paid')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('支付成功')).toBeVisible();
  await screenshot(page, 'buying-paid-chs');
  await page.getByRole('button', { name: '查看订单' }).click();
  await expect(page.getByTestId('detail-state')).toHaveText('已付款');
});

test('kh: paid in the wallet app over the bridge, signed result, paid once', async ({ page, request, baseURL }) => {
  const { token } = await signIn(page, request);
  await addToCart(request, token, await anItem(request));
  const pre = await (
    await request.post(`/v1/preorder/create?token=${token}`, { headers, data: { shipType: 'STORE' } })
  ).json();
  const order = await (
    await request.post(`/v1/preorder/finish?token=${token}`, { headers, data: { preorderId: pre.data.id } })
  ).json();
  const orderId = order.data.orderId;

  // The wallet app's page and the shop share a site (localhost), as a web view's host and page would,
  // so the shop keeps its first-party storage inside the frame.
  const shopUrl = (baseURL as string).replace('127.0.0.1', 'localhost');
  // The wallet app: a page of its own origin framing the shop, answering "wallet.pay" with a signed result.
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><html><body style="margin:0">
      <iframe id="shop" src="${shopUrl}/h5/cashier?orderId=${orderId}" style="width:390px;height:800px;border:0"></iframe>
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
  const host = `http://localhost:${(server.address() as AddressInfo).port}`;
  await page.context().addCookies([{ name: 'language', value: 'kh', url: shopUrl }]);
  await page.goto(`${host}/wallet-app`);
  const shop = page.frameLocator('#shop');
  await expect(shop.getByTestId('cashier-amount')).toContainText('$');
  await shop.getByTestId('channel-bridge').click();
  await shop.getByTestId('pay').click();
  await expect.poll(() => page.evaluate(() => (window as any).requests.length)).toBe(1);
  const req = await page.evaluate(() => (window as any).requests[0]);
  expect(req.payload).toMatchObject({ orderId, currency: 'USD' });
  const result = {
    status_code: 200,
    order_id: orderId,
    partner_ref_number: req.payload.partnerRefNumber,
    transaction_id: 'WAPP-0001',
  };
  const sign = createHmac('sha256', BRIDGE_SECRET)
    .update(`200|${orderId}|${result.partner_ref_number}|WAPP-0001`)
    .digest('hex');
  await page.evaluate(([id, payload]) => (window as any).answer(id, payload), [req.id, { ...result, sign }] as const);
  await expect(shop.getByTestId('pay-result-paid')).toBeVisible({ timeout: 15_000 });
  await expect(shop.getByText('ការទូទាត់បានជោគជ័យ')).toBeVisible();
  await screenshot(page, 'buying-bridge-paid-kh');
  // The wallet app reports the same result again: paid once.
  const again = await (
    await request.get(
      `/v1/pay/wingh5/success?statusCode=200&orderId=${orderId}&partnerRefNumber=${result.partner_ref_number}&transactionId=WAPP-0001&sign=${sign}`,
      { headers },
    )
  ).json();
  expect(again.data.paid).toBe(true);
  const detail = await (await request.get(`/v1/order/detail?orderId=${orderId}&token=${token}`, { headers })).json();
  expect(detail.data.history.filter((h: { action: string }) => h.action === 'pay')).toHaveLength(1);
  server.close();
});
