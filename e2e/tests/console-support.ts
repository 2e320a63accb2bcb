import { expect, type Page } from '@playwright/test';

/** The owner the e2e server's start command creates with `staff:create-owner` (playwright.config.ts). */
export const E2E_OWNER = { login: 'owner', name: 'Shop Owner', password: 'E2eOwner2026pass' };

/** The console is used on a desktop. */
export const DESKTOP = {
  viewport: { width: 1366, height: 900 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
};

export async function signIn(page: Page, login: string, password: string) {
  await page.goto('/admin/login');
  await page.getByTestId('login-name').fill(login);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('signed-in-as')).toBeVisible();
}

export async function signOut(page: Page) {
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

/** A login name no other test of this run uses (tests share one server). */
export function unique(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}
