import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { journeyLanguages } from './languages-sample.ts';
import { LANGUAGES, newPhonePage } from './shopper-support.ts';
import { screenshot } from './support.ts';

const consentText = (language: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../apps/web/src/shared/locales/${language}.json`), 'utf8'),
  ).consent.text as string;

/**
 * The third party is configured for this browser only, by answering the shop's config call, and its
 * address is one Playwright answers itself: nothing leaves the machine. `sent` lists what reached it.
 */
async function withThirdParty(page: Page, baseURL: string) {
  const sent: { name: string; url: string }[] = [];
  await page.route('**/v1/analytics/config', (route) =>
    route.fulfill({
      json: {
        code: '0',
        msg: '',
        data: { thirdParty: { provider: 'plausible', domain: 'shop.test', endpoint: `${baseURL}/plausible-sink` } },
      },
    }),
  );
  await page.route('**/plausible-sink/api/event', (route) => {
    sent.push(JSON.parse(route.request().postData() ?? '{}'));
    return route.fulfill({ status: 202, body: 'ok' });
  });
  // Layout shifts, to show the bar moves nothing when it comes and goes.
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return sent;
}
const cls = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

test('nothing goes to the third party before the visitor agrees; the answer is remembered', async ({
  browser,
  baseURL,
}) => {
  const page = await newPhonePage(browser, baseURL as string, 'kh');
  const sent = await withThirdParty(page, baseURL as string);
  await page.goto('/h5/');
  const bar = page.getByTestId('consent-bar');
  await expect(bar).toContainText(consentText('kh'));
  // Above the tab bar: the shop's own controls stay within reach while it waits.
  const tabs = await page.locator('.bottom-bar').first().boundingBox();
  const box = await bar.boundingBox();
  expect(box && tabs && box.y + box.height <= tabs.y + 1).toBe(true);
  await screenshot(page, 'consent-bar-kh');
  await page.getByTestId('product-card').first().click();
  await expect(page).toHaveURL(/\/h5\/product/);
  await page.waitForTimeout(500);
  expect(sent).toEqual([]);

  await page.getByTestId('consent-allow').click();
  await expect(bar).toHaveCount(0);
  await expect.poll(() => sent.length).toBe(1);
  expect(sent[0]).toMatchObject({ name: 'pageview', domain: 'shop.test', url: `${baseURL}/h5/product` });
  expect(await cls(page)).toBeLessThanOrEqual(0.05);
  // Remembered: no question after a reload, and views go on.
  await page.goto('/h5/ContactUs');
  await expect.poll(() => sent.map((s) => s.url)).toContain(`${baseURL}/h5/ContactUs`);
  await expect(page.getByTestId('consent-bar')).toHaveCount(0);
  await page.context().close();
});

test('a visitor who says no is not asked again and nothing is sent', async ({ browser, baseURL }) => {
  const page = await newPhonePage(browser, baseURL as string, 'en-US');
  const sent = await withThirdParty(page, baseURL as string);
  await page.goto('/h5/categories');
  await page.getByTestId('consent-deny').click();
  await expect(page.getByTestId('consent-bar')).toHaveCount(0);
  await page.goto('/h5/ContactUs');
  await page.goto('/h5/');
  await page.waitForTimeout(800);
  await expect(page.getByTestId('consent-bar')).toHaveCount(0);
  expect(sent).toEqual([]);
  expect(await cls(page)).toBeLessThanOrEqual(0.05);
  await page.context().close();
});

for (const language of journeyLanguages(LANGUAGES, 'consent'))
  test(`the question in ${language}; no question without a third party`, async ({ browser, baseURL }) => {
    const page = await newPhonePage(browser, baseURL as string, language);
    await withThirdParty(page, baseURL as string);
    await page.goto('/h5/personal');
    await expect(page.getByTestId('consent-bar')).toContainText(consentText(language));
    const plain: BrowserContext = await browser.newContext({ baseURL });
    const other = await plain.newPage();
    const asked = other.waitForResponse((r) => r.url().includes('/v1/analytics/config'));
    await other.goto('/h5/personal');
    expect((await (await asked).json()).data.thirdParty).toBeNull();
    await other.waitForTimeout(300);
    await expect(other.getByTestId('consent-bar')).toHaveCount(0);
    await plain.close();
    await page.context().close();
  });
