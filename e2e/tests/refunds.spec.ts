import { expect, test } from '@playwright/test';
import { logInWithSms, newPhone, orderIdOf } from './buying-support.ts';
import { ownerToken } from './console-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { anItemPriced, buyNow } from './shopper-support.ts';
import { screenshot, useLanguage } from './support.ts';

const TEXT = {
  'en-US': {
    title: 'Payments and refunds',
    toWallet: 'Refund to your wallet',
    transfer: 'bank transfer in progress',
    send: 'Send',
    sentOn: 'Refund sent on to your bank account',
    orderRefund: 'Order refund',
    bills: 'Bills',
  },
  kh: {
    title: 'ការទូទាត់ និងការបង្វិលប្រាក់',
    toWallet: 'បង្វិលប្រាក់ទៅកាបូបរបស់អ្នក',
    transfer: 'ការផ្ទេរប្រាក់តាមធនាគារកំពុងដំណើរការ',
    send: 'ផ្ញើ',
    sentOn: 'ប្រាក់សងវិញបានផ្ញើទៅគណនីធនាគាររបស់អ្នក',
    orderRefund: 'ការសងប្រាក់វិញនៃការបញ្ជាទិញ',
    bills: 'បញ្ជីវិក្កយបត្រ',
  },
} as const;

/**
 * Issue 43: money that goes back is seen. An order paid by KHQR on the Bakong simulator is refunded
 * by staff: Bakong has no refund call, so the money is in the shopper's wallet at once; the order
 * detail shows the payment and the refund, and the shopper sends it to the paying bank account
 * instead (the line changes without reload); the wallet's bills list the refund.
 */
for (const language of journeyLanguages(['en-US', 'kh'] as const, 'refunds #1')) {
  test(`${language}: a KHQR payment refunded: the order detail and the wallet show the payment and its refund`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    const origin = baseURL as string;
    // The smallest phone the shop is made for (360×640): the lines must read there.
    await page.setViewportSize({ width: 360, height: 640 });
    await useLanguage(page, language, origin);
    await logInWithSms(page, origin, newPhone());
    await buyNow(page, await anItemPriced(request, 100, 5000));
    await page.getByTestId('pay-ONLINE').click();
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/cashier\?orderId=/);
    const orderId = orderIdOf(page);
    await page.getByTestId('channel-khqr').click();
    await page.getByTestId('pay').click();
    await expect(page.getByTestId('khqr-image')).toBeVisible();
    const [sim] = await Promise.all([context.waitForEvent('page'), page.getByTestId('khqr-simulator').click()]);
    await sim.waitForLoadState();
    await sim.getByTestId('sim-pay').click();
    await expect(sim.getByTestId('sim-paid')).toBeVisible();
    await sim.close();
    await expect(page).toHaveURL(/\/outPayment\?orderId=/, { timeout: 30_000 });

    // Staff refund the order (out of stock): its KHQR money goes to the wallet at once.
    const token = await ownerToken(request);
    const res = await (
      await request.post('/admin-api/v1/orders/action', {
        data: { orderId, action: 'refund', reason: 'Out of stock' },
        headers: { authorization: `Bearer ${token}`, language: 'en-US' },
      })
    ).json();
    expect(res.code, res.msg).toBe('0');

    await page.goto(`/h5/orderDetail?orderId=${orderId}`);
    const list = page.getByTestId('payments-and-refunds');
    await expect(list).toBeVisible();
    await expect(list.getByRole('heading', { name: text.title })).toBeVisible();
    await expect(list.getByTestId('payment-line')).toHaveCount(1);
    const refund = list.getByTestId('refund-line');
    await expect(refund).toContainText(text.toWallet);
    await expect(refund).toHaveAttribute('data-state', 'REFUNDED');
    await screenshot(page, `refund-order-detail-${language}`);

    // Sent to the paying bank account instead: the line says so without a reload.
    await refund.getByRole('button').click();
    await page.getByRole('alertdialog').getByRole('button', { name: text.send, exact: true }).click();
    await expect(refund).toHaveAttribute('data-state', 'AWAITING_TRANSFER');
    await expect(refund).toContainText(text.transfer);
    await screenshot(page, `refund-to-bank-${language}`);

    await page.goto('/h5/myWallet/bills');
    await expect(page.getByTestId('my-refunds').getByTestId('refund-line')).toContainText(text.transfer);
    // The bills: the refund in, and the same money sent on to the bank, each named as what it is.
    const bills = page.getByTestId('bill-list').getByTestId('bill-line');
    await expect(bills.first()).toContainText(text.sentOn);
    await expect(bills).toHaveCount(2);
    await screenshot(page, `refund-bills-${language}`);
  });
}

