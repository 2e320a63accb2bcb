#!/usr/bin/env node
// `npm run fleet`: the shop as an operator runs it, on this machine. Debian's HAProxy in front of
// FLEET_SIZE shop processes (3) on the machine's PostgreSQL and an S3-compatible store (s3rver),
// Debian's Prometheus scraping every process and the proxy, its alarms sent by Debian's
// Alertmanager. A part that exits is started again (with backoff) while the others serve; only
// Ctrl-C stops the fleet. `npm run fleet:restart` (this script with `restart`) replaces the shop
// processes one at a time. docs/operations.md says what each part does.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { proxyHasUp, writeHaproxy } from './fleet/haproxy.mjs';
import {
  ALERTMANAGER,
  ensureDatabase,
  ensureDebianPackages,
  HAPROXY,
  PROMETHEUS,
  root,
  startAlertmanager,
  startHaproxy,
  startPrometheus,
  startS3,
  startShop,
  waitFor,
} from './fleet/parts.mjs';
import { rollingRestart, Supervisor } from './fleet/supervisor.mjs';

const env = process.env;
const size = Number(env.FLEET_SIZE || 3);
const proxyPort = Number(env.FLEET_PORT || 8080);
const prometheusPort = Number(env.PROMETHEUS_PORT || 9090);
const alertmanagerPort = Number(env.ALERTMANAGER_PORT || 9093);
const statsPort = Number(env.FLEET_STATS_PORT || 8404);
const s3Port = Number(env.FLEET_S3_PORT || 4569);
const firstShopPort = Number(env.FLEET_SHOP_PORT || 3101);
// Each process's /metrics on a port of its own, for Prometheus only.
const firstMetricsPort = Number(env.FLEET_METRICS_PORT || 9101);
const databaseUrl = env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/shop_fleet';
const dir = path.resolve(env.FLEET_DIR || path.join(root, 'data/fleet'));
const rateLimit = env.RATE_LIMIT_PER_MINUTE || '1200';
const publicUrl = env.PUBLIC_URL || `http://localhost:${proxyPort}`;
// The console only from these addresses (comma separated), at the proxy and in every process; anyone when unset.
const adminAllow = (env.ADMIN_ALLOW || '')
  .split(',')
  .map((item) => item.trim())
  .filter(Boolean);

const pidFile = path.join(dir, 'fleet.pid');
const restartedFile = path.join(dir, 'restarted');

// `node scripts/fleet.mjs restart`: asks the running fleet to replace its shop processes one at a
// time (SIGUSR2), and waits until it says it has.
if (process.argv[2] === 'restart') {
  if (!existsSync(pidFile)) throw new Error(`no fleet running (${pidFile} is missing): npm run fleet first`);
  const pid = Number(readFileSync(pidFile, 'utf8'));
  const before = existsSync(restartedFile) ? readFileSync(restartedFile, 'utf8') : '';
  process.kill(pid, 'SIGUSR2');
  console.log(`  Rolling restart of the fleet (pid ${pid}): one process at a time…`);
  for (const started = Date.now(); Date.now() - started < 600_000; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = existsSync(restartedFile) ? readFileSync(restartedFile, 'utf8') : '';
    if (now !== before) {
      console.log(`  ${now.trim()}`);
      process.exit(now.startsWith('done') ? 0 : 1);
    }
  }
  throw new Error('the fleet did not finish its rolling restart within 10 minutes');
}

