import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DESKTOP, E2E_OWNER, signIn } from './console-support.ts';
import { screenshot } from './support.ts';

test.use(DESKTOP);

const consoleText = (language: string, key: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../apps/admin/src/locales/${language}.json`), 'utf8'))[
    key
  ] as string;

test('the dashboard charts orders, sales, new shoppers and page views per day, in the operator’s language', async ({
  page,
}) => {
  // A view recorded now shows on today's point of the page-view chart.
  await page.request.post('/v1/analytics/pageviews', {
    headers: { apptype: 'h5', appversion: '1.0', language: 'en-US' },
    data: { events: [{ route: '/home', at: new Date().toISOString() }] },
  });
  await signIn(page, E2E_OWNER.login, E2E_OWNER.password);
  await expect(page).toHaveURL(/\/admin\/?$/);
  for (const key of ['orders', 'salesCents', 'newShoppers', 'pageViews'])
    await expect(page.getByTestId(`chart-${key}`).locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-total-pageViews')).toHaveText(/^30 days: [1-9]/);
  await screenshot(page, 'console-dashboard-en');

  for (const language of ['kh', 'chs']) {
    await page.evaluate((l) => localStorage.setItem('console.language', l), language);
    await page.reload();
    await expect(page.getByText(consoleText(language, 'chart.orders'))).toBeVisible();
    await expect(page.getByTestId('chart-salesCents').locator('canvas')).toBeVisible();
  }
  await page.evaluate(() => document.fonts.ready);
  await screenshot(page, 'console-dashboard-chs');
  await page.evaluate(() => localStorage.setItem('console.language', 'en-US'));
});
