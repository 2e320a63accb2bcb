import { expect, type Page, test } from '@playwright/test';
import { DESKTOP, E2E_OWNER, signIn, signOut, unique } from './console-support.ts';
import { screenshot } from './support.ts';

test.use(DESKTOP);
test.setTimeout(240_000);

const PASSWORD = 'Welcome2026abc';

async function createStaff(page: Page, login: string, name: string, role: string) {
  await page.getByTestId('nav').getByText('Staff', { exact: true }).click();
  await page.getByTestId('staff-new').click();
  await page.getByTestId('staff-login').fill(login);
  await page.getByTestId('staff-display-name').fill(name);
  await page.getByTestId('staff-roles').getByText(role, { exact: true }).click();
  await page.getByTestId('staff-password').fill(PASSWORD);
  await page.getByTestId('staff-save').click();
  await expect(page.getByTestId('staff-table')).toContainText(login);
}

async function fillLocalized(page: Page, testId: string, en: string) {
  await page.getByTestId(`${testId}-en-US`).fill(en);
  await page.getByTestId(`${testId}-chs`).fill(`${en}（中文）`);
  await page.getByTestId(`${testId}-kh`).fill(`${en} (ខ្មែរ)`);
}

test('a new catalogue manager and finance user run the shop from the console; every step is in the audit log', async ({
  page,
  request,
}) => {
  const catalogue = unique('cat');
  const finance = unique('fin');
  const fulfilment = unique('ful');
  const productName = `Mekong X${Date.now().toString(36)}`;

  // The owner creates a catalogue manager and a finance user.
  await signIn(page, E2E_OWNER.login, E2E_OWNER.password);
  await createStaff(page, catalogue, 'Dara Catalogue', 'Catalogue');
  await createStaff(page, finance, 'Sophea Finance', 'Finance');
  await createStaff(page, fulfilment, 'Vicheka Fulfilment', 'Fulfilment');
  await signOut(page);

  // The catalogue manager adds a product with two specification items …
  await signIn(page, catalogue, PASSWORD);
  await page.getByTestId('nav').getByText('Products', { exact: true }).click();
  await page.getByTestId('product-new').click();
  await page.getByTestId('product-category').click();
  for (let level = 0; level < 3; level++) {
    await page.locator('.ant-cascader-menu').nth(level).locator('.ant-cascader-menu-item').first().click();
  }
  await fillLocalized(page, 'product-name', productName);
  await fillLocalized(page, 'product-description', 'A sturdy phone for the rainy season');
  await page.getByTestId('product-brand').fill('Mekong');
  await fillLocalized(page, 'item-0-spec-0-name', 'Colour');
  await fillLocalized(page, 'item-0-spec-0-value', 'Red');
  await page.getByTestId('item-0-price').fill('129.00');
  await page.getByTestId('item-0-stock').fill('12');
  await page.getByTestId('item-add').click();
  await fillLocalized(page, 'item-1-spec-0-name', 'Colour');
  await fillLocalized(page, 'item-1-spec-0-value', 'Blue');
  await page.getByTestId('item-1-price').fill('139.00');
  await page.getByTestId('item-1-stock').fill('4');
  await screenshot(page, 'console-product-new');
  await page.getByTestId('product-save').click();
  await expect(page.getByText(/Product \d+ created/)).toBeVisible();
  await expect(page.getByTestId('product-table')).toContainText(productName);

  // … and a banner that jumps to it, with a preview of where it goes.
  await page.getByTestId('nav').getByText('Banners', { exact: true }).click();
  await page.getByTestId('banner-new').click();
  await fillLocalized(page, 'banner-name', `${productName} launch`);
  await page.getByTestId('banner-item').click();
  await page.keyboard.type(productName);
  await page.locator('.ant-select-item-option', { hasText: `${productName} — Blue #` }).click();
  await expect(page.getByTestId('banner-preview')).toContainText('/h5/product?productItemId=');
  await screenshot(page, 'console-banner-new');
  await page.getByTestId('banner-save').click();
  await expect(page.getByTestId('banner-table')).toContainText(`${productName} launch`);
  await screenshot(page, 'console-banners');
  await signOut(page);

  // The product is in the shop, and the home carousel jumps to it.
  const search = await (await request.get(`/v1/product/search?keyword=${encodeURIComponent(productName)}`)).json();
  expect(search.data.list.map((p: { name: string }) => p.name)).toContain(productName);
  const carousel = await (await request.get('/v1/carousel/query')).json();
  const banner = carousel.data.find((b: { name: string }) => b.name === `${productName} launch`);
  expect(banner).toMatchObject({ jumpType: 'product' });
  const detail = await (
    await request.get(`/v1/product/queryproductitemsinproduct?productItemId=${banner.productItemID}`)
  ).json();
  expect(JSON.stringify(detail.data)).toContain(productName);
  const chs = await (
    await request.get(`/v1/product/queryproductitemsinproduct?productItemId=${banner.productItemID}`, {
      headers: { language: 'chs' },
    })
  ).json();
  expect(JSON.stringify(chs.data)).toContain(`${productName}（中文）`);

  // A shopper signs up in the shop.
  const phone = `012${String(Math.floor(100000 + Math.random() * 899999))}`;
  const e164 = `+855${phone.slice(1)}`;
  const sent = await (
    await request.post('/v1/customer/sendsms', { data: { countryCode: '+855', phone, type: 'login' } })
  ).json();
  expect(sent.code).toBe('0');
  const login = await (
    await request.post('/v1/customer/registandlogin', {
      data: { countryCode: '+855', phone, code: sent.data.devCode, agree: true },
    })
  ).json();
  expect(login.code).toBe('0');
  const token = login.data.token as string;

  // Finance credits the shopper (a goodwill adjustment, shown on their bill).
  await signIn(page, finance, PASSWORD);
  await page.getByTestId('nav').getByText('User ledger', { exact: true }).click();
  await page.getByTestId('ledger-phone').locator('input').fill(e164);
  await page.getByTestId('ledger-phone').locator('input').press('Enter');
  await page.getByTestId('adjust-amount').fill('50');
  await page.getByTestId('adjust-reason').fill('Welcome credit for the launch');
  await page.getByTestId('adjust-save').click();
  await expect(page.getByText('$50.00').first()).toBeVisible();

  // The shopper sets a pay password and applies for a withdrawal of $20.
  await page.waitForTimeout(100);
  const paySms = await (
    await request.post(`/v1/customer/sendsms?token=${token}`, { data: { phone: '', type: 'paypwd' } })
  ).json();
  expect(paySms.code, paySms.msg).toBe('0');
  const ticket = await (
    await request.post(`/api/verify/setpaypasswd?token=${token}`, { data: { code: paySms.data.devCode } })
  ).json();
  const setPay = await (
    await request.post(`/v1/customer/setpaypasswd?token=${token}`, {
      data: { payPassword: '246810', repeatPayPassword: '246810', ticket: ticket.data.ticket },
    })
  ).json();
  expect(setPay.code).toBe('0');
  const applied = await (
    await request.post(`/v1/wallet/withdrawal/apply?token=${token}`, {
      data: {
        amountCents: 2000,
        payPassword: '246810',
        destination: { bank: 'aba', accountName: 'Console Journey', accountNumber: '000 111 222 333' },
      },
    })
  ).json();
  expect(applied.code, applied.msg).toBe('0');
  const id = applied.data.id as number;

  // Finance agrees and finishes it.
  await page.getByTestId('nav').getByText('Withdrawals', { exact: true }).click();
  await page.getByTestId(`withdrawal-agree-${id}`).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Withdrawal agreed')).toBeVisible();
  await page.getByRole('tab', { name: 'Agreed, to pay' }).click();
  await screenshot(page, 'console-withdrawals');
  await page.getByTestId(`withdrawal-finish-${id}`).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Withdrawal paid out')).toBeVisible();
  const mine = await (await request.get(`/v1/wallet/querywithdrawal?token=${token}`)).json();
  expect(mine.data.list[0]).toMatchObject({ id, status: 'finish' });
  const wallet = await (await request.get(`/v1/wallet/queryacount?token=${token}`)).json();
  expect(JSON.stringify(wallet.data)).toContain('3000');
  await signOut(page);

  // The shopper orders the product (cash on delivery) in the shop …
  const address = await (
    await request.post(`/v1/address/addaddress?token=${token}`, {
      data: {
        receiver: 'Sok Dara',
        mobile: phone,
        provinceCode: '12',
        cityCode: '1201',
        districtCode: '120101',
        detail: 'House 1, St 2',
      },
    })
  ).json();
  expect(address.code, address.msg).toBe('0');
  const pre = await (
    await request.post(`/v1/preorder/createdirect?token=${token}`, {
      data: { skuId: String(banner.productItemID), quantity: 1 },
    })
  ).json();
  expect(pre.code, pre.msg).toBe('0');
  const cod = await (
    await request.post(`/v1/preorder/modify?token=${token}`, { data: { preorderId: pre.data.id, payType: 'COD' } })
  ).json();
  expect(cod.code, cod.msg).toBe('0');
  const placed = await (
    await request.post(`/v1/preorder/finish?token=${token}`, { data: { preorderId: pre.data.id } })
  ).json();
  expect(placed.code, placed.msg).toBe('0');
  const orderNo = placed.data.orderNo as string;

  // … and fulfilment ships and tracks it from the console.
  await signIn(page, fulfilment, PASSWORD);
  await page.getByTestId('nav').getByText('Orders', { exact: true }).click();
  await page.getByTestId('order-search').locator('input').fill(orderNo);
  await page.getByTestId('order-search').locator('input').press('Enter');
  await page.getByTestId('order-table').getByText(orderNo).click();
  await expect(page.getByTestId('order-state')).toHaveText('To be shipped');
  await page.getByTestId('ship-company').fill('J&T Express');
  await page.getByTestId('ship-waybill').fill('JT-7788001');
  await page.getByTestId('ship-save').click();
  await expect(page.getByTestId('order-state')).toHaveText('On its way');
  await page.getByTestId('track-status').fill('IN_TRANSIT');
  await page.getByTestId('track-description').fill('Left the Phnom Penh hub');
  await page.getByTestId('track-save').click();
  await expect(page.getByTestId('order-tracking')).toContainText('Left the Phnom Penh hub');
  await expect(page.getByTestId('order-history')).toContainText('ship');
  await screenshot(page, 'console-order');
  const shopperOrder = await (
    await request.get(`/v1/order/detail?token=${token}&orderId=${placed.data.orderId ?? placed.data.id}`)
  ).json();
  expect(JSON.stringify(shopperOrder.data)).toContain('JT-7788001');
  expect(JSON.stringify(shopperOrder.data)).toContain('Left the Phnom Penh hub');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('order-tracking')).toBeHidden();
  await signOut(page);

  // Every step is in the audit log.
  await signIn(page, E2E_OWNER.login, E2E_OWNER.password);
  await page.getByTestId('nav').getByText('Audit log').click();
  const table = page.getByTestId('audit-table');
  for (const [who, action] of [
    [catalogue, 'catalogue.product.create'],
    [catalogue, 'catalogue.banner.create'],
    [finance, 'finance.wallet.adjust'],
    [finance, 'finance.withdrawal.agree'],
    [finance, 'finance.withdrawal.finish'],
    [fulfilment, 'orders.ship'],
    [fulfilment, 'orders.track'],
  ]) {
    await page.getByTestId('audit-who').fill(who);
    await page.getByTestId('audit-action').fill(action);
    await page.getByTestId('audit-search').click();
    await expect(table.locator('tbody tr').first()).toContainText(action);
  }
  await page.getByTestId('audit-who').fill(E2E_OWNER.login);
  await page.getByTestId('audit-action').fill('staff.create');
  await page.getByTestId('audit-search').click();
  await expect(table).toContainText(catalogue);
  await expect(table).toContainText(finance);
  await page.getByTestId('audit-who').fill('');
  await page.getByTestId('audit-action').fill('');
  await page.getByTestId('audit-search').click();
  await screenshot(page, 'console-audit-journey');
});
