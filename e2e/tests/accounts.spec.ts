import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { journeyLanguages } from './languages-sample.ts';
import { dragSliderTo, findGap } from './puzzle-support.ts';
import { fill, getCode, LANGUAGES, type Language, newPhone } from './shopper-support.ts';
import { screenshot, useLanguage } from './support.ts';

const texts = (language: Language) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/accounts/locales/${language}.json`),
      'utf8',
    ),
  );

const legal = (language: Language) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/legal/locales/${language}.json`),
      'utf8',
    ),
  );

async function confirm(page: Page) {
  await page.locator('.dialog__button--primary').click();
}

for (const language of journeyLanguages(LANGUAGES, 'accounts')) {
  test(`a new shopper's whole account journey in ${language}`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const t = texts(language);
    await useLanguage(page, language, baseURL as string);
    const phone = newPhone().phone;

    // Register from the personal centre, with an SMS code.
    await page.goto('/h5/personal');
    await page.getByTestId('personal-login').click();
    await expect(page).toHaveURL(/\/h5\/login$/);
    await page.getByTestId('login-submit').click();
    // Said on the field (form-errors.spec.ts checks how a screen reader hears it).
    await expect(page.getByTestId('field-error').first()).toHaveText(t.error.phone);
    await screenshot(page, `accounts-login-${language}`);
    // The privacy policy and the user agreement are one tap away from the box that accepts them.
    for (const [doc, link] of [
      ['privacy', t.privacyPolicy],
      ['terms', t.userAgreement],
    ] as const) {
      await page.getByTestId('agree').getByRole('link', { name: link }).click();
      await expect(page.getByTestId(`legal-${doc}`)).toContainText(legal(language)[doc].sections[0].heading);
      await expect(page.getByTestId(`legal-${doc}`)).toContainText('Angkor Mall');
      await screenshot(page, `accounts-legal-${doc}-${language}`);
      await page.goBack();
      await expect(page.getByTestId('login-submit')).toBeVisible();
    }
    await expect(page.getByTestId('agree').locator('input')).not.toBeChecked();
    await page.getByTestId('to-register').click();
    // The login page has a phone field too: wait for the register screen before typing.
    await expect(page.getByTestId('register-submit')).toBeVisible();
    await fill(page, 'phone', phone);
    const code = await getCode(page);
    await expect(page.getByTestId('send-code')).toContainText(/\d/);
    await fill(page, 'code', code);
    await fill(page, 'password', 'angkor2026');
    await fill(page, 'repeat-password', 'angkor2026');
    await fill(page, 'email', `first.${phone}@example.com`);
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('field-error')).toHaveText(t.error.agree);
    await page.getByTestId('agree').locator('.adm-checkbox-icon').click();
    await screenshot(page, `accounts-register-${language}`);
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/\/h5\/personal$/);
    await expect(page.getByTestId('personal-level')).toHaveText(t.level['0']);
    // Shown in the national grouping after +855 (096 123 4567 → +855 96 123 4567).
    const national = phone.slice(1);
    await expect(page.getByTestId('personal-name')).toHaveText(
      `+855 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`,
    );

    // Log out, then in again by password.
    await page.getByTestId('to-settings').click();
    await page.getByTestId('logout').click();
    await confirm(page);
    await expect(page.getByTestId('personal-login')).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}'));
    expect(stored).toMatchObject({ token: '', userId: '', userMobile: '', userEmail: '', thirdId: '' });
    await page.getByTestId('personal-login').click();
    await expect(page).toHaveURL(/\/h5\/login$/);
    await page.getByTestId('tab-password').click();
    await fill(page, 'phone', phone);
    await fill(page, 'password', 'angkor2026');
    await page.getByTestId('agree').locator('.adm-checkbox-icon').click();
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/h5\/personal$/);
    // The wallet and coupon tiles come from their own calls: a new shopper has nothing yet.
    await expect(page.getByTestId('tile-wallet')).toContainText('$0.00');
    await expect(page.getByTestId('tile-coupons')).toContainText('0');
    await expect(page.getByTestId('orders-waitpay')).toContainText(t.orderTab.waitpay);
    await screenshot(page, `accounts-personal-${language}`);

    // Pay password: a code to the own phone, then 6 digits twice.
    await page.getByTestId('to-settings').click();
    await expect(page.getByTestId('to-pay-password')).toContainText(t.notSet);
    await screenshot(page, `accounts-settings-${language}`);
    await page.getByTestId('to-pay-password').click();
    await fill(page, 'code', await getCode(page));
    await page.getByTestId('pay-code-submit').click();
    await page.getByTestId('pay-first').click();
    await page.keyboard.type('135790');
    await page.getByTestId('pay-second').click();
    await page.keyboard.type('135790');
    await screenshot(page, `accounts-pay-password-${language}`);
    await page.getByTestId('pay-submit').click();
    await expect(page).toHaveURL(/\/h5\/settings$/);
    await expect(page.getByTestId('to-pay-password')).toContainText(t.isSet);

    // Change the email.
    await page.getByTestId('to-email').click();
    await fill(page, 'email', 'not-an-email');
    await page.getByTestId('email-submit').click();
    await expect(page.getByTestId('field-error')).toHaveText(t.error.email);
    await fill(page, 'email', `new.${phone}@example.com`);
    await page.getByTestId('email-submit').click();
    await expect(page.getByTestId('to-email')).toContainText(`new.${phone}@example.com`);

    // Upload an avatar.
    await page.getByTestId('to-avatar').click();
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2e86de' } })
      .jpeg()
      .toBuffer();
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByTestId('avatar-image')).toBeVisible();
    // The re-encoded 256 px square, served to its owner.
    await expect
      .poll(() => page.getByTestId('avatar-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(256);
    await screenshot(page, `accounts-avatar-${language}`);

    // Redeem a Friend code (an expired one says so first).
    await page.goto('/h5/friendCode');
    await fill(page, 'fcode-input', 'WATER2024');
    const expired = page.waitForResponse((r) => r.url().includes('/v1/fcode/do'));
    await page.getByTestId('fcode-submit').click();
    expect((await (await expired).json()).code).toBe('USR00051');
    await fill(page, 'fcode-input', 'angkor2026');
    await page.getByTestId('fcode-submit').click();
    await expect(page.getByTestId('fcode-level')).toHaveText(t.level['1']);
    await screenshot(page, `accounts-friend-code-${language}`);

    // Bind Google through the OpenID provider, then unbind it.
    await page.goto('/h5/settingsBinding');
    await page.getByTestId('bind-google').click();
    await expect(page).toHaveURL(/\/dev\/oidc\/google\/authorize/);
    await page.locator('input[name="login_hint"]').fill(`Dara ${language}`);
    await page.locator('#oidc-continue').click();
    await expect(page).toHaveURL(/\/h5\/settingsBinding$/);
    await expect(page.getByTestId('binding-google')).toContainText(`Dara ${language}`);
    await screenshot(page, `accounts-binding-${language}`);
    await page.getByTestId('unbind-google').click();
    await confirm(page);
    await expect(page.getByTestId('bind-google')).toBeVisible();
  });
}

