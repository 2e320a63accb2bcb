/**
 * The checkout load against two revisions of the shop, on one database, in alternating rounds:
 *
 *   node bench/ab.ts <revision A> <revision B>     (git revisions; `.` is the working tree)
 *
 * Why: this machine's speed moves by a quarter within an hour, so two runs of `bench/checkout.ts`
 * minutes apart cannot show a change of a few percent. Here A and B take turns (A B A B A B), each
 * round on the same database with the same buyers, so the machine's drift falls on both alike.
 *
 * A revision other than `.` is checked out as a detached git worktree in a temporary folder (removed
 * at the end), with this checkout's `node_modules` linked in: the dependencies, and the workspace
 * packages such as `@shop/contracts`, are this checkout's. The database is made and seeded by this
 * checkout's code (`apps/server/test/checkout-load.ts`); each revision's server runs its own
 * migrations on it at start, so B's new table or column is there for B (A ignores it).
 *
 * AB_ROUNDS (3) rounds; each round per revision: the server started, AB_WARMUP_SECONDS (8) of the
 * load, then AB_SECONDS (12) measured. BENCH_BUYERS (100), BENCH_PRODUCTS (200) as in
 * bench/checkout.ts, buyers spread over the products; BENCH_PG_URL the PostgreSQL admin URL.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServerProcess } from '../apps/server/test/checkout-load.ts';
import { buyersLoop, quantile, seedCheckoutBench } from './lib/checkout-bench.ts';
import { root } from './lib/servers.ts';

const [revisionA, revisionB] = process.argv.slice(2);
if (!revisionA || !revisionB) throw new Error('usage: node bench/ab.ts <revision A> <revision B> (`.`: working tree)');
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.AB_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.AB_WARMUP_SECONDS ?? 8);
const SECONDS = Number(process.env.AB_SECONDS ?? 12);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 100);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 200);

const deadline = setTimeout(
  () => {
    console.error('ab bench: over its time, giving up');
    process.exit(1);
  },
  (ROUNDS * 2 * (WARMUP_SECONDS + SECONDS + 15) + 180) * 1000,
);
deadline.unref();

async function admin(text: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(text).finally(() => c.end());
}

/** The folder to run `revision` from: this checkout for `.`, else a worktree made for it. */
function checkoutOf(revision: string, made: string[]): string {
  if (revision === '.') return root;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-ab-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--force', folder, revision], { cwd: root, stdio: 'ignore' });
  made.push(folder);
  symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'));
  return folder;
}

/** The buyers' loop for `seconds`: completed checkouts per second and the p99 of a checkout, in ms. */
async function load(url: string, tokens: string[], skuIds: string[], seconds: number) {
  const walk = (buyer: number, n: number) => skuIds[(buyer * 7 + n) % skuIds.length];
  const { latencies, elapsedSeconds } = await buyersLoop(url, tokens, walk, seconds);
  return { rate: latencies.length / elapsedSeconds, p99: quantile(latencies, 0.99) };
}

const worktrees: string[] = [];
const database = `bench_ab_${Math.random().toString(36).slice(2, 8)}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
try {
  const variants = [
    { label: `A (${revisionA})`, root: checkoutOf(revisionA, worktrees), rates: [] as number[] },
    { label: `B (${revisionB})`, root: checkoutOf(revisionB, worktrees), rates: [] as number[] },
  ];
  await admin(`CREATE DATABASE "${database}"`);
  const { shoppers, skuIds } = await seedCheckoutBench(dbUrl, BUYERS, PRODUCTS);
  const tokens = shoppers.map((s) => s.token);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const variant of variants) {
      // Each window starts just after a checkpoint: one that fell in a window would burden that
      // window alone with full-page writes (seen: the same round losing 10 to 15% in two runs).
      await admin('CHECKPOINT');
      const server = await startServerProcess(dbUrl, {}, undefined, variant.root);
      try {
        await load(server.url, tokens, skuIds, WARMUP_SECONDS);
        const { rate, p99 } = await load(server.url, tokens, skuIds, SECONDS);
        variant.rates.push(rate);
        console.log(
          `round ${round}, ${variant.label}: ${rate.toFixed(0)} checkouts/s, p99 ${p99.toFixed(0)} ms (load ${os.loadavg()[0].toFixed(1)})`,
        );
      } finally {
        await server.stop();
      }
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  for (const v of variants) console.log(`${v.label}: mean ${mean(v.rates).toFixed(0)} checkouts/s`);
  const [a, b] = variants.map((v) => mean(v.rates));
  console.log(
    `B over A: ${((b / a - 1) * 100).toFixed(1)}% (${BUYERS} buyers, ${PRODUCTS} products, ${ROUNDS} rounds)`,
  );
} finally {
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {});
  for (const folder of worktrees) {
    execFileSync('git', ['worktree', 'remove', '--force', folder], { cwd: root, stdio: 'ignore' });
    rmSync(folder, { recursive: true, force: true });
  }
}
