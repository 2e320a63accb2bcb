/**
 * Catalogue at scale (docs/performance.md, "Catalogue"). Run: DATABASE_URL=postgres://... node bench/catalogue.ts
 *
 *  1. For each size of BENCH_SIZES (10,000, 100,000 and 1,000,000 products), a new PostgreSQL
 *     database beside DATABASE_URL's, migrated and filled by lib/catalogue-fill.ts (generated
 *     names in three languages, categories, two or three items each), or kept between runs under
 *     BENCH_DB_<size> when BENCH_DB is set. Against the production bundle, one request at a time:
 *     search (words, prefixes, typos, Chinese, Khmer, nothing found), the search quality checks
 *     (each must find what it names), category lists (each leaf, three sorts, three pages: none
 *     asked twice), product details (varied items), and the operator's product list, a keyword in
 *     it and an edit. p50 / p95 of each, and how they grow with the size.
 *  2. At BENCH_RATES_AT (100,000 by default), request rates (autocannon, 50 connections) against a
 *     bare Fastify "hello" server in the same rounds: search over 18 keywords × 3 pages (each
 *     connection asks them in turn), the home feed, the largest category list, a product detail
 *     and the tag list, as phones ask (compressed), then uncompressed; with the bytes of each answer.
 *  3. The shop process's resident memory after those loads and after BENCH_IDLE_SECONDS idle.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openPostgres } from '../apps/server/src/platform/db.ts';
import { generateCatalogue } from './lib/catalogue-fill.ts';
import { type LoadResult, load, PHONE_ENCODINGS, printTable } from './lib/load.ts';
import { MUST_FIND, QUERIES, RUSH } from './lib/search-questions.ts';
import { root, rssMb, startProcess } from './lib/servers.ts';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('DATABASE_URL (PostgreSQL) is required: the catalogue bench measures PostgreSQL.');
  process.exit(2);
}
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const ratesAt = Number(process.env.BENCH_RATES_AT ?? (sizes.includes(100_000) ? 100_000 : sizes[sizes.length - 1]));
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
/** BENCH_DB names the databases to keep between runs (BENCH_DB_<size>): filled on the first run only. */
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
const load1 = () => os.loadavg()[0].toFixed(1);