/**
 * Issue 43, as a new shopper would do it: paid twice. A KHQR code is shown at the cashier and kept
 * in the banking app (the Bakong stand-in's page, left open); the shopper then pays the same order
 * by bank card, and later pays the KHQR code too. Bakong reports the second payment: the order is
 * paid once, the extra KHQR money goes back to the wallet at once (Bakong has no refund call), and
 * the order detail and the wallet's bills show both payments and the refund. (Two KHQR codes of one
 * order cannot both be paid here: a second tap shows the same code until it expires, 15 minutes.)
 */
for (const language of journeyLanguages(['en-US', 'kh'] as const, 'refunds #2')) {
  test(`${language}: paid twice, by bank card and by a KHQR code kept open: the extra KHQR payment goes back to the wallet, seen in the order detail and the bills`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    const origin = baseURL as string;
    await page.setViewportSize({ width: 360, height: 640 });
    await useLanguage(page, language, origin);
    const token = await logInWithSms(page, origin, newPhone());
    await buyNow(page, await anItemPriced(request, 100, 5000));
    await page.getByTestId('pay-ONLINE').click();
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/cashier\?orderId=/);
    const orderId = orderIdOf(page);

    // The KHQR code, opened in the banking app and not paid yet.
    await page.getByTestId('channel-khqr').click();
    await page.getByTestId('pay').click();
    await expect(page.getByTestId('khqr-image')).toBeVisible();
    // A second tap shows the same code (one live code per order), not a second one to pay.
    const code = await page.getByTestId('khqr-image').getAttribute('src');
    // Later than a double tap (two taps within 300 ms are one: the api client drops the second).
    await page.waitForTimeout(500);
    const again = page.waitForResponse((r) => r.url().includes('/v1/order/pay'));
    await page.getByTestId('pay').click();
    const second = await (await again).json();
    expect(second.code, second.msg).toBe('0');
    await expect(page.getByTestId('khqr-image')).toHaveAttribute('src', code as string);
    await expect(page.getByTestId('khqr-image')).toHaveCount(1);
    const [bank] = await Promise.all([context.waitForEvent('page'), page.getByTestId('khqr-simulator').click()]);
    await bank.waitForLoadState();
    await expect(bank.getByTestId('sim-pay')).toBeVisible();

    // Paid by bank card instead.
    await page.getByTestId('channel-sandbox').click();
    await page.getByTestId('pay').click();
    await page.getByRole('button', { name: /^Pay USD/ }).click();
    await expect(page.getByTestId('pay-result-paid')).toBeVisible({ timeout: 30_000 });

    // Then the KHQR code is paid as well.
    await bank.getByTestId('sim-pay').click();
    await expect(bank.getByTestId('sim-paid')).toBeVisible();
    await bank.close();

    // The shop hears of it from Bakong and gives it back to the wallet at once.
    await expect
      .poll(
        async () => {
          const answer = await (
            await request.get(`/v1/pay/refunds?orderId=${orderId}`, {
              headers: { authorization: `Bearer ${token}`, language },
            })
          ).json();
          return answer.data?.refunds?.map((r: { state: string }) => r.state) ?? [];
        },
        { timeout: 30_000 },
      )
      .toEqual(['REFUNDED']);

    await page.goto(`/h5/orderDetail?orderId=${orderId}`);
    const list = page.getByTestId('payments-and-refunds');
    await expect(list.getByRole('heading', { name: text.title })).toBeVisible();
    const payments = list.getByTestId('payment-line');
    await expect(payments).toHaveCount(2);
    await expect(list.locator('[data-testid=payment-line][data-role=PAID]')).toHaveCount(1);
    // In the order the money was taken (the card first, the code opened before it but paid after),
    // each with its time, written as the shop writes a date and time ("…, 15:50").
    await expect(payments.nth(0)).toHaveAttribute('data-role', 'PAID');
    await expect(payments.nth(1)).toHaveAttribute('data-role', 'EXTRA');
    for (const line of [payments.nth(0), payments.nth(1)])
      await expect(line.getByTestId('payment-time')).toHaveText(/\b\d{1,2}:\d{2}\b/);
    const refund = list.getByTestId('refund-line');
    await expect(refund).toContainText(text.toWallet);
    await expect(refund).toHaveAttribute('data-state', 'REFUNDED');
    await screenshot(page, `paid-twice-order-detail-${language}`);

    await page.goto('/h5/myWallet/bills');
    await expect(page.getByTestId('my-refunds').getByTestId('refund-line')).toContainText(text.toWallet);
    const bills = page.getByTestId('bill-list').getByTestId('bill-line');
    await expect(bills.first()).toContainText(text.orderRefund);
    await expect(bills).toHaveCount(1);
    // The list is named as one, and " · Cash" keeps together on one line at 360 px.
    await expect(page.locator('.page-header')).toContainText(text.bills);
    const account = bills.first().locator('.bill__account');
    await expect(account).toBeVisible();
    expect(await account.evaluate((span) => span.getClientRects().length)).toBe(1);
    await screenshot(page, `paid-twice-bills-${language}`);
  });
}
