import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './a11y-support.ts';
import { DESKTOP, ownerToken } from './console-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { screenshot, signInByApi } from './support.ts';

/**
 * Console › Finance › Gift cards sent (issue 46 point 5), in the console's three languages: a card a
 * shopper bought and sent is listed with buyer, recipient, amount and state; staff resend it and
 * cancel it (its money back to the buyer's wallet), the list showing the new state without a reload.
 */
const H5 = { apptype: 'h5', appversion: '1.0' };
const PAY = '246810';

/** A shopper with a pay password and $50 in the wallet who bought and paid a $15 card for `to`. */
async function paidGift(page: Page, request: Parameters<typeof ownerToken>[0], to: string) {
  const buyer = await signInByApi(page, request);
  const q = `token=${buyer.token}`;
  const code = await (
    await request.post(`/v1/customer/sendsms?${q}`, { headers: H5, data: { phone: '', type: 'paypwd' } })
  ).json();
  expect(code.code, code.msg).toBe('0');
  const set = await (
    await request.post(`/v1/customer/setpaypasswd?${q}`, {
      headers: H5,
      data: { payPassword: PAY, repeatPayPassword: PAY, code: code.data.devCode },
    })
  ).json();
  expect(set.code, set.msg).toBe('0');
  const owner = await ownerToken(request);
  const adjusted = await (
    await request.post('/admin-api/v1/finance/adjust', {
      headers: { authorization: `Bearer ${owner}` },
      data: {
        phone: buyer.phone,
        account: 'cash',
        amountCents: 5000,
        reason: 'e2e',
        requestId: `gift-${Date.now()}-${Math.random()}`,
      },
    })
  ).json();
  expect(adjusted.code, adjusted.msg).toBe('0');
  const made = await (
    await request.post(`/v1/giftcard/send?${q}`, {
      headers: H5,
      data: { amountCents: 1500, design: 'monsoon', message: 'For you', phone: to },
    })
  ).json();
  expect(made.code, made.msg).toBe('0');
  const paid = await (
    await request.post(`/v1/order/pay?${q}`, {
      headers: H5,
      data: { orderId: made.data.id, kind: 'giftcard', channel: 'wallet', payPassword: PAY },
    })
  ).json();
  expect(paid.code, paid.msg).toBe('0');
  return made.data.reference as string;
}

for (const language of journeyLanguages(['en-US', 'chs', 'kh'] as const, 'console-gift-purchases'))
  test(`${language}: finance sees a sent gift card, resends it and cancels it`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const shopperPage = await browser.newPage();
    const to = `0973${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const reference = await paidGift(shopperPage, request, to);
    await shopperPage.close();

    const context = await browser.newContext({ ...DESKTOP, baseURL });
    const token = await ownerToken(request);
    await context.addInitScript(
      ([lang, session]) => {
        localStorage.setItem('console.language', lang);
        localStorage.setItem('console.token', session);
      },
      [language, token],
    );
    const page = await context.newPage();
    await page.goto('/admin/finance/gift-purchases');
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText('$15.00');
    // The recipient's phone as dialled, like every phone in the console.
    await expect(row).toContainText(new RegExp(`${to.slice(0, 3)} ?${to.slice(3, 6)} ?${to.slice(6)}`));
    expect(await axeViolations(page, `console gift purchases ${language}`)).toEqual([]);
    await screenshot(page, `console-gift-purchases-${language}`);

    await row.getByRole('button').first().click();
    await page.locator('.ant-modal').getByRole('button').last().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await row.getByRole('button').last().click();
    await page.locator('#gift-cancel-reason').fill('The buyer asked');
    expect(await axeViolations(page, `console gift cancel ${language}`)).toEqual([]);
    await page.locator('.ant-modal').getByRole('button').last().click();
    await expect(row.locator('.ant-tag')).toHaveText(
      { 'en-US': 'Refunded', chs: '已退款', kh: 'បានសងប្រាក់វិញ' }[language],
    );
    await expect(row.getByRole('button')).toHaveCount(0);
    await context.close();
  });
