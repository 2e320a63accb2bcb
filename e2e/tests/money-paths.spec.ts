import { expect, type Locator, type Page, test } from '@playwright/test';
import { buyingTexts, errorText, logInWithSms, newPhone, setPayPassword } from './buying-support.ts';
import { ownerToken } from './console-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { anItemPriced, buyNow, staffDesk } from './shopper-support.ts';
import { screenshot, useLanguage } from './support.ts';

/**
 * Issue 19, "Money paths": the cashier and what leads to it and from it, on phone viewports. Each
 * journey failed on the main branch before its fix (see the lead's report).
 */

const e164 = (phone: string) => `+855${phone.slice(1)}`;
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
] as const;

/**
 * A real tap on a control once scrolled into view, after proving that nothing lies over its
 * centre (elementFromPoint): a fixed bar over a control fails here, whatever the tap would do.
 */
async function tapUncovered(control: Locator) {
  await control.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  // Asked again for a moment while a sheet slides in; a bar over the control stays over it.
  await expect
    .poll(
      () =>
        control.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return top !== null && (top === el || el.contains(top));
        }),
      { message: `${control} is covered`, timeout: 3_000 },
    )
    .toBe(true);
  await control.tap();
}

/** A new shopper logged in on the login screen (phone, its +855 form). */
async function newShopper(page: Page, origin: string) {
  const phone = newPhone();
  await logInWithSms(page, origin, phone);
  return { phone, e164: e164(phone) };
}

/** An order for store pickup of an item in [min, max] cents, placed and at its cashier; its id. */
async function orderAtCashier(page: Page, request: Parameters<typeof anItemPriced>[0], min: number, max: number) {
  await buyNow(page, await anItemPriced(request, min, max));
  await page.getByTestId('pay-ONLINE').click();
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(/\/cashier\?orderId=/);
  await expect(page.getByTestId('cashier-amount')).toContainText('$');
  return new URL(page.url()).searchParams.get('orderId') as string;
}

/** A channel's row at the cashier (the whole row: the radio's label). */
const channelRow = (page: Page, code: string) => page.getByTestId(`channel-row-${code}`);

const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
const usd = (c: number) => `$${(c / 100).toFixed(2)}`;

test('a gift-only shopper pays: the cashier counts the gift, shows the split, and the gift is spent', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = baseURL as string;
  const t = buyingTexts('en-US');
  await useLanguage(page, 'en-US', origin);
  const me = await newShopper(page, origin);
  await setPayPassword(page, origin, '246810');
  await (await staffDesk(request)).credit(me.e164, 'gift', 500, 'Invitation reward');

  // The personal centre's wallet figure does not hide the gift balance.
  await page.goto('/h5/personal');
  await expect(page.getByTestId('tile-wallet')).toContainText('$5.00');
  await expect(page.getByTestId('tile-wallet-gift')).toContainText('$5.00');

  const orderId = await orderAtCashier(page, request, 100, 450);
  const payable = cents((await page.getByTestId('cashier-amount').textContent()) as string);
  // The wallet leads (it can pay), says what it can spend, and the split shows before the password.
  await expect(channelRow(page, 'wallet')).toContainText('Balance $5.00');
  await expect(page.locator('.buy-method').first()).toContainText(t.cashier.channel.wallet);
  // Outside the wallet app, its channel is not offered.
  await expect(page.getByTestId('channel-bridge')).toHaveCount(0);
  await expect(page.getByTestId('split-gift')).toContainText(usd(payable));
  await expect(page.getByTestId('split-cash')).toContainText('$0.00');
  await screenshot(page, 'money-paths-gift-split-390');
  await page.getByTestId('pay-password').fill('246810');
  await tapUncovered(page.getByTestId('pay'));
  await expect(page.getByTestId('pay-result-paid')).toBeVisible();
  await page.getByRole('button', { name: buyingTexts('en-US').result.viewOrder }).click();
  await expect(page).toHaveURL(new RegExp(`orderDetail\\?orderId=${orderId}`));
  await expect(page.getByTestId('detail-state')).toHaveText(t.state.PAY);
  await page.goto('/h5/myWallet');
  await expect(page.getByTestId('wallet-gift')).toHaveText(usd(500 - payable));
  await expect(page.getByTestId('wallet-cash')).toHaveText('$0.00');
});

