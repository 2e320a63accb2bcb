import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { MODULES, migrationSets } from './modules/index.ts';
import { shopPageShell } from './page-shell.ts';
import { AnswerCaches } from './platform/answer-caches.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { DurabilityBarrier } from './platform/durability.ts';
import { AppError } from './platform/errors.ts';
import { installFloodGuard } from './platform/flood-guard.ts';
import { FrontDoor } from './platform/front-door.ts';
import { installHttpConventions, installNotFound } from './platform/http.ts';
import { releaseWhenIdle } from './platform/idle-memory.ts';
import { JobRunner } from './platform/jobs.ts';
import { loggerOptions, requestIdOf } from './platform/logger.ts';
import { installMetrics } from './platform/metrics.ts';
import { migrateAll } from './platform/migrate.ts';
import { buildServices, type PlatformContext, type Services, startOrder } from './platform/module.ts';
import { installConsoleAllowList } from './platform/private.ts';
import { apiSecurityHeaders, installSecurityHeaders } from './platform/security.ts';
import { responseSerializer } from './platform/serializer.ts';
import { SessionService } from './platform/sessions.ts';
import { openStore } from './platform/storage/index.ts';
import { serveFavicon, serveSpa } from './platform/web.ts';

export type ShopApp = {
  app: FastifyInstance;
  services: Services;
  ctx: PlatformContext;
  /** What `/metrics` answers (served on METRICS_PORT by main.ts when set). */
  metrics: Registry;
  /**
   * Drains: `/ready` answers 503 at once (the proxy takes the process out), then after
   * `drainDelayMs` the process stops taking requests, finishes those in flight (at most
   * `inFlightMs`, then their connections are cut), stops its jobs and hands their leases back,
   * and closes the database.
   */
  close(options?: { drainDelayMs?: number; inFlightMs?: number }): Promise<void>;
};

/** Probes, and the metrics Prometheus scrapes every few seconds: not in the request log nor the request metrics. */
const UNLOGGED = new Set(['/health', '/ready', '/metrics']);
/** How long a draining process finishes the requests in flight before it cuts them (issue: at most 10 s). */
const IN_FLIGHT_MS = 10_000;
/** `/ready` asks the store at most this often (an S3 HEAD per probe of every process otherwise). */
const STORE_CHECK_MS = 5_000;

const SEED_LOCK = 7_300_002;

