import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

const dir = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Scrolls the page to its end (the most room a shopper can make) and checks that the middle of
 * `last` is inside the window and not covered by a fixed bar or header; keeps a picture of what the
 * phone shows then (the window only, not the full page, so fixed bars sit where the shopper sees them).
 */
export async function expectReachableAtTheEnd(page: Page, last: Locator, picture: string) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(100);
  const covered = await last.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return `outside the window at ${x},${y}`;
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === el || el.contains(hit)) ? null : `covered by ${hit?.outerHTML.slice(0, 120) ?? 'nothing'}`;
  });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(dir, `${picture}.png`) });
  expect(covered, picture).toBeNull();
}
