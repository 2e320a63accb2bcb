import { flushCompileCache } from 'node:module';
import { loadConfig } from './platform/config.ts';
import { DataDirBusyError } from './platform/data-lock.ts';
import { formatStartReport, NotReadyForProduction, startReport } from './platform/production-check.ts';

/**
 * Starts the shop: database, migrations, demo data, HTTP, jobs. On SIGTERM (or SIGINT) it drains:
 * `/ready` turns 503, it stops taking requests, finishes those in flight (at most 10 s), hands its
 * job leases back and exits 0.
 */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  // Before anything is opened: a live shop with a simulator or a missing secret does not start;
  // every problem and every party off is said at once, one line each.
  const report = startReport(config);
  if (!report.starts) throw new NotReadyForProduction(report);
  const said = formatStartReport(report);
  if (said) console.warn(`\n${said}\n`);
  // The shop itself is loaded once the settings are known to start it: a refused start answers at once.
  const [{ openDatabase }, { buildApp }, { serveMetrics }] = await Promise.all([
    import('./platform/db.ts'),
    import('./app.ts'),
    import('./platform/metrics.ts'),
  ]);
  // Where a start's time goes (issue 45: a killed process ready again within 10 s), in the 'ready'
  // line: loading the bundle (from the process's start), the database, building the app, listening.
  const phases = { loadMs: Math.round(started) } as Record<string, number>;
  const mark = (name: string, from: number) => {
    phases[name] = Math.round(performance.now() - from);
    return performance.now();
  };
  let at = performance.now();
  const database = await openDatabase(config);
  at = mark('databaseMs', at);
  const shop = await buildApp(config, database);
  at = mark('buildMs', at);
  // The drain is armed as soon as there is a shop to drain, not after the ready lines: a SIGTERM
  // between "ready" and the end of start (the setup link's query, slow on a loaded machine) killed
  // the process outright, its exit code null and its data folder's lock left behind.
  let metrics: Awaited<ReturnType<typeof serveMetrics>> | null = null;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    shop.app.log.info({ signal }, 'shutting down: draining, then finishing requests in flight');
    // close() cuts what is still in flight after 10 s; this is the last resort if closing hangs.
    const force = setTimeout(() => process.exit(1), config.drainDelayMs + 15_000);
    force.unref();
    try {
      await shop.close({ drainDelayMs: config.drainDelayMs });
      await metrics?.close();
    } catch (error) {
      shop.app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    shop.app.log.info('stopped: requests finished, job leases handed back');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await shop.app.listen({ port: config.port, host: config.host });
  mark('listenMs', at);
  // With NODE_COMPILE_CACHE set (the fleet, the image), the code V8 compiled is written now, not
  // at exit: a process that is killed leaves it to its successor, which starts without compiling
  // the bundle again (a fifth of a start's CPU here).
  flushCompileCache();
  // Prometheus's page on a port of its own (the internal network's), never through the proxy.
  metrics = config.metrics ? await serveMetrics(shop.metrics, config.metrics) : null;
  shop.ctx.jobs.start(config.jobPollMs);

  const address = shop.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const ms = Math.round(performance.now() - started);
  shop.app.log.info({ ms, ...phases, driver: database.driver }, 'ready');
  if (report.problems.length)
    shop.app.log.warn(
      { problems: report.problems },
      'SHOP_STAGING: started in production with settings a live shop refuses',
    );
  if (report.off.length) shop.app.log.info({ off: report.off }, 'parties off in production (none)');
  console.log(`\n  Shop ready in ${ms} ms on ${database.driver === 'pg' ? 'PostgreSQL' : 'the embedded database'}:`);
  const docs = config.apiDocs ? `   (API reference: http://${host}:${port}/docs)` : '';
  console.log(`  ➜ http://${host}:${port}/h5/${docs}\n`);
  // The command line finds the running shop here (staff:create-owner), never opening its database.
  await database.lock?.announce(`http://${localAddress(config.host)}:${port}`);

  // No staff yet: the first owner comes in by a one-time link (issue 19), printed here only.
  const setup = await shop.services.staff.openSetup();
  if (setup) {
    const base = config.publicUrl?.replace(/\/+$/, '') ?? `http://${host}:${port}`;
    console.log('  The console has no staff yet. The first owner signs up here (one use, for 60 minutes,');
    console.log('  until a restart prints a new link):');
    console.log(`  ➜ ${base}/admin/setup?token=${setup.token}\n`);
  }
}

/** Where this machine reaches the server listening on `host`. */
function localAddress(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Set once a signal starts the drain. What start still had under way then (the setup link's query,
 * slow on a loaded machine) fails as the database closes: the drain says how the process ends (0),
 * not that failure (it made a SIGTERM 500 ms after "Shop ready" exit 1 on a two-vCPU machine).
 */
let closing = false;

main().catch((error) => {
  if (closing) return;
  if (error instanceof DataDirBusyError || error instanceof NotReadyForProduction)
    console.error(`\n  ${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
