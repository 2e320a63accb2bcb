/**
 * Counts the SQL statements one checkout sends (createdirect, finish, pay by wallet), by call, and
 * prints them: `node bench/statements.ts` (BENCH_PG_URL as in bench/checkout.ts). A scratch
 * database is created and dropped.
 *
 * `--full` prints each statement's whole text instead of its first 160 characters.
 *
 * `node bench/statements.ts --explain` also prints each statement's plan as it ran, warm, with its
 * buffers and WAL records: before the statement itself is sent, it runs with `EXPLAIN (ANALYZE,
 * BUFFERS, WAL)` four times (three to warm the plan and the functions it calls) on a connection of
 * its own, each time in a transaction rolled back.
 */
import { Writable } from 'node:stream';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openPostgres } from '../apps/server/src/platform/db.ts';
import { checkoutOnce, LOAD_PAY_PASSWORD_KEY, seedCheckoutLoad } from '../apps/server/test/checkout-load.ts';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const name = `bench_statements_${Math.random().toString(36).slice(2, 8)}`;
const admin = async (text: string) => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(text).finally(() => c.end());
};

const seen: string[] = [];
let counting = false;
/** The connection the plans are asked on (`--explain`). */
let explainer: pg.Client | undefined;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text: string; name?: string };
  if (this === explainer) return (original as (...a: unknown[]) => unknown).apply(this, args);
  if (counting) seen.push(typeof q === 'string' ? q : `${q.name ? `[${q.name}] ` : ''}${q.text}`);
  if (counting && explainer && typeof q !== 'string') {
    const values = (q as { values?: unknown[] }).values ?? (args[1] as unknown[] | undefined) ?? [];
    return explain(explainer, q.text, values).then(() =>
      (original as (...a: unknown[]) => Promise<unknown>).apply(this, args),
    );
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

async function explain(c: pg.Client, text: string, values: unknown[]) {
  let plan: { rows: Record<string, string>[] } = { rows: [] };
  for (let i = 0; i < 4; i++) {
    await c.query('BEGIN');
    plan = await c
      .query(`EXPLAIN (ANALYZE, BUFFERS, WAL, COSTS OFF) ${text}`, values)
      .catch((e: Error) => ({ rows: [{ 'QUERY PLAN': `refused: ${e.message}` }] }));
    await c.query('ROLLBACK');
  }
  console.log(`\n=== ${text.replace(/\s+/g, ' ').slice(0, 120)}`);
  for (const row of plan.rows) console.log(row['QUERY PLAN']);
}

await admin(`CREATE DATABASE "${name}"`);
try {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const app = await buildApp(
    {
      ...loadConfig({
        NODE_ENV: 'production',
        PAYMENT_SECRET: 'bench-only-secret-0123456789',
        PAY_PASSWORD_KEY: LOAD_PAY_PASSWORD_KEY,
      }),
      demoData: false,
      logLevel: 'warn',
      webDist: '/nonexistent',
      rateLimitPerMinute: 1_000_000,
    },
    openPostgres(u.toString(), 5),
    { logStream: new Writable({ write: (_c, _e, done) => done() }) },
  );
  const { shoppers, skuIds } = await seedCheckoutLoad(app, {
    shoppers: 1,
    products: 2,
    stockEach: 100,
    priceCents: 150,
    fundCents: 100_000,
  });
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
  // The first checkout warms caches (settings, stores, sessions); the second is the one counted.
  await checkoutOnce(address, shoppers[0].token, skuIds[0]);
  if (process.argv.includes('--explain')) {
    explainer = new pg.Client({ connectionString: u.toString() });
    await explainer.connect();
  }
  counting = true;
  const r = await checkoutOnce(address, shoppers[0].token, skuIds[1]);
  counting = false;
  if (!r.ok) throw new Error(`checkout refused: ${r.code}`);
  for (const s of seen) console.log(`  ${process.argv.includes('--full') ? s : s.replace(/\s+/g, ' ').slice(0, 160)}`);
  console.log(`${seen.length} statements per checkout`);
  await explainer?.end();
  await app.close();
} finally {
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
process.exit(0);
