import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';

/** Starts the shop: database, migrations, demo data, HTTP, jobs; stops cleanly on SIGINT/SIGTERM. */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase(config);
  const shop = await buildApp(config, database);
  await shop.app.listen({ port: config.port, host: config.host });
  shop.ctx.jobs.start(config.jobPollMs);

  const address = shop.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const ms = Math.round(performance.now() - started);
  shop.app.log.info({ ms, driver: database.driver }, 'ready');
  console.log(`\n  Shop ready in ${ms} ms on ${database.driver === 'pg' ? 'PostgreSQL' : 'the embedded database'}:`);
  console.log(`  ➜ http://${host}:${port}/h5/   (API reference: http://${host}:${port}/docs)\n`);

  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    shop.app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await shop.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
