import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { NAV } from '../../apps/admin/src/nav.ts';
import { axeViolations } from './a11y-support.ts';
import { DESKTOP, ownerToken } from './console-support.ts';
import { journeyLanguages } from './languages-sample.ts';

/**
 * WCAG 2.0 / 2.1 A and AA (axe-core) on the operator console, signed in as the e2e owner, in the
 * console's three languages (issue 36): no serious or critical violation. `npm test` runs a sample
 * of the pages and one form showing its errors, each in one language by turns (languages-sample.ts);
 * `npm run test:a11y:console` (A11Y_ALL=1) runs every
 * page of the console's menu (nav.ts), the sign-in, setup and not-found pages, and the states an
 * operator reaches: every tab of a page, a product, banner, coupon or loan open, forms sent empty.
 */
const ALL = process.env.A11Y_ALL === '1';
const LANGUAGES = ['en-US', 'chs', 'kh'] as const;
type Language = (typeof LANGUAGES)[number];
const texts = (language: Language): Record<string, string> =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../apps/admin/src/locales/${language}.json`), 'utf8'));

const SAMPLE = ['', 'orders', 'catalogue/products', 'finance/withdrawals', 'finance/ledger', 'support/users', 'staff'];
/** Every page of the menu, and a link to no page. */
const EVERY = [...NAV.map((n) => n.path.slice(1)), 'no-such-page'];

/** Waits until a console page or a dialog has its data (no spinner left) and its colours (no transition running). */
async function settle(page: Page) {
  await page
    .locator('.ant-spin-spinning, .ant-skeleton-active')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 3_000,
    })
    .catch(() => undefined);
}

async function openPage(page: Page, route: string) {
  await page.goto(`/admin/${route}`);
  await expect(page.getByTestId('signed-in-as')).toBeVisible({ timeout: 30_000 });
  await settle(page);
}

/** A desktop page in `language`, signed in as the owner by token (sign-ins by name are rate limited). */
async function consolePage(browser: Browser, baseURL: string, language: Language, token: string | null) {
  const context = await browser.newContext({ ...DESKTOP, baseURL });
  await context.addInitScript(
    ([lang, session]) => {
      localStorage.setItem('console.language', lang as string);
      if (session) localStorage.setItem('console.token', session);
    },
    [language, token],
  );
  return context.newPage();
}

/** A state an operator reaches on a page: `reach` brings it about from the page as it opens. */
type State = { name: string; route: string; reach: (page: Page) => Promise<void> };

const dialog = (page: Page): Locator => page.locator('.ant-modal-wrap:visible, .ant-drawer-content-wrapper:visible');
const firstOf = (page: Page, prefix: string) => page.locator(`[data-testid^="${prefix}"]`).first();
/** Clicks the first of a list's buttons whose test ids start with `prefix`: a dialog opens. */
const openFirst = (prefix: string) => async (page: Page) => {
  await firstOf(page, prefix).click({ timeout: 20_000 });
  await expect(dialog(page).first()).toBeVisible();
};
/** Opens a form by `opener` and sends it empty (by `save`, else the dialog's primary button): its errors show. */
const sendEmpty = (opener: string, save?: string) => async (page: Page) => {
  await page.getByTestId(opener).click({ timeout: 20_000 });
  await expect(dialog(page).first()).toBeVisible();
  await settle(page);
  await (save ? page.getByTestId(save) : dialog(page).locator('.ant-btn-primary').last()).click();
  await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
};
/** Shows the page's tab numbered `index` (from 0) of its first tab bar. */
const tab = (index: number) => async (page: Page) => {
  await page.locator('.ant-tabs').first().getByRole('tab').nth(index).click();
  await expect(page.locator('.ant-tabs').first().getByRole('tab').nth(index)).toHaveAttribute('aria-selected', 'true');
};

const SAMPLE_STATES: State[] = [
  { name: 'a new banner sent empty', route: 'catalogue/banners', reach: sendEmpty('banner-new', 'banner-save') },
];
const STATES: State[] = [
  ...SAMPLE_STATES,
  { name: 'a product being edited', route: 'catalogue/products', reach: openFirst('product-edit-') },
  { name: 'a new product sent empty', route: 'catalogue/products', reach: sendEmpty('product-new', 'product-save') },
  { name: 'a category being edited', route: 'catalogue/categories', reach: openFirst('category-edit-') },
  { name: 'a new category sent empty', route: 'catalogue/categories', reach: sendEmpty('category-add-top') },
  { name: 'a banner being edited', route: 'catalogue/banners', reach: openFirst('banner-edit-') },
  { name: 'a new tag sent empty', route: 'catalogue/tags', reach: sendEmpty('tag-new', 'tag-save') },
  { name: 'a tag being edited', route: 'catalogue/tags', reach: openFirst('tag-edit-') },
  { name: 'a new activity sent empty', route: 'catalogue/activities', reach: sendEmpty('activity-new') },
  {
    name: 'a new content page sent empty',
    route: 'catalogue/content',
    reach: async (page) => {
      await page.getByTestId('content-new').click();
      await page.getByTestId('content-save').click();
      await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
    },
  },
  { name: 'a new coupon sent empty', route: 'finance/coupons', reach: sendEmpty('coupon-new') },
  {
    name: 'coupons being issued',
    route: 'finance/coupons',
    reach: async (page) => {
      await page.getByTestId('coupon-table').locator('tbody tr.ant-table-row').first().getByRole('button').click();
      await expect(dialog(page).first()).toBeVisible();
    },
  },
  { name: 'a new campaign page', route: 'finance/campaigns', reach: openFirst('campaign-new') },
  { name: 'the claim pages', route: 'finance/campaigns', reach: tab(1) },
  { name: 'a new gift card batch sent empty', route: 'finance/giftcards', reach: sendEmpty('giftcards-issue') },
  { name: 'a loan application open', route: 'finance/loans', reach: openFirst('loan-open-') },
  ...(['car', 'loans', 'repayments', 'extensions', 'blacklist', 'payouts'] as const).map(
    (key, i): State => ({ name: `the loans' tab ${key}`, route: 'finance/loans', reach: tab(i + 1) }),
  ),
  {
    name: 'a car loan open',
    route: 'finance/loans',
    reach: async (page) => {
      await tab(1)(page);
      await openFirst('car-loan-open-')(page);
    },
  },
  { name: 'the valuation models', route: 'valuation', reach: tab(1) },
  { name: 'the valuation visit hours', route: 'valuation', reach: tab(2) },
  {
    name: 'a valuation model being edited',
    route: 'valuation',
    reach: async (page) => {
      await tab(1)(page);
      await openFirst('eva-edit-')(page);
    },
  },
  {
    name: 'a shopper found by phone',
    route: 'support/users',
    reach: async (page) => {
      const phone = page.locator('input[data-testid="user-phone"], [data-testid="user-phone"] input');
      await phone.fill('010777777');
      await phone.press('Enter');
      await expect(page.getByTestId('user-card')).toBeVisible();
    },
  },
  {
    name: 'a notice sent empty',
    route: 'support/notices',
    reach: async (page) => {
      await page.getByTestId('notice-send').click();
      await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
    },
  },
  { name: 'a new staff member sent empty', route: 'staff', reach: sendEmpty('staff-new', 'staff-save') },
  { name: 'a setting being edited', route: 'settings', reach: openFirst('setting-edit-') },
];
const PAGES = ALL ? EVERY : SAMPLE;
const REACHED = ALL ? STATES : SAMPLE_STATES;
const chunk = <T>(list: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

test.describe('console accessibility (axe, WCAG 2.1 A and AA)', () => {
  for (const language of journeyLanguages(LANGUAGES, 'console accessibility: pages', ALL)) {
    chunk(PAGES, 10).forEach((routes, index, all) => {
      test(`console pages ${index + 1}/${all.length} in ${language}`, async ({ browser, baseURL, request }) => {
        test.setTimeout(60_000 + routes.length * 40_000);
        const page = await consolePage(browser, baseURL as string, language, await ownerToken(request));
        for (const route of routes) {
          await openPage(page, route);
          const found = await axeViolations(page, `/admin/${route}`);
          expect.soft(found, found.join('\n')).toEqual([]);
        }
        await page.context().close();
      });
    });

    chunk(REACHED, 6).forEach((states, index, all) => {
      test(`console states ${index + 1}/${all.length} in ${language}`, async ({ browser, baseURL, request }) => {
        test.setTimeout(60_000 + states.length * 50_000);
        const page = await consolePage(browser, baseURL as string, language, await ownerToken(request));
        for (const state of states) {
          await openPage(page, state.route);
          await state.reach(page);
          await settle(page);
          const found = await axeViolations(page, `/admin/${state.route} (${state.name})`);
          expect.soft(found, found.join('\n')).toEqual([]);
        }
        await page.context().close();
      });
    });

    if (ALL)
      test(`console sign-in (also sent empty) and setup in ${language}`, async ({ browser, baseURL }) => {
        test.setTimeout(180_000);
        const page = await consolePage(browser, baseURL as string, language, null);
        const check = async (where: string) => {
          await settle(page);
          const found = await axeViolations(page, where);
          expect.soft(found, found.join('\n')).toEqual([]);
        };
        await page.goto('/admin/setup');
        await check('/admin/setup');
        await page.goto('/admin/login');
        await expect(page.getByTestId('login-submit')).toBeVisible();
        await check('/admin/login');
        await page.getByTestId('login-submit').click();
        await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
        await check('/admin/login (sent empty)');
        await page.context().close();
      });
  }
});

/**
 * A field sent empty says so to a screen reader: its name is its label (a text in three languages
 * names each language's input), it is marked invalid and its error is its description.
 */
for (const language of journeyLanguages(LANGUAGES, 'console accessibility: form errors', ALL))
  test(`a form's errors are announced with their fields in ${language}`, async ({ browser, baseURL, request }) => {
    const t = texts(language);
    const page = await consolePage(browser, baseURL as string, language, await ownerToken(request));
    await openPage(page, 'catalogue/banners');
    await sendEmpty('banner-new', 'banner-save')(page);
    const name = page.getByTestId('banner-name-en-US');
    await expect(name).toHaveAccessibleName(`${t['catalogue.name']} · ${t['language.en-US']}`);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(t['common.required']);
    await name.fill('Rainy season');
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('banner-name-kh')).toHaveAttribute('aria-invalid', 'true');
    await page.context().close();
  });
