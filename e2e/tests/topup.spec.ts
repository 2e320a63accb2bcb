import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DESKTOP, E2E_OWNER, signIn } from './console-support.ts';
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
  for (const language of LANGUAGES)
    test(`a visitor sees the operator as the number is typed, in ${language}`, async ({ browser, baseURL }) => {
      const page = await newPhonePage(browser, baseURL as string, language);
      const t = texts(language);
      await page.goto('/h5/topup');
      await expect(page.locator('.page-header')).toContainText(t.title);
      const hint = page.getByTestId('topup-operator');
      await expect(hint).toHaveText(t.operatorHint);
      await page.getByTestId('topup-phone').fill('012 345 6');
      await expect(hint).toHaveText(t.invalidNumber);
      await page.getByTestId('topup-phone').fill('012 345 678');
      await expect(hint).toHaveText(t.operatorIs.replace('{{operator}}', 'Cellcard'));
      await page.getByTestId('topup-phone').fill('019 555 666');
      await expect(hint).toHaveText(t.unservedNumber);
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
