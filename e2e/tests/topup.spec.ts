import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DESKTOP, E2E_OWNER, signIn } from './console-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { LANGUAGES, type Language, newPhonePage, setPayPassword, signUpBySms, staffDesk } from './shopper-support.ts';
import { screenshot } from './support.ts';
import { expectReachableAtTheEnd } from './viewport-support.ts';

/**
 * Phone top-up (issue 20): the operator named as the number is typed, the amounts, the cashier
 * (payable kind topup), the provider's answer, a refused top-up's money back, and the console.
 */
const texts = (language: Language) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/topup/locales/${language}.json`),
      'utf8',
    ),
  );

/** A new shopper's token, signed in over the API only (the page stays a visitor's). */
async function topupToken(request: APIRequestContext): Promise<string> {
  const headers = { apptype: 'h5', appversion: '1.0' };
  const phone = `012${String(Math.floor(100000 + Math.random() * 899999))}`;
  const sms = await (await request.post('/v1/customer/sendsms', { headers, data: { phone, type: 'login' } })).json();
  const login = await (
    await request.post('/v1/customer/registandlogin', {
      headers,
      data: { phone, code: sms.data.devCode, agree: true },
    })
  ).json();
  expect(login.code, login.msg).toBe('0');
  return login.data.token;
}

/** Types a number on /topup, picks an amount, and goes on to the cashier. */
async function topUp(page: Page, number: string, amountCents: number) {
  await page.goto('/h5/topup');
  await page.getByTestId('topup-phone').fill(number);
  await page.getByTestId(`topup-amount-${amountCents}`).click();
  await page.getByTestId('topup-submit').click();
  await expect(page).toHaveURL(/\/cashier\?orderId=.*kind=topup/);
}

/** Pays at the cashier from the wallet with the pay password. */
async function payByWallet(page: Page, payPassword: string) {
  await page.getByTestId('channel-row-wallet').click();
  await page.getByTestId('pay-password').fill(payPassword);
  await page.getByTestId('pay').click();
}

test.describe('phone top-up', () => {
  for (const language of journeyLanguages(LANGUAGES, 'topup'))
    test(`a visitor sees the operator as the number is typed, in ${language}`, async ({
      browser,
      baseURL,
      request,
    }) => {
      const page = await newPhonePage(browser, baseURL as string, language);
      const t = texts(language);
      await page.goto('/h5/topup');
      await expect(page.locator('.page-header')).toContainText(t.title);
      const hint = page.getByTestId('topup-operator');
      await expect(hint).toHaveText(t.operatorHint);
      // Still being typed: never called wrong while more digits could make it right.
      for (const typing of ['0', '0123', '012 345 6', '+855 1']) {
        await page.getByTestId('topup-phone').fill(typing);
        await expect(hint, typing).toHaveText(t.keepTyping);
      }
      await screenshot(page, `topup-typing-${language}`);
      // What nothing can make a Cambodian mobile number (a Phnom Penh landline) says what the server says.
      await page.getByTestId('topup-phone').fill('023 123 456');
      await expect(hint).toHaveText(t.invalidNumber);
      await page.getByTestId('topup-phone').fill('012 345 678');
      await expect(hint).toHaveText(t.operatorIs.replace('{{operator}}', 'Cellcard'));
      await page.getByTestId('topup-phone').fill('019 555 666');
      await expect(hint).toHaveText(t.unservedNumber);
      await page.setViewportSize({ width: 360, height: 640 });
      await screenshot(page, `topup-unserved-${language}-360`);
      await page.setViewportSize({ width: 390, height: 844 });
      // The server refuses the same numbers with the same words (catalogue TOP00002, TOP00003).
      const token = await topupToken(request);
      for (const [typed, text] of [
        ['023 123 456', t.invalidNumber],
        ['019 555 666', t.unservedNumber],
        ['0123', t.invalidNumber],
      ]) {
        const answer = await (
          await request.post('/v1/topup/order/create', {
            headers: { language, authorization: `Bearer ${token}` },
            data: { phone: typed, amountCents: 500 },
          })
        ).json();
        expect(answer.msg, typed).toBe(text);
      }
      await page.getByTestId('topup-phone').fill('+855 10 222 333');
      await expect(hint).toHaveText(t.operatorIs.replace('{{operator}}', 'Smart'));
      for (const cents of [100, 200, 500, 1000, 2000, 5000])
        await expect(page.getByTestId(`topup-amount-${cents}`)).toBeVisible();
      await screenshot(page, `topup-${language}`);
      await page.setViewportSize({ width: 360, height: 640 });
      await page.getByTestId('topup-amount-5000').click();
      await expect(page.getByTestId('topup-submit')).toBeInViewport({ ratio: 1 });
      await screenshot(page, `topup-${language}-360-form`);
      await expectReachableAtTheEnd(page, page.locator('.topup__steps li').last(), `topup-${language}-360-end`);
      await page.getByTestId('topup-submit').click(); // a visitor is asked to log in
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await screenshot(page, `topup-${language}-360`);
      await page.context().close();
    });

  test('the cashier’s pay password field fits its placeholder at 360×640 in the three languages', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const me = await signUpBySms(page);
    await setPayPassword(page, '246813');
    await (await staffDesk(request)).credit(me.e164, 'cash', 500, 'Refund of a cancelled store order');
    await topUp(page, '012 345 678', 100);
    await page.setViewportSize({ width: 360, height: 640 });
    for (const language of LANGUAGES) {
      await page.context().addCookies([{ name: 'language', value: language, url: baseURL as string }]);
      await page.reload();
      await page.getByTestId('channel-row-wallet').click();
      const field = page.getByTestId('pay-password');
      await expect(field).toBeVisible();
      // The placeholder's text, in its own font, is narrower than the field's inside.
      const fit = await field.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input, '::placeholder');
        const box = getComputedStyle(input);
        const probe = document.createElement('span');
        Object.assign(probe.style, {
          font: style.font,
          letterSpacing: style.letterSpacing,
          whiteSpace: 'pre',
          position: 'absolute',
          visibility: 'hidden',
        });
        probe.textContent = input.placeholder;
        document.body.append(probe);
        const text = probe.getBoundingClientRect().width;
        probe.remove();
        const inside = input.clientWidth - Number.parseFloat(box.paddingLeft) - Number.parseFloat(box.paddingRight);
        return { text, inside, placeholder: input.placeholder };
      });
      expect(fit.text, `${language}: ${fit.placeholder}`).toBeLessThanOrEqual(fit.inside);
      await field.scrollIntoViewIfNeeded();
      await screenshot(page, `topup-cashier-pin-${language}-360`);
    }
    await page.context().addCookies([{ name: 'language', value: 'en-US', url: baseURL as string }]);
  });

  test('a banner of type topup opens it with its amount and name', async ({ page }) => {
    await page.goto('/h5/topup?value=5&name=Top+up+your+phone');
    await expect(page.locator('.page-header')).toContainText('Top up your phone');
    await expect(page.getByTestId('topup-amount-500')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('topup-total')).toHaveText('$5.00');
  });

  test('a shopper tops up a number paid by wallet, a refused top-up comes back, and staff refund an unknown outcome', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const me = await signUpBySms(page);
    await setPayPassword(page, '246813');
    const desk = await staffDesk(request);
    await desk.credit(me.e164, 'cash', 2_000, 'Refund of a cancelled store order');

    await topUp(page, '012 345 678', 500);
    await expect(page.getByTestId('cashier-amount')).toContainText('$5.00');
    await payByWallet(page, '246813');
    await expect(page).toHaveURL(/\/topup\?record=/);
    const result = page.getByTestId('topup-result');
    await expect(result.getByTestId('topup-state')).toHaveText('Topped up', { timeout: 20_000 });
    await expect(result).toContainText('+855 12 345 678');
    await screenshot(page, 'topup-done');

    // A number the operator refuses (the simulator refuses numbers ending in 00): the money comes back.
    await topUp(page, '012 345 600', 200);
    await payByWallet(page, '246813');
    await expect(page.getByTestId('topup-result').getByTestId('topup-state')).toHaveText('Failed, money returned', {
      timeout: 20_000,
    });

    // The console: the simulator keeps a number ending in 98 pending (two minutes in the journeys' server).
    const desk2 = await browser.newContext({ baseURL, ...DESKTOP });
    const console = await desk2.newPage();
    await signIn(console, E2E_OWNER.login, E2E_OWNER.password);
    await topUp(page, '010 777 898', 100);
    await payByWallet(page, '246813');
    await expect(page.getByTestId('topup-result').getByTestId('topup-state')).toHaveText('Waiting for the operator');
    await console.goto('/admin/topups');
    await console.getByTestId('topup-phone').locator('input').fill('010 777 898');
    await console.getByTestId('topup-phone').locator('input').press('Enter');
    const rows = console.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Outcome unknown');
    await expect(rows.first()).toContainText('$1.00');
    // Its provider log: the send, and the provider's answer.
    await rows.first().locator('[data-testid^="topup-log-"]').click();
    await expect(console.getByTestId('topup-log-entry').first()).toContainText('Sent');
    await expect(console.getByTestId('topup-log-entry').first()).toContainText('PENDING');
    await screenshot(console, 'topup-console-log');
    await console.keyboard.press('Escape');
    // Ask again: still no outcome; then refund, which asks once more and gives the money back.
    await rows.first().locator('[data-testid^="topup-retry-"]').click();
    await expect(console.getByText('Now: Outcome unknown')).toBeVisible();
    await rows.first().locator('[data-testid^="topup-refund-"]').click();
    await console.getByTestId('topup-refund-reason').fill('The operator could not confirm it');
    await console.locator('.ant-modal-wrap:visible').getByRole('button', { name: 'Refund' }).click();
    await expect(console.getByText('Now: Failed, refunded')).toBeVisible();
    await console.getByRole('tab', { name: /^Failed, refunded/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('+855 10 777 898');
    await screenshot(console, 'topup-console');
    await console.getByRole('tab', { name: 'All' }).click();
    await console.getByTestId('topup-phone').locator('input').fill('');
    await console.getByTestId('topup-phone').locator('input').press('Enter');
    await expect(rows).not.toHaveCount(0);
    await desk2.close();

    await page.goto('/h5/topup/records');
    await expect(page.getByTestId('topup-record')).toHaveCount(3);
    await screenshot(page, 'topup-records');
    await page.goto('/h5/myWallet');
    await expect(page.getByTestId('wallet-cash')).toContainText('$15.00');
  });
});