test('a Google shopper without a phone is sent to bind one, then comes back signed in', async ({ page }) => {
  await page.goto('/h5/login');
  await page.getByTestId('third-google').click();
  await page.locator('input[name="login_hint"]').fill(`Vanna ${Date.now()}`);
  await page.locator('#oidc-continue').click();
  await expect(page).toHaveURL(/\/h5\/bindingUser$/);
  await expect(page.getByTestId('binding-intro')).toContainText('Vanna');
  await fill(page, 'phone', newPhone().phone);
  await fill(page, 'code', await getCode(page));
  await screenshot(page, 'accounts-binding-user-en-US');
  await page.getByTestId('bind-submit').click();
  await expect(page).toHaveURL(/\/h5\/personal$/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}'));
  expect(stored.thirdType).toBe('google');
  expect(stored.userFullMobile).toMatch(/^\+85596/);
});

test('a guest on a protected screen gets the login prompt and comes back after logging in', async ({ page }) => {
  await page.goto('/h5/');
  await page.goto('/h5/settingsEmail');
  await expect(page.locator('.dialog')).toBeVisible();
  await screenshot(page, 'accounts-login-prompt-en-US');
  await confirm(page);
  await expect(page).toHaveURL(/\/h5\/login$/);
  await fill(page, 'phone', newPhone().phone);
  await fill(page, 'code', await getCode(page));
  await page.getByTestId('agree').locator('.adm-checkbox-icon').click();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/h5\/settingsEmail$/);
});