/** Opens (migrating) the shop on a database, fills it up to `count` products, and makes an operator's session. */
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
  const made = await catalogue.countProducts();
  if (made > 0 && made !== count) throw new Error(`${name} holds ${made} products, not ${count}: drop it first`);
  if (made === 0) {
    const started = performance.now();
    const client = new pg.Client({ connectionString: urlOf(name) });
    await client.connect();
    await generateCatalogue(catalogue, client, count);
    await client.end();
    console.log(
      `${name}: ${count.toLocaleString('en-US')} products generated in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  const one = async <T>(text: string) => ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;
  const [{ id: itemId }] = await one<{ id: number }>('SELECT max(id) AS id FROM catalogue_items');
  const [bigCategory] = await one<{ category_id: number; n: number }>(
    'SELECT category_id, count(*)::int AS n FROM catalogue_products GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
  );
  const leaves = (await one<{ id: number }>('SELECT id FROM catalogue_categories WHERE level = 3 ORDER BY id')).map(
    (r) => r.id,
  );
  const [{ n: items }] = await one<{ n: number }>('SELECT count(*)::int AS n FROM catalogue_items');
  const owner =
    (await one<{ id: string }>("SELECT id FROM staff_accounts WHERE login = 'bench-owner'").catch(() => []))[0]?.id ??
    (await shopApp.services.staff.createOwner('bench-owner', 'Angkor2026pass')).id;
  const staff = (await shopApp.ctx.sessions.create('staff', owner)).token;
  await shopApp.close();
  return {
    made: count,
    items,
    itemId,
    categoryId: bigCategory.category_id,
    categorySize: bigCategory.n,
    leaves,
    staff,
  };
}

const HEADERS = { apptype: 'h5', appversion: '1.0', language: 'en-US' };
type Answer = { code: string; msg: string; data: any };
async function ask(url: string, init: RequestInit = {}): Promise<{ ms: number; body: Answer }> {
  const t = performance.now();
  const res = await fetch(url, { ...init, headers: { ...HEADERS, ...(init.headers as object) } });
  const body = (await res.json()) as Answer;
  const ms = performance.now() - t;
  if (body.code !== '0') throw new Error(`${url}: ${body.code} ${body.msg}`);
  return { ms, body };
}
function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return { p50: at(50), p95: at(95), n: sorted.length };
}
const searchUrl = (base: string, q: string, page = 1) =>
  `${base}/v1/product/search?keyword=${encodeURIComponent(q)}&page=${page}&size=20`;

async function searchLatency(base: string) {
  const times: number[] = [];
  for (let r = 0; r <= rounds; r++) {
    for (const q of QUERIES) {
      // A new page size each round: a search the kept answers do not hold (the uncached path).
      const { ms } = await ask(`${searchUrl(base, q)}&x=${r}`);
      if (r > 0) times.push(ms); // round 0 warms up
    }
  }
  return percentiles(times);
}

/** The quality checks: what each must-find search found (its total and first name). */
async function searchQuality(base: string) {
  const out: { q: string; total: number; first: string }[] = [];
  for (const q of MUST_FIND) {
    const { body } = await ask(searchUrl(base, q));
    out.push({ q, total: body.data.total, first: body.data.list[0]?.name ?? '' });
  }
  return out;
}

async function listLatency(base: string, leaves: number[]) {
  const times: number[] = [];
  for (const sort of ['default', 'priceAsc', 'sales'])
    for (const page of [1, 2, 3])
      for (const leaf of leaves)
        times.push(
          (await ask(`${base}/v1/newcategory/queryproductitem?categoryId=${leaf}&sort=${sort}&page=${page}&size=20`))
            .ms,
        );
  return percentiles(times);
}

async function detailLatency(base: string, items: number) {
  const times: number[] = [];
  for (let k = 1; k <= 200; k++) {
    const id = 1 + ((k * 104_729) % items);
    times.push((await ask(`${base}/v1/product/queryproductitemsinproduct?productItemId=${id}`)).ms);
  }
  return percentiles(times);
}

/** The operator's product list (newest first, pages and a keyword) and an edit of a product. */
async function consoleLatency(base: string, staff: string, products: number) {
  const list: number[] = [];
  const edits: number[] = [];
  for (let r = 0; r < 5; r++) {
    for (const query of [
      `page=${r + 1}&size=20`,
      `page=1&size=20&keyword=${['samsung', 'rice', 'k41', 'nike', 'lamp'][r]}`,
    ])
      list.push((await ask(`${base}/admin-api/v1/catalogue/products?${query}&token=${staff}`)).ms);
    const productId = 1 + ((r * 7_919 + 11) % products);
    const detail = (await ask(`${base}/admin-api/v1/catalogue/products/detail?productId=${productId}&token=${staff}`))
      .body.data;
    const t = performance.now();
    await ask(`${base}/admin-api/v1/catalogue/products/update?token=${staff}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        productId,
        categoryId: detail.categoryId,
        name: { ...detail.name, 'en-US': `${detail.name['en-US']}`.replace(/( edited)?$/, ' edited') },
        description: detail.description,
        brand: detail.brand,
        published: detail.published,
        imageIds: detail.images.map((i: { id: number }) => i.id),
        items: detail.items.map((i: any) => ({
          id: i.id,
          spec: i.spec,
          priceCents: i.priceCents + 100,
          marketPriceCents: i.marketPriceCents,
          stock: i.stock,
          maxPurchase: i.maxPurchase,
          published: i.published,
        })),
        tagIds: detail.tagIds,
      }),
    });
    edits.push(performance.now() - t);
  }
  return { list: percentiles(list), edit: percentiles(edits) };
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
const main = path.join(root, 'apps/server/dist/main.mjs');
const ms = (x: number) => `${x.toFixed(1)} ms`;

