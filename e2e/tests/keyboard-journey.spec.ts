import { expect, type Locator, type Page, test } from '@playwright/test';
import { anItem, buyingTexts } from './buying-support.ts';
import { staffDesk } from './shopper-support.ts';
import { screenshot, signInByApi } from './support.ts';

/**
 * The purchase journey with the keyboard alone (issue 36, WCAG 2.1.1, 2.4.3, 2.4.7): a signed-in
 * shopper with money in the wallet and a pay password opens a product, picks a spec in the sheet,
 * adds to cart, goes to the cart, to the confirmation (store pickup), places the order, pays
 * from the wallet with the pay password and sees the result. Nothing is clicked: only Tab,
 * Shift+Tab, Enter, Space, Escape and the arrow keys, and each control reached shows a focus ring.
 */

const API = { apptype: 'h5', appversion: '1.0' };
const PAY_PASSWORD = '246802';

/** Sets the pay password through the accounts calls (the journey under test starts after it). */
async function payPasswordByApi(page: Page, token: string, phone: string) {
  const headers = { ...API, authorization: `Bearer ${token}` };
  const sms = await (
    await page.request.post('/v1/customer/sendsms', { headers, data: { phone, type: 'paypwd' } })
  ).json();
  expect(sms.code, sms.msg).toBe('0');
  const set = await (
    await page.request.post('/v1/customer/setpaypasswd', {
      headers,
      data: { payPassword: PAY_PASSWORD, repeatPayPassword: PAY_PASSWORD, code: sms.data.devCode },
    })
  ).json();
  expect(set.code, set.msg).toBe('0');
}

/** Whether the focused element is `target` or inside it. */
const holdsFocus = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** A short description of the focused element, for the failure message. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const id = el.closest('[data-testid]')?.getAttribute('data-testid');
    return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
  });

/**
 * The focus ring of the focused element: a control drawn by a visually hidden native input (a
 * radio, a checkbox) shows it on the icon beside the input.
 */
