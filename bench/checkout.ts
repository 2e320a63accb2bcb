/**
 * Checkout budget (issue 5): create an order and pay it by wallet, 100 buyers at once, on
 * PostgreSQL; reported beside the machine's pgbench TPC-B rate from the same run.
 *
 *   npm run bench:checkout      (BENCH_PG_URL, default postgres://root@127.0.0.1:5432/postgres)
 *
 * 1. pgbench TPC-B on a scratch database (created and dropped here), before the shop's windows and
 *    again after them; the shop's rate is set beside the mean of the two.
 * 2. A second scratch database gets the shop's migrations, products and funded shoppers with a pay
 *    password, through the modules' services; then the real server (`apps/server/src/main.ts`,
 *    NODE_ENV=production, sandbox adapters from its configuration) is started on it as a process.
 * 3. 100 buyer loops over HTTP: createdirect + finish + pay by wallet, first spread over the products
 *    (like a real shop), then all on one hot product. Database wait events are sampled meanwhile.
 *
 * BENCH_SECONDS (default 15) per window, BENCH_BUYERS (100), BENCH_PRODUCTS (200), and
 * BENCH_WARMUP_SECONDS (10) of the same load before each window, not counted: the server's first
 * seconds (its code being compiled, its heap growing, each database connection preparing its
 * statements) cost a third more CPU per checkout than the steady state a shop runs in.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  hashPayPassword,
  hashSecret,
  verifyPayPassword,
  verifySecret,
} from '../apps/server/src/modules/accounts/secrets.ts';
import { LOAD_PAY_PASSWORD, startServerProcess } from '../apps/server/test/checkout-load.ts';
import { buyersLoop, quantile, seedCheckoutBench } from './lib/checkout-bench.ts';
import { startProcess } from './lib/servers.ts';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const BUYERS = Number(process.env.BENCH_BUYERS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 200);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const suffix = Math.random().toString(36).slice(2, 8);
const dbUrl = (name: string) => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function admin(sqlText: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

/** pgbench from PATH, else from the PostgreSQL installation (Debian keeps it out of PATH). */
function pgbenchBinary(): string {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
    return 'pgbench';
  } catch {
    const base = '/usr/lib/postgresql';
    const found = existsSync(base)
      ? readdirSync(base)
          .sort()
          .reverse()
          .map((v) => path.join(base, v, 'bin/pgbench'))
          .find(existsSync)
      : undefined;
    if (!found) throw new Error('pgbench not found (PATH or /usr/lib/postgresql/*/bin)');
    return found;
  }
}

/** Runs `work` on a scratch database made for it (`bench_<kind>_<suffix>`), dropped afterwards. */
async function withScratchDatabase<T>(kind: string, work: (name: string) => Promise<T>): Promise<T> {
  const name = `bench_${kind}_${suffix}`;
  await admin(`CREATE DATABASE "${name}"`);
  try {
    return await work(name);
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

/**
 * A checkpoint now, so that none starts inside the measured window that follows: PostgreSQL starts
 * one every 5 minutes or 1 GB of WAL, and the one that fell inside a window (its writes, then a
 * full-page image in the WAL for every page first touched after it) cost that window 10 to 15% in
 * `bench/ab.ts`'s rounds. Before pgbench's initialisation (the pages it writes then need no
 * full-page image in its run) and before each window's warm-up (the shop's rows' first touches fall
 * in the warm-up, not the window): no window has a checkpoint of its own.
 */
const checkpoint = () => admin('CHECKPOINT');

function pgbench(): Promise<{ tps: number; load: string }> {
  return withScratchDatabase('pgbench', async (name) => {
    await checkpoint();
    const u = new URL(adminUrl);
    const args = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username)];
    const bin = pgbenchBinary();
    execFileSync(bin, [...args, '-i', '-s', '10', '-q', name], { stdio: 'ignore' });
    const out = execFileSync(bin, [...args, '-c', '16', '-j', '2', '-T', String(SECONDS), name], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const m = out.match(/tps = ([\d.]+)/);
    if (!m) throw new Error(`pgbench said: ${out}`);
    return { tps: Number(m[1]), load: load() };
  });
}

/** Samples what the server's database sessions wait on (pg_stat_activity), every 100 ms. */
function sampleWaits(database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  const counts = new Map<string, number>();
  let samples = 0;
  let stop = false;
  const done = (async () => {
    await client.connect();
    while (!stop) {
      const { rows } = await client.query<{ w: string }>(
        `SELECT COALESCE(wait_event_type || ':' || wait_event, 'CPU') || ' (' || state || ')' AS w
         FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND state <> 'idle'`,
        [database],
      );
      samples++;
      for (const { w } of rows) counts.set(w, (counts.get(w) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 100));
    }
    await client.end();
  })();
  return async () => {
    stop = true;
    await done;
    return [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([w, n]) => `${w} ${(n / samples).toFixed(1)}`)
      .join(', ');
  };
}

type Window = {
  orders: number;
  rps: number;
  p50: number;
  p99: number;
  refused: Map<string, number>;
  load: string;
  /** CPU time the server process spent per checkout (user + system). */
  cpuMsPerOrder: number;
  /** Of which in the kernel (system time: mostly its sockets' loopback path). */
  systemMsPerOrder: number;
  /** CPU time of this process (the buyers' HTTP clients) per checkout. */
  clientMsPerOrder: number;
  /** CPU time of the PostgreSQL processes per checkout. */
  postgresMsPerOrder: number;
  postgresSystemMsPerOrder: number;
  /** CPU time of everything else on the machine per checkout (kernel work, other processes). */
  otherMsPerOrder: number;
};

/** Busy CPU of the whole machine so far, in ms (Linux /proc/stat: all but idle and iowait). */
function machineBusyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  return (user + nice + system + irq + softirq + steal) * 10;
}

