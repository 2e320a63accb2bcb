import { expect, test } from '@playwright/test';
import { DESKTOP, E2E_OWNER, ownerToken, signIn } from './console-support.ts';
import { screenshot } from './support.ts';

test('route changes reach the shop’s collector in batches; the console charts them', async ({ page, request }) => {
  const sent: number[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/v1/analytics/pageviews')) sent.push(JSON.parse(r.postData() ?? '{}').events.length);
  });
  const third: string[] = [];
  page.on('request', (r) => {
    if (/plausible|google-analytics/.test(r.url())) third.push(r.url());
  });
  const headers = { authorization: `Bearer ${await ownerToken(request)}` };
  const views = async () =>
    (await (await request.get('/admin-api/v1/analytics/pageviews?days=7&route=/smartVIP', { headers })).json()).data;
  const before = (await views()).routes.find((r: { route: string }) => r.route === '/smartVIP')?.sum ?? 0;

  await page.goto('/h5/?source=facebook');
  await page.getByTestId('product-card').first().click();
  await expect(page).toHaveURL(/\/h5\/product/);
  await page.goto('/h5/smartVIP');
  await page.getByRole('button').first().click();
  // One batch after the collector's interval, not a call per view; nothing to a third party unconfigured.
  await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(sent.reduce((a, n) => a + n, 0)).toBeGreaterThanOrEqual(1);
  await expect
    .poll(async () => (await views()).routes.find((r: { route: string }) => r.route === '/smartVIP')?.sum ?? 0)
    .toBeGreaterThan(before);
  expect(third).toEqual([]);
});

test.describe('console', () => {
  test.use(DESKTOP);
  test('the page-view charts', async ({ page }) => {
    await signIn(page, E2E_OWNER.login, E2E_OWNER.password);
    await page.goto('/admin/analytics');
    await expect(page.getByTestId('analytics-views').locator('canvas')).toBeVisible();
    await expect(page.getByTestId('analytics-funnel').locator('canvas')).toBeVisible();
    await screenshot(page, 'console-analytics');
  });
});
