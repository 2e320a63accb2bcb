import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './a11y-support.ts';
import { DESKTOP, E2E_OWNER, signIn } from './console-support.ts';

/**
 * WCAG 2.0 / 2.1 A and AA (axe-core) on the operator console's main pages, signed in as the e2e
 * owner, in the console's three languages (issue 36): no serious or critical violation. `npm test`
 * runs a sample of the pages; `A11Y_ALL=1` runs every page of the console's menu.
 */
const ALL = process.env.A11Y_ALL === '1';
const SAMPLE = ['', 'orders', 'catalogue/products', 'finance/withdrawals', 'finance/ledger', 'support/users', 'staff'];
const EVERY = [
  ...SAMPLE,
  'analytics',
  'catalogue/categories',
  'catalogue/banners',
  'catalogue/tags',
  'catalogue/activities',
  'catalogue/content',
  'finance/coupons',
  'finance/campaigns',
  'finance/invitations',
  'topups',
  'overseas',
  'finance/loans',
  'bongloy',
  'finance/giftcards',
  'valuation',
  'support/notices',
  'support/partners',
  'support/sms',
  'audit',
  'settings',
];
const PAGES = ALL ? EVERY : SAMPLE;

test.use(DESKTOP);

/** Opens a console page and waits until its tables and forms have their data (no spinner left). */
async function openPage(page: Page, path: string) {
  await page.goto(`/admin/${path}`);
  await expect(page.getByTestId('signed-in-as')).toBeVisible();
  await page
    .locator('.ant-spin-spinning, .ant-skeleton-active')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  // Colours are read once transitions end (a button fading in is not yet its colour).
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 3_000,
    })
    .catch(() => undefined);
}

for (const language of ['en-US', 'chs', 'kh'] as const)
  test(`console pages in ${language}: no serious or critical axe violation`, async ({ page, baseURL }) => {
    test.setTimeout(60_000 + PAGES.length * 10_000);
    await page.context().addInitScript((lang) => localStorage.setItem('console.language', lang), language);
    await signIn(page, E2E_OWNER.login, E2E_OWNER.password);
    expect(baseURL).toBeTruthy();
    const found: string[] = [];
    for (const path of PAGES) {
      await openPage(page, path);
      found.push(...(await axeViolations(page, `/admin/${path}`)));
    }
    expect(found, found.join('\n')).toEqual([]);
  });