/** CPU so far of every PostgreSQL process on the machine, by pid, in ms. */
function postgresCpuMs(): Map<number, { user: number; system: number }> {
  const out = new Map<number, { user: number; system: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      out.set(Number(entry), cpuSplitMs(Number(entry)));
    } catch {} // ended meanwhile
  }
  return out;
}

/** CPU the PostgreSQL processes used since `before` (those ended meanwhile are not counted). */
function postgresCpuSince(before: Map<number, { user: number; system: number }>) {
  const total = { user: 0, system: 0 };
  for (const [pid, ms] of postgresCpuMs()) {
    total.user += ms.user - (before.get(pid)?.user ?? 0);
    total.system += ms.system - (before.get(pid)?.system ?? 0);
  }
  return total;
}

/** User and system CPU of a process so far, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuSplitMs(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

async function drive(
  server: { url: string; pid: number },
  tokens: string[],
  skuOf: (buyer: number, n: number) => string,
) {
  const run = async (seconds: number): Promise<Window> => {
    const cpuBefore = cpuSplitMs(server.pid);
    const clientBefore = process.cpuUsage();
    const machineBefore = machineBusyMs();
    const postgresBefore = postgresCpuMs();
    const { latencies, refused, elapsedSeconds: elapsed } = await buyersLoop(server.url, tokens, skuOf, seconds);
    const n = Math.max(1, latencies.length);
    const cpuAfter = cpuSplitMs(server.pid);
    const serverSystemMs = cpuAfter.system - cpuBefore.system;
    const serverMs = cpuAfter.user - cpuBefore.user + serverSystemMs;
    const client = process.cpuUsage(clientBefore);
    const clientMs = (client.user + client.system) / 1000;
    const machineMs = machineBusyMs() - machineBefore;
    const postgres = postgresCpuSince(postgresBefore);
    const postgresMs = postgres.user + postgres.system;
    return {
      orders: latencies.length,
      rps: latencies.length / elapsed,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      refused,
      load: load(),
      cpuMsPerOrder: serverMs / n,
      systemMsPerOrder: serverSystemMs / n,
      clientMsPerOrder: clientMs / n,
      postgresMsPerOrder: postgresMs / n,
      postgresSystemMsPerOrder: postgres.system / n,
      otherMsPerOrder: Math.max(0, machineMs - serverMs - clientMs - postgresMs) / n,
    };
  };
  await checkpoint();
  await run(WARMUP_SECONDS);
  return run(SECONDS);
}

/** Each buyer walks the catalogue from a place of its own: many products, like a real shop. */
const walk = (buyer: number, n: number, count: number) => (buyer * 7 + n) % count;

/** One measured window against a running server, with what its database sessions waited on. */
async function measure(
  database: string,
  server: { url: string; child: { pid?: number } },
  tokens: string[],
  skuOf: (buyer: number, n: number) => string,
) {
  const waits = sampleWaits(database);
  const w = await drive({ url: server.url, pid: server.child.pid as number }, tokens, skuOf);
  return { w, waits: await waits() };
}

function checkout() {
  return withScratchDatabase('checkout', async (name) => {
    const { shoppers, skuIds } = await seedCheckoutBench(dbUrl(name), BUYERS, PRODUCTS);
    const server = await startServerProcess(
      dbUrl(name),
      process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {},
    );
    try {
      const tokens = shoppers.map((s) => s.token);
      const results: { label: string; w: Window; waits: string }[] = [];
      for (const [label, skuOf] of [
        [`${PRODUCTS} products`, (buyer: number, n: number) => skuIds[walk(buyer, n, skuIds.length)]],
        ['one hot product', () => skuIds[0]],
      ] as const) {
        results.push({ label, ...(await measure(name, server, tokens, skuOf)) });
      }
      return results;
    } finally {
      await server.stop();
    }
  });
}

/**
 * The same buyers against the checkout floor (bench/checkout-floor-server.ts): one statement and one
 * commit per call with the shop's rules and nothing else, on a scratch database of its own.
 */
