import { subscribe } from 'node:diagnostics_channel';
import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { AnswerCacheFigures, AnswerCaches } from './answer-caches.ts';
import type { Database } from './db.ts';
import { queryRows } from './db.ts';
import type { FrontDoor } from './front-door.ts';
import { sql } from './sql.ts';
import { jobs } from './tables.ts';

/**
 * What a module reports to `/metrics` (its `metrics` in `defineModule`): a gauge read from its own
 * tables when Prometheus scrapes, one sample per set of labels. Every process reports the same
 * figures (they are the database's): the operator's queries take `max` over the processes.
 */
export type ModuleGauge = {
  /** The metric's name, `shop_…`. */
  name: string;
  help: string;
  labelNames: readonly string[];
  read(): Promise<{ labels: Record<string, string>; value: number }[]>;
};

/** Seconds; a page or a call is tens of milliseconds, a checkout under load up to a second or two. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Calls to outside parties (payment gateways, the SMS gateway, the carrier, OAuth providers, the
 * S3-compatible store): every HTTP request the process makes, seen through Node's diagnostics
 * channels (undici's for `fetch`, node:http's for the S3 client), so no adapter has to remember to
 * count. The party is the host called. One histogram per process, shared by the apps it runs.
 */
const outsideCalls = new client.Histogram({
  name: 'shop_outside_call_duration_seconds',
  help: 'Calls to outside parties (by host) and how long they took; outcome ok, http_4xx, http_5xx or error',
  labelNames: ['party', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [],
});
const outsideErrors = new client.Counter({
  name: 'shop_outside_call_errors_total',
  help: 'Calls to outside parties that failed (no answer, or HTTP 5xx)',
  labelNames: ['party'] as const,
  registers: [],
});

let watchingOutsideCalls = false;
function watchOutsideCalls() {
  if (watchingOutsideCalls) return;
  watchingOutsideCalls = true;
  const started = new WeakMap<object, { party: string; at: number }>();
  const done = (request: object, outcome: string) => {
    const call = started.get(request);
    if (!call) return;
    started.delete(request);
    outsideCalls.observe({ party: call.party, outcome }, (performance.now() - call.at) / 1000);
    if (outcome === 'error' || outcome === 'http_5xx') outsideErrors.inc({ party: call.party });
  };
  const outcomeOf = (status: number) => (status >= 500 ? 'http_5xx' : status >= 400 ? 'http_4xx' : 'ok');
  // fetch (undici)
  subscribe('undici:request:create', (message) => {
    const { request } = message as { request: { origin: string | URL } };
    started.set(request, { party: new URL(String(request.origin)).host, at: performance.now() });
  });
  subscribe('undici:request:headers', (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    done(request, outcomeOf(response.statusCode));
  });
  subscribe('undici:request:error', (message) => done((message as { request: object }).request, 'error'));
  // node:http and node:https (the AWS SDK's S3 client)
  subscribe('http.client.request.start', (message) => {
    const { request } = message as { request: { host: string; getHeader(name: string): unknown } };
    const host = String(request.getHeader('host') ?? request.host);
    started.set(request, { party: host, at: performance.now() });
  });
  subscribe('http.client.response.finish', (message) => {
    const { request, response } = message as { request: object; response: { statusCode?: number } };
    done(request, outcomeOf(response.statusCode ?? 0));
  });
  subscribe('http.client.request.error', (message) => done((message as { request: object }).request, 'error'));
}

/**
 * The shop's `/metrics` (Prometheus text format, prom-client): requests by route and status with
 * their latency, the database pool, the job queue, what the modules report (payments, top-ups), calls
 * to outside parties and Node.js's own figures. One registry per app (tests run several in a process).
 * docs/operations.md shows the queries an operator watches.
 */
export function installMetrics(
  app: FastifyInstance,
  parts: {
    database: Database;
    gauges: ModuleGauge[];
    answerCaches?: AnswerCaches;
    /** Serve `/metrics` on this app (false: it has a port of its own, serveMetrics). */
    route?: boolean;
    /** Paths not counted as requests (probes and scrapes: they are not shoppers' traffic). */
    unmeasured?: ReadonlySet<string>;
    /** The answers it gives before Fastify are counted as requests too (front-door.ts). */
    front?: FrontDoor;
  },
): client.Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  watchOutsideCalls();
  registry.registerMetric(outsideCalls);
  registry.registerMetric(outsideErrors);

  const requests = new client.Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Requests answered, by route (the route pattern) and status, and how long each took; _count is the request count',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // Each series' child kept by its key: prom-client would otherwise sort and join the labels on
  // every request.
  const series = new Map<string, client.Histogram.Internal<'method' | 'route' | 'status'>>();
  const unmeasured = parts.unmeasured ?? new Set<string>();
  const observe = (method: string, status: number, route: string, seconds: number) => {
    const key = `${method} ${status} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = requests.labels({ method, route, status: String(status) });
      series.set(key, child);
    }
    child.observe(seconds);
  };
  app.addHook('onResponse', (request, reply, done) => {
    if (unmeasured.has(request.routeOptions.url ?? '')) return done();
    // The route's pattern, never the URL (one series per route, whatever ids it is called with).
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    observe(request.method, reply.statusCode, route, reply.elapsedTime / 1000);
    done();
  });
  const { front } = parts;
  if (front) {
    front.measured = (route, seconds) => observe('GET', 200, route, seconds);
    new client.Counter({
      name: 'shop_front_door_answers_total',
      help: 'Requests answered from ready bytes before routing (front-door.ts); also counted in shop_http_request_duration_seconds',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(front.served);
      },
    });
  }

  const { database } = parts;
  new client.Gauge({
    name: 'shop_db_pool_connections',
    help: "Connections of this process's PostgreSQL pool: in_use (running a statement), idle",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new client.Gauge({
    name: 'shop_db_pool_waiting',
    help: 'Queries of this process waiting for a free connection of its pool',
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (stats) this.set(stats.waiting);
    },
  });

  // Read once per scrape by the first of the gauges below; a database that does not answer leaves
  // the job figures out and says so (shop_db_up 0), the rest of the page is still served.
  let reading: Promise<{ due: number; oldest: number; exhausted: number } | null> | undefined;
  const readJobs = () => {
    reading ??= queryRows<{ due: string; oldest: string | null; exhausted: string }>(
      database.db,
      sql`SELECT count(*) FILTER (WHERE run_at <= now() AND attempts < max_attempts) AS due,
          extract(epoch FROM now() - min(run_at) FILTER (WHERE run_at <= now() AND attempts < max_attempts)) AS oldest,
          count(*) FILTER (WHERE attempts >= max_attempts) AS exhausted
        FROM ${jobs} WHERE done_at IS NULL`,
    )
      .then(([row]) => ({ due: Number(row.due), oldest: Number(row.oldest ?? 0), exhausted: Number(row.exhausted) }))
      .catch(() => null)
      .finally(() => setTimeout(() => (reading = undefined), 100));
    return reading;
  };
  new client.Gauge({
    name: 'shop_db_up',
    help: 'Whether the database answered this scrape (1) or not (0)',
    registers: [registry],
    async collect() {
      this.set((await readJobs()) ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'shop_jobs_due',
    help: 'Jobs due and not done (the queue depth)',
    registers: [registry],
    async collect() {
      const row = await readJobs();
      if (row) this.set(row.due);
    },
  });
  new client.Gauge({
    name: 'shop_jobs_oldest_due_seconds',
    help: 'How long the oldest due job has been waiting (0 when none is due)',
    registers: [registry],
    async collect() {
      const row = await readJobs();
      if (row) this.set(row.oldest);
    },
  });
  new client.Gauge({
    name: 'shop_jobs_exhausted',
    help: 'Jobs that failed every attempt and will not run again without an operator',
    registers: [registry],
    async collect() {
      const row = await readJobs();
      if (row) this.set(row.exhausted);
    },
  });

  // The caches of answers, each bounded by the bytes it holds (platform/answer-caches.ts).
  const caches = parts.answerCaches;
  const cacheGauge = (name: string, help: string, pick: (f: AnswerCacheFigures) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const { name: cache, figures } of caches?.figures() ?? []) this.set({ cache }, pick(figures));
      },
    });
  cacheGauge('shop_answer_cache_bytes', 'Bytes a cache of answers holds (its own measure of them)', (f) => f.bytes);
  cacheGauge('shop_answer_cache_max_bytes', 'The bytes a cache of answers may hold at most', (f) => f.maxBytes);
  cacheGauge('shop_answer_cache_entries', 'Answers a cache holds', (f) => f.entries);

  for (const gauge of parts.gauges) {
    new client.Gauge({
      name: gauge.name,
      help: gauge.help,
      labelNames: gauge.labelNames,
      registers: [registry],
      async collect() {
        const samples = await gauge.read().catch(() => null);
        if (!samples) return;
        this.reset();
        for (const sample of samples) this.set(sample.labels, sample.value);
      },
    });
  }

  if (parts.route !== false)
    app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (_request, reply) => {
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  return registry;
}

/**
 * `/metrics` on a port of its own (METRICS_PORT), for Prometheus on the internal network: nothing
 * else is served there, and the shop's port (the one the proxy forwards to) has no `/metrics` at all.
 */
export async function serveMetrics(
  registry: client.Registry,
  where: { port: number; host: string },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics')
      return response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    registry.metrics().then(
      (text) =>
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(where.port, where.host, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : where.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
