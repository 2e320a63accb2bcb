import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { axeViolations } from './a11y-support.ts';
import { anItem } from './buying-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { LANGUAGES, type Language, newPhone } from './shopper-support.ts';
import { appRuns, screenshot, signInByApi, useLanguage } from './support.ts';

/**
 * A refused field is said to everyone (issue 36, WCAG 1.3.1, 3.3.1, 3.3.2, 4.1.2): each shopper
 * form submitted empty or wrong, in the three languages, marks each refused control
 * aria-invalid, describes it by its error text in the page's language (its accessible
 * description), names it by a visible label, and puts the focus on the first refused field; axe
 * finds no serious or critical violation in that state. A server's refusal of a field (its
 * catalogue error) is said on that field the same way. Then the rows and cards a shopper opens
 * by keyboard (shared/ui/ActionItem.tsx) and the coupon sheet's focus, and one h1 on a product.
 */

const locale = (feature: string, language: Language) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/${feature}/locales/${language}.json`),
      'utf8',
    ),
  );

/** An antd-mobile Input's native input (the test id is on its wrapper). */
const inner = (page: Page, testId: string) => page.getByTestId(testId).locator('input').first();

/** The control is refused with `text`: invalid, described by the text (after its own description, if any), labelled. */
async function expectRefused(control: Locator, text: string, { after = '' } = {}) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(after ? `${after} ${text}` : text);
  await expect(control).toHaveAccessibleName(/\S/);
}

async function expectNoAxeFinding(page: Page, where: string) {
  const found = await axeViolations(page, where);
  expect(found, found.join('\n')).toEqual([]);
}

async function open(page: Page, route: string) {
  await page.goto(`/h5${route}`);
  await appRuns(page);
}

for (const language of journeyLanguages(LANGUAGES, 'form-errors')) {
  test(`account forms submitted empty say each refused field, in ${language}`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const t = locale('accounts', language);
    await useLanguage(page, language, baseURL as string);

    // Log in: phone, code and agreement refused; the phone (first) has the focus.
    await open(page, '/login');
    await page.getByTestId('login-submit').click();
    const phone = inner(page, 'phone');
    await expectRefused(phone, t.error.phone);
    await expect(phone).toBeFocused();
    await expectRefused(inner(page, 'code'), t.error.codeLength);
    await expectRefused(page.getByTestId('agree').locator('input'), t.error.agree);
    await expectNoAxeFinding(page, `/login refused (${language})`);

    // A field put right loses its refusal on the next submit, and the focus goes to the next refused one.
    await phone.fill(newPhone().phone);
    await page.getByTestId('login-submit').click();
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
    await expect(inner(page, 'code')).toBeFocused();

    // The server's refusal of a field: a password login of a number with no account or a wrong
    // password (USR00027 / USR00020) is said on its field, in the catalogue's words for this language.
    await page.getByTestId('tab-password').click();
    await inner(page, 'password').fill('wrong12345');
    await page.getByTestId('agree').locator('.adm-checkbox-icon').click();
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/customer/login');
    await page.getByTestId('login-submit').click();
    const refusal = await (await answer).json();
    expect(['USR00020', 'USR00027']).toContain(refusal.code);
    const refused = refusal.code === 'USR00020' ? inner(page, 'password') : phone;
    await expectRefused(refused, refusal.msg);
    await expect(refused).toBeFocused();
    await expect(page.locator('#shop-toast')).toBeHidden();

    // Register: every field in order; the optional email only when it is not an email.
    await open(page, '/register');
    await inner(page, 'email').fill('not-an-email');
    await page.getByTestId('register-submit').click();
    await expect(inner(page, 'phone')).toBeFocused();
    await expectRefused(inner(page, 'phone'), t.error.phone);
    await expectRefused(inner(page, 'code'), t.error.codeLength);
    await expectRefused(inner(page, 'password'), t.error.passwordRequired);
    await expectRefused(inner(page, 'repeat-password'), t.error.repeatRequired);
    await expectRefused(inner(page, 'email'), t.error.email);
    await expectNoAxeFinding(page, `/register refused (${language})`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `form-errors-register-${language}`);

    // Forgot password: a password against the rule, a repeat that does not match.
    await open(page, '/forgotPassword');
    await inner(page, 'phone').fill(newPhone().phone);
    await inner(page, 'code').fill('1234');
    await inner(page, 'password').fill('short');
    await page.getByTestId('forgot-submit').click();
    await expect(inner(page, 'password')).toBeFocused();
    await expectRefused(inner(page, 'password'), t.error.passwordRule);
    await expect(inner(page, 'phone')).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeFinding(page, `/forgotPassword refused (${language})`);
  });

  test(`a shopper's forms submitted empty say each refused field, in ${language}`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(300_000); // eight forms, each scanned by axe: minutes on a loaded machine
    await useLanguage(page, language, baseURL as string);
    await signInByApi(page, request);

    // The address form: receiver first, every required field refused.
    const buying = locale('buying', language).address.errors;
    await open(page, '/addressEdit');
    await page.getByTestId('address-save').click();
    await expect(page.getByTestId('address-receiver')).toBeFocused();
    await expectRefused(page.getByTestId('address-receiver'), buying.receiver);
    await expectRefused(page.getByTestId('address-mobile'), buying.mobile);
    await expectRefused(page.getByTestId('address-province'), buying.province);
    await expectRefused(page.getByTestId('address-city'), buying.city);
    await expectRefused(page.getByTestId('address-district'), buying.district);
    await expectRefused(page.getByTestId('address-detail'), buying.detail);
    await expect(page.getByTestId('address-zipCode')).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeFinding(page, `/addressEdit refused (${language})`);
    await screenshot(page, `form-errors-address-${language}`);

    // A gift card's number and code.
    const gift = locale('giftcards', language);
    await open(page, '/giftCard/activateCard');
    await page.getByTestId('giftcard-submit').click();
    await expect(page.getByTestId('giftcard-number')).toBeFocused();
    await expectRefused(page.getByTestId('giftcard-number'), gift.enterCardNo);
    await expectRefused(page.getByTestId('giftcard-code'), gift.enterCode);
    await expectNoAxeFinding(page, `/giftCard/activateCard refused (${language})`);

    // The top-up number.
    const topup = locale('topup', language);
    await open(page, '/topup');
    await page.getByTestId('topup-submit').click();
    await expect(page.getByTestId('topup-phone')).toBeFocused();
    await expectRefused(page.getByTestId('topup-phone'), topup.invalidNumber);
    await expectNoAxeFinding(page, `/topup refused (${language})`);

    // A withdrawal: the amount first, the destination and the pay password.
    const wallet = locale('wallet', language);
    await open(page, '/emoneyWith');
    await page.getByTestId('withdraw-submit').click();
    await expect(inner(page, 'withdraw-amount')).toBeFocused();
    await expectRefused(inner(page, 'withdraw-amount'), wallet.enterAmount);
    await expectRefused(page.getByTestId('withdraw-bank'), wallet.enterDestination);
    await expectRefused(inner(page, 'withdraw-account-number'), wallet.enterDestination);
    await expectRefused(inner(page, 'withdraw-paypassword'), wallet.enterPayPassword);
    await expectNoAxeFinding(page, `/emoneyWith refused (${language})`);

    // A promotion code: empty, then one the server does not know (its catalogue's words).
    const coupons = locale('coupons', language);
    await open(page, '/coupon');
    await page.getByTestId('promo-submit').click();
    await expect(inner(page, 'promo-code')).toBeFocused();
    await expectRefused(inner(page, 'promo-code'), coupons.enterCode);
    await inner(page, 'promo-code').fill('NO-SUCH-CODE-36');
    const answer = page.waitForResponse((r) => r.url().includes('/v1/coupon/exchange'));
    await page.getByTestId('promo-submit').click();
    const refusal = await (await answer).json();
    expect(refusal.code).not.toBe('0');
    await expectRefused(inner(page, 'promo-code'), refusal.msg);
    await expectNoAxeFinding(page, `/coupon refused (${language})`);

    // The overseas link box.
    const overseas = locale('overseas', language);
    await open(page, '/Smilebuy');
    await page.getByTestId('haitao-link-open').click();
    await expect(page.getByTestId('haitao-link')).toBeFocused();
    await expectRefused(page.getByTestId('haitao-link'), overseas.linkRequired);
    await expectNoAxeFinding(page, `/Smilebuy refused (${language})`);

    // The password change.
    const accounts = locale('accounts', language);
    await open(page, '/settingsPassword');
    await page.getByTestId('password-submit').click();
    await expect(inner(page, 'password')).toBeFocused();
    await expectRefused(inner(page, 'password'), accounts.error.passwordRule);
    await expectNoAxeFinding(page, `/settingsPassword refused (${language})`);
  });

  test(`the card and loan applications submitted empty say each refused field, in ${language}`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await useLanguage(page, language, baseURL as string);
    await signInByApi(page, request);

    // The prepaid card application's first step: every required field, the first focused.
    const bongloy = locale('bongloy', language).step1;
    const required = (key: string) => bongloy.required.replace('{{field}}', bongloy[key]);
    await open(page, '/bongloy/step1');
    await page.getByTestId('step1-next').click();
    await expect(page.locator('[name="firstName"]')).toBeFocused();
    for (const key of ['firstName', 'lastName', 'passportId', 'email', 'birthplace', 'phone', 'verifycode'])
      await expectRefused(page.locator(`[name="${key}"]`), required(key === 'verifycode' ? 'code' : key));
    // The date's button is described by the day shown first ("Choose"), then by its refusal.
    await expectRefused(page.getByTestId('date-birthday'), required('birthday'), {
      after: locale('bongloy', language).date.choose,
    });
    await expectNoAxeFinding(page, `/bongloy/step1 refused (${language})`);

    // The loan application: every required field, the residence box, the first focused.
    const loans = locale('loans', language).form;
    await open(page, '/kmf');
    await page.getByTestId('loan-amount').fill('200');
    await page.getByTestId('loan-installments-2').click();
    await page.getByTestId('loan-apply').click();
    await page.getByTestId('consent-application').check();
    await page.getByTestId('consent-next').click();
    await page.getByTestId('loan-form-submit').click();
    await expect(page.getByTestId('loan-fullName')).toBeFocused();
    await expectRefused(page.getByTestId('loan-fullName'), loans.fieldRequired.replace('{{field}}', loans.fullName));
    await expectRefused(page.getByTestId('loan-income'), loans.fieldRequired.replace('{{field}}', loans.income));
    await expect(page.getByTestId('loan-email')).not.toHaveAttribute('aria-invalid', 'true');
    await expectRefused(page.getByTestId('loan-residence'), loans.residenceRequired);
    await expectNoAxeFinding(page, `/kmf/authorization refused (${language})`);
  });
}

