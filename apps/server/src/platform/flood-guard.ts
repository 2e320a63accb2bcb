import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';
import type { FrontDoor } from './front-door.ts';

/**
 * The per-address flood guard of every route (decision 0004): at most `perMinute` requests per
 * client address in each minute, counted in process memory. A fixed one-minute window kept as two
 * maps (this minute, and nothing else): one map lookup per request. @fastify/rate-limit did the
 * same job at a cost of about a third of a cached call's throughput (docs/performance.md); it still
 * serves the per-route limits that need its options (staff sign-in).
 *
 * A route opts out with `config: { rateLimit: false }` (health probes).
 */
export function installFloodGuard(
  app: FastifyInstance,
  perMinute: number,
  now: () => number = Date.now,
  front?: FrontDoor,
) {
  let windowStart = now();
  let counts = new Map<string, number>();
  /** Counts a request of `address`; true while within the limit. */
  const admit = (address: string, at: number) => {
    if (at - windowStart >= 60_000) {
      windowStart = at;
      counts = new Map();
    }
    const count = (counts.get(address) ?? 0) + 1;
    counts.set(address, count);
    return count <= perMinute;
  };
  // The front door's answers count too; over the limit it leaves the request to the hook below.
  if (front) front.admit = (address) => admit(address, now());
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.routeOptions.config as { rateLimit?: unknown }).rateLimit === false) return done();
    const at = now();
    if (admit(request.ip, at)) return done();
    reply.header('retry-after', String(Math.max(1, Math.ceil((windowStart + 60_000 - at) / 1000))));
    done(new AppError('SYS00003'));
  });
}