type Figures = Awaited<ReturnType<typeof measureSize>>;
async function measureSize(size: number) {
  const name = keep ? `${keep}_${size}` : `bench_catalogue_${size}_${stamp}`;
  if (!(await exists(name))) await admin.query(`CREATE DATABASE "${name}"`);
  const data = await fill(name, size);
  const server = await startProcess(main, shopEnv(name), '/ready');
  const search = await searchLatency(server.url);
  const quality = await searchQuality(server.url);
  const lists = await listLatency(server.url, data.leaves);
  const details = await detailLatency(server.url, data.items);
  const operator = await consoleLatency(server.url, data.staff, size);
  const figures = { size, name, data, search, quality, lists, details, operator, load: load1() };
  console.log(
    `${size.toLocaleString('en-US')} products: search p50 ${ms(search.p50)} p95 ${ms(search.p95)}; category list p95 ${ms(lists.p95)}; product detail p95 ${ms(details.p95)}; operator's list p95 ${ms(operator.list.p95)}, edit p95 ${ms(operator.edit.p95)} (load ${figures.load})`,
  );
  const missed = quality.filter((q) => q.total === 0);
  console.log(
    `  quality: ${quality.map((q) => `${q.q} → ${q.total}${q.total ? ` (${q.first})` : ''}`).join('; ')}${missed.length ? `  MISSED: ${missed.map((q) => q.q).join(', ')}` : ''}`,
  );
  return { ...figures, server };
}

