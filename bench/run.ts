/**
 * `npm run bench`: the foundation's budgets (docs/performance.md).
 *  1. Start to first answered request on an existing embedded data folder, and resident memory.
 *  2. GET v1/other/system/config against a bare Fastify "hello" server, in the same run
 *     (on PostgreSQL when DATABASE_URL is set, else on the embedded database).
 *  3. The shell's first load of /h5/ in Chromium: HTML, JS and CSS bytes as sent (gzip/brotli).
 * Everything targets 127.0.0.1 and stops by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { type LoadResult, load, printTable } from './lib/load.ts';
import { root, rssMb, startProcess } from './lib/servers.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
// The production bundle, as `npm start` runs it (`npm run build` makes it).
const server = path.join(root, 'apps/server/dist/main.mjs');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
const shopEnv = {
  DATA_DIR: dataDir,
  RATE_LIMIT_PER_MINUTE: '100000000',
  DEMO_DATA: '1',
  NODE_ENV: 'production',
  // A bench runs the production build on simulators (docs/going-live.md, SHOP_STAGING).
  SHOP_STAGING: '1',
  PAYMENT_SECRET: 'bench-only-secret-not-for-production-0123456789',
  FILE_LINK_SECRET: 'bench-and-test-only-file-link-secret-0123456789',
  PAY_PASSWORD_KEY: 'bench-only-key-not-for-production-0123456789',
};
const onPostgres = Boolean(process.env.DATABASE_URL);

console.log(
  `Bench on ${os.cpus().length} cores, Node ${process.version}, database: ${onPostgres ? 'PostgreSQL' : 'PGlite (embedded)'}`,
);

// 1. Start-up: the first start creates the data folder; the second is the one measured.
const first = await startProcess(server, { ...shopEnv, DATABASE_URL: '' }, '/v1/other/system/config');
console.log(`first start (new embedded data folder, migrations, demo data): ${Math.round(first.startMs)} ms`);
await first.stop();
const again = await startProcess(server, { ...shopEnv, DATABASE_URL: '' }, '/v1/other/system/config');
console.log(
  `start to first answered request (existing embedded data folder): ${Math.round(again.startMs)} ms (budget 3000 ms)`,
);

// 2. Throughput: bare Fastify vs the config call, one after the other in this run.
const hello = await startProcess(path.join(root, 'bench/hello-server.ts'), {}, '/');
const shop = onPostgres ? await startProcess(server, { ...shopEnv }, '/v1/other/system/config') : again;
await load('warm-up', `${shop.url}/v1/other/system/config`, { duration: 2 });
// Three rounds of bare Fastify then the config call; the median round of each is kept, so a burst
// of other work on the machine moves one round, not the figure.
const rounds: { baseline: LoadResult; config: LoadResult }[] = [];
for (let round = 0; round < 3; round++) {
  rounds.push({
    baseline: await load('bare Fastify hello', `${hello.url}/`, { duration }),
    config: await load('GET /v1/other/system/config', `${shop.url}/v1/other/system/config`, { duration }),
  });
}
const median = (results: LoadResult[]) => [...results].sort((a, b) => a.rps - b.rps)[1];
const baseline = median(rounds.map((r) => r.baseline));
const config = median(rounds.map((r) => r.config));
console.log(`\n3 rounds of ${duration} s per call; the median round of each:`);
printTable([baseline, config], baseline);
console.log(`config call at ${((config.rps / baseline.rps) * 100).toFixed(0)}% of bare Fastify (budget ≥ 50%)`);
console.log(`resident memory of the shop server after the load: ${rssMb(shop.child.pid)} MB`);
await hello.stop();
if (shop !== again) await shop.stop();

// 3. First load of the shell in a phone-sized Chromium.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
const sizes: { url: string; type: string; bytes: number }[] = [];
page.on('requestfinished', async (request) => {
  const type = request.resourceType();
  if (!['document', 'script', 'stylesheet'].includes(type)) return;
  const { responseBodySize, responseHeadersSize } = await request.sizes();
  sizes.push({ url: request.url(), type, bytes: responseBodySize + 0 * responseHeadersSize });
});
await page.goto(`${again.url}/h5/`, { waitUntil: 'networkidle' });
await browser.close();
const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
for (const type of ['document', 'script', 'stylesheet']) {
  const part = sizes.filter((s) => s.type === type);
  console.log(
    `first load ${type}: ${part.length} files, ${(part.reduce((n, s) => n + s.bytes, 0) / 1024).toFixed(1)} KB`,
  );
}
console.log(`first load of /h5/ (HTML+JS+CSS as sent, compressed): ${(total / 1024).toFixed(1)} KB (budget 150 KB)`);

await again.stop();
rmSync(dataDir, { recursive: true, force: true });