const ringOfFocused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const hidden = el.getBoundingClientRect().width <= 1;
    const drawn = (hidden ? (el.nextElementSibling as HTMLElement | null) : el) ?? el;
    const style = getComputedStyle(drawn);
    return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2
      ? `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
      : style.boxShadow !== 'none'
        ? style.boxShadow
        : 'none';
  });

/** Presses Tab (or Shift+Tab) until `target` holds the focus; checks the focus ring there. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  const path: string[] = [];
  for (let i = 0; i < max; i += 1) {
    if (await holdsFocus(target)) {
      expect(await ringOfFocused(page), `no focus ring on ${await focused(page)}`).not.toBe('none');
      return path;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    path.push(await focused(page));
  }
  throw new Error(`Tab never reached the target; the focus went: ${path.join(' → ')}`);
}

/** The elements Tab reaches from the focused one, `count` presses on. */
async function tabWalk(page: Page, count: number) {
  const seen: string[] = [];
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press('Tab');
    seen.push(await focused(page));
  }
  return seen;
}

test('keyboard only: product, spec sheet, cart, store pickup, wallet with pay password, result', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const t = buyingTexts('en-US');
  await page.context().addCookies([{ name: 'language', value: 'en-US', url: baseURL as string }]);
  const shopper = await signInByApi(page, request);
  await payPasswordByApi(page, shopper.token, shopper.phone);
  await (await staffDesk(request)).credit(`+855${shopper.phone.slice(1)}`, 'cash', 500_000, 'Keyboard journey');
  const productItemId = await anItem(request, 2);

  // The product page: Tab reaches "Add to cart"; Enter opens the sheet with the focus in it.
  await page.goto(`/h5/product?productItemId=${productItemId}`);
  await page.waitForFunction(() => (window as { shopTakenOver?: boolean }).shopTakenOver === true);
  const opener = page.getByTestId('add-to-cart');
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAccessibleName(/.+/);
  await expect.poll(() => holdsFocus(sheet), 'the sheet takes the focus').toBe(true);

  // Focus stays in the sheet while it is open: a lap of Tab presses never leaves it.
  const lap = await tabWalk(page, 25);
  expect(await holdsFocus(sheet), `focus left the sheet: ${lap.join(' → ')}`).toBe(true);

  // A spec value is a toggle button: Tab to one not chosen and press Space.
  const values = sheet.getByTestId('spec-value');
  const unchosen = sheet.locator('[data-testid="spec-value"][aria-pressed="false"]:not(.off)').first();
  if ((await values.count()) > 1 && (await unchosen.count()) > 0) {
    const name = (await unchosen.textContent()) as string;
    await tabTo(page, unchosen);
    await page.keyboard.press('Space');
    await expect(sheet.getByRole('button', { name, pressed: true })).toBeVisible();
  }
  // The quantity: the shop's stepper (shared/ui/QuantityStepper), its plus button named in the
  // page's language, by keyboard.
  const quantity = sheet.getByTestId('quantity').locator('input');
  await expect(quantity).toHaveValue('1');
  const plus = sheet.getByTestId('quantity').getByRole('button').last();
  await expect(plus).toHaveAccessibleName(/.+/);
  await tabTo(page, plus);
  await page.keyboard.press('Enter');
  await expect(quantity).toHaveValue('2');
  // Add to cart from the sheet.
  await tabTo(page, sheet.getByTestId('picker-add-to-cart'));
  const added = page.waitForResponse((r) => r.url().includes('/v1/shoppingcart/add'));
  await page.keyboard.press('Enter');
  expect((await (await added).json()).code).toBe('0');

  // Escape closes the sheet and gives the focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect.poll(() => holdsFocus(opener), 'the focus is back on the opener').toBe(true);

  // To the cart (the bar's cart button, one Shift+Tab away or so), then check out.
  await tabTo(page, page.getByTestId('go-cart'), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/h5\/cart$/);
  await expect(page.locator('[data-testid^="cart-line-"]')).toHaveCount(1);
  await tabTo(page, page.getByTestId('cart-checkout'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orderConfirm\?preorderId=/);

  // The confirmation: store pickup and online payment are radios, chosen with Space.
  const store = page.getByTestId('ship-STORE');
  await tabTo(page, store);
  await page.keyboard.press('Space');
  await expect(store).toHaveClass(/adm-radio-checked/);
  const online = page.getByTestId('pay-ONLINE');
  await tabTo(page, online);
  await page.keyboard.press('Space');
  await expect(online).toHaveClass(/adm-radio-checked/);
  await expect(page.getByTestId('payable')).toContainText('$');
  await tabTo(page, page.getByTestId('submit-order'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cashier\?orderId=/);

  // The cashier: the wallet's radio, the pay password, then Pay.
  await expect(page.getByTestId('cashier-amount')).toContainText('$');
  // The methods are one radio group (issue 44): one Tab stop, on the chosen one; the arrows choose.
  const wallet = page.getByTestId('channel-wallet');
  await tabTo(page, page.locator('input[name="pay-method"]:checked'));
  for (let i = 0; i < 8 && !(await wallet.isChecked()); i += 1) await page.keyboard.press('ArrowDown');
  await expect(wallet).toBeChecked();
  await expect(wallet).toBeFocused();
  const password = page.getByTestId('pay-password');
  await tabTo(page, password);
  await expect(password).toHaveAccessibleName(t.cashier.payPassword);
  await page.keyboard.type(PAY_PASSWORD);
  const pay = page.getByTestId('pay');
  await expect(pay).toBeEnabled();

  // Read in order, the amount comes before the pay button, under the page's heading.
  const aria = await page.locator('body').ariaSnapshot();
  const amountAt = aria.indexOf((await page.getByTestId('cashier-amount').textContent()) as string);
  const headingAt = aria.indexOf(`heading "${t.cashier.title}" [level=1]`);
  const payAt = aria.indexOf(`button "${(await pay.textContent())?.trim()}"`);
  expect(headingAt, aria).toBeGreaterThanOrEqual(0);
  expect(amountAt, aria).toBeGreaterThan(headingAt);
  expect(payAt, aria).toBeGreaterThan(amountAt);
  expect(aria, 'one main landmark').toMatch(/- main/);

  await tabTo(page, pay);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pay-result-paid')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: t.result.title })).toBeVisible();
  // The result says so to a screen reader too: the heading first, then the outcome.
  await expect(page.getByTestId('pay-result-paid')).toContainText(t.result.paid);
  await tabTo(page, page.getByTestId('view-order'));
  await screenshot(page, 'keyboard-journey-result');
});
