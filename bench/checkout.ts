/**
 * Checkout budget (issue 5): create an order and pay it by wallet, 100 buyers at once, on
 * PostgreSQL; reported beside the machine's pgbench TPC-B rate from the same run.
 *
 *   node bench/checkout.ts            (BENCH_PG_URL, default postgres://root@127.0.0.1:5432/postgres)
 *
 * Uses two scratch databases (created and dropped here). The shop runs in this process on a real
 * HTTP port; the buyers are 100 concurrent loops over real HTTP. Until the catalogue and wallet
 * modules are on main, their published interfaces are served by the test stand-ins
 * (apps/server/test/buying-doubles.ts): a conditional stock update and a CHECKed balance.
 */
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const BUYERS = Number(process.env.BENCH_BUYERS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const suffix = Math.random().toString(36).slice(2, 8);
const dbUrl = (name: string) => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin(sqlText: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

function pgbench(): number {
  const name = `bench_pgbench_${suffix}`;
  const u = new URL(adminUrl);
  const args = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username)];
  execFileSync('pgbench', [...args, '-i', '-s', '10', '-q', name], { stdio: 'ignore' });
  const out = execFileSync('pgbench', [...args, '-c', '16', '-j', '2', '-T', String(SECONDS), name], {
    encoding: 'utf8',
  });
  const m = out.match(/tps = ([\d.]+)/);
  if (!m) throw new Error(`pgbench said: ${out}`);
  return Number(m[1]);
}

async function checkout(): Promise<{ orders: number; rps: number; p50: number; p99: number; errors: number }> {
  const name = `bench_checkout_${suffix}`;
  await admin(`CREATE DATABASE "${name}"`);
  // The shop in a process of its own (as in production); this process only plays the buyers.
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'lib/checkout-server.ts')], {
    env: { ...process.env, DATABASE_URL: dbUrl(name), BENCH_BUYERS: String(BUYERS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const ready = await new Promise<{ port: number; tokens: string[] }>((resolve, reject) => {
      let buffer = '';
      child.stdout.on('data', (chunk) => {
        buffer += chunk;
        const line = buffer.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line));
      });
      child.on('exit', (code) => reject(new Error(`shop exited ${code}`)));
    });
    const base = `http://127.0.0.1:${ready.port}`;
    const tokens = ready.tokens;
    const call = async (p: string, token: string, body: unknown) => {
      const res = await fetch(`${base}${p}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          apptype: 'h5',
          appversion: '1.0',
          language: 'en-US',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code: string; data: Record<string, string> };
      if (json.code !== '0') throw new Error(json.code);
      return json.data;
    };
    const one = async (token: string) => {
      const pre = await call('/v1/preorder/createdirect', token, { skuId: 'bench', quantity: 1, shipType: 'STORE' });
      const order = await call('/v1/preorder/finish', token, { preorderId: pre.id });
      await call('/v1/order/pay', token, { orderId: order.orderId, channel: 'wallet', payPassword: '123456' });
    };
    // Warm-up, then the measured window.
    await Promise.all(tokens.slice(0, 20).map(one));
    const latencies: number[] = [];
    let errors = 0;
    const end = performance.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      tokens.map(async (token) => {
        while (performance.now() < end) {
          const t = performance.now();
          try {
            await one(token);
            latencies.push(performance.now() - t);
          } catch {
            errors++;
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
    return { orders: latencies.length, rps: latencies.length / elapsed, p50: q(0.5), p99: q(0.99), errors };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

await admin(`CREATE DATABASE "bench_pgbench_${suffix}"`);
let tps = 0;
try {
  tps = pgbench();
} finally {
  await admin(`DROP DATABASE IF EXISTS "bench_pgbench_${suffix}" WITH (FORCE)`);
}
const r = await checkout();
const share = (r.rps / tps) * 100;
console.log(
  `machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`pgbench TPC-B (scale 10, 16 clients, ${SECONDS} s): ${tps.toFixed(0)} tps`);
console.log(
  `checkout (create order + pay by wallet), ${BUYERS} buyers, ${SECONDS} s: ${r.orders} orders, ${r.rps.toFixed(1)} orders/s, ` +
    `p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, errors ${r.errors}`,
);
console.log(`checkout at ${share.toFixed(0)}% of pgbench (goal ≥ 25%), p99 ${r.p99 < 200 ? 'under' : 'OVER'} 200 ms`);
process.exit(0);