ensureDebianPackages([HAPROXY, PROMETHEUS, ALERTMANAGER]);
for (const built of ['apps/server/dist/main.mjs', 'apps/web/dist/index.html', 'apps/admin/dist/index.html'])
  if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: npm run build first`);
mkdirSync(path.join(dir, 'logs'), { recursive: true });

// The secrets every process shares, made once and kept with the fleet's data.
const secretsFile = path.join(dir, 'secrets.json');
if (!existsSync(secretsFile)) {
  const secret = () => randomBytes(32).toString('base64url');
  writeFileSync(
    secretsFile,
    JSON.stringify({
      PAYMENT_SECRET: secret(),
      PAY_PASSWORD_KEY: secret(),
      FILE_LINK_SECRET: secret(),
      CARRIER_SECRET: secret(),
    }),
    { mode: 0o600 },
  );
}
const secrets = JSON.parse(readFileSync(secretsFile, 'utf8'));

const started = [];
const supervisors = [];
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log('\n  Stopping the fleet…');
  // Prometheus, Alertmanager and the proxy first (no new requests), then the processes drain
  // together, then the store they stand on.
  const shops = supervisors.filter((supervisor) => supervisor.port);
  for (const part of supervisors.filter((supervisor) => !supervisor.port).reverse()) await part.stop().catch(() => {});
  await Promise.all(shops.map((shop) => shop.stop().catch(() => {})));
  for (const part of started) await part.stop().catch(() => {});
  rmSync(pidFile, { force: true });
  process.exit(code);
}
// Only Ctrl-C (or SIGTERM to this script) stops the fleet.
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  const adminUrl = new URL(databaseUrl);
  const databaseName = adminUrl.pathname.slice(1);
  adminUrl.pathname = '/postgres';
  await ensureDatabase(adminUrl.toString(), databaseName);

  const s3 = await startS3({ dir: path.join(dir, 's3'), port: s3Port, bucket: 'shop-files' });
  started.push({ name: 's3rver', stop: s3.stop });

  const shopEnv = {
    DATABASE_URL: databaseUrl,
    DEMO_DATA: env.DEMO_DATA ?? '1',
    PUBLIC_URL: publicUrl,
    RATE_LIMIT_PER_MINUTE: rateLimit,
    LOG_LEVEL: env.LOG_LEVEL || 'info',
    ...(adminAllow.length ? { ADMIN_ALLOW: adminAllow.join(',') } : {}),
    ...s3.env,
    ...secrets,
  };
  const log = (text) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${text}`);
  const shops = [];
  for (let i = 0; i < size; i++) {
    const name = `shop${i + 1}`;
    const port = firstShopPort + i;
    const shop = new Supervisor({
      name,
      log,
      start: () =>
        startShop({
          name,
          port,
          metricsPort: firstMetricsPort + i,
          env: shopEnv,
          logFile: path.join(dir, 'logs', `${name}.log`),
        }),
      ready: (part) => waitFor(`${part.url}/ready`, 180_000, part.child),
    });
    shop.port = port;
    shop.metricsPort = firstMetricsPort + i;
    shops.push(shop);
    supervisors.push(shop);
  }
  // The first process migrates and seeds alone; the others then start together.
  await shops[0].start();
  await Promise.all(shops.slice(1).map((shop) => shop.start()));

  const configFile = writeHaproxy(path.join(dir, 'haproxy'), {
    bind: `0.0.0.0:${proxyPort}`,
    servers: shops.map((shop) => ({ name: shop.name, address: `127.0.0.1:${shop.port}` })),
    statsBind: `127.0.0.1:${statsPort}`,
    adminAllow,
  });
  const proxy = new Supervisor({
    name: 'haproxy',
    log,
    start: () =>
      startHaproxy({
        configFile,
        env: { SHOP_RATE_LIMIT_PER_MINUTE: rateLimit },
        logFile: path.join(dir, 'logs', 'haproxy.log'),
      }),
    ready: (part) => waitFor(`http://127.0.0.1:${proxyPort}/ready`, 30_000, part.child),
  });
  supervisors.push(proxy);
  await proxy.start();

  const alertmanager = new Supervisor({
    name: 'alertmanager',
    log,
    start: () =>
      startAlertmanager({
        dir: path.join(dir, 'alertmanager'),
        port: alertmanagerPort,
        webhookUrl: env.ALERT_WEBHOOK_URL,
        logFile: path.join(dir, 'logs', 'alertmanager.log'),
      }),
    ready: (part) => waitFor(`http://127.0.0.1:${alertmanagerPort}/-/ready`, 60_000, part.child),
  });
  supervisors.push(alertmanager);
  await alertmanager.start();

  const prometheus = new Supervisor({
    name: 'prometheus',
    log,
    start: () =>
      startPrometheus({
        dir: path.join(dir, 'prometheus'),
        port: prometheusPort,
        shops: shops.map((shop) => `127.0.0.1:${shop.metricsPort}`),
        haproxyStats: `127.0.0.1:${statsPort}`,
        alertmanager: `127.0.0.1:${alertmanagerPort}`,
        logFile: path.join(dir, 'logs', 'prometheus.log'),
      }),
    ready: (part) => waitFor(`http://127.0.0.1:${prometheusPort}/-/ready`, 60_000, part.child),
  });
  supervisors.push(prometheus);
  await prometheus.start();

  writeFileSync(pidFile, String(process.pid));
  // `npm run fleet:restart`: the shop processes replaced one at a time, each back in the proxy
  // before the next goes.
  let restarting = false;
  process.on('SIGUSR2', () => {
    if (restarting || stopping) return;
    restarting = true;
    log('rolling restart: one process at a time');
    rollingRestart(shops, { log, inProxy: (shop) => proxyHasUp(`http://127.0.0.1:${statsPort}/stats`, shop.name) })
      .then(
        () => writeFileSync(restartedFile, `done ${new Date().toISOString()}: ${shops.length} processes replaced\n`),
        (error) => writeFileSync(restartedFile, `failed ${new Date().toISOString()}: ${error.message}\n`),
      )
      .finally(() => {
        restarting = false;
      });
  });

  console.log(`
  The fleet is up: HAProxy in front of ${size} shop processes on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}
  and s3rver (files in ${path.relative(root, path.join(dir, 's3'))}).

  ➜ Shop:         ${publicUrl}/h5/
  ➜ Console:      ${publicUrl}/admin/${adminAllow.length ? `   (from ${adminAllow.join(', ')} only)` : ''}
  ➜ Prometheus:   http://localhost:${prometheusPort}/   (try: sum by (instance) (rate(shop_http_request_duration_seconds_count[1m])))
  ➜ Alertmanager: http://localhost:${alertmanagerPort}/   (alarms to ${env.ALERT_WEBHOOK_URL || 'nobody yet: set ALERT_WEBHOOK_URL, or see docs/operations.md'})
  ➜ Proxy stats:  http://localhost:${statsPort}/stats
  Processes: ${shops.map((shop) => `${shop.name} http://127.0.0.1:${shop.port}`).join(', ')}
  Logs: ${path.relative(root, path.join(dir, 'logs'))}/   A process that exits is started again.
  Rolling restart: npm run fleet:restart   Ctrl-C stops everything.
`);
  const firstLog = readFileSync(path.join(dir, 'logs', 'shop1.log'), 'utf8');
  const setup = [...firstLog.matchAll(/➜ (\S+\/admin\/setup\?token=\S+)/g)].at(-1);
  if (setup) console.log(`  The console has no staff yet; the first owner signs up here:\n  ➜ ${setup[1]}\n`);
} catch (error) {
  console.error(`\n  The fleet did not start: ${error.message}\n  (logs in ${path.join(dir, 'logs')})`);
  await stopAll(1);
}
