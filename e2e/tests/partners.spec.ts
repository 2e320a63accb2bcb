import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DESKTOP, E2E_OWNER, signIn, unique } from './console-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { fill, getCode, LANGUAGES, newPhone, newPhonePage, tickAgreement } from './shopper-support.ts';
import { screenshot } from './support.ts';

const partnerMessage = (language: string) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/accounts/locales/${language}.json`),
      'utf8',
    ),
  ).partnerRequired as string;

for (const language of journeyLanguages(LANGUAGES, 'partners')) {
  test(`a bank partner's customer logs in before anything else (${language})`, async ({ browser, baseURL }) => {
    const page = await newPhonePage(browser, baseURL as string, language);
    await page.goto('/h5/?source=aba');
    await expect(page).toHaveURL(/\/h5\/login\?partner=1&redirect=/);
    await expect(page.getByTestId('partner-login')).toHaveText(partnerMessage(language));
    // Any other page asks again; the agreement the login asks for stays open.
    await page.goto('/h5/cart');
    await expect(page).toHaveURL(/\/h5\/login\?partner=1&redirect=%2Fcart/);
    await page.goto('/h5/privacy');
    await expect(page).toHaveURL(/\/h5\/privacy$/);
    await page.goto('/h5/?source=aba');
    if (language === 'kh') await screenshot(page, 'partner-login-kh');
    await fill(page, 'phone', newPhone().phone);
    await fill(page, 'code', await getCode(page));
    await tickAgreement(page);
    await page.getByTestId('login-submit').click();
    // Back where they came to, and free to go on.
    await expect(page).toHaveURL(/\/h5\/?\?source=aba$/);
    await page.goto('/h5/cart');
    await expect(page).toHaveURL(/\/h5\/cart$/);
    await page.context().close();
  });
}

test('a shopper applies at /partnership; staff approve it in the console', async ({ browser, baseURL }) => {
  const page = await newPhonePage(browser, baseURL as string, 'chs');
  await page.goto('/h5/partnership');
  await expect(page.getByTestId('content-partner.programme')).toContainText('合作伙伴');
  await page.getByTestId('partner-login').click();
  await page.locator('.dialog__button--primary').click();
  await expect(page).toHaveURL(/\/h5\/login$/);
  await fill(page, 'phone', newPhone().phone);
  await fill(page, 'code', await getCode(page));
  await tickAgreement(page);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/h5\/partnership$/);
  const business = unique('Dara Phones ');
  await page.getByTestId('partner-submit').click(); // nothing typed: told what is missing
  await expect(page.locator('#shop-toast')).toHaveText('请填写您的姓名和商户名称');
  await fill(page, 'partner-contact', 'Sok Dara');
  await fill(page, 'partner-business', business);
  await fill(page, 'partner-note', 'Phones and top-up cards, Toul Kork market');
  await page.getByTestId('partner-submit').click();
  await expect(page.getByTestId('partner-status').locator('strong')).toHaveAttribute('data-state', 'pending');
  await expect(page.getByTestId('partner-form')).toHaveCount(0);
  await screenshot(page, 'partnership-pending-chs');

  const desk = await browser.newPage({ ...DESKTOP, baseURL });
  await signIn(desk, E2E_OWNER.login, E2E_OWNER.password);
  await desk.goto('/admin/support/partners');
  const row = desk.getByTestId('partner-table').locator('tr', { hasText: business });
  await expect(row).toBeVisible();
  await row.getByTestId(/^partner-approve-/).click();
  // The confirmation's own "yes" (its primary button), once it is open and still.
  await desk.locator('.ant-popconfirm:visible .ant-popconfirm-buttons .ant-btn-primary').click();
  await expect(row).toHaveCount(0);
  await screenshot(desk, 'console-partners');
  await desk.close();

  await page.reload();
  await expect(page.getByTestId('partner-status').locator('strong')).toHaveAttribute('data-state', 'approved');
  await expect(page.getByTestId('partner-status')).toContainText(business);
  await page.context().close();
});