test('an expired token mid-session shows the login prompt once', async ({ page, request }) => {
  await page.goto('/h5/login');
  await fill(page, 'phone', newPhone().phone);
  await fill(page, 'code', await getCode(page));
  await page.getByTestId('agree').locator('.adm-checkbox-icon').click();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/h5\/personal$/);
  await expect(page.getByTestId('tile-wallet')).toBeVisible();
  // The server ends the session (as when it expires) while the page stays open with its token.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token);
  const ended = await (await request.post(`/v1/customer/logout?token=${token}`, { data: {} })).json();
  expect(ended.code).toBe('0');
  // The wallet screen makes its calls with the dead token (balances, the notices badge): one prompt.
  await page.getByTestId('to-wallet').click();
  await expect(page.locator('.dialog')).toHaveCount(1);
  await page.waitForTimeout(500);
  await expect(page.locator('.dialog')).toHaveCount(1);
  await screenshot(page, 'accounts-session-ended-en-US');
  await page.locator('.dialog__button:not(.dialog__button--primary)').click();
  await expect(page.locator('.dialog')).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}'));
  expect(stored.token).toBe('');
  // The failed read is not tried again without a token (that would prompt a second time).
  await page.waitForTimeout(1500);
  await expect(page.locator('.dialog')).toHaveCount(0);
  // Signed out now: the personal centre offers to log in, and no second prompt comes.
  await page.goBack();
  await expect(page.getByTestId('personal-login')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.locator('.dialog')).toHaveCount(0);
});

test('the slide puzzle appears when one phone asks too often: a wrong drop is refused, the gap found in the picture passes', async ({
  page,
}) => {
  const phone = newPhone().phone;
  await page.goto('/h5/login');
  await fill(page, 'phone', phone);
  await getCode(page);
  await page.goto('/h5/forgotPassword');
  await fill(page, 'phone', phone);
  await getCode(page);
  await page.goto('/h5/register');
  await fill(page, 'phone', phone);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('puzzle')).toBeVisible();
  await expect(page.locator('.acc-puzzle__board img').first()).toHaveJSProperty('naturalWidth', 300);
  await screenshot(page, 'accounts-puzzle-en-US');
  const firstPicture = (await page.locator('.acc-puzzle__piece').getAttribute('src')) as string;
  const verdict = page.waitForResponse((r) => r.url().includes('/v1/sms/verifyImageCode'));
  await page.getByTestId('puzzle-slider').focus();
  await page.keyboard.press('Enter');
  expect((await (await verdict).json()).code).toBe('USR00017');

  // A new picture comes; this time the piece is dragged into the gap the test finds in the image.
  await expect(page.locator('.acc-puzzle__piece')).not.toHaveAttribute('src', firstPicture);
  await expect(page.getByTestId('puzzle-slider')).toHaveValue('0');
  const target = await findGap(page);
  const passed = page.waitForResponse((r) => r.url().includes('/v1/sms/verifyImageCode'));
  const sent = page.waitForResponse((r) => r.url().includes('/v1/customer/sendsms'));
  await dragSliderTo(page, target);
  expect((await (await passed).json()).code).toBe('0');
  const answer = await (await sent).json();
  expect(answer.code).toBe('0');
  await expect(page.getByTestId('puzzle')).toHaveCount(0);
  await expect(page.getByTestId('send-code')).toContainText(/\d/);

  // The code that came after the puzzle registers the shopper.
  await fill(page, 'code', answer.data.devCode);
  await fill(page, 'password', 'mekong2026');
  await fill(page, 'repeat-password', 'mekong2026');
  await page.getByTestId('agree').locator('.adm-checkbox-icon').click();
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/h5\/personal$/);
});
