import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ROUTE_TABLE } from './routes.ts';
import { LANGUAGES, type Language, newPhonePage } from './shopper-support.ts';
import { signInByApi } from './support.ts';

/**
 * WCAG 2.0 / 2.1 A and AA (axe-core) on the shop's screens, in the three languages, as a visitor
 * and signed in (issue 36): no serious or critical violation. `npm test` runs a sample of the
 * screens a shopper passes most; `npm run test:a11y` (A11Y_ALL=1) runs every route of the route table.
 */
const ALL = process.env.A11Y_ALL === '1';
const SAMPLE = [
  '/',
  '/categories',
  '/ProductSearchList?keyword=rice',
  '/cart',
  '/login',
  '/personal',
  '/settings',
  '/myWallet',
  '/coupon',
  '/invite',
  '/topup',
  '/giftCard',
  '/kmf',
  '/bongloy',
  '/Smilebuy',
  '/orderList',
  '/product?productItemId=999999999',
];
const ROUTES: readonly string[] = ALL ? ROUTE_TABLE : SAMPLE;
const CHUNK = 20;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical violations on the page as it is now, one line each. */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${where} · ${v.id} · ${String(n.target)} · ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
      ),
    );
}

/** Opens a route and waits until its screen has settled (the app runs it, no spinner left). */
async function openScreen(page: Page, route: string) {
  await page.goto(`/h5${route}`, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as { shopTakenOver?: boolean }).shopTakenOver === true);
  await page
    .locator('.adm-skeleton, .adm-spin-loading, .adm-dot-loading')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  // Colours are read once transitions end (a button fading from disabled is not yet its colour).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
}

const chunks = Array.from({ length: Math.ceil(ROUTES.length / CHUNK) }, (_, i) =>
  ROUTES.slice(i * CHUNK, (i + 1) * CHUNK),
);

test.describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  for (const language of LANGUAGES as Language[])
    for (const who of ['visitor', 'shopper'] as const)
      chunks.forEach((routes, index) => {
        test(`${who} screens ${index + 1}/${chunks.length} in ${language}`, async ({ browser, baseURL }) => {
          test.setTimeout(30_000 + routes.length * 8_000);
          const page = await newPhonePage(browser, baseURL as string, language);
          if (who === 'shopper') await signInByApi(page, page.request);
          const found: string[] = [];
          for (const route of routes) {
            await openScreen(page, route);
            found.push(...(await axeViolations(page, route)));
          }
          expect(found, found.join('\n')).toEqual([]);
          await page.context().close();
        });
      });
});
