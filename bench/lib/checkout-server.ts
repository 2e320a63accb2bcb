/**
 * The shop for bench/checkout.ts, in its own process: PostgreSQL at DATABASE_URL, the stand-ins of
 * modules not yet on main, 100 funded buyers. Prints one JSON line { port, tokens } when ready.
 */
import { Writable } from 'node:stream';
import { buildApp } from '../../apps/server/src/app.ts';
import { openPostgres } from '../../apps/server/src/platform/db.ts';
import { installDoubles } from '../../apps/server/test/buying-doubles.ts';
import { testConfig } from '../../apps/server/test/harness.ts';

const buyers = Number(process.env.BENCH_BUYERS ?? 100);
const database = openPostgres(process.env.DATABASE_URL as string, Number(process.env.BENCH_POOL ?? 30));
const quiet = new Writable({ write: (_c, _e, done) => done() });
const shop = await buildApp(testConfig({ logLevel: 'warn', rateLimitPerMinute: 100_000_000 }), database, {
  logStream: quiet,
});
const doubles = await installDoubles({ ...shop, db: database.db, database } as never);
await doubles.addSku({ skuId: 'bench', priceCents: 150, stock: 10_000_000, maxPurchase: 0 });
const tokens: string[] = [];
for (let i = 0; i < buyers; i++) {
  const userId = `bench-${i}`;
  tokens.push((await shop.ctx.sessions.create('shopper', userId)).token);
  await doubles.setPayPassword(userId, '123456');
  await doubles.fund(userId, 100_000_000);
}
await shop.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = shop.app.server.address() as { port: number };
console.log(JSON.stringify({ port, tokens }));
process.on('SIGTERM', async () => {
  const cpu = process.cpuUsage();
  console.error(JSON.stringify({ cpuSeconds: (cpu.user + cpu.system) / 1e6 }));
  await shop.close();
  process.exit(0);
});
