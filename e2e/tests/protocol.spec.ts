import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { errorMessage } from '../../packages/contracts/src/errors/index.ts';
import { DESKTOP, E2E_OWNER, ownerToken, signIn } from './console-support.ts';
import { anItemPriced } from './shopper-support.ts';
import { screenshot, signInByApi, useLanguage } from './support.ts';

const API_HEADERS = { apptype: 'h5', appversion: '1.0' };

/** A cash-on-delivery order of a demo product, placed over the shop's calls by a new shopper. */
async function codOrder(page: Page, request: APIRequestContext): Promise<{ orderId: string; orderNo: string }> {
  const { token } = await signInByApi(page, request);
  const post = async (path: string, data: object) => {
    const answer = await (await request.post(`${path}?token=${token}`, { headers: API_HEADERS, data })).json();
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  await post('/v1/address/addaddress', {
    receiver: 'Sok Dara',
    mobile: '012345678',
    provinceCode: '12',
    cityCode: '1201',
    districtCode: '120101',
    detail: 'House 1, St 2',
  });
  const skuId = await anItemPriced(request, 100, 1_000_000);
  const pre = await post('/v1/preorder/createdirect', { skuId: String(skuId), quantity: 1 });
  await post('/v1/preorder/modify', { preorderId: pre.id, payType: 'COD' });
  const placed = await post('/v1/preorder/finish', { preorderId: pre.id });
  return { orderId: placed.orderId ?? placed.id, orderNo: placed.orderNo };
}

test.describe('the console', () => {
  test.use(DESKTOP);

  test('offers an order only the moves its state allows: a shipped order is received, never cancelled or refunded', async ({
    page,
    request,
  }) => {
    const order = await codOrder(page, request);

    await signIn(page, E2E_OWNER.login, E2E_OWNER.password);
    await page.getByTestId('nav').getByText('Orders', { exact: true }).click();
    await page.getByTestId('order-search').locator('input').fill(order.orderNo);
    await page.getByTestId('order-search').locator('input').press('Enter');
    await page.getByTestId('order-table').getByText(order.orderNo).click();

    // Cash on delivery, waiting to ship: ship or cancel; nothing was paid, so nothing to refund.
    await expect(page.getByTestId('order-state')).toHaveText('To be shipped');
    await expect(page.getByTestId('order-cancel')).toBeVisible();
    await expect(page.getByTestId('order-refund')).toHaveCount(0);
    await expect(page.getByTestId('order-receive')).toHaveCount(0);
    await page.getByTestId('ship-company').fill('J&T Express');
    await page.getByTestId('ship-waybill').fill(`JT-${Date.now().toString(36).toUpperCase()}`);
    await page.getByTestId('ship-save').click();

    // Shipped: the parcel has left; staff may confirm it received, nothing else.
    await expect(page.getByTestId('order-state')).toHaveText('On its way');
    await expect(page.getByTestId('order-receive')).toBeVisible();
    await expect(page.getByTestId('order-cancel')).toHaveCount(0);
    await expect(page.getByTestId('order-refund')).toHaveCount(0);
    await expect(page.getByTestId('ship-save')).toHaveCount(0);
    await screenshot(page, 'console-order-shipped');
    for (const [name, viewport] of [
      ['console-order-shipped-390', { width: 390, height: 844 }],
      ['console-order-shipped-360', { width: 360, height: 640 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.getByTestId('order-actions').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('order-receive')).toBeVisible();
      await screenshot(page, name);
    }
    await page.setViewportSize(DESKTOP.viewport);

    // The server refuses what the console does not offer, in the caller's language.
    const token = await ownerToken(request);
    for (const action of ['cancel', 'refund']) {
      const refused = await (
        await request.post('/admin-api/v1/orders/action', {
          headers: { authorization: `Bearer ${token}`, language: 'chs' },
          data: { orderId: order.orderId, action, reason: 'asked by phone' },
        })
      ).json();
      expect(refused.code).toBe('ORD0002');
      expect(refused.msg).toBe(errorMessage('ORD0002', 'chs', { action }));
    }

    await page.getByTestId('order-receive').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm received' }).click();
    await expect(page.getByTestId('order-state')).toHaveText('Finished');
    await expect(page.getByTestId('order-no-actions')).toBeVisible();
    await expect(page.getByTestId('order-history')).toContainText('receive: WR → FINISH (staff)');
  });
});

test('a search link with a NUL in it gets a message in the shopper’s language, not a network failure', async ({
  page,
  request,
  baseURL,
}) => {
  await useLanguage(page, 'kh', baseURL as string);
  // The call refuses the keyword; the page came with that answer (decision 0016) and shows it.
  const response = await request.get('/v1/product/search?keyword=phone%00case&sort=default&page=1&size=20', {
    headers: { language: 'kh' },
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).code).toBe('SYS00007');
  await page.goto('/h5/ProductSearchList?keyword=phone%00case');
  // The list says what the server said, in Khmer; not "network problem".
  await expect(page.getByTestId('list-error')).toContainText(
    errorMessage('SYS00007', 'kh', { field: 'query.keyword' }),
  );
  await expect(page.getByText(errorMessage('SYS00004', 'kh'))).toHaveCount(0);
  await screenshot(page, 'search-nul-kh');
  await page.setViewportSize({ width: 360, height: 640 });
  await screenshot(page, 'search-nul-kh-360');
});
