import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The owner the e2e server's start command creates with `staff:create-owner` (playwright.config.ts). */
export const E2E_OWNER = { login: 'owner', name: 'Shop Owner', password: 'E2eOwner2026pass' };

let ownerSignIn: Promise<string> | undefined;

/**
 * The e2e owner's console token for API calls, signed in once per test worker. The server allows a
 * login name 15 sign-ins a minute (STAFF_LOGIN_LIMITS), and a full run of journeys needs the owner
 * far more often than that; a bearer token outlives the request context that fetched it.
 */
export function ownerToken(request: APIRequestContext): Promise<string> {
  ownerSignIn ??= (async () => {
    const login = await (
      await request.post('/admin-api/v1/staff/login', {
        data: { login: E2E_OWNER.login, password: E2E_OWNER.password },
      })
    ).json();
    expect(login.code, login.msg).toBe('0');
    return login.data.token as string;
  })().catch((error) => {
    ownerSignIn = undefined;
    throw error;
  });
  return ownerSignIn;
}

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