const measured: Figures[] = [];
let server: Awaited<ReturnType<typeof startProcess>> | undefined;
let big: Figures['data'] | undefined;
let bigName = '';
for (const size of sizes) {
  const figures = await measureSize(size);
  measured.push(figures);
  if (size === ratesAt) {
    server = figures.server;
    big = figures.data;
    bigName = figures.name;
  } else {
    await figures.server.stop();
    if (!keep) await admin.query(`DROP DATABASE IF EXISTS "${figures.name}" WITH (FORCE)`);
  }
}
console.log(
  '\nHow the figures grow (p95, one request at a time; budgets at 1,000,000: search < 20 ms, lists and details < 10 ms, operator < 200 ms):',
);
console.log(
  '| products | search | category list | product detail | operator list | operator edit | quality checks found | load |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const f of measured)
  console.log(
    `| ${f.size.toLocaleString('en-US')} | ${ms(f.search.p95)} | ${ms(f.lists.p95)} | ${ms(f.details.p95)} | ${ms(f.operator.list.p95)} | ${ms(f.operator.edit.p95)} | ${f.quality.filter((q) => q.total > 0).length}/${f.quality.length} | ${f.load} |`,
  );
if (!server || !big) {
  await admin.end();
  process.exit(0);
}
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
for (const path of RUSH.flatMap((q) => [1, 2, 3].map((page) => searchUrl('', q, page))))
  await ask(`${server.url}${path}`);
// Rounds of bare Fastify then each call, one after the other; the median round of each is kept, so
// a burst of other work on the machine moves one round, not the figure. Every call as phones make
// it (Accept-Encoding: gzip, deflate, br; bare Fastify gets the header too and ignores it), then the
// three large answers again for a client that asks for no compression.
const rateRounds = Number(process.env.BENCH_RATE_ROUNDS ?? 5);
const shop = server.child.pid;
const phone = PHONE_ENCODINGS;
const plain = {};
// The campaign: 18 keywords × 3 pages, each connection asking them in turn.
const rush = RUSH.flatMap((q) => [1, 2, 3].map((page) => searchUrl('', q, page)));
const searchLabel = `search, ${RUSH.length} keywords × 3 pages`;
const targets: [string, string, Record<string, string>, number | undefined, string[]?][] = [
  ['bare Fastify hello', `${hello.url}/`, phone, hello.child.pid],
  [searchLabel, `${server.url}${rush[0]}`, phone, shop, rush],
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
  for (const [label, url, headers, pid, paths] of targets)
    runs.set(label, [...(runs.get(label) ?? []), await load(label, url, { duration, headers, pid, paths })]);
}
const median = (results: LoadResult[]) => [...results].sort((a, b) => a.rps - b.rps)[Math.floor(results.length / 2)];
const rows = targets.map(([label]) => median(runs.get(label) ?? []));
const baseline = rows[0];
console.log(`\n${rateRounds} rounds of ${duration} s per call; the median round of each.`);
console.log(`As phones ask (accept-encoding: ${phone['accept-encoding']}):`);
printTable(rows.slice(0, 6), baseline);
console.log('\nA client that asks for no compression (no accept-encoding), against the same bare Fastify:');
printTable([baseline, ...rows.slice(6)], baseline);
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
const searchRuns = runs.get(searchLabel) ?? [];
const searchShare = midOf(searchRuns.map((x, r) => x.rps / bare[r].rps));
const searchP99 = midOf(searchRuns.map((x) => x.p99));
console.log(
  `search under load: ${searchShare.toFixed(3)} of bare Fastify (budget ≥ 0.1), p99 ${searchP99} ms (budget < 50 ms), median of ${rateRounds} rounds`,
);
const afterLoads = rssMb(server.child.pid);
await new Promise((r) => setTimeout(r, idleSeconds * 1000));
const idle = rssMb(server.child.pid);
console.log(
  `resident memory of the shop (PostgreSQL, ${big.made.toLocaleString('en-US')} products): ${afterLoads} MB after the loads (budget ≤ 300), ${idle} MB after ${idleSeconds} s idle (budget < 250)`,
);
await hello.stop();
await server.stop();
if (keep) console.log(`kept ${bigName} (BENCH_DB)`);
else await admin.query(`DROP DATABASE IF EXISTS "${bigName}" WITH (FORCE)`);
await admin.end();

// PGlite mode (one process with its embedded database, the demo catalogue): the same kinds of
// load, then its resident memory (budget < 500 MB). BENCH_PGLITE=0 skips it.
if (process.env.BENCH_PGLITE !== '0') {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-catalogue-pglite-'));
  const embedded = await startProcess(
    main,
    { ...shopEnv(''), DATABASE_URL: '', DATA_DIR: folder, DEMO_DATA: '1' },
    '/v1/other/system/config',
  );
  for (const path of rush) await ask(`${embedded.url}${path}`);
  const cards = (await ask(`${embedded.url}/v1/newcategory/queryproductitem?page=1&size=100`)).body.data.list as {
    productItemId: number;
  }[];
  const details = cards.map((c) => `/v1/product/queryproductitemsinproduct?productItemId=${c.productItemId}`);
  const pid = embedded.child.pid;
  const loads = [
    await load('search (PGlite)', `${embedded.url}${rush[0]}`, { duration, headers: phone, pid, paths: rush }),
    await load('carousel (PGlite)', `${embedded.url}/v1/carousel/query`, { duration, headers: phone, pid }),
    await load('product detail, varied (PGlite)', `${embedded.url}${details[0]}`, {
      duration,
      headers: phone,
      pid,
      paths: details,
    }),
  ];
  console.log(
    `PGlite mode (demo catalogue): ${loads.map((l) => `${l.label} ${l.rps} req/s p99 ${l.p99} ms`).join('; ')}`,
  );
  const embeddedAfter = rssMb(pid);
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  console.log(
    `resident memory of the shop (PGlite, demo catalogue): ${embeddedAfter} MB after the loads (budget < 500), ${rssMb(pid)} MB after ${idleSeconds} s idle`,
  );
  await embedded.stop();
  rmSync(folder, { recursive: true, force: true });
}
