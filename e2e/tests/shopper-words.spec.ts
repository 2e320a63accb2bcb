import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { axeViolations } from './a11y-support.ts';
import { DESKTOP, E2E_OWNER, signIn } from './console-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { anItemPriced, LANGUAGES, type Language, newPhonePage } from './shopper-support.ts';
import { screenshot, seenWhileConfirming, signInByApi, watchWhileConfirming } from './support.ts';

/**
 * Issue 44, what new shoppers and a new operator still met: an order offering "Pay" and "Cancel"
 * while the bank confirms its payment (and a server that cancelled it), raw channel codes where a
 * method is named, checks that waited for the server, the cashier's methods one radio group, the
 * card top-up's way on, the shop's favicon. The journeys' server sends the sandbox bank's answer
 * 3 s after the shopper decides (SANDBOX_CALLBACK_DELAY_MS), so the shopper is back before it.
 */
const web = (file: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../apps/web/src/${file}`), 'utf8'));
const common = (language: Language) => web(`shared/locales/${language}.json`);
const buying = (language: Language) => web(`features/buying/locales/${language}.json`);
const feature = (name: string, language: Language) => web(`features/${name}/locales/${language}.json`);
const consoleTexts = (language: Language) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../apps/admin/src/locales/${language}.json`), 'utf8'));
const catalogue = (code: string, language: Language) => {
  const source = readFileSync(
    path.resolve(import.meta.dirname, '../../packages/contracts/src/errors/orders.ts'),
    'utf8',
  );
  const entry = new RegExp(`${code}: \\{[\\s\\S]*?${language === 'en-US' ? "'en-US'" : language}:\\s*'([^']*)'`).exec(
    source,
  );
  return entry?.[1] ?? '';
};

const H = { apptype: 'h5', appversion: '1.0' };

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data: object) {
  const answer = await callRaw(request, token, method, url, data);
  expect(answer.code, `${url}: ${answer.msg}`).toBe('0');
  return answer.data;
}
async function callRaw(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data: object,
  language: Language = 'en-US',
) {
  const headers = { ...H, language };
  return (
    await (method === 'GET'
      ? request.get(url, { headers, params: { ...(data as Record<string, string>), token } })
      : request.post(`${url}?token=${token}`, { headers, data }))
  ).json();
}

/** A shopper of their own on a 360×640 phone in `language`, signed in. */
async function shopper(browser: Browser, baseURL: string, language: Language) {
  const page = await newPhonePage(browser, baseURL, language);
  await page.setViewportSize({ width: 360, height: 640 });
  const me = await signInByApi(page, page.request);
  return { page, token: me.token as string };
}

/** Pays what the cashier shows with a card at the sandbox bank; the bank sends the shopper back. */
async function payAtTheBank(page: Page, cashier: string) {
  await page.goto(`/h5${cashier}`);
  await page.getByTestId('channel-row-sandbox').click();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('amount')).toContainText('USD');
  await page.getByRole('button', { name: /^Pay USD/ }).click();
}

async function expectNoAxeFinding(page: Page, where: string) {
  const found = await axeViolations(page, where);
  expect(found, found.join('\n')).toEqual([]);
}

async function anAddress(request: APIRequestContext, token: string) {
  return call(request, token, 'POST', '/v1/address/addaddress', {
    receiver: 'Sok Dara',
    mobile: '012345601',
    provinceCode: '12',
    cityCode: '1201',
    districtCode: '120101',
    detail: 'House 1, St 2',
    isDefault: true,
  });
}

