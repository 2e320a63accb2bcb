/**
 * Catalogue at scale (docs/performance.md, "Catalogue"). Run: DATABASE_URL=postgres://... node bench/catalogue.ts
 *
 *  1. Creates a fresh PostgreSQL database beside DATABASE_URL's (dropped at the end), migrates it and
 *     fills it with 1,000 products (three languages, items, pictures shared from a small pool).
 *  2. Measures search latency (p50/p95 over a fixed mix of words, prefixes, typos, Chinese and Khmer)
 *     against the real HTTP server, one request at a time.
 *  3. Grows the catalogue to 100,000 products and measures search again.
 *  4. Request rates (autocannon, 50 connections) of the home feed, a category list and a product
 *     detail, against a bare Fastify "hello" server in the same run.
 */
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { ADJECTIVES, CATEGORY_TREE } from '../apps/server/src/modules/catalogue/demo-data.ts';
import { productPicture } from '../apps/server/src/modules/catalogue/pictures.ts';
import { random } from '../apps/server/src/modules/catalogue/seed.ts';
import type { NewProduct } from '../apps/server/src/modules/catalogue/service.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openPostgres } from '../apps/server/src/platform/db.ts';
import { load, printTable } from './lib/load.ts';
import { root, startProcess } from './lib/servers.ts';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('DATABASE_URL (PostgreSQL) is required: the catalogue bench measures PostgreSQL.');
  process.exit(2);
}
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const target = Number(process.env.BENCH_PRODUCTS ?? 100_000);
/** BENCH_DB names an existing filled bench database to measure again (kept afterwards). */
const reuse = process.env.BENCH_DB;
const name = reuse ?? `bench_catalogue_${Date.now().toString(36)}`;
const url = new URL(adminUrl);
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${name}`;

const admin = new pg.Client({ connectionString: url.toString() });
await admin.connect();
if (!reuse) {
  await admin.query(`CREATE DATABASE "${name}"`);
  console.log(`database ${name} created`);
}

const database = openPostgres(benchUrl.toString(), 10);
const shopApp = await buildApp(
  {
    ...loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: path.join(root, 'data-bench'),
      PAYMENT_SECRET: 'bench-only-secret-not-for-production-0123456789',
    }),
    demoData: false,
    logLevel: 'warn',
    webDist: '/nonexistent',
  },
  database,
);
const catalogue = shopApp.services.catalogue;

// The category tree and a pool of pictures (one per leaf kind).
const L = (en: string, chs: string, kh: string) => ({ 'en-US': en, chs, kh });
const leaves: { id: number; leaf: (typeof CATEGORY_TREE)[number]['mids'][number]['leaves'][number]; image: number }[] =
  [];
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
let made = 0;
function productAt(i: number): NewProduct {
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
}
async function grow(to: number) {
  const started = performance.now();
  while (made < to) {
    const batch = Array.from({ length: Math.min(2000, to - made) }, (_, k) => productAt(made + k));
    await catalogue.addProducts(batch);
    made += batch.length;
  }
  await database.db.execute('ANALYZE');
  console.log(`catalogue at ${made} products (generated in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
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

async function searchLatency(base: string, rounds: number) {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
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

const shopEnv = {
  DATABASE_URL: benchUrl.toString(),
  DEMO_DATA: '0',
  NODE_ENV: 'production',
  RATE_LIMIT_PER_MINUTE: '100000000',
  PAYMENT_SECRET: process.env.PAYMENT_SECRET ?? 'bench-only-secret-not-for-production-0123456789',
};

if (process.env.BENCH_DATA_ONLY) {
  await grow(target);
  await shopApp.close();
  await admin.end();
  console.log(`kept ${name}`);
  process.exit(0);
}

let server: Awaited<ReturnType<typeof startProcess>>;
if (!reuse) {
  await grow(1000);
  server = await startProcess(path.join(root, 'apps/server/src/main.ts'), shopEnv, '/ready');
  const small = await searchLatency(server.url, 6);
  console.log(
    `search at 1,000 products: p50 ${small.p50.toFixed(1)} ms, p95 ${small.p95.toFixed(1)} ms (${small.n} searches)`,
  );
  await server.stop();
  await grow(target);
} else {
  made = await catalogue.countProducts();
}
server = await startProcess(path.join(root, 'apps/server/src/main.ts'), shopEnv, '/ready');
const large = await searchLatency(server.url, 6);
console.log(
  `search at ${made.toLocaleString('en-US')} products: p50 ${large.p50.toFixed(1)} ms, p95 ${large.p95.toFixed(1)} ms (${large.n} searches)`,
);

const [someItem] = (
  (await database.db.execute('SELECT id FROM catalogue_items ORDER BY id DESC LIMIT 1')) as unknown as {
    rows: { id: number }[];
  }
).rows;
const hello = await startProcess(path.join(root, 'bench/hello-server.ts'), {}, '/');
const feed = `${server.url}/v1/newcategory/queryproductitem?page=1&size=20`;
const [bigCategory] = (
  (await database.db.execute(
    'SELECT category_id FROM catalogue_products GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
  )) as unknown as { rows: { category_id: number }[] }
).rows;
const category = `${server.url}/v1/newcategory/queryproductitem?categoryId=${bigCategory.category_id}&page=1&size=20`;
const detail = `${server.url}/v1/product/queryproductitemsinproduct?productItemId=${someItem.id}`;
for (const u of [feed, category, detail]) await load('warm-up', u, { duration: 1 });
const baseline = await load('bare Fastify hello', `${hello.url}/`, { duration });
const rows = [
  baseline,
  await load('home feed (newcategory/queryproductitem)', feed, { duration }),
  await load('category list (level 3)', category, { duration }),
  await load('product detail (queryproductitemsinproduct)', detail, { duration }),
];
printTable(rows, baseline);
await hello.stop();
await server.stop();
await shopApp.close();
if (!reuse) {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  console.log(`database ${name} dropped`);
}
await admin.end();
