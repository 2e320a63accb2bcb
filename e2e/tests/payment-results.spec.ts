import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { journeyLanguages } from './languages-sample.ts';
import { anItemPriced, LANGUAGES, type Language, newPhonePage } from './shopper-support.ts';
import { screenshot, signInByApi } from './support.ts';

/**
 * After paying at a bank, every result page says the payment is being confirmed and then shows the
 * paid state by itself, without a reload (issue 33). The journeys' server delays the sandbox bank's
 * callback (SANDBOX_CALLBACK_DELAY_MS, e2e/playwright.config.ts), so the shopper is back before the
 * server knows, as with a real bank.
 */
const locale = (file: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../apps/web/src/${file}`), 'utf8'));
const common = (language: Language) => locale(`shared/locales/${language}.json`);
const H = { apptype: 'h5', appversion: '1.0' };

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data: object) {
  const answer = await (method === 'GET'
    ? await request.get(url, { headers: H, params: { ...(data as Record<string, string>), token } })
    : await request.post(`${url}?token=${token}`, { headers: H, data })
  ).json();
  expect(answer.code, `${url}: ${answer.msg}`).toBe('0');
  return answer.data;
}

/** A shopper of their own on a phone in `language`, signed in. */
async function shopper(browser: import('@playwright/test').Browser, baseURL: string, language: Language) {
  const page = await newPhonePage(browser, baseURL, language);
  const me = await signInByApi(page, page.request);
  return { page, token: me.token };
}

/** Pays what the cashier shows with a card at the sandbox bank; the bank sends the shopper back. */
async function payAtTheBank(page: Page, cashier: string) {
  await page.goto(`/h5${cashier}`);
  await page.getByTestId('channel-row-sandbox').click();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('amount')).toContainText('USD');
  await page.getByRole('button', { name: /^Pay USD/ }).click();
}

/** The page came back from the bank and will be checked for a reload: a reload loses this mark. */
async function markThePage(page: Page) {
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
}
const stillTheSamePage = (page: Page) => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument);

async function confirmingThenSettled(page: Page, language: Language, name: string, settled: () => Promise<void>) {
  const confirming = page.getByTestId('payment-confirming');
  await expect(confirming).toContainText(common(language).payment.confirming);
  await markThePage(page);
  // Nothing offers to pay again while the bank's answer is on its way.
  await expect(page.getByRole('button', { name: /pay now|立即付款|បង់ឥឡូវនេះ/i })).toHaveCount(0);
  await screenshot(page, `payment-confirming-${name}-${language}`);
  await settled();
  await expect(confirming).toHaveCount(0);
  expect(await stillTheSamePage(page)).toBe(true);
  await screenshot(page, `payment-settled-${name}-${language}`);
}

test.describe('a result page after paying at the bank settles by itself', () => {
  for (const language of journeyLanguages(LANGUAGES, 'payment-results')) {
    test(`a top-up, in ${language}`, async ({ browser, baseURL }) => {
      const { page, token } = await shopper(browser, baseURL as string, language);
      const order = await call(page.request, token, 'POST', '/v1/topup/order/new', {
        phone: '012 345 678',
        amountCents: 500,
      });
      await payAtTheBank(page, `/cashier?orderId=${order.id}&kind=topup`);
      await expect(page).toHaveURL(/\/topup\?record=.*result=success/);
      await confirmingThenSettled(page, language, 'topup', async () => {
        await expect(page.locator('.topup-state--WP')).toHaveCount(0, { timeout: 20_000 });
        await expect(page.getByTestId('topup-state')).toHaveText(
          locale(`features/topup/locales/${language}.json`).state.SUCCESS,
          { timeout: 30_000 },
        );
      });
      await page.context().close();
    });

    test(`an overseas order, in ${language}`, async ({ browser, baseURL }) => {
      const { page, token } = await shopper(browser, baseURL as string, language);
      const first = (
        await call(page.request, token, 'GET', '/v1/haitao/product/list', {
          channel: 'taobao',
          keyword: 'dress',
          page: '1',
          size: '5',
        })
      ).list[0];
      const detail = await call(page.request, token, 'GET', '/v1/haitao/product/detail', {
        channel: 'taobao',
        productId: first.productId,
      });
      const sku = detail.skus.find((s: { stock: number }) => s.stock > 0);
      const address = await call(page.request, token, 'POST', '/v1/address/addaddress', {
        receiver: 'Sok Dara',
        mobile: '012345678',
        provinceCode: '12',
        cityCode: '1201',
        districtCode: '120101',
        detail: 'House 1, St 2',
        isDefault: true,
      });
      const preorder = await call(page.request, token, 'POST', '/v1/haitao/preorder/createdirect', {
        channel: 'taobao',
        productId: first.productId,
        skuId: sku.skuId,
        count: 1,
      });
      await call(page.request, token, 'POST', '/v1/haitao/preorder/modify', {
        preorderId: preorder.id,
        addressId: address.id,
      });
      const order = await call(page.request, token, 'POST', '/v1/haitao/preorder/finish', { preorderId: preorder.id });
      await payAtTheBank(page, `/cashier?orderId=${order.orderId}&kind=overseas`);
      await expect(page).toHaveURL(/\/Smilebuy\/orderDetail\?orderId=.*result=success/);
      await expect(page.getByTestId('haitao-pay')).toHaveCount(0);
      await confirmingThenSettled(page, language, 'overseas', async () => {
        await expect(page.getByTestId('haitao-state')).not.toHaveAttribute('data-state', 'WP', { timeout: 20_000 });
      });
      await page.context().close();
    });

    test(`a shop order, with the amount paid in its detail, in ${language}`, async ({ browser, baseURL, request }) => {
      const { page, token } = await shopper(browser, baseURL as string, language);
      const skuId = await anItemPriced(request, 100, 5_000);
      let preorder = await call(page.request, token, 'POST', '/v1/preorder/createdirect', {
        skuId: String(skuId),
        quantity: 1,
        shipType: 'STORE',
        payType: 'ONLINE',
      });
      if (!preorder.store)
        preorder = await call(page.request, token, 'POST', '/v1/preorder/modify', {
          preorderId: preorder.id,
          storeId: preorder.stores[0].id,
        });
      const { orderId } = await call(page.request, token, 'POST', '/v1/preorder/finish', { preorderId: preorder.id });
      await payAtTheBank(page, `/cashier?orderId=${orderId}`);
      await expect(page).toHaveURL(/\/outPayment\?orderId=/);
      await expect(page.getByTestId('pay-result-paid')).toBeVisible({ timeout: 20_000 });
      await page.getByTestId('view-order').click();
      const buying = locale(`features/buying/locales/${language}.json`);
      await expect(page.getByTestId('detail-total')).toContainText(buying.detail.total);
      await expect(page.getByTestId('detail-payable')).toHaveCount(0);
      await expect(page.getByTestId('detail-paid')).toContainText(buying.detail.amountPaid);
      await expect(page.getByTestId('detail-paid-online')).toContainText('$');
      await screenshot(page, `payment-order-detail-${language}`);
      await page.context().close();
    });
  }
});