// Defects 1 to 3 in en-US and kh as the issue asks, and in chs: every changed screen is looked at in the three.
for (const language of journeyLanguages(LANGUAGES, 'shopper-words')) {
  test(`an order whose bank payment is confirming offers neither Pay nor Cancel, and the server refuses the cancel, in ${language}`, async ({
    browser,
    baseURL,
    request,
  }) => {
    const { page, token } = await shopper(browser, baseURL as string, language);
    const t = buying(language);
    const skuId = await anItemPriced(request, 100, 5_000);
    await anAddress(page.request, token);
    const preorder = await call(page.request, token, 'POST', '/v1/preorder/createdirect', {
      skuId: String(skuId),
      quantity: 1,
      shipType: 'LOGISTICS',
      payType: 'ONLINE',
    });
    const { orderId } = await call(page.request, token, 'POST', '/v1/preorder/finish', { preorderId: preorder.id });
    await watchWhileConfirming(page, [
      '[data-testid="action-pay"]',
      '[data-testid="action-cancel"]',
      '.buy-order-actions',
    ]);
    await payAtTheBank(page, `/cashier?orderId=${orderId}`);
    await expect(page).toHaveURL(/\/outPayment\?orderId=.*result=success/);
    // A shopper who reaches the call without the screen: refused while the bank's answer is on its way.
    const refused = await callRaw(page.request, token, 'POST', '/v1/order/cancel', { orderId }, language);
    expect(refused).toMatchObject({ code: 'ORD0080', msg: catalogue('ORD0080', language) });
    await page.getByTestId('view-order').click();
    await expect(page).toHaveURL(/\/orderDetail\?orderId=/);
    await expect(page.getByTestId('payment-confirming')).toContainText(common(language).payment.confirming);
    // The state says what the notice says, not "Awaiting payment".
    await expect(page.getByTestId('detail-state')).toHaveText(common(language).payment.confirmingState);
    await expect(page.getByTestId('action-pay')).toHaveCount(0);
    await expect(page.getByTestId('action-cancel')).toHaveCount(0);
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    await screenshot(page, `issue44-order-confirming-${language}`);
    // The bank's answer comes: the page shows the paid order by itself, in a shopper's words.
    await expect(page.getByTestId('detail-state')).toHaveText(t.state.WS, { timeout: 20_000 });
    await expect(page.getByTestId('payment-confirming')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // Not once while it confirmed: neither button, nor their card left empty.
    expect(await seenWhileConfirming(page)).toEqual({ confirming: true, beside: [] });
    await expect(page.getByTestId('detail-paid-online')).toContainText(t.cashier.channel.sandbox);
    const order = await call(page.request, token, 'GET', '/v1/order/detail', { orderId });
    expect(order).toMatchObject({ state: 'WS', paidCents: order.payableCents });
    await screenshot(page, `issue44-order-paid-${language}`);
    await expectNoAxeFinding(page, `/orderDetail paid (${language})`);
    await page.context().close();
  });

  test(`the overseas order names its pay method and the amount paid, its phone grouped, in ${language}`, async ({
    browser,
    baseURL,
  }) => {
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
    const address = await anAddress(page.request, token);
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
    // The confirm page writes the phone as every page does.
    await page.goto(`/h5/Smilebuy/orderConfirm?channel=taobao&productId=${first.productId}&skuId=${sku.skuId}&count=1`);
    await expect(page.getByText('+855 12 345 601')).toBeVisible();
    await expect(page.getByText('+85512345601')).toHaveCount(0);
    await screenshot(page, `issue44-overseas-confirm-${language}`);
    const order = await call(page.request, token, 'POST', '/v1/haitao/preorder/finish', { preorderId: preorder.id });
    await payAtTheBank(page, `/cashier?orderId=${order.orderId}&kind=overseas`);
    await expect(page).toHaveURL(/\/Smilebuy\/orderDetail\?orderId=.*result=success/);
    await expect(page.getByTestId('haitao-state')).not.toHaveAttribute('data-state', 'WP', { timeout: 20_000 });
    await expect(page.getByTestId('haitao-paid-by')).toHaveText(common(language).payment.method.sandbox);
    await expect(page.getByTestId('haitao-paid')).toHaveText(/\$\d/);
    await expect(page.locator('.haitao')).not.toContainText('sandbox');
    await expect(page.getByText('+855 12 345 601')).toBeVisible();
    const paid = await call(page.request, token, 'GET', '/v1/haitao/order/detail', { orderId: order.orderId });
    await expect(page.getByTestId('haitao-paid')).toHaveText(`$${(paid.paidCents / 100).toFixed(2)}`);
    await screenshot(page, `issue44-overseas-detail-${language}`);
    await expectNoAxeFinding(page, `/Smilebuy/orderDetail paid (${language})`);
    await page.context().close();

    // The console's drawer writes the phone as the shop does.
    const desk = await browser.newContext({ ...DESKTOP, baseURL });
    await desk.addInitScript((lang) => localStorage.setItem('console.language', lang), language);
    const staff = await desk.newPage();
    await signIn(staff, E2E_OWNER.login, E2E_OWNER.password);
    await staff.goto('/admin/overseas');
    await staff.getByTestId('overseas-table-reference').locator('input').fill(paid.orderNo);
    await staff.getByTestId('overseas-table-search').click();
    await staff.getByTestId(`overseas-open-${paid.orderNo}`).click();
    const drawer = staff.locator('.ant-drawer-body');
    await expect(drawer).toContainText('+855 12 345 601');
    await expect(drawer).not.toContainText('+85512345601');
    await screenshot(staff, `console-overseas-drawer-${language}`);
    await desk.close();
  });

  test(`the console names how a top-up was paid, on screen and in its CSV, in ${language}`, async ({
    browser,
    baseURL,
  }) => {
    const { page, token } = await shopper(browser, baseURL as string, language);
    const topup = await call(page.request, token, 'POST', '/v1/topup/order/new', {
      phone: '012 345 678',
      amountCents: 500,
    });
    await payAtTheBank(page, `/cashier?orderId=${topup.id}&kind=topup`);
    await expect(page).toHaveURL(/\/topup\?record=/);
    // Settled, not merely past WP: 'confirming' has no WP class either, and the console does not refresh.
    await expect(page.getByTestId('topup-state')).toHaveText(feature('topup', language).state.SUCCESS, {
      timeout: 30_000,
    });
    await page.context().close();

    const desk = await browser.newContext({ ...DESKTOP, baseURL });
    await desk.addInitScript((lang) => localStorage.setItem('console.language', lang), language);
    const staff = await desk.newPage();
    await signIn(staff, E2E_OWNER.login, E2E_OWNER.password);
    await staff.goto('/admin/topups');
    await staff.getByTestId('topup-reference').locator('input').fill(topup.orderNo);
    await staff.getByTestId('topup-search').click();
    const rows = staff.getByTestId('topup-table').locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    const method = consoleTexts(language)['payment.channel.sandbox'];
    await expect(rows.first()).toContainText(method);
    await expect(rows.first()).not.toContainText('sandbox');
    await screenshot(staff, `issue44-console-topups-${language}`);
    const downloading = staff.waitForEvent('download');
    await staff.getByTestId('topup-csv').click();
    const csv = readFileSync(await (await downloading).path(), 'utf8');
    expect(csv).toContain(`,${method},`);
    expect(csv).not.toContain('sandbox');
    expect(csv).toContain(',5.00,');
    await desk.close();
  });

  test(`the card application and the address form check their fields before sending, in ${language}`, async ({
    browser,
    baseURL,
  }) => {
    const { page } = await shopper(browser, baseURL as string, language);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (/\/v1\/(bongloy\/step1|address\/addaddress)/.test(r.url())) sent.push(r.url());
    });
    const refused = async (control: Locator, text: string) => {
      await expect(control).toHaveAttribute('aria-invalid', 'true');
      await expect(control).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    };

    const step1 = feature('bongloy', language).step1;
    await page.goto('/h5/bongloy/step1');
    await expect(page.getByText(step1.optionalField.replace('{{field}}', step1.profession))).toBeVisible();
    await page.locator('[name="firstName"]').fill('Sokha1');
    await page.locator('[name="lastName"]').fill('CHAN');
    await page.locator('[name="passportId"]').fill('12');
    await page.locator('[name="email"]').fill('bad@');
    await page.locator('[name="birthplace"]').fill('Phnom Penh');
    await page.locator('[name="phone"]').fill('12');
    await page.getByTestId('step1-next').click();
    await refused(page.locator('[name="firstName"]'), step1.invalid.firstName);
    await expect(page.locator('[name="firstName"]')).toBeFocused();
    await refused(page.locator('[name="passportId"]'), step1.invalid.passportId);
    await refused(page.locator('[name="email"]'), step1.invalid.email);
    await refused(page.locator('[name="phone"]'), step1.invalid.phone);
    await expect(page.locator('[name="lastName"]')).not.toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, `issue44-card-step1-checked-${language}`);
    await expectNoAxeFinding(page, `/bongloy/step1 checked (${language})`);

    const address = buying(language).address.errors;
    await page.goto('/h5/addressEdit');
    await page.getByTestId('address-receiver').fill('Sok Dara');
    await page.getByTestId('address-mobile').fill('123');
    await page.getByTestId('address-save').click();
    await refused(page.getByTestId('address-mobile'), address.mobileWrong);
    await expect(page.getByTestId('address-mobile')).toBeFocused();
    await screenshot(page, `issue44-address-checked-${language}`);
    await expectNoAxeFinding(page, `/addressEdit checked (${language})`);
    expect(sent).toEqual([]);
    await page.context().close();
  });
}