export type BuildOptions = {
  /** Where logs go (stdout by default); tests read them. */
  logStream?: NodeJS.WritableStream;
};

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<ShopApp> {
  // Ready answers served before routing (issue 48); each part plugs its share in below.
  const frontDoor = new FrontDoor({
    trustProxy: config.trustProxy,
    headers: apiSecurityHeaders(),
  });
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    // Probes would drown the request log; every other request is logged (token-free, see logger.ts).
    logController: new LogController({
      disableRequestLogging: (request) => UNLOGGED.has(request.url),
    }),
    // Every request has an id: the proxy's (X-Request-ID, so one id follows a request from the
    // proxy's log to the shop's), else a new one. It is on every log line of the request and on
    // every answer (the X-Request-ID header, and `requestId` in an error's body).
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']) ?? randomUUID(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  // The front door logs the requests it answers as Fastify logs each request (at info and finer).
  if (['info', 'debug', 'trace'].includes(app.log.level)) frontDoor.requestLog = app.log;
  // While shutting down, answers in flight tell their client to hang up, so keep-alive
  // connections do not hold the close open (idle ones are closed by Fastify itself).
  let closing = false;
  // Every answer names its request (one hook for both: a hook per request is measurable, issue 5).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(!config.production));

  // Before anything else: a module that needs a missing service, or modules that need each other, stop the start here.
  const modules = startOrder(MODULES);
  // The routes, `/ready` among them, exist only once the migrations are done: a process that
  // migrates is not listening yet.
  await migrateAll(database, migrationSets());

  const jobs = new JobRunner(database.db, app.log);
  const sessions = new SessionService(database.db, config.sessionTtlDays);
  const durability = new DurabilityBarrier(database.db);
  const storage = openStore(config);
  const answerCaches = new AnswerCaches();
  // Idle for a while: the caches of answers are emptied and V8 gives memory back (issue 48).
  if (config.production) releaseWhenIdle(app, answerCaches, undefined, frontDoor);
  const ctx: PlatformContext = {
    config,
    database,
    db: database.db,
    jobs,
    sessions,
    durability,
    storage,
    answerCaches,
    frontDoor,
  };
  const services = buildServices(ctx, modules);

  installSecurityHeaders(app, config);
  // Per-route limits with their own keys (staff sign-in) use @fastify/rate-limit's createRateLimit.
  await app.register(rateLimit, { global: false, errorResponseBuilder: () => new AppError('SYS00003') });
  installHttpConventions(app);
  // After the conventions: a refused call is answered in the caller's language.
  installFloodGuard(app, config.rateLimitPerMinute, undefined, frontDoor);
  if (config.adminAllow) installConsoleAllowList(app, config.adminAllow);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Angkor Mall API', version: '1.0.0', description: 'Every call of the shop (spec §7).' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'query', name: 'token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The API reference: off in production unless asked for (API_DOCS=1).
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  // Alive: the process answers (a supervisor restarts it when not). Ready: it can serve (the proxy
  // sends it requests only then): the database answers, its migrations are done, the store answers,
  // and it is not draining.
  app.get('/health', { config: { rateLimit: false } }, async () => ({ status: 'ok' }));
  let draining = false;
  let storeCheckedAt = Number.NEGATIVE_INFINITY;
  app.get('/ready', { config: { rateLimit: false } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining) return reply.status(503).send({ status: 'draining' });
    try {
      await database.db.execute('select 1');
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
    if (performance.now() - storeCheckedAt > STORE_CHECK_MS) {
      try {
        await storage.reachable();
        storeCheckedAt = performance.now();
      } catch {
        return reply.status(503).send({ status: 'store unreachable' });
      }
    }
    return { status: 'ready' };
  });
  // `/metrics` on the shop's port only when it has no port of its own (METRICS_PORT, main.ts).
  const metrics = installMetrics(app, {
    database,
    answerCaches,
    gauges: modules.flatMap((module) => module.metrics?.(ctx) ?? []),
    route: config.metrics === null,
    unmeasured: UNLOGGED,
    front: frontDoor,
  });

  for (const def of [
    {
      name: 'sessions.purge-expired',
      everyMs: 60 * 60 * 1000,
      handler: async () => {
        await sessions.purgeExpired();
      },
    },
    {
      name: 'jobs.purge-done',
      everyMs: 60 * 60 * 1000,
      handler: async () => {
        await jobs.purgeDone();
      },
    },
  ]) {
    jobs.define(def);
  }

  const resolveSession = (request: { sessionToken: string | undefined }, kind: 'shopper' | 'staff') =>
    request.sessionToken ? sessions.resolve(request.sessionToken, kind) : Promise.resolve(null);

  for (const module of modules) {
    await module.init?.(services);
    for (const job of module.jobs?.(ctx, services) ?? []) jobs.define(job);
    module.routes?.({ ...ctx, app, services, resolveSession });
  }

  if (config.demoData) {
    await database.withExclusiveLock(SEED_LOCK, async () => {
      for (const module of modules) await module.seedDemo?.(ctx, services);
    });
  }

  app.get('/', (_request, reply) => reply.redirect('/h5/'));
  serveFavicon(app, config.webDist);
  const spas = [];
  const shop = await serveSpa(
    app,
    config.webDist,
    '/h5/',
    shopPageShell(app, config.webDist, async (token) => (await sessions.resolve(token, 'shopper'))?.subjectId ?? null),
  );
  if (shop) spas.push({ prefix: '/h5/', serveIndex: shop });
  const consoleApp = await serveSpa(app, config.adminDist, '/admin/');
  if (consoleApp) spas.push({ prefix: '/admin/', serveIndex: consoleApp });
  installNotFound(app, spas);

  return {
    app,
    services,
    ctx,
    metrics,
    async close(options = {}) {
      draining = true;
      const drainDelayMs = options.drainDelayMs ?? 0;
      if (drainDelayMs > 0) {
        // Still serving while the proxy's next probes see 503 and stop sending here.
        app.log.info({ drainDelayMs }, 'draining: not ready, still answering');
        await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
      }
      closing = true;
      frontDoor.closing = true;
      // Stops listening, closes idle connections and waits for the requests in flight; past the
      // bound, the connections still open are cut.
      const cut = setTimeout(() => {
        app.log.warn('requests still in flight after the drain bound: cutting their connections');
        app.server.closeAllConnections();
      }, options.inFlightMs ?? IN_FLIGHT_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      await jobs.stop();
      await database.close();
    },
  };
}
