import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { formatRiel, rielFromCents } from '../../packages/contracts/src/riel.ts';
import { axeViolations } from './a11y-support.ts';
import { logInWithSms, newPhone } from './buying-support.ts';
import { DESKTOP, E2E_OWNER, ownerToken, signIn } from './console-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { anItemPriced, buyNow } from './shopper-support.ts';
import { screenshot, useLanguage } from './support.ts';

/**
 * Riel beside dollars (issue 47): a shopper pays a KHQR in riel through the local Bakong stand-in;
 * the cashier's choice, the code's card and the stand-in's page carry the same riel amount, and
 * finance sees the rate and the takings per currency in the console.
 */
test.describe.configure({ mode: 'serial' });

/** The riel amount in a text ("៛16,000 · $3.90", or in Khmer digits), as a number. */
const rielOf = (text: string) =>
  Number(
    (text.match(/៛([\d,០-៩]+)/)?.[1] ?? '')
      .replace(/[០-៩]/g, (d) => String(d.charCodeAt(0) - 0x17e0))
      .replace(/,/g, ''),
  );
const settingsTexts = (language: 'en-US' | 'kh') =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/settings/locales/${language}.json`),
      'utf8',
    ),
  );
/** The order paid in riel by the journeys, for the console's order list below. */
const paidInRiel: { orderNo: string }[] = [];

/** The languages the riel journey walks in this run (languages-sample.ts): each pays one order in riel. */
const RIEL_JOURNEYS = journeyLanguages(['en-US', 'kh'] as const, 'riel');

for (const language of RIEL_JOURNEYS) {
  const khmerDigits = language === 'kh';
  const riel = (amount: number) => formatRiel(amount, { khmerDigits });

  test(`${language}: riel first, KHQR in riel paid on the Bakong stand-in; confirmation, cashier, code, result and order show the locked riel, across a rate change; cash shows the riel to collect`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const origin = baseURL as string;
    /** The value of a labelled row (the order's confirmation and detail). */
    const value = (testId: string) => page.getByTestId(testId).locator(':scope > :last-child');
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, language, origin);
    const token = await logInWithSms(page, origin, newPhone());
    const shopper = async (url: string) => {
      const answer = await (await request.get(url, { headers: { authorization: `Bearer ${token}` } })).json();
      expect(answer.code, answer.msg).toBe('0');
      return answer.data;
    };

    // Settings › Price display: riel first (in kh, with Khmer digits).
    const texts = settingsTexts(language);
    await page.goto(`${origin}/h5/settingsPrices`);
    await page.getByRole('radio', { name: new RegExp(`^${texts.prices['riel-first']}`) }).check();
    await expect(page.getByTestId('price-display-riel-first')).toBeChecked();
    if (khmerDigits) {
      await page.getByRole('switch', { name: new RegExp(`^${texts.prices.khmerDigits}`) }).check();
      await expect(page.getByTestId('price-khmer-digits')).toBeChecked();
    }

    // The order's confirmation: riel first at the day's rate.
    await buyNow(page, await anItemPriced(request, 100, 5000));
    await page.getByTestId('pay-ONLINE').click();
    const payable = value('payable');
    await expect(payable).toHaveText(/^៛/);
    const confirmed = rielOf((await payable.textContent()) as string);
    expect(confirmed % 100).toBe(0);
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/cashier\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId') as string;

    // The cashier: its amount and its riel quote are the confirmation's riel.
    await expect(page.getByTestId('cashier-amount')).toHaveText(new RegExp(`^${riel(confirmed)}`));
    const quote = await shopper(`/v1/h5/new/cashier/refresh?orderId=${orderId}`);
    expect(quote.riel.amountRiel).toBe(confirmed);
    await page.getByTestId('channel-khqr').click();
    const choice = page.getByTestId('khqr-currency');
    await expect(choice).toBeVisible();
    await page.getByTestId('khqr-in-riel').check();
    await expect(choice).toContainText(riel(confirmed));
    await expect(page.getByTestId('pay')).toContainText(riel(confirmed));
    expect(await axeViolations(page, `cashier riel ${language}`)).toEqual([]);
    await screenshot(page, `riel-cashier-choice-${language}`);
    await page.setViewportSize({ width: 360, height: 640 });
    await screenshot(page, `riel-cashier-choice-${language}-360`);
    await page.setViewportSize({ width: 390, height: 844 });

    // The code: the riel the server locked with the payment (read over HTTP) is the one shown.
    await page.getByTestId('pay').click();
    await expect(page.getByTestId('khqr-image')).toBeVisible();
    const stored = (await shopper(`/v1/pay/query?orderId=${orderId}`)).lastPayment;
    expect(stored).toMatchObject({ channel: 'khqr', riel: { amountRiel: confirmed, khrPerUsd: quote.riel.khrPerUsd } });
    const locked: number = stored.riel.amountRiel;
    const lockedRate: number = stored.riel.khrPerUsd;
    await expect(page.getByTestId('khqr-riel')).toContainText(riel(locked));
    await screenshot(page, `riel-khqr-${language}`);

    const [sim] = await Promise.all([context.waitForEvent('page'), page.getByTestId('khqr-simulator').click()]);
    await sim.waitForLoadState();
    await expect(sim.getByTestId('sim-amount')).toHaveText(`KHR ${locked}`);
    await sim.getByTestId('sim-pay').click();
    await expect(sim.getByTestId('sim-paid')).toBeVisible();
    await sim.close();

    // The result repeats the riel paid and the locked rate.
    await page.bringToFront();
    await expect(page).toHaveURL(/\/outPayment\?orderId=/, { timeout: 30_000 });
    await expect(page.getByTestId('pay-result-paid')).toBeVisible();
    const result = page.getByTestId('pay-result-riel');
    await expect(result).toContainText(riel(locked));
    await expect(result).toContainText(riel(lockedRate));
    expect(await axeViolations(page, `paid in riel ${language}`)).toEqual([]);
    await screenshot(page, `riel-paid-${language}`);
    await page.setViewportSize({ width: 360, height: 640 });
    await screenshot(page, `riel-paid-${language}-360`);
    await page.setViewportSize({ width: 390, height: 844 });

    // The order's detail: the amount paid in riel first, and its riel at the locked rate.
    await page.getByTestId('view-order').click();
    await expect(page).toHaveURL(/\/orderDetail\?orderId=/);
    await expect(value('detail-paid')).toHaveText(new RegExp(`^${riel(locked)} · `));
    await expect(page.getByTestId('detail-paid-riel')).toContainText(riel(locked));
    await expect(page.getByTestId('detail-paid-riel')).toContainText(riel(lockedRate));
    expect(await axeViolations(page, `order paid in riel ${language}`)).toEqual([]);
    await screenshot(page, `riel-order-paid-${language}`);
    paidInRiel.push({ orderNo: (await shopper(`/v1/order/detail?orderId=${orderId}`)).orderNo });

    // Staff change the rate (the console's call): prices follow it, the paid order keeps its riel.
    const owner = { authorization: `Bearer ${await ownerToken(request)}` };
    const setRate = async (khrPerUsd: number) => {
      const answer = await (
        await request.post('/admin-api/v1/currency/rate/set', { headers: owner, data: { khrPerUsd } })
      ).json();
      expect(answer.code, answer.msg).toBe('0');
    };
    const newRate = lockedRate + 250;
    await setRate(newRate);
    try {
      await page.reload();
      await expect(value('detail-total')).toHaveText(
        new RegExp(`^${riel(rielFromCents(quote.payableCents, newRate))} · `),
      );
      expect(rielFromCents(quote.payableCents, newRate)).not.toBe(locked);
      await expect(value('detail-paid')).toHaveText(new RegExp(`^${riel(locked)} · `));
      await expect(page.getByTestId('detail-paid-riel')).toContainText(riel(locked));
      await screenshot(page, `riel-order-paid-after-rate-${language}`);
      await page.setViewportSize({ width: 360, height: 640 });
      await screenshot(page, `riel-order-paid-after-rate-${language}-360`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${origin}/h5/outPayment?orderId=${orderId}`);
      await expect(page.getByTestId('pay-result-riel')).toContainText(riel(locked));
      expect((await shopper(`/v1/pay/query?orderId=${orderId}`)).lastPayment.riel).toEqual(stored.riel);
    } finally {
      await setRate(lockedRate);
    }

    // Cash at the store: the order's detail shows the riel to collect, as the server keeps it.
    await buyNow(page, await anItemPriced(request, 100, 5000));
    await page.getByTestId('pay-CASH').click();
    await expect(page.getByTestId('pay-CASH')).toHaveClass(/adm-radio-checked/);
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/[?&]orderId=/);
    const cashOrderId = new URL(page.url()).searchParams.get('orderId') as string;
    const cash = (await shopper(`/v1/order/detail?orderId=${cashOrderId}`)).cashRiel;
    expect(cash).toMatchObject({ khrPerUsd: lockedRate });
    expect(cash.amountRiel % 100).toBe(0);
    await page.goto(`${origin}/h5/orderDetail?orderId=${cashOrderId}`);
    await expect(page.getByTestId('detail-cash-riel')).toContainText(riel(cash.amountRiel));
    await expect(page.getByTestId('detail-cash-riel')).toContainText(riel(cash.khrPerUsd));
    expect(await axeViolations(page, `cash in riel ${language}`)).toEqual([]);
    await screenshot(page, `riel-cash-order-${language}`);
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
    // The order list names the currency each order was paid in.
    await page.goto('/admin/orders');
    await page.getByRole('tab', { name: 'All', exact: true }).click();
    for (const { orderNo } of paidInRiel) {
      await page.getByTestId('order-search').locator('input').fill(orderNo);
      await page.getByTestId('order-search').locator('input').press('Enter');
      const row = page.getByTestId('order-table').locator('tbody tr.ant-table-row', { hasText: orderNo });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('order-row-paid-in')).toHaveText('KHR');
    }
    expect(paidInRiel.length, 'the journeys above paid in riel').toBe(RIEL_JOURNEYS.length);
    await expect(page.locator('thead')).toContainText('Paid in');
    expect(await axeViolations(page, 'console orders paid in')).toEqual([]);
    await screenshot(page, 'console-orders-paid-in');
    await page.goto('/admin/finance/currency');
    await page.getByTestId('language-select').click();
    await page.getByTitle('ខ្មែរ').click();
    await expect(page.getByTestId('page-title')).toHaveText('អត្រាប្តូរប្រាក់រៀល (រៀលក្នុងមួយដុល្លារ)');
    expect(await axeViolations(page, 'console riel rate kh')).toEqual([]);
    await screenshot(page, 'console-riel-rate-kh');
    await page.goto('/admin/orders');
    await expect(page.locator('thead')).toContainText('បង់ជារូបិយប័ណ្ណ');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'console-riel-rate-390');
  });
});
