import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { screenshot } from './support.ts';

/**
 * Issue 19, the first console login: a fresh install (its own server, an empty data folder, no staff)
 * prints a one-time setup link; the first owner opens it on a phone, chooses a login, name and
 * password, lands in the console, signs out and in again, while the shop keeps answering.
 */

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

type Fresh = { base: string; link: string; child: ChildProcess; dataDir: string; output: () => string };
let fresh: Fresh;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-fresh-'));
  // The production bundle, as `npm start` runs it, on an empty folder: nobody has run staff:create-owner.
  const child = spawn(path.join(root, 'node_modules/.bin/node'), ['apps/server/dist/main.mjs'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    out += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  fresh = { base, link: '', child, dataDir, output: () => out };
  const deadline = Date.now() + 200_000;
  for (;;) {
    const match = out.match(/https?:\/\/\S+\/admin\/setup\?token=[\w-]+/);
    if (match) {
      fresh.link = match[0];
      break;
    }
    if (child.exitCode !== null) throw new Error(`the fresh shop ended (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) throw new Error(`the fresh shop printed no setup link:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (fresh?.child.exitCode === null) {
    const ended = new Promise((resolve) => fresh.child.on('exit', resolve));
    fresh.child.kill('SIGTERM');
    await ended;
  }
  if (fresh) rmSync(fresh.dataDir, { recursive: true, force: true });
});

/** The shop keeps answering: its page and a catalogue call. */
async function shopAnswers(page: Page) {
  const home = await page.request.get(`${fresh.base}/h5/`);
  expect(home.status()).toBe(200);
  const ready = await page.request.get(`${fresh.base}/ready`);
  expect(await ready.json()).toEqual({ status: 'ready' });
  const categories = await page.request.get(`${fresh.base}/v1/threelevelcategory/query`, {
    headers: { apptype: 'h5', appversion: '1.0', language: 'en-US' },
  });
  expect((await categories.json()).code).toBe('0');
}

const OWNER = { login: 'sokha', name: 'Sokha Chan', password: 'FirstOwner2026' };

test('the first owner opens the printed link, chooses login and password, and runs the console', async ({ page }) => {
  expect(fresh.link).toContain(`${fresh.base}/admin/setup?token=`);
  await shopAnswers(page);

  // Before setup, the console has nobody to sign in.
  await page.goto(`${fresh.base}/admin/`);
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.goto(fresh.link);
  await expect(page.getByTestId('setup-title')).toHaveText('Set up the console');
  await expect(page.getByTestId('setup-intro')).toContainText('This link works once');
  await screenshot(page, 'console-setup-form');
  // On a small phone, in Khmer (reloading the page does not spend the link).
  await page.setViewportSize({ width: 360, height: 640 });
  await page.evaluate(() => localStorage.setItem('console.language', 'kh'));
  await page.reload();
  await expect(page.getByTestId('setup-title')).toHaveText('រៀបចំកុងសូល');
  await expect(page.getByTestId('setup-intro')).toContainText('តំណនេះប្រើបានតែម្តង');
  await screenshot(page, 'console-setup-form-kh-360');
  await page.evaluate(() => localStorage.setItem('console.language', 'en-US'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('setup-title')).toHaveText('Set up the console');

  // A weak password is refused with the staff rules' message; the link stays usable.
  await page.getByTestId('setup-login').fill(OWNER.login);
  await page.getByTestId('setup-name').fill(OWNER.name);
  await page.getByTestId('setup-password').fill('weakpassword');
  await page.getByTestId('setup-repeat').fill('weakpassword');
  await page.getByTestId('setup-submit').click();
  await expect(page.getByTestId('setup-error')).toHaveText(
    'Password: at least 10 characters with both letters and digits',
  );
  await page.getByTestId('setup-password').fill(OWNER.password);
  await page.getByTestId('setup-repeat').fill(OWNER.password);
  await page.getByTestId('setup-submit').click();

  // In the console, signed in as the new owner, with the owner's sections.
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByTestId('signed-in-as')).toHaveText(OWNER.name);
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  await expect(page.getByText("Welcome: you are the shop's first owner")).toBeVisible();
  await expect(page.getByText("Welcome: you are the shop's first owner")).toBeHidden();
  await screenshot(page, 'console-setup-done');
  await shopAnswers(page);

  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByTestId('login-name').fill(OWNER.login);
  await page.getByTestId('login-password').fill(OWNER.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('signed-in-as')).toHaveText(OWNER.name);
  await page.goto(`${fresh.base}/admin/staff`);
  await expect(page.getByTestId('page-title')).toHaveText('Staff accounts');
  await expect(page.locator('body')).toContainText(OWNER.login);

  // The link worked once: opened again, it says so and points to the sign-in.
  await page.goto(fresh.link);
  await expect(page.getByTestId('setup-refused')).toHaveText(
    'This setup link has already been used: sign in with the account it created',
  );
  await screenshot(page, 'console-setup-used');
  await shopAnswers(page);
});

test('the used link is refused in Chinese and Khmer too, and on a small phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.addInitScript(() => localStorage.setItem('console.language', 'kh'));
  await page.goto(fresh.link);
  await expect(page.getByTestId('setup-title')).toHaveText('រៀបចំកុងសូល');
  await expect(page.getByTestId('setup-refused')).toHaveText('តំណរៀបចំនេះត្រូវបានប្រើរួចហើយ៖ សូមចូលដោយប្រើគណនីដែលវាបានបង្កើត');
  await screenshot(page, 'console-setup-used-kh-360');
  await page.addInitScript(() => localStorage.setItem('console.language', 'chs'));
  await page.reload();
  await expect(page.getByTestId('setup-title')).toHaveText('设置控制台');
  await expect(page.getByTestId('setup-refused')).toHaveText('此设置链接已被使用：请使用它创建的账号登录');
  await page.getByTestId('setup-to-login').click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
