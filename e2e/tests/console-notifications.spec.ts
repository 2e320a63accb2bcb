import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-support.ts';
import { DESKTOP, ownerToken } from './console-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { shipAnOrder } from './notify-support.ts';
import { screenshot, signInByApi } from './support.ts';

// The console's page of messages to shoppers (issue 46 point 6): today's counts and failures by
// channel, a shopper's message log, and each event's template in the three languages.

const LANGUAGES = ['en-US', 'chs', 'kh'] as const;
const texts = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../apps/admin/src/locales/${language}.json`), 'utf8'));

for (const language of journeyLanguages(LANGUAGES, 'console-notifications')) {
  test(`${language}: a shopper's messages, today's counts and the templates`, async ({ browser, baseURL, request }) => {
    const words = texts(language);
    // A shopper whose order is shipped: told in the shop and by SMS.
    const shopper = await signInByApi(await browser.newPage(), request);
    await shipAnOrder(request, shopper, `JTC-${Date.now().toString().slice(-9)}`);
    const phone = shopper.phone;

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
    await page.goto('/admin/');
    await page.getByRole('menuitem', { name: words['nav.notifications'] }).click();
    await expect(page.getByTestId('page-title')).toHaveText(words['notify.title']);
    const today = page.getByTestId('notify-today');
    await expect(today.locator('tr.ant-table-row')).toHaveCount(4); // in the shop, SMS, Telegram, push
    await expect(today.locator('tr.ant-table-row').nth(1)).toContainText(words['notify.channel.sms']);

    await page.getByTestId('notify-phone').locator('input').fill(phone);
    await page.getByTestId('notify-phone').locator('input').press('Enter');
    const log = page.getByTestId('notify-log');
    await expect(log.getByText('order.shipped').first()).toBeVisible({ timeout: 15_000 });
    // The shopper has a phone and nothing else linked: the shipped order went by SMS.
    const row = log.locator('tr.ant-table-row').filter({ hasText: 'order.shipped' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(words['notify.channel.sms']);
    await expect(row).toContainText(words['notify.state.sent']);

    await page.getByTestId('notify-template-event').click();
    await page.keyboard.type('order.shipped');
    await page.keyboard.press('Enter');
    const template = page.getByTestId('notify-template');
    await expect(template.locator('[lang="km"]')).toContainText('ការបញ្ជាទិញត្រូវបានដឹកជញ្ជូន');
    await expect(template.locator('[lang="zh-Hans"]')).toContainText('订单已发货');
    await expect(template.locator('[lang="en"]')).toContainText('Order shipped');

    expect(await axeViolations(page, `console notifications ${language}`)).toEqual([]);
    await screenshot(page, `console-notifications-${language}`);
    if (language === 'kh') {
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'console-notifications-kh-390');
    }
    await context.close();
  });
}
