import { expect, type Page, test } from '@playwright/test';
import { journeyLanguages } from './languages-sample.ts';
import { ROUTE_TABLE } from './routes.ts';
import { screenshot, signInByApi, useLanguage } from './support.ts';

/**
 * Routes whose screens other lines are building now (prepaid card, overseas channel) or
 * this line has not landed yet: until they land they must still show the 404 page, never a
 * placeholder. A line that lands takes its routes out of this list (the test fails otherwise).
 */
export const PENDING: readonly string[] = [
  // None: every route of the table has its screen (the partner programme, issue 25, was the last).
];

type Seen = { notFound: boolean; real: boolean; errors: string[] };

/**
 * Opens a route and waits until its screen has settled: its lazy module loaded, and something
 * beyond the title bar shown (text or a picture) with no spinner left, or the 404 page. A screen
 * that stays a bare title bar is blank. A visitor on a shopper's screen gets the login prompt.
 */
async function open(page: Page, route: string, errors: string[]): Promise<Seen> {
  errors.length = 0;
  await page.goto(`/h5${route}`, { waitUntil: 'domcontentloaded' });
  const settled = () => {
    const area = document.querySelector('.page-area') as HTMLElement | null;
    if (!area || area.querySelector('.page-fallback')) return null;
    if (document.querySelector('[data-testid="error-page"]')) return { notFound: true, real: false };
    const busy = area.querySelector('.adm-dot-loading, .adm-skeleton, [aria-busy="true"], .adm-spin-loading');
    // What is shown, not what the DOM holds: hence innerText (laid out, hidden text left out).
    const shown = (el: HTMLElement | null) =>
      // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what a shopper sees
      el?.innerText.trim().length ?? 0;
    const text = shown(area) - shown(area.querySelector('.page-header'));
    const pictures = area.querySelectorAll('img, canvas').length;
    // A screen for shoppers opened by a visitor asks to log in first (spec §6, §8): a real screen too.
    if (document.querySelector('.dialog .dialog__button--primary')) return { notFound: false, real: true };
    return !busy && (text > 0 || pictures > 0) ? { notFound: false, real: true } : null;
  };
  const seen = await page
    .waitForFunction(settled, undefined, { timeout: 8_000, polling: 100 })
    .then((handle) => handle.jsonValue() as Promise<Omit<Seen, 'errors'>>)
    .catch(() => ({ notFound: false, real: false }));
  return { ...seen, errors: [...errors] };
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(600_000);

for (const language of journeyLanguages(['en-US', 'chs', 'kh'] as const, 'route-table')) {
  test(`every route of the table opens a real screen in ${language} on a phone`, async ({ page, baseURL }) => {
    await useLanguage(page, language, baseURL as string);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const problems: string[] = [];
    for (const route of ROUTE_TABLE) {
      const seen = await open(page, route, errors);
      const pending = PENDING.includes(route);
      if (pending && !seen.notFound) problems.push(`${route}: has a screen now; take it out of PENDING`);
      if (!pending && seen.notFound) problems.push(`${route}: shows the 404 page`);
      if (!pending && !seen.notFound && !seen.real) problems.push(`${route}: blank`);
      if (seen.errors.length > 0) problems.push(`${route}: page error ${seen.errors.join('; ')}`);
    }
    expect(problems).toEqual([]);
  });
}

test('screens opened bare say what is missing and offer the way on', async ({ page, request, baseURL }) => {
  await useLanguage(page, 'kh', baseURL as string);
  for (const route of ['/product', '/details?productItemId=999999', '/productManuals?productId=x', '/parameter']) {
    await page.goto(`/h5${route}`);
    await expect(page.getByTestId('missing-page')).toContainText('សូមអភ័យទោស ទំនិញនេះលែងមានទៀតហើយ');
    await expect(page.getByTestId('missing-way-on')).toHaveAttribute('href', '/h5');
  }
  await screenshot(page, 'bare-product-kh');
  // A visitor's order: log in first.
  await page.goto('/h5/orderDetail?orderId=00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('detail-login')).toBeVisible();
  await page.getByTestId('to-login').click();
  await expect(page).toHaveURL(/\/h5\/login/);

  await signInByApi(page, request);
  for (const route of ['/orderDetail', '/orderDetail?orderId=00000000-0000-4000-8000-000000000000']) {
    await page.goto(`/h5${route}`);
    await expect(page.getByTestId('missing-page')).toHaveAttribute('data-kind', 'order');
    await expect(page.getByTestId('missing-way-on')).toHaveAttribute('href', '/h5/orderList');
  }
  for (const route of ['/orderConfirm', '/orderConfirm?preorderId=00000000-0000-4000-8000-000000000000']) {
    await page.goto(`/h5${route}`);
    await expect(page.getByTestId('confirm-nothing')).toBeVisible();
    await screenshot(page, 'bare-order-confirm-kh');
    await page.getByTestId('to-orders').click();
    await expect(page).toHaveURL(/\/h5\/orderList/);
  }
  await page.goto('/h5/cashier');
  await expect(page.getByTestId('cashier-no-order')).toBeVisible();
  await page.getByTestId('to-orders').click();
  await expect(page).toHaveURL(/\/h5\/orderList/);
});
