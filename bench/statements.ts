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
 *
 * `node bench/statements.ts --cpu N` runs N checkouts one after another on one database connection
 * and prints the database's CPU per statement (its backend's `/proc/<pid>/schedstat`, read before
 * each statement is sent and after its answer came) and the WAL a checkout writes (`pg_stat_wal`):
 * where the database's share of a checkout goes, without the noise of a loaded machine.
 */
import { readFileSync } from 'node:fs';
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
const cpuRuns = process.argv.includes('--cpu') ? Number(process.argv[process.argv.indexOf('--cpu') + 1] ?? 1000) : 0;
/** `--cpu`: the app's one backend, and its CPU nanoseconds by statement. */
let backendPid: number | undefined;
const cpuByStatement = new Map<string, { ns: number; runs: number }>();
/** `--cpu`: each statement's text by its key (its name when prepared). */
const labels = new Map<string, string>();
const backendNs = () => Number(readFileSync(`/proc/${backendPid}/schedstat`, 'utf8').split(' ')[0]);
/** A statement as printed: its text, after its name when it is prepared. */
const labelOf = (q: string | { text: string; name?: string }) =>
  typeof q === 'string' ? q : `${q.name ? `[${q.name}] ` : ''}${q.text}`;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text: string; name?: string };
  if (this === explainer) return (original as (...a: unknown[]) => unknown).apply(this, args);
  if (counting && backendPid === undefined) seen.push(labelOf(q));
  if (counting && backendPid !== undefined) {
    const key = typeof q === 'string' ? q : (q.name ?? q.text);
    if (!labels.has(key)) labels.set(key, labelOf(q));
    const before = backendNs();
    const note = () => {
      const spent = cpuByStatement.get(key) ?? { ns: 0, runs: 0 };
      spent.ns += backendNs() - before;
      spent.runs++;
      cpuByStatement.set(key, spent);
    };
    // pg-pool calls with a callback (no promise back); a direct call gets a promise.
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...r: unknown[]) => void;
      args[last] = (...r: unknown[]) => {
        note();
        callback(...r);
      };
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    }
    return ((original as (...a: unknown[]) => Promise<unknown>).apply(this, args) as Promise<unknown>).then(
      (result) => {
        note();
        return result;
      },
    );
  }
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

/** `--cpu`: the database's CPU per statement and the WAL per checkout, over `cpuRuns` checkouts. */
async function measureCpu(address: string, token: string, skuIds: string[], url: string) {
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  const { rows } = await probe.query(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
  );
  if (rows.length !== 1) throw new Error(`expected the app's one connection, found ${rows.length}`);
  backendPid = rows[0].pid;
  const wal = async () =>
    (
      await probe.query(
        'SELECT wal_records::float8 AS records, wal_fpi::float8 AS fpi, wal_bytes::float8 AS bytes FROM pg_stat_wal',
      )
    ).rows[0];
  const walBefore = await wal();
  await probe.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
  const lsnBefore = (await probe.query('SELECT pg_current_wal_insert_lsn() AS lsn')).rows[0].lsn;
  counting = true;
  const processBefore = process.cpuUsage();
  for (let i = 0; i < cpuRuns; i++) {
    const r = await checkoutOnce(address, token, skuIds[i % skuIds.length]);
    if (!r.ok) throw new Error(`checkout refused: ${r.code}`);
  }
  counting = false;
  const processSpent = process.cpuUsage(processBefore);
  const walAfter = await wal();
  const kinds = await probe.query(
    `SELECT "resource_manager/record_type" AS kind, count::float8 AS count, combined_size::float8 AS bytes, fpi_size::float8 AS fpi_bytes
     FROM pg_get_wal_stats($1, pg_current_wal_flush_lsn(), true) WHERE count > 0 ORDER BY combined_size DESC LIMIT 15`,
    [lsnBefore],
  );
  await probe.end();
  let total = 0;
  for (const [key, spent] of cpuByStatement) {
    total += spent.ns;
    const text = labels.get(key) ?? key;
    console.log(
      `${(spent.ns / spent.runs / 1000).toFixed(0).padStart(6)} µs × ${spent.runs}  ${text.replace(/\s+/g, ' ').slice(0, 110)}`,
    );
  }
  console.log(
    `database CPU per checkout: ${(total / cpuRuns / 1000).toFixed(0)} µs over ${cpuRuns} checkouts, one after another`,
  );
  // The server and its buyer share this process; the measuring adds a file read per statement.
  const processUs = (processSpent.user + processSpent.system) / cpuRuns;
  console.log(
    `this process's CPU per checkout (the server, its one buyer and the measuring): ${processUs.toFixed(0)} µs (${(processSpent.system / cpuRuns).toFixed(0)} in the kernel)`,
  );
  const per = (k: 'records' | 'fpi' | 'bytes') => ((walAfter[k] - walBefore[k]) / cpuRuns).toFixed(1);
  console.log(`WAL per checkout: ${per('records')} records, ${per('fpi')} full pages, ${per('bytes')} bytes; by kind:`);
  for (const k of kinds.rows) {
    console.log(
      `  ${(k.count / cpuRuns).toFixed(2).padStart(6)} × ${String(k.kind).padEnd(28)} ${(k.bytes / cpuRuns).toFixed(0).padStart(5)} bytes (full pages ${(k.fpi_bytes / cpuRuns).toFixed(0)})`,
    );
  }
}

await admin(`CREATE DATABASE "${name}"`);
try {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const app = await buildApp(
    {
      ...loadConfig({
        NODE_ENV: 'production',
        // A bench runs the production build on simulators (docs/going-live.md, SHOP_STAGING).
        SHOP_STAGING: '1',
        PAYMENT_SECRET: 'bench-only-secret-0123456789',
        FILE_LINK_SECRET: 'bench-and-test-only-file-link-secret-0123456789',
        PAY_PASSWORD_KEY: LOAD_PAY_PASSWORD_KEY,
      }),
      demoData: false,
      logLevel: 'warn',
      webDist: '/nonexistent',
      rateLimitPerMinute: 1_000_000,
    },
    // One connection for --cpu: its backend is the one whose CPU is read.
    openPostgres(u.toString(), cpuRuns > 0 ? 1 : 5),
    { logStream: new Writable({ write: (_c, _e, done) => done() }) },
  );
  const { shoppers, skuIds } = await seedCheckoutLoad(app, {
    shoppers: 1,
    products: 2,
    stockEach: 1_000_000,
    priceCents: 150,
    fundCents: 1_000_000_000,
  });
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
  // The first checkout warms caches (settings, stores, sessions); the second is the one counted.
  await checkoutOnce(address, shoppers[0].token, skuIds[0]);
  if (cpuRuns > 0) {
    // Printed here: the drop below ends the app's connection, whose error would hide this one.
    await measureCpu(address, shoppers[0].token, skuIds, u.toString()).catch((error) => console.error(error));
    await app.close();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    process.exit(0);
  }
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
