import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-support.ts';
import { logInWithSms, newPhone } from './buying-support.ts';
import { DESKTOP, E2E_OWNER, signIn } from './console-support.ts';
import { anItemPriced, buyNow } from './shopper-support.ts';
import { screenshot, useLanguage } from './support.ts';

/**
 * Riel beside dollars (issue 47): a shopper pays a KHQR in riel through the local Bakong stand-in;
 * the cashier's choice, the code's card and the stand-in's page carry the same riel amount, and
 * finance sees the rate and the takings per currency in the console.
 */
test.describe.configure({ mode: 'serial' });

const rielOf = (text: string) => (text.match(/៛([\d,]+)/)?.[1] ?? '').replace(/,/g, '');

for (const language of ['en-US', 'kh'] as const) {
  test(`${language}: KHQR in riel at the cashier, paid on the Bakong stand-in; the same riel amount throughout`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL as string;
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, language, origin);
    await logInWithSms(page, origin, newPhone());
    await buyNow(page, await anItemPriced(request, 100, 5000));
    await page.getByTestId('pay-ONLINE').click();
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/cashier\?orderId=/);

    await page.getByTestId('channel-khqr').click();
    const choice = page.getByTestId('khqr-currency');
    await expect(choice).toBeVisible();
    await page.getByTestId('khqr-in-riel').check();
    const quoted = rielOf((await choice.textContent()) as string);
    expect(Number(quoted) % 100).toBe(0);
    await expect(page.getByTestId('pay')).toContainText(`៛${Number(quoted).toLocaleString('en-US')}`);
    expect(await axeViolations(page, `cashier riel ${language}`)).toEqual([]);
    await screenshot(page, `riel-cashier-choice-${language}`);
    await page.setViewportSize({ width: 360, height: 640 });
    await screenshot(page, `riel-cashier-choice-${language}-360`);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByTestId('pay').click();
    await expect(page.getByTestId('khqr-image')).toBeVisible();
    const locked = page.getByTestId('khqr-riel');
    await expect(locked).toContainText(`៛${Number(quoted).toLocaleString('en-US')}`);
    await screenshot(page, `riel-khqr-${language}`);

    const [sim] = await Promise.all([context.waitForEvent('page'), page.getByTestId('khqr-simulator').click()]);
    await sim.waitForLoadState();
    await expect(sim.getByTestId('sim-amount')).toHaveText(`KHR ${quoted}`);
    await sim.getByTestId('sim-pay').click();
    await expect(sim.getByTestId('sim-paid')).toBeVisible();

    await page.bringToFront();
    await expect(page).toHaveURL(/\/outPayment\?orderId=/, { timeout: 30_000 });
    await expect(page.getByTestId('pay-result-paid')).toBeVisible();
    await screenshot(page, `riel-paid-${language}`);
  });
}

test.describe('the console', () => {
  test.use(DESKTOP);
  test('finance sets the day’s rate, sees its history and chart, and the takings per currency', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, E2E_OWNER.login, E2E_OWNER.password);
    await page.goto('/admin/finance/currency');
    await expect(page.getByTestId('page-title')).toHaveText('Riel rate (KHR per US dollar)');
    await expect(page.getByTestId('rate-current')).toContainText('per US dollar');
    await expect(page.getByTestId('rate-chart')).toBeVisible();
    await page.getByTestId('rate-input').fill('4120');
    await page.getByTestId('rate-save').click();
    // The new rate shows without a reload: the current line, the first row of the history.
    await expect(page.getByTestId('rate-current')).toContainText('៛4,120 per US dollar');
    const first = page.getByTestId('rate-history').locator('tbody tr.ant-table-row').first();
    await expect(first).toContainText('៛4,120');
    await expect(first).toContainText('owner');
    // The journeys above paid in riel today: a KHR line with the riel collected and its rounding.
    const takings = page.getByTestId('takings-table');
    await expect(takings).toContainText('KHR');
    await expect(takings).toContainText('៛');
    expect(await axeViolations(page, 'console riel rate')).toEqual([]);
    await screenshot(page, 'console-riel-rate');
    const download = page.waitForEvent('download');
    await page.getByTestId('takings-csv').click();
    const csv = await (await download).createReadStream();
    const text = await new Promise<string>((done) => {
      let all = '';
      csv.on('data', (c) => {
        all += c;
      });
      csv.on('end', () => done(all));
    });
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Day,Paid in,Payments,Booked (USD),Riel collected (KHR),Rounding (KHR)',
    );
    expect(text).toMatch(/\r\n\d{4}-\d{2}-\d{2},KHR,\d+,\d+\.\d{2},\d+00,-?\d+(\.\d+)?\r\n/);
    await page.getByTestId('language-select').click();
    await page.getByTitle('ខ្មែរ').click();
    await expect(page.getByTestId('page-title')).toHaveText('អត្រាប្តូរប្រាក់រៀល (រៀលក្នុងមួយដុល្លារ)');
    expect(await axeViolations(page, 'console riel rate kh')).toEqual([]);
    await screenshot(page, 'console-riel-rate-kh');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'console-riel-rate-390');
  });
});