function floor() {
  return withScratchDatabase('floor', async (name) => {
    const script = path.join(import.meta.dirname, 'checkout-floor-server.ts');
    execFileSync(
      process.execPath,
      [script, '--setup', String(BUYERS), String(PRODUCTS), '150', '10000000', LOAD_PAY_PASSWORD],
      { env: { ...process.env, DATABASE_URL: dbUrl(name) }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const server = await startProcess(script, { DATABASE_URL: dbUrl(name) }, '/ready');
    try {
      const tokens = Array.from({ length: BUYERS }, (_, i) => String(i + 1));
      const skuOf = (buyer: number, n: number) => String(walk(buyer, n, PRODUCTS) + 1);
      const label = `${PRODUCTS} products, the floor (bench/checkout-floor-server.ts)`;
      return { label, ...(await measure(name, server, tokens, skuOf)) };
    } finally {
      await server.stop();
    }
  });
}

/** CPU of one pay password check (keyed HMAC, as every wallet payment does), median of 9, in ms. */
function payPasswordCheckMs(): Promise<number> {
  const key = 'bench-only-key-not-for-production-0123456789';
  const stored = hashPayPassword('246810', key);
  return medianCpuMs(() => verifyPayPassword('246810', stored, key));
}

/** The same check the way pay passwords were kept before (scrypt N=2^14), for comparison. */
async function scryptCheckMs(): Promise<number> {
  const stored = await hashSecret('246810');
  return medianCpuMs(() => verifySecret('246810', stored));
}

async function medianCpuMs(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 9; i++) {
    const before = process.cpuUsage();
    await work();
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  return times.sort((a, b) => a - b)[4];
}

const deadline = setTimeout(() => {
  console.error('checkout bench: over 6 minutes, giving up');
  process.exit(1);
}, 360_000);
deadline.unref();

console.log(`machine: ${os.cpus().length} cores, load average ${load()} at start`);
const before = await pgbench();
console.log(`pgbench TPC-B (scale 10, 16 clients, ${SECONDS} s): ${before.tps.toFixed(0)} tps (load ${before.load})`);
const payMs = await payPasswordCheckMs();
const scryptMs = await scryptCheckMs();
console.log(
  `pay password check: ${payMs.toFixed(2)} ms of CPU (keyed HMAC); it was ${scryptMs.toFixed(0)} ms with scrypt ` +
    `N=2^14, which capped wallet payments near ${((os.cpus().length * 1000) / scryptMs).toFixed(0)}/s on ${os.cpus().length} cores`,
);
const shopWindows = await checkout();
// The machine's speed moves by a fifth within minutes (a shared virtual machine): pgbench again
// right after the shop's windows, and the shop measured against the mean of the two.
const after = await pgbench();
const base = { tps: (before.tps + after.tps) / 2 };
console.log(
  `pgbench again after the shop: ${after.tps.toFixed(0)} tps (load ${after.load}); ` +
    `the shop is measured against their mean, ${base.tps.toFixed(0)} tps`,
);
const windows = [...shopWindows, await floor()];
for (const { label, w, waits } of windows) {
  const refused = [...w.refused].map(([c, n]) => `${c}×${n}`).join(' ') || 'none';
  console.log(
    `checkout, ${BUYERS} buyers, ${label}, ${SECONDS} s: ${w.orders} orders, ${w.rps.toFixed(1)} orders/s ` +
      `(${((w.rps / base.tps) * 100).toFixed(1)}% of pgbench, goal ≥ 25%), p50 ${w.p50.toFixed(0)} ms, ` +
      `p99 ${w.p99.toFixed(0)} ms (goal < 200 ms), refused ${refused}, load ${w.load}`,
  );
  console.log(
    `  CPU per checkout: server ${w.cpuMsPerOrder.toFixed(2)} ms (${w.systemMsPerOrder.toFixed(2)} in the kernel), buyers' clients ${w.clientMsPerOrder.toFixed(2)} ms, ` +
      `PostgreSQL ${w.postgresMsPerOrder.toFixed(2)} ms (${w.postgresSystemMsPerOrder.toFixed(2)} in the kernel), the rest ${w.otherMsPerOrder.toFixed(2)} ms`,
  );
  console.log(`  database sessions busy (mean per sample): ${waits}`);
}
// The machine's speed moves by a quarter within an hour; the shop over the floor of the same run
// moves far less, so it is the figure to compare changes by.
const [spread, floorWindow] = [windows[0].w, windows[windows.length - 1].w];
console.log(
  `shop over floor (${PRODUCTS} products): ${((spread.rps / floorWindow.rps) * 100).toFixed(1)}% of its checkouts/s; ` +
    `the goal is about ${((0.25 * base.tps * 100) / floorWindow.rps).toFixed(0)}% of the floor on this machine`,
);
process.exit(0);