for (const size of PHONES) {
  test(`${size.width}x${size.height}: every primary control of the product page, the confirmation and the cashier is tapped uncovered, KHQR "I have paid" too`, async ({
    page,
    request,
    baseURL,
  }) => {
    const origin = baseURL as string;
    await page.setViewportSize(size);
    await useLanguage(page, 'en-US', origin);
    await newShopper(page, origin);
    const item = await anItemPriced(request, 100, 5000);
    await page.goto(`/h5/product?productItemId=${item}`);
    await tapUncovered(page.getByTestId('favourite'));
    await tapUncovered(page.getByTestId('add-to-cart'));
    await tapUncovered(page.getByTestId('picker-buy-now'));
    await expect(page).toHaveURL(/\/orderConfirm\?preorderId=/);
    await tapUncovered(page.getByTestId('ship-STORE'));
    await expect(page.getByTestId('ship-STORE')).toHaveClass(/adm-radio-checked/);
    await tapUncovered(page.getByTestId('pay-ONLINE'));
    await expect(page.getByTestId('pay-ONLINE')).toHaveClass(/adm-radio-checked/);
    await tapUncovered(page.getByTestId('confirm-coupon'));
    await page
      .locator('.adm-mask')
      .last()
      .tap({ position: { x: 20, y: 20 } });
    await screenshot(page, `money-paths-confirm-${size.width}`);
    await tapUncovered(page.getByTestId('submit-order'));
    await expect(page).toHaveURL(/\/cashier\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId') as string;
    await tapUncovered(page.getByTestId('channel-khqr'));
    await expect(page.getByTestId('channel-khqr')).toBeChecked();
    await tapUncovered(page.getByTestId('pay'));
    await expect(page.getByTestId('khqr-image')).toBeVisible();
    await screenshot(page, `money-paths-khqr-${size.width}`);
    // At every scroll position the fixed Pay bar leaves it free: from the top and from the bottom.
    // "I have paid" asks Bakong at once; nothing was paid, so the cashier says so and stays.
    await page.evaluate(() => window.scrollTo(0, 0));
    await tapUncovered(page.getByRole('button', { name: buyingTexts('en-US').cashier.iPaid }));
    await expect(page.getByText(buyingTexts('en-US').cashier.khqrNotYet)).toBeVisible();
    await expect(page).toHaveURL(/\/cashier\?orderId=/);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await tapUncovered(page.getByRole('button', { name: buyingTexts('en-US').cashier.iPaid }));
    await expect(page.getByText(buyingTexts('en-US').cashier.khqrNotYet).first()).toBeVisible();
    await page.goto(`/h5/outPayment?orderId=${orderId}`);
    await tapUncovered(page.getByRole('button', { name: buyingTexts('en-US').result.viewOrder }));
    await expect(page.getByTestId('detail-state')).toBeVisible();
    // A channel's whole row chooses it, not only its circle.
    await page.goto(`/h5/cashier?orderId=${orderId}`);
    const row = channelRow(page, 'sandbox');
    const box = (await row.boundingBox()) as { width: number; height: number };
    await row.tap({ position: { x: box.width - 40, y: box.height / 2 } });
    await expect(page.getByTestId('channel-sandbox')).toBeChecked();
  });
}

test('a coupon is chosen by tapping its row, which closes the sheet; a promo code refusal is said once', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = baseURL as string;
  await useLanguage(page, 'en-US', origin);
  await newShopper(page, origin);
  const code = `ROW${Date.now().toString(36).toUpperCase()}`;
  await (await staffDesk(request)).promoCode(code, 500, 200);
  await page.goto('/h5/coupon');
  await page.getByTestId('promo-code').locator('input').fill(code);
  await page.getByTestId('promo-submit').click();
  await expect(page.getByTestId('coupon')).toHaveCount(1);
  await expect(page.locator('#shop-toast')).toBeHidden();
  // The same code again: "already received", said under the field, not in a toast as well.
  await page.getByTestId('promo-code').locator('input').fill(code);
  await page.getByTestId('promo-submit').click();
  await expect(page.getByTestId('promo-error')).toHaveText(errorText('COUPONCODE0006', 'en-US'));
  await expect(page.getByText(errorText('COUPONCODE0006', 'en-US'))).toHaveCount(1);
  await page.waitForTimeout(400);
  await expect(page.locator('#shop-toast')).toBeHidden();

  await buyNow(page, await anItemPriced(request, 600, 5000));
  await page.getByTestId('confirm-coupon').click();
  const row = page.getByTestId('coupon-option').first();
  await expect(row).toBeVisible();
  // The row's text, far from its circle.
  await row.locator('.adm-list-item-content-main').tap({ position: { x: 10, y: 10 } });
  await expect(row).toBeHidden();
  await expect(page.getByTestId('discount')).toContainText('-$2.00');
  await expect(page.getByTestId('confirm-coupon')).toContainText('-$2.00');
  await screenshot(page, 'money-paths-coupon-row');
});

