#!/usr/bin/env node
// `npm run fleet`: the shop as an operator runs it, on this machine. Debian's HAProxy in front of
// FLEET_SIZE shop processes (3) on the machine's PostgreSQL and an S3-compatible store (s3rver),
// Debian's Prometheus scraping every process and the proxy. Prints the shop's and Prometheus's
// addresses; Ctrl-C stops everything it started. docs/operations.md says what each part does.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeHaproxy } from './fleet/haproxy.mjs';
import {
  ensureDatabase,
  ensureDebianPackages,
  HAPROXY,
  PROMETHEUS,
  root,
  startHaproxy,
  startPrometheus,
  startS3,
  startShop,
  waitFor,
} from './fleet/parts.mjs';

const env = process.env;
const size = Number(env.FLEET_SIZE || 3);
const proxyPort = Number(env.FLEET_PORT || 8080);
const prometheusPort = Number(env.PROMETHEUS_PORT || 9090);
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

ensureDebianPackages([HAPROXY, PROMETHEUS]);
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
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log('\n  Stopping the fleet…');
  // Prometheus and the proxy first (no new requests), then the processes drain together, then
  // the store they stand on.
  const shops = started.filter((part) => part.port);
  for (const part of started.filter((part) => !part.port && part.name !== 's3rver').reverse())
    await part.stop().catch(() => {});
  await Promise.all(shops.map((shop) => shop.stop().catch(() => {})));
  for (const part of started.filter((part) => part.name === 's3rver')) await part.stop().catch(() => {});
  process.exit(code);
}
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
  const shops = [];
  // The first process migrates and seeds alone; the others then start together.
  for (let i = 0; i < size; i++) {
    const shop = startShop({
      name: `shop${i + 1}`,
      port: firstShopPort + i,
      metricsPort: firstMetricsPort + i,
      env: shopEnv,
      logFile: path.join(dir, 'logs', `shop${i + 1}.log`),
    });
    shops.push(shop);
    started.push(shop);
    if (i === 0) await waitFor(`${shop.url}/ready`, 180_000, shop.child);
  }
  await Promise.all(shops.map((shop) => waitFor(`${shop.url}/ready`, 180_000, shop.child)));

  const configFile = writeHaproxy(path.join(dir, 'haproxy'), {
    bind: `0.0.0.0:${proxyPort}`,
    servers: shops.map((shop) => ({ name: shop.name, address: `127.0.0.1:${shop.port}` })),
    statsBind: `127.0.0.1:${statsPort}`,
    adminAllow,
  });
  const proxy = startHaproxy({
    configFile,
    env: { SHOP_RATE_LIMIT_PER_MINUTE: rateLimit },
    logFile: path.join(dir, 'logs', 'haproxy.log'),
  });
  started.push(proxy);
  await waitFor(`http://127.0.0.1:${proxyPort}/ready`, 30_000, proxy.child);

  const prometheus = startPrometheus({
    dir: path.join(dir, 'prometheus'),
    port: prometheusPort,
    shops: shops.map((shop) => `127.0.0.1:${shop.metricsPort}`),
    haproxyStats: `127.0.0.1:${statsPort}`,
    logFile: path.join(dir, 'logs', 'prometheus.log'),
  });
  started.push(prometheus);
  await waitFor(`http://127.0.0.1:${prometheusPort}/-/ready`, 60_000, prometheus.child);

  console.log(`
  The fleet is up: HAProxy in front of ${size} shop processes on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}
  and s3rver (files in ${path.relative(root, path.join(dir, 's3'))}).

  ➜ Shop:        ${publicUrl}/h5/
  ➜ Console:     ${publicUrl}/admin/
  ➜ Prometheus:  http://localhost:${prometheusPort}/   (try: sum by (instance) (rate(shop_http_request_duration_seconds_count[1m])))
  ➜ Proxy stats: http://localhost:${statsPort}/stats
  Processes: ${shops.map((shop) => `${shop.name} ${shop.url}`).join(', ')}
  Logs: ${path.relative(root, path.join(dir, 'logs'))}/   Ctrl-C stops everything.
`);
  const firstLog = readFileSync(path.join(dir, 'logs', 'shop1.log'), 'utf8');
  const setup = /➜ (\S+\/admin\/setup\?token=\S+)/.exec(firstLog);
  if (setup) console.log(`  The console has no staff yet; the first owner signs up here:\n  ➜ ${setup[1]}\n`);

  // A part that stops by itself stops the fleet: nothing half-running is left behind.
  await Promise.race(
    [...shops, proxy, prometheus].map((part) =>
      part.exited.then(({ code, signal }) => {
        if (!stopping) console.error(`  ${part.name ?? 'a part'} exited (${code ?? signal}): stopping the fleet`);
      }),
    ),
  );
  await stopAll(1);
} catch (error) {
  console.error(`\n  The fleet did not start: ${error.message}\n  (logs in ${path.join(dir, 'logs')})`);
  await stopAll(1);
}
