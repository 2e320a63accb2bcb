import { expect, test } from '@playwright/test';
import { buyingTexts, logInWithSms, newPhone } from './buying-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { anItemPriced, buyNow } from './shopper-support.ts';
import { screenshot, useLanguage } from './support.ts';

/**
 * Go live, part 1: KHQR settles through Bakong. The cashier shows the code and waits; the shop's
 * local Bakong stand-in (a person "scans and pays" it on its page, in another tab) records the
 * transaction, the shop's job finds it by the code's MD5, and the cashier moves on by itself.
 */
for (const language of journeyLanguages(['en-US', 'kh'] as const, 'khqr')) {
  test(`${language}: an order paid by KHQR on the Bakong simulator in another tab; the cashier moves to the paid result without reload`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const t = buyingTexts(language);
    const origin = baseURL as string;
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, language, origin);
    await logInWithSms(page, origin, newPhone());
    await buyNow(page, await anItemPriced(request, 100, 5000));
    await page.getByTestId('pay-ONLINE').click();
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/cashier\?orderId=/);
    const amount = (await page.getByTestId('cashier-amount').textContent()) as string;

    await page.getByTestId('channel-khqr').click();
    await page.getByTestId('pay').click();
    await expect(page.getByTestId('khqr-image')).toBeVisible();
    await expect(page.getByTestId('khqr-waiting')).toHaveText(t.cashier.khqrWaiting);
    const payload = (await page.locator('.buy-khqr').textContent()) as string;
    // Not paid yet: "I have paid" asks Bakong, which has seen nothing; the cashier stays.
    await page.getByTestId('khqr-paid').click();
    await expect(page.getByText(t.cashier.khqrNotYet)).toBeVisible();
    await screenshot(page, `khqr-cashier-${language}`);
    const cashierUrl = page.url();

    // The simulator's page, in another tab, from the cashier's link.
    const [sim] = await Promise.all([context.waitForEvent('page'), page.getByTestId('khqr-simulator').click()]);
    await sim.waitForLoadState();
    await expect(sim.getByTestId('sim-qr')).toHaveValue(payload);
    await expect(sim.getByTestId('sim-amount')).toHaveText(
      `USD ${amount.replace(/[^0-9.]/g, '').replace(/\.00$/, '')}`,
    );
    await sim.setViewportSize({ width: 390, height: 844 });
    await screenshot(sim, `khqr-simulator-${language}`);
    await sim.getByTestId('sim-pay').click();
    await expect(sim.getByTestId('sim-paid')).toBeVisible();

    // The cashier, untouched, moves on once the shop has heard from Bakong.
    await page.bringToFront();
    expect(page.url()).toBe(cashierUrl);
    await expect(page).toHaveURL(/\/outPayment\?orderId=/, { timeout: 30_000 });
    await expect(page.getByTestId('pay-result-paid')).toBeVisible();
    await expect(page.getByText(t.result.paid)).toBeVisible();
    await screenshot(page, `khqr-paid-${language}`);
  });
}
