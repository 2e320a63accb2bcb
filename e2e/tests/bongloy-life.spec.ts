import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { applicationNo, applyByUi } from './bongloy-support.ts';
import { DESKTOP, ownerToken, signIn } from './console-support.ts';
import { newPhonePage, setPayPassword, signUpBySms, staffDesk } from './shopper-support.ts';
import { confirmingThenSettled, payAtTheBank, screenshot, useLanguage } from './support.ts';

/**
 * The prepaid card after the application (issue 21): a card reviewer approves it in the console
 * (the issuer simulator issues the card), the shopper activates it and tops it up at the cashier;
 * and a refused application's fee comes back to the wallet.
 */
const enCommon = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/shared/locales/en-US.json'), 'utf8'),
);
const en = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/features/bongloy/locales/en-US.json'), 'utf8'),
);
const khCommon = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/shared/locales/kh.json'), 'utf8'),
);
const khMonths: string[] = khCommon.months;

/** Now in Phnom Penh, as the shop writes a Khmer date and time ("28 វិច្ឆិកា 2026, 07:35"), minutes apart. */
function khmerNowPattern(): RegExp {
  const at = new Date(Date.now() + 7 * 3600_000);
  const day = `${at.getUTCDate()} ${khMonths[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
  return new RegExp(`^${day}, \\d{2}:\\d{2}$`);
}

test('staff approve in the console, the shopper activates the card and tops it up; a refusal is refunded', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const page = await newPhonePage(browser, baseURL as string, 'en-US');
  const me = await signUpBySms(page);
  await setPayPassword(page, '246813');
  const desk = await staffDesk(request);
  await desk.credit(me.e164, 'cash', 5_000, 'Card test money');
  const first = await applyByUi(page, me.phone, '246813');
  await expect(page.locator('.adm-result-title')).toHaveText(en.state.REVIEW);

  // A card reviewer of their own role, made by the owner.
  const reviewer = { login: `cards${Date.now().toString(36)}`, password: 'Review2026pass!' };
  const made = await (
    await request.post('/admin-api/v1/staff/create', {
      headers: { authorization: `Bearer ${await ownerToken(request)}` },
      data: { ...reviewer, displayName: 'Card reviewer', roles: ['cardReview'] },
    })
  ).json();
  expect(made.code, made.msg).toBe('0');
  const consoleContext = await browser.newContext({ baseURL, ...DESKTOP });
  const staff = await consoleContext.newPage();
  await signIn(staff, reviewer.login, reviewer.password);
  await staff.goto('/admin/bongloy');
  const firstNo = await applicationNo(page, first);
  await staff.getByTestId(`bongloy-open-${firstNo}`).click();
  await expect(staff.getByTestId('bongloy-doc-passportInfo')).toBeVisible();
  await expect(staff.getByTestId('bongloy-doc-signature')).toBeVisible();
  await screenshot(staff, 'bongloy-console-review');
  await staff.getByTestId('bongloy-approve').click();
  const cardText = await staff.getByTestId('bongloy-card').first().textContent();
  const last4 = /(\d{4}) ·/.exec(cardText ?? '')?.[1] as string;
  expect(last4).toMatch(/^\d{4}$/);
  await screenshot(staff, 'bongloy-console-approved');

  // The shopper sees the card issued, activates it with the digits on it, and tops it up.
  await page.goto('/h5/bongloy');
  await expect(page.getByTestId('card-state')).toHaveText(en.card.state.ISSUED);
  await expect(page.getByTestId('card-number')).toHaveText('•••• •••• •••• ••••');
  await screenshot(page, 'bongloy-home-issued');
  await page.getByTestId('activate-card').click();
  await expect(page).toHaveURL(/cardActivationGuide/);
  await page.locator('[name="last4"]').fill(last4);
  await screenshot(page, 'bongloy-activation');
  await page.getByTestId('activate-submit').click();
  await expect(page).toHaveURL(/\/h5\/bongloy$/);
  await expect(page.getByTestId('card-state')).toHaveText(en.card.state.ACTIVE);
  await expect(page.getByTestId('card-number')).toHaveText(`•••• •••• •••• ${last4}`);
  await expect(page.getByTestId('card-balance')).toContainText('$0.00');

  await page.getByTestId('to-topup').click();
  await expect(page).toHaveURL(/\/bongloyTopUp$/);
  await page.getByTestId('topup-start').click();
  await page.getByTestId('topup-step1-next').click();
  await page.getByTestId('card-amount-2000').click();
  await page.getByTestId('topup-step2-next').click();
  await expect(page.getByTestId('topup-amount')).toHaveText('$20.00');
  await screenshot(page, 'bongloy-topup-step3');
  await page.getByTestId('topup-pay').click();
  await expect(page).toHaveURL(/\/cashier\?orderId=.*kind=bongloytopup/);
  // Paid at the bank: the page confirms the payment, then follows the issuer's answer by itself.
  await payAtTheBank(page);
  await expect(page).toHaveURL(/\/bongloy\/topUpSuccess\?id=.*result=success/);
  await confirmingThenSettled(page, async () => {
    await expect(page.locator('.adm-result-title')).toHaveText(en.topup.state.SUCCESS, { timeout: 30_000 });
  });
  await screenshot(page, 'bongloy-topup-success');
  // Its way on is named by where it leads (a card top-up has no application, issue 44), and the
  // top-up's detail names how it was paid, not the channel's code.
  await expect(page.getByTestId('topup-to-detail')).toHaveText(en.topup.detail);
  await page.getByTestId('topup-to-detail').click();
  await expect(page).toHaveURL(/\/bongloy\/topUpOrderDetail\?id=/);
  await expect(page.getByTestId('topup-paid-by')).toHaveText(enCommon.payment.method.sandbox);
  await page.setViewportSize({ width: 360, height: 640 });
  await screenshot(page, 'bongloy-topup-detail-360');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goBack();
  await page.getByTestId('topup-to-cards').click();
  await expect(page.getByTestId('card-balance')).toContainText('$20.00');
  await screenshot(page, 'bongloy-home-active');

  // In Khmer, the top-up's time is written the shop's way, in Phnom Penh time (not the browser's
  // "11/28/2026, 12:35:52 AM").
  await useLanguage(page, 'kh', baseURL as string);
  await page.goto('/h5/bongloyTopUp');
  const when = page.getByTestId('card-topup-row').first().locator('small');
  await expect(when).toHaveText(khmerNowPattern());
  await expect(page.getByTestId('card-number')).toBeVisible();
  await screenshot(page, 'bongloy-topup-home-kh');
  await page.getByTestId('card-topup-row').first().click();
  await expect(page.getByTestId('topup-created')).toHaveText(khmerNowPattern());
  await expect(page.getByTestId('topup-paid-by')).toHaveText(khCommon.payment.method.sandbox);
  await useLanguage(page, 'en-US', baseURL as string);
  await page.goto('/h5/bongloy');

  // The card's information pages: console-managed documents, rendered by the server.
  await page.getByTestId('to-faq').click();
  await expect(page).toHaveURL(/\/prepaidCardQa$/);
  await expect(page.locator('.page-header')).toContainText('Prepaid card questions');
  await expect(page.locator('main, body').first()).toContainText('How do I activate the card?');
  await screenshot(page, 'bongloy-faq');
  await page.goto('/h5/bongloy/shadowFromHTML?key=terms');
  await expect(page.locator('.page-header')).toContainText('Card service terms');
  await screenshot(page, 'bongloy-terms');
  await page.goto('/h5/kyc/faq');
  await expect(page.locator('.page-header')).toContainText('Identity check (KYC) questions');
  await page.goto('/h5/cardholderAgreement');
  await expect(page.locator('.page-header')).toContainText('Cardholder agreement');

  // A second application, refused with a reason: the fee comes back to the wallet, once.
  const second = await applyByUi(page, me.phone, '246813');
  await staff.goto('/admin/bongloy');
  await staff.getByTestId(`bongloy-open-${await applicationNo(page, second)}`).click();
  await staff.getByTestId('bongloy-refuse').click();
  await staff.getByTestId('bongloy-reason').fill('The selfie does not show the face clearly');
  // The dialog's own button (the drawer's "Refuse" that opened it has the same name), then the
  // dialog gone: the refusal was taken.
  const dialog = staff.getByRole('dialog').filter({ has: staff.getByTestId('bongloy-reason') });
  await dialog.getByRole('button', { name: 'Refuse' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.locator('.ant-drawer .ant-tag').first()).toContainText('Refused');
  await screenshot(staff, 'bongloy-console-refused');
  await page.goto(`/h5/bongloy/orderDetail?id=${second}`);
  await expect(page.getByTestId('state')).toHaveText(en.state.REFUSED);
  await expect(page.getByTestId('summary')).toContainText('The selfie does not show the face clearly');
  await screenshot(page, 'bongloy-refused');
  // Fees: 5.00 + 5.00 paid from the wallet, 5.00 back (the 20.00 top-up was paid at the bank):
  // 50.00 - 5.00 = 45.00.
  await page.goto('/h5/myWallet');
  await expect(page.locator('body')).toContainText('45.00');
  await consoleContext.close();
  await page.context().close();
});
