#!/usr/bin/env node
// `npm run test:fleet` (a release check: it takes minutes, docs/operations.md). On a PostgreSQL
// cluster of its own (never the machine's shared server, which it restarts) and s3rver:
//   1. deploys without 404s (scripts/fleet/deploy-check.mjs);
//   2. backups that restore (scripts/fleet/backup-check.mjs);
//   3. faults survived (scripts/fleet/fault-load.mjs): a mixed load through HAProxy for
//      FLEET_TEST_SECONDS (120) while one process is SIGKILLed every 20 s and started again, and
//      PostgreSQL restarted once, and partners down (Reloadly, PayWay, Bakong, the card issuer);
//      then the books are checked. FLEET_TEST_FAULTS (e.g. `card-issuer`) runs some faults only.
// Prints the figures; exits 1 when a check fails.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { backupCheck } from './fleet/backup-check.mjs';
import { deployCheck } from './fleet/deploy-check.mjs';
import { faultLoad } from './fleet/fault-load.mjs';
import { ensureDatabase, ensureDebianPackages, freePort, HAPROXY, startOwnPostgres, startS3 } from './fleet/parts.mjs';

const only = process.argv.slice(2);
const wants = (part) => only.length === 0 || only.includes(part);
ensureDebianPackages([HAPROXY]);
const dir = mkdtempSync(path.join(tmpdir(), 'shop-fleet-test-'));
// PostgreSQL runs as its own user: it must reach its folder inside this one.
chmodSync(dir, 0o755);
const postgres = await startOwnPostgres({
  dir: path.join(dir, 'postgres'),
  port: Number(process.env.FLEET_TEST_PG_PORT || 55432),
});
const s3 = await startS3({ dir: path.join(dir, 's3'), port: await freePort(), bucket: 'shop-files' });
const env = {
  PAYMENT_SECRET: 'fleet-test-secret-not-for-production-0123456789',
  PAY_PASSWORD_KEY: 'load-test-key-not-for-production-0123456789',
  FILE_LINK_SECRET: 'fleet-test-file-link-secret-0123456789',
  CARRIER_SECRET: 'fleet-test-carrier-secret-0123456789',
  ADMIN_DIST: '/nonexistent-admin-dist',
  // Every shopper of the load comes from 127.0.0.1: the per-address limits (proxy and processes) would refuse them.
  RATE_LIMIT_PER_MINUTE: '100000000',
  LOG_LEVEL: 'info',
  ...s3.env,
};
let failed = false;
try {
  if (wants('deploy')) {
    await ensureDatabase(postgres.url('postgres'), 'deploy');
    const started = performance.now();
    try {
      const figures = await deployCheck({ dir: path.join(dir, 'deploy'), databaseUrl: postgres.url('deploy'), env });
      console.log(
        `deploy: ${JSON.stringify(figures)} in ${Math.round((performance.now() - started) / 1000)} s: no 404`,
      );
    } catch (error) {
      failed = true;
      console.error(`deploy: FAILED ${error.message}${error.figures ? ` ${JSON.stringify(error.figures)}` : ''}`);
    }
  }
  if (wants('backup')) {
    const started = performance.now();
    try {
      const figures = await backupCheck({ dir: path.join(dir, 'backup'), postgres, env });
      console.log(
        `backup: ${JSON.stringify(figures)} in ${Math.round((performance.now() - started) / 1000)} s: restored`,
      );
    } catch (error) {
      failed = true;
      console.error(`backup: FAILED ${error.message}${error.figures ? ` ${JSON.stringify(error.figures)}` : ''}`);
    }
  }
  if (wants('faults')) {
    await ensureDatabase(postgres.url('postgres'), 'faults');
    const result = await faultLoad({
      dir: path.join(dir, 'faults'),
      postgres,
      databaseUrl: postgres.url('faults'),
      env,
    });
    if (!result.ok) failed = true;
  }
} finally {
  await s3.stop().catch(() => {});
  postgres.stop();
  if (!process.env.FLEET_TEST_KEEP) rmSync(dir, { recursive: true, force: true });
  else console.log(`kept: ${dir}`);
}
console.log(failed ? 'test:fleet FAILED' : 'test:fleet passed');
process.exit(failed ? 1 : 0);