test('the bank gives no answer: the shopper pays again another way, and the late answer does not take money twice', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL as string;
  const t = buyingTexts('en-US');
  await useLanguage(page, 'en-US', origin);
  const me = await newShopper(page, origin);
  await setPayPassword(page, origin, '975310');
  await (await staffDesk(request)).credit(me.e164, 'cash', 10_000, 'Test credit');
  const orderId = await orderAtCashier(page, request, 100, 5000);
  const payable = cents((await page.getByTestId('cashier-amount').textContent()) as string);

  await page.getByTestId('channel-sandbox').tap();
  await page.getByTestId('pay').tap();
  await expect(page.getByTestId('amount')).toContainText('USD');
  await expect(page).toHaveTitle('Sandbox Bank · test payment');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Sandbox Bank · test payment');
  await page.getByRole('button', { name: 'Leave without answer' }).click();
  await expect(page).toHaveURL(/\/outPayment\?/);
  const firstPayment = new URL(page.url()).searchParams.get('paymentId') as string;
  // Its state and the ways on, at once: no spinner for fifteen minutes.
  await expect(page.getByTestId('pay-result-noAnswer')).toContainText(t.result.noAnswer);
  await expect(page.getByTestId('pay-again')).toBeVisible();
  await screenshot(page, 'money-paths-no-answer');
  await tapUncovered(page.getByTestId('pay-other'));
  await expect(page).toHaveURL(new RegExp(`/cashier\\?orderId=${orderId}`));
  await expect(page.getByTestId('cashier-pending')).toBeVisible();
  await page.getByTestId('channel-wallet').tap();
  await page.getByTestId('pay-password').fill('975310');
  await page.getByTestId('pay').tap();
  await expect(page.getByTestId('pay-result-paid')).toBeVisible();

  // The bank's answer comes late: success for the first payment. It is given back, not kept.
  const back = `/h5/outPayment?orderId=${orderId}&paymentId=${firstPayment}`;
  await page.goto(`/sandbox-gateway/checkout/${firstPayment}?return=${encodeURIComponent(back)}`);
  await page.getByRole('button', { name: /^Pay USD/ }).click();
  await expect(page.getByTestId('pay-result-paid')).toBeVisible();
  // Its signed callbacks come 1.5 s and 3 s later (the sandbox bank's delay), twice.
  await page.waitForTimeout(4_500);
  await page.getByRole('button', { name: buyingTexts('en-US').result.viewOrder }).click();
  await expect(page.getByTestId('detail-state')).toHaveText(t.state.PAY);
  await page.goto('/h5/myWallet');
  await expect(page.getByTestId('wallet-cash')).toHaveText(usd(10_000 - payable));
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token);
  const detail = await (await request.get(`/v1/order/detail?orderId=${orderId}&token=${token}`)).json();
  expect(detail.data).toMatchObject({ paidCents: payable, payChannel: 'wallet' });
  // The order moved to paid once: one "pay" in its history.
  const history = await (
    await request.get(`/admin-api/v1/orders/detail?orderId=${orderId}`, {
      headers: { authorization: `Bearer ${await ownerToken(request)}` },
    })
  ).json();
  expect(history.data.history.filter((h: { action: string }) => h.action === 'pay')).toHaveLength(1);
});

test('the new-shopper banner: its login gives the coupon it promises, once', async ({ page, baseURL }) => {
  const origin = baseURL as string;
  await useLanguage(page, 'en-US', origin);
  await page.goto('/h5/');
  const advert = page.getByTestId('bonus-advert-unlogin');
  await expect(advert).toContainText('New here? Get $5 off');
  await advert.getByRole('button', { name: /New here/ }).click();
  await expect(page).toHaveURL(/\/h5\/login/);
  const phone = newPhone();
  await page.getByTestId('phone').locator('input').fill(phone);
  const answer = page.waitForResponse((r) => r.url().includes('/v1/customer/sendsms'));
  await page.getByTestId('send-code').click();
  const sent = await (await answer).json();
  await page.getByTestId('code').locator('input').fill(sent.data.devCode);
  await page.getByTestId('agree').locator('.adm-checkbox-icon').click();
  await page.getByTestId('login-submit').click();
  // After the login the banner led to, the shopper sees the coupon land.
  await expect(page).toHaveURL(/\/h5\/newShopperCoupon/);
  await expect(page.getByTestId('new-shopper-granted')).toBeVisible();
  await expect(page.getByTestId('new-shopper-coupon')).toContainText('$5.00');
  await screenshot(page, 'money-paths-new-shopper');
  await page.getByTestId('new-shopper-mine').click();
  await expect(page.getByTestId('coupon')).toHaveCount(1);
  await expect(page.getByTestId('coupon')).toContainText('New shopper');
  // Again: the same coupon, not a second one.
  await page.goto('/h5/newShopperCoupon');
  await expect(page.getByTestId('new-shopper-had')).toBeVisible();
  await page.goto('/h5/coupon');
  await expect(page.getByTestId('coupon')).toHaveCount(1);
});