const API = { apptype: 'h5', appversion: '1.0' };

/** Adds a delivery address through the address calls (the first province, district and commune). */
async function addressByApi(request: APIRequestContext, token: string) {
  const headers = { ...API, authorization: `Bearer ${token}` };
  const first = async (url: string) => (await (await request.get(url, { headers })).json()).data[0].code as string;
  const provinces = (await (await request.get('/v1/address/queryprovince', { headers })).json()).data as {
    code: string;
    served?: boolean;
  }[];
  const provinceCode = (provinces.find((p) => p.served !== false) ?? provinces[0]).code;
  const cityCode = await first(`/v1/address/querycity?provinceCode=${provinceCode}`);
  const districtCode = await first(`/v1/address/querydistrict?cityCode=${cityCode}`);
  const added = await (
    await request.post('/v1/address/addaddress', {
      headers,
      data: { receiver: 'Keo Bopha', mobile: '012345678', provinceCode, cityCode, districtCode, detail: 'Street 36' },
    })
  ).json();
  expect(added.code, added.msg).toBe('0');
}

/** Whether the focused element is `target` or inside it. */
const holdsFocus = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab until `target` holds the focus. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i += 1) {
    if (await holdsFocus(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the target');
}

test('keyboard: a settings row, the address row, an address, the coupon sheet and an order card open with Enter', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'en-US', baseURL as string);
  const { token } = await signInByApi(page, request);
  await addressByApi(request, token);

  // A settings row is a button the keyboard reaches, named by its text.
  await open(page, '/settings');
  const row = page.getByTestId('to-portrait');
  await expect(row).toHaveRole('button');
  await tabTo(page, row);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/h5\/portrait$/);

  // The order confirmation: its address row, by keyboard, to the address book; an address, by keyboard, back.
  await page.goto(`/h5/product?productItemId=${await anItem(request, 3)}`);
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('picker-buy-now').click();
  await expect(page).toHaveURL(/\/orderConfirm\?preorderId=/);
  const addressRow = page.getByTestId('confirm-address');
  await tabTo(page, addressRow);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/h5\/address\?choose=/);
  const pick = page.getByTestId('address-pick').first();
  await expect(pick).toHaveAccessibleName(/Keo Bopha/);
  await tabTo(page, pick);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orderConfirm\?preorderId=.*addressId=/);
  await expect(page.getByTestId('confirm-address')).toContainText('Keo Bopha');

  // The coupon row opens its sheet by keyboard; the focus is in it and stays in it; Escape closes
  // it and gives the focus back to the row.
  const couponRow = page.getByTestId('confirm-coupon');
  await tabTo(page, couponRow);
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAccessibleName(/\S/);
  await expect.poll(() => holdsFocus(sheet), 'the sheet takes the focus').toBe(true);
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
  expect(await holdsFocus(sheet), 'the focus stays in the sheet').toBe(true);
  await expect(sheet.getByTestId('coupon-option-none-row')).toHaveRole('button');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect.poll(() => holdsFocus(couponRow), 'the focus is back on the coupon row').toBe(true);

  // An order card is one link to its detail.
  await page.getByTestId('ship-STORE').click();
  await expect(page.getByTestId('ship-STORE')).toHaveClass(/adm-radio-checked/);
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('cashier-amount')).toContainText('$');
  await open(page, '/orderList');
  const card = page.getByTestId('order-link').first();
  await expect(card).toHaveRole('link');
  await tabTo(page, card);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orderDetail\?orderId=/);
});

test('a product page has one h1, its name', async ({ page, request }) => {
  await open(page, `/product?productItemId=${await anItem(request)}`);
  await expect(page.getByTestId('product-name')).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    (await page.getByTestId('product-name').textContent()) as string,
  );
});
