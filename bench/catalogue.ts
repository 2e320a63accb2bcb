/**
 * Catalogue at scale (docs/performance.md, "Catalogue"). Run: DATABASE_URL=postgres://... node bench/catalogue.ts
 *
 *  1. Creates a fresh PostgreSQL database beside DATABASE_URL's, migrates it, fills it with 1,000
 *     products (three languages, items, pictures shared from a small pool) and measures search
 *     latency (p50/p95 over a fixed mix of words, prefixes, typos, Chinese and Khmer) against the
 *     real HTTP server, one request at a time; then drops it.
 *  2. The same with 100,000 products, in a database made for the run (dropped at the end) or kept
 *     between runs under the name BENCH_DB (filled on the first run only).
 *  3. Request rates (autocannon, 50 connections) of the home feed, the largest category list and a
 *     product detail, against a bare Fastify "hello" server in the same run: as phones ask for them
 *     (compressed), then for a client that asks for no compression; with the bytes of each answer.
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { ADJECTIVES, CATEGORY_TREE } from '../apps/server/src/modules/catalogue/demo-data.ts';
import { productPicture } from '../apps/server/src/modules/catalogue/pictures.ts';
import { random } from '../apps/server/src/modules/catalogue/seed.ts';
import type { NewProduct } from '../apps/server/src/modules/catalogue/service.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openPostgres } from '../apps/server/src/platform/db.ts';
import { type LoadResult, load, PHONE_ENCODINGS, printTable } from './lib/load.ts';
import { root, startProcess } from './lib/servers.ts';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('DATABASE_URL (PostgreSQL) is required: the catalogue bench measures PostgreSQL.');
  process.exit(2);
}
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const target = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
/**
 * BENCH_DB names the large database to keep between runs: filled on the first run, measured again
 * on the next ones. Without it, the large database is made for this run and dropped.
 */
