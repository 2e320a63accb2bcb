import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const dir = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(dir, { recursive: true });

/** Keeps a phone-sized screenshot under e2e/screenshots/ for people to look at. */
export async function screenshot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Sets the shop's language cookie before the first page loads. */
export async function useLanguage(page: Page, language: 'en-US' | 'chs' | 'kh', baseURL: string) {
  await page.context().addCookies([{ name: 'language', value: language, url: baseURL }]);
}