test('no pay password: the cashier asks for it first, with the way to set it, and comes back to the same payment', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = baseURL as string;
  const t = buyingTexts('en-US');
  await useLanguage(page, 'en-US', origin);
  const me = await newShopper(page, origin);
  await (await staffDesk(request)).credit(me.e164, 'cash', 10_000, 'Test credit');
  const orderId = await orderAtCashier(page, request, 100, 5000);
  await page.getByTestId('channel-wallet').tap();
  await expect(page.getByTestId('pay-password-missing')).toContainText(t.cashier.setPayPasswordFirst);
  await expect(page.getByTestId('pay-password')).toHaveCount(0);
  await screenshot(page, 'money-paths-no-pay-password');
  await tapUncovered(page.getByTestId('set-pay-password'));
  await expect(page).toHaveURL(/\/settingsPayPassword\?back=/);
  const answer = page.waitForResponse((r) => r.url().includes('/v1/customer/sendsms'));
  await page.getByTestId('send-code').click();
  const sent = await (await answer).json();
  await page.getByTestId('code').locator('input').fill(sent.data.devCode);
  await page.getByTestId('pay-code-submit').click();
  await page.getByTestId('pay-first').click();
  await page.keyboard.type('864202');
  await page.getByTestId('pay-second').click();
  await page.keyboard.type('864202');
  await page.getByTestId('pay-submit').click();
  await expect(page).toHaveURL(new RegExp(`/cashier\\?orderId=${orderId}`));
  await expect(page.getByTestId('channel-wallet')).toBeChecked();
  await page.getByTestId('pay-password').fill('864202');
  await tapUncovered(page.getByTestId('pay'));
  await expect(page.getByTestId('pay-result-paid')).toBeVisible();
});

test('the order detail says paid after paying, without a reload', async ({ page, request, baseURL }) => {
  const origin = baseURL as string;
  const t = buyingTexts('en-US');
  await useLanguage(page, 'en-US', origin);
  const me = await newShopper(page, origin);
  await setPayPassword(page, origin, '112358');
  await (await staffDesk(request)).credit(me.e164, 'cash', 10_000, 'Test credit');
  const orderId = await orderAtCashier(page, request, 100, 5000);
  // The shopper looks at the order first (it is read and kept), then pays from its detail.
  await page.goto(`/h5/orderDetail?orderId=${orderId}`);
  await expect(page.getByTestId('detail-state')).toHaveText(t.state.WP);
  await page.getByTestId('action-pay').click();
  await page.getByTestId('channel-wallet').tap();
  await page.getByTestId('pay-password').fill('112358');
  await page.getByTestId('pay').tap();
  await expect(page.getByTestId('pay-result-paid')).toBeVisible();
  await page.getByRole('button', { name: buyingTexts('en-US').result.viewOrder }).click();
  await expect(page.getByTestId('detail-state')).toHaveText(t.state.PAY);
  await expect(page.getByTestId('action-pay')).toHaveCount(0);
});

for (const language of journeyLanguages(['en-US', 'chs', 'kh'] as const, 'money-paths')) {
  test(`${language}: /cashier with no order, or a bogus one, says what is wrong and offers a way on`, async ({
    page,
    baseURL,
  }) => {
    const origin = baseURL as string;
    const t = buyingTexts(language);
    await useLanguage(page, language, origin);
    await newShopper(page, origin);
    await page.goto('/h5/cashier');
    await expect(page.getByTestId('cashier-no-order')).toContainText(t.cashier.noOrder);
    await expect(page.getByTestId('cashier-no-order')).toContainText(t.cashier.noOrderId);
    await screenshot(page, `money-paths-cashier-no-order-${language}`);
    await tapUncovered(page.getByTestId('to-orders'));
    await expect(page).toHaveURL(/\/orderList/);
    await page.goto('/h5/cashier?orderId=not-an-order');
    await expect(page.getByTestId('cashier-no-order')).toContainText(t.cashier.badOrderId);
    await tapUncovered(page.getByTestId('to-home'));
    await expect(page).toHaveURL(/\/h5\/?$/);
    // An order's shape, but nobody's order: the shop's own refusal, in the shopper's language.
    await page.goto('/h5/cashier?orderId=00000000-0000-4000-8000-000000000000');
    await expect(page.getByTestId('cashier-no-order')).toContainText(errorText('ORD0001', language));
  });
}