const keep = process.env.BENCH_DB;
const stamp = Date.now().toString(36);

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const urlOf = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
async function exists(name: string) {
  return (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
}

// Generated products: three languages, two items each, attributes, a shared pool of pictures.
const L = (en: string, chs: string, kh: string) => ({ 'en-US': en, chs, kh });
type Leaf = (typeof CATEGORY_TREE)[number]['mids'][number]['leaves'][number];

/** Opens (migrating) the shop on a database and fills it up to `count` products. */
async function fill(name: string, count: number) {
  const database = openPostgres(urlOf(name), 10);
  const shopApp = await buildApp(
    {
      ...loadConfig({
        NODE_ENV: 'production',
        // A bench runs the production build on simulators (docs/going-live.md, SHOP_STAGING).
        SHOP_STAGING: '1',
        DATA_DIR: path.join(root, 'data-bench'),
        PAYMENT_SECRET: 'bench-only-secret-not-for-production-0123456789',
        FILE_LINK_SECRET: 'bench-and-test-only-file-link-secret-0123456789',
        PAY_PASSWORD_KEY: 'bench-only-key-not-for-production-0123456789',
      }),
      demoData: false,
      logLevel: 'warn',
      webDist: '/nonexistent',
    },
    database,
  );
  const catalogue = shopApp.services.catalogue;
  let made = await catalogue.countProducts();
  if (made > 0 && made < count) throw new Error(`${name} holds ${made} products, not ${count}: drop it first`);
  if (made < count) {
    const started = performance.now();
    const leaves: { id: number; leaf: Leaf; image: number }[] = [];
    for (const [ti, top] of CATEGORY_TREE.entries()) {
      const topId = await catalogue.addCategory({ parentId: null, name: top.name, sort: ti });
      for (const mid of top.mids) {
        const midId = await catalogue.addCategory({ parentId: topId, name: mid.name });
        for (const leaf of mid.leaves) {
          const id = await catalogue.addCategory({ parentId: midId, name: leaf.name });
          const picture = await productPicture({
            shape: leaf.shape,
            color: '#2f6fdf',
            accent: '#eef',
            background: '#f5f5f5',
            label: '',
          });
          leaves.push({ id, leaf, image: await catalogue.saveImage(picture, undefined, { trusted: true }) });
        }
      }
    }
    const merchant = await catalogue.addMerchant(L('Bench Shop', '测试店', 'ហាងសាកល្បង'));
    const rnd = random(42);
    const productAt = (i: number): NewProduct => {
      const { id, leaf, image } = leaves[i % leaves.length];
      const brand = leaf.brands[i % leaf.brands.length];
      const adjective = ADJECTIVES[(i >> 3) % ADJECTIVES.length];
      const model = `${String.fromCharCode(65 + (i % 26))}${i % 1000}`;
      const price = leaf.price[0] + Math.floor(rnd.next() * (leaf.price[1] - leaf.price[0]));
      return {
        categoryId: id,
        merchantId: merchant,
        name: L(
          `${brand} ${leaf.noun['en-US']} ${adjective['en-US']} ${model}`,
          `${brand} ${leaf.noun.chs} ${adjective.chs} ${model}`,
          `${leaf.noun.kh} ${brand} ${adjective.kh} ${model}`,
        ),
        description: L(`${brand} ${leaf.noun['en-US']}`, `${brand} ${leaf.noun.chs}`, `${leaf.noun.kh} ${brand}`),
        brand,
        salesCount: rnd.int(0, 5000),
        sort: rnd.int(0, 100),
        imageIds: [image],
        attributes: [{ name: L('Brand', '品牌', 'ម៉ាក'), value: L(brand, brand, brand) }],
        items: leaf.spec.values.slice(0, 2).map((value, k) => ({
          spec: [{ name: leaf.spec.name, value }],
          priceCents: price + k * 500,
          stock: rnd.int(0, 300),
        })),
      };
    };
    while (made < count) {
      const batch = Array.from({ length: Math.min(2000, count - made) }, (_, k) => productAt(made + k));
      await catalogue.addProducts(batch);
      made += batch.length;
    }
    await database.db.execute('ANALYZE');
    console.log(
      `${name}: ${made.toLocaleString('en-US')} products generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const [someItem] = (
    (await database.db.execute('SELECT id FROM catalogue_items ORDER BY id DESC LIMIT 1')) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const [bigCategory] = (
    (await database.db.execute(
      'SELECT category_id, count(*)::int AS n FROM catalogue_products GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
    )) as unknown as { rows: { category_id: number; n: number }[] }
  ).rows;
  await shopApp.close();
  return { made, itemId: someItem.id, categoryId: bigCategory.category_id, categorySize: bigCategory.n };
}

const QUERIES = [
  'smartphone',
  'samsung',
  'rice cooker',
  'smartphnoe',
  'headphnes',
  'sneak',
  'jasmine rice',
  '手机',
  '电饭煲',
  'កាសស្តាប់',
  'អង្ករ',
  'lego blocks',
  'xiaomi fan',
  'nike',
  'sunscren',
  'laptop asus',
];

async function searchLatency(base: string) {
  const times: number[] = [];
  for (let r = 0; r <= rounds; r++) {
    for (const q of QUERIES) {
      const t = performance.now();
      const res = await fetch(`${base}/v1/product/search?keyword=${encodeURIComponent(q)}&page=1&size=20`, {
        headers: { apptype: 'h5', appversion: '1.0', language: 'en-US' },
      });
      const body = (await res.json()) as { code: string };
      if (body.code !== '0') throw new Error(`search ${q}: ${body.code}`);
      if (r > 0) times.push(performance.now() - t); // round 0 warms up
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  return { p50: at(50), p95: at(95), n: times.length };
}

const shopEnv = (name: string) => ({
  DATABASE_URL: urlOf(name),
  DEMO_DATA: '0',
  NODE_ENV: 'production',
  // A bench runs the production build on simulators (docs/going-live.md, SHOP_STAGING).
  SHOP_STAGING: '1',
  RATE_LIMIT_PER_MINUTE: '100000000',
  PAYMENT_SECRET: process.env.PAYMENT_SECRET ?? 'bench-only-secret-not-for-production-0123456789',
  FILE_LINK_SECRET: 'bench-and-test-only-file-link-secret-0123456789',
  PAY_PASSWORD_KEY: process.env.PAY_PASSWORD_KEY ?? 'bench-only-key-not-for-production-0123456789',
});
const load1 = () => os.loadavg()[0].toFixed(1);
const main = path.join(root, 'apps/server/dist/main.mjs');

// 1,000 products: a fresh database every run.
const small = `bench_catalogue_small_${stamp}`;
await admin.query(`CREATE DATABASE "${small}"`);
await fill(small, 1000);
let server = await startProcess(main, shopEnv(small), '/ready');
const atSmall = await searchLatency(server.url);
await server.stop();
await admin.query(`DROP DATABASE IF EXISTS "${small}" WITH (FORCE)`);
console.log(
  `search at 1,000 products: p50 ${atSmall.p50.toFixed(1)} ms, p95 ${atSmall.p95.toFixed(1)} ms (${atSmall.n} searches, load ${load1()})`,
);

// 100,000 products: kept by BENCH_DB, else made for this run.
const large = keep ?? `bench_catalogue_${stamp}`;
if (!(await exists(large))) await admin.query(`CREATE DATABASE "${large}"`);
const big = await fill(large, target);
if (process.env.BENCH_DATA_ONLY) {
  await admin.end();
  console.log(`kept ${large}`);
  process.exit(0);
}
server = await startProcess(main, shopEnv(large), '/ready');
const atLarge = await searchLatency(server.url);
console.log(
  `search at ${big.made.toLocaleString('en-US')} products: p50 ${atLarge.p50.toFixed(1)} ms, p95 ${atLarge.p95.toFixed(1)} ms (${atLarge.n} searches, load ${load1()})`,
);
console.log(`p95 ratio ${big.made.toLocaleString('en-US')} / 1,000: ${(atLarge.p95 / atSmall.p95).toFixed(2)}x`);

const hello = await startProcess(path.join(root, 'bench/hello-server.ts'), {}, '/');
const feed = `${server.url}/v1/newcategory/queryproductitem?page=1&size=20`;
const category = `${server.url}/v1/newcategory/queryproductitem?categoryId=${big.categoryId}&page=1&size=20`;
const detail = `${server.url}/v1/product/queryproductitemsinproduct?productItemId=${big.itemId}`;
// The smallest cached catalogue answer: what the shop's per-request path alone allows.
const tags = `${server.url}/v1/tag/queryall`;
for (const u of [feed, category, detail, tags]) {
  await load('warm-up', u, { duration: 1, headers: PHONE_ENCODINGS });
  await load('warm-up', u, { duration: 1 });
}
// Rounds of bare Fastify then each call, one after the other; the median round of each is kept, so
// a burst of other work on the machine moves one round, not the figure. Every call as phones make
// it (Accept-Encoding: gzip, deflate, br; bare Fastify gets the header too and ignores it), then the
// three large answers again for a client that asks for no compression.
const rateRounds = Number(process.env.BENCH_RATE_ROUNDS ?? 5);
const shop = server.child.pid;
const phone = PHONE_ENCODINGS;
const plain = {};
const targets: [string, string, Record<string, string>, number | undefined][] = [
  ['bare Fastify hello', `${hello.url}/`, phone, hello.child.pid],
  ['home feed (newcategory/queryproductitem)', feed, phone, shop],
  [`category list (level 3, ${big.categorySize.toLocaleString('en-US')} products)`, category, phone, shop],
  ['product detail (queryproductitemsinproduct)', detail, phone, shop],
  ['tag list (tag/queryall: the per-request floor)', tags, phone, shop],
  ['home feed, uncompressed', feed, plain, shop],
  ['category list, uncompressed', category, plain, shop],
  ['product detail, uncompressed', detail, plain, shop],
];
const runs = new Map<string, LoadResult[]>();
for (let round = 0; round < rateRounds; round++) {
  for (const [label, url, headers, pid] of targets)
    runs.set(label, [...(runs.get(label) ?? []), await load(label, url, { duration, headers, pid })]);
}
const median = (results: LoadResult[]) => [...results].sort((a, b) => a.rps - b.rps)[Math.floor(results.length / 2)];
const rows = targets.map(([label]) => median(runs.get(label) ?? []));
const baseline = rows[0];
console.log(`\n${rateRounds} rounds of ${duration} s per call; the median round of each.`);
console.log(`As phones ask (accept-encoding: ${phone['accept-encoding']}):`);
printTable(rows.slice(0, 5), baseline);
console.log('\nA client that asks for no compression (no accept-encoding), against the same bare Fastify:');
printTable([baseline, ...rows.slice(5)], baseline);
// The machine's speed moves between rounds (bare Fastify itself by a fifth here): each round's rate
// as a share of the same round's bare Fastify, and the median of those shares.
const bare = runs.get(targets[0][0]) ?? [];
const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
console.log("\nEach round (req/s, share of the same round's bare Fastify):");
// Beside it, the server's CPU time per answer (median of the rounds): what the machine's neighbours
// move least. Bare Fastify's divided by the call's is the share of its rate the call would reach
// with the server alone on a core.
const midOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bareCpu = midOf(bare.map((x) => x.serverCpuUs));
console.log(
  `| call | ${bare.map((_, r) => `round ${r + 1}`).join(' | ')} | median share | server CPU µs/answer (median) | bare Fastify's CPU / the call's |`,
);
console.log(`|---|${bare.map(() => '---|').join('')}---|---|---|`);
for (const [label] of targets) {
  const rates = runs.get(label) ?? [];
  const shares = rates.map((x, r) => x.rps / bare[r].rps);
  const cpu = midOf(rates.map((x) => x.serverCpuUs));
  console.log(
    `| ${label} | ${rates.map((x, r) => `${x.rps} (${pct(shares[r])})`).join(' | ')} | ${pct(midOf(shares))} | ${cpu.toFixed(0)} | ${pct(bareCpu / cpu)} |`,
  );
}
console.log(`load average after the rates: ${load1()}`);
await hello.stop();
await server.stop();
if (keep) console.log(`kept ${large} (BENCH_DB)`);
else await admin.query(`DROP DATABASE IF EXISTS "${large}" WITH (FORCE)`);
await admin.end();
