import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_OWNER } from './tests/console-support.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * A Bakong token that lapses in 3 days, within the shop's warning (7 days): with BAKONG_EMAIL the
 * account registered at the Bakong stand-in, the shop renews it through renew_token as it starts,
 * and the console's dashboard says when (console-bakong-topups.spec.ts). The stand-in reads only
 * its expiry, as it reads the token it makes itself.
 */
function lapsingBakongToken(days: number): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + days * 86_400;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'e2e-lapsing', exp })}.${part({ e2e: true })}`;
}

/** A free port and a fresh data folder, chosen once and inherited by the workers. */
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim();
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
}
/**
 * The turn of the journeys' languages (tests/languages-sample.ts): from the commit under test, chosen
 * once and inherited by the workers. E2E_ALL=1 walks every language.
 */
if (!process.env.E2E_SAMPLE) {
  let commit = '0';
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  } catch {
    // Not a git checkout: the first turn.
  }
  process.env.E2E_SAMPLE = String(Number.parseInt(commit.slice(0, 8), 16) || 0);
  if (process.env.E2E_ALL !== '1')
    console.log(
      `Journeys written per language walk one language each (turn ${process.env.E2E_SAMPLE}); E2E_ALL=1 walks them all.`,
    );
}
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || path.join(root, '.playwright-results.json') }],
  ],
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: {
    // The console's first owner is made the way an installation makes it: from the command line.
    command: [
      `"${path.join(root, 'node_modules/.bin/node')}" apps/server/src/cli/create-owner.ts --login ${E2E_OWNER.login} --name "${E2E_OWNER.name}" --if-absent`,
      // The production bundle (`npm run build`), as `npm start` runs it.
      `"${path.join(root, 'node_modules/.bin/node')}" apps/server/dist/main.mjs`,
    ].join(' && '),
    cwd: root,
    url: `${baseURL}/ready`,
    // Generous: the first owner is created (a migration pass) before the server starts and seeds the demo shop.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR as string,
      LOG_LEVEL: 'warn',
      DEMO_DATA: '1',
      RATE_LIMIT_PER_MINUTE: '100000',
      // The bridge test frames the shop from another local origin, as a wallet app's page would.
      FRAME_ANCESTORS: "'self' http://localhost:*",
      JOB_POLL_MS: '500',
      // The sandbox bank answers the shop a few seconds after the shopper is sent back, as a real
      // bank may: every result page is seen confirming first, then settling by itself.
      SANDBOX_CALLBACK_DELAY_MS: '3000',
      // The top-up simulator keeps an unknown outcome (numbers ending in 98/99) unknown for two
      // minutes, so the console's "Ask again" and "Refund" meet it unknown even on a slow machine.
      TOPUP_SIM_SETTLE_MS: '120000',
      // Renewed by the shop as it starts (see lapsingBakongToken): the stand-in's registered email.
      BAKONG_TOKEN: lapsingBakongToken(3),
      BAKONG_EMAIL: 'payments@angkormall.example',
      // Every journey comes from 127.0.0.1: one address asking many SMS codes, as a whole office
      // behind one NAT would. The per-phone limits and the puzzle still apply.
      SMS_PER_IP_PER_DAY: '500',
      SMS_PUZZLE_FROM_IP: '400',
      STAFF_PASSWORD: E2E_OWNER.password,
      // Journeys run at any hour: no quiet hours for messages (their rule has its own tests).
      NOTIFY_QUIET_HOURS: 'off',
    },
  },
});