test('the cashier’s methods are one radio group: one Tab stop, the arrows choose', async ({ browser, baseURL }) => {
  const { page, token } = await shopper(browser, baseURL as string, 'en-US');
  const topup = await call(page.request, token, 'POST', '/v1/topup/order/new', {
    phone: '012 345 678',
    amountCents: 500,
  });
  await page.goto(`/h5/cashier?orderId=${topup.id}&kind=topup`);
  const group = page.getByRole('group', { name: buying('en-US').cashier.methods });
  await expect(group).toBeVisible();
  const radios = group.getByRole('radio');
  const enabled = group.locator('input[type="radio"]:not([disabled])');
  const usable = await enabled.count();
  expect(usable).toBeGreaterThan(1);
  const first = enabled.nth(0);
  await expect(first).toBeChecked();
  // Tab reaches the group once, on the chosen method.
  await first.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await radios.evaluateAll((all) => all.includes(document.activeElement as Element))).toBe(false);
  // The arrows move and choose; Tab into the group again lands on the new choice.
  await first.focus();
  await page.keyboard.press('ArrowDown');
  const second = enabled.nth(1);
  await expect(second).toBeFocused();
  await expect(second).toBeChecked();
  await expect(first).not.toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(first).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(second).toBeFocused();
  for (const language of LANGUAGES) {
    await page.context().addCookies([{ name: 'language', value: language, url: baseURL as string }]);
    await page.goto(`/h5/cashier?orderId=${topup.id}&kind=topup`);
    await expect(page.getByRole('group', { name: buying(language).cashier.methods })).toBeVisible();
    await screenshot(page, `issue44-cashier-${language}`);
    await expectNoAxeFinding(page, `/cashier (${language})`);
  }
  await page.context().close();
});

test('every shop page has its favicon', async ({ page }) => {
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/x-icon');
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404) missing.push(r.url());
  });
  await page.goto('/h5/category');
  await page.goto('/h5/cart');
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
});

test('the console starts without a router warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (/HydrateFallback/.test(m.text())) warnings.push(m.text());
  });
  await page.goto('/admin/login');
  await expect(page.getByTestId('login-name')).toBeVisible();
  await page.goto('/admin/topups');
  await page.waitForLoadState('networkidle');
  expect(warnings).toEqual([]);
});
