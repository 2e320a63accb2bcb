/**
 * The services beside goods on PostgreSQL (issue 20: p95 of `GET /v1/other/topuppage` and of
 * `GET /v1/eva/evaevaluate` under 50 ms).
 *
 *   npm run bench:services     (DATABASE_URL, default postgres://root@127.0.0.1:5432/postgres)
 *
 * A scratch database (created and dropped here) gets the migrations, 50 shoppers with ten top-ups
 * each and the valuation's demo models; the real server (`apps/server/dist/main.mjs`, production)
 * is started on it. Then 10 clients ask, one request at a time each, for BENCH_SECONDS (default 8):
 * the top-up page as a visitor and as a shopper with history, a new top-up order, and estimates of
 * the demo models with changing answers. p50, p95 and p99 of each.
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { users } from '../apps/server/src/modules/accounts/tables.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openPostgres } from '../apps/server/src/platform/db.ts';
import { root, startProcess } from './lib/servers.ts';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = 10;
const SHOPPERS = 50;
const name = `bench_services_${Date.now().toString(36)}`;
const urlOf = (db: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  return url.toString();
};
const secrets = {
  PAYMENT_SECRET: 'bench-only-secret-not-for-production-0123456789',
  FILE_LINK_SECRET: 'bench-and-test-only-file-link-secret-0123456789',
  PAY_PASSWORD_KEY: 'bench-only-key-not-for-production-0123456789',
};

// A production server tops up nothing without a provider: the bench's is the simulator.
process.env.TOPUP_PROVIDER ??= 'simulator';

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);

/** The shoppers and their history, made through the modules' services. */
async function seed(): Promise<string[]> {
  const database = openPostgres(urlOf(name), 5);
  const shop = await buildApp(
    {
      ...loadConfig({ NODE_ENV: 'production', DATA_DIR: path.join(root, 'data-bench'), ...secrets }),
      demoData: false,
      logLevel: 'warn',
      webDist: '/nonexistent',
    },
    database,
  );
  const tokens: string[] = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const [row] = await shop.ctx.db
      .insert(users)
      .values({ phone: `+8551090${String(i).padStart(4, '0')}`, countryCode: '+855', source: 'h5' })
      .returning({ id: users.id });
    for (let n = 0; n < 10; n++)
      await shop.services.topup.create(
        row.id,
        { phone: `0109${String(i * 10 + n).padStart(5, '0')}`, amountCents: 500 },
        'en-US',
      );
    tokens.push((await shop.ctx.sessions.create('shopper', row.id)).token);
  }
  await shop.services.valuation.seedDemo();
  await shop.close();
  return tokens;
}

const HEADERS = { apptype: 'h5', appversion: '1.0', language: 'en-US', 'content-type': 'application/json' };

/** CLIENTS loops of one request at a time for SECONDS: the latencies, in ms. */
async function measure(label: string, request: (client: number, n: number) => Promise<Response>) {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; performance.now() < until; n++) {
        const started = performance.now();
        const body = (await (await request(client, n)).json()) as { code: string; msg: string };
        if (body.code !== '0') throw new Error(`${label}: ${body.code} ${body.msg}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
  console.log(
    `${label}: ${latencies.length} answers, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (goal < 50 ms), p99 ${at(0.99)} ms, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

try {
  const tokens = await seed();
  const server = await startProcess(
    path.join(root, 'apps/server/dist/main.mjs'),
    {
      DATABASE_URL: urlOf(name),
      DEMO_DATA: '0',
      NODE_ENV: 'production',
      // A bench runs the production build on simulators (docs/going-live.md, SHOP_STAGING).
      SHOP_STAGING: '1',
      RATE_LIMIT_PER_MINUTE: '100000000',
      TOPUP_PROVIDER: 'simulator',
      ...secrets,
    },
    '/ready',
  );
  try {
    const page = `${server.url}/v1/other/topuppage`;
    await measure('warm-up', () => fetch(page, { headers: HEADERS }));
    await measure('GET /v1/other/topuppage, a visitor', () => fetch(page, { headers: HEADERS }));
    await measure('GET /v1/other/topuppage, a shopper with 10 top-ups', (client, n) =>
      fetch(`${page}?token=${tokens[(client * 7 + n) % tokens.length]}`, { headers: HEADERS }),
    );
    // Every demo model with every choice of its first question and the best answer elsewhere.
    const get = async (url: string) =>
      ((await (await fetch(url, { headers: HEADERS })).json()) as { data: never }).data;
    const brands: { models: { id: string }[] }[] = await get(`${server.url}/v1/eva/queryall`);
    const estimates: string[] = [];
    for (const model of brands.flatMap((b) => b.models)) {
      const { questions }: { questions: { key: string; options: { code: string }[] }[] } = await get(
        `${server.url}/v1/eva/queryparam?modelId=${model.id}`,
      );
      for (const first of questions[0].options) {
        const answers = questions.map((q, i) => `${q.key}:${i === 0 ? first.code : q.options[0].code}`).join(',');
        estimates.push(`${server.url}/v1/eva/evaevaluate?modelId=${model.id}&answers=${answers}`);
      }
    }
    await measure(`GET /v1/eva/evaevaluate, ${estimates.length} answer sets`, (client, n) =>
      fetch(estimates[(client * 7 + n) % estimates.length], { headers: HEADERS }),
    );
    await measure('POST /v1/topup/order/new', (client, n) =>
      fetch(`${server.url}/v1/topup/order/new?token=${tokens[(client * 7 + n) % tokens.length]}`, {
        method: 'POST',
        headers: HEADERS,
        body: JSON.stringify({ phone: '012 345 678', amountCents: 1000 }),
      }),
    );
  } finally {
    await server.stop();
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
