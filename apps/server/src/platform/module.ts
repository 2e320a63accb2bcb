import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnswerCaches } from './answer-caches.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db.ts';
import type { DurabilityBarrier } from './durability.ts';
import type { FrontDoor } from './front-door.ts';
import type { JobDefinition, JobRunner } from './jobs.ts';
import type { ModuleGauge } from './metrics.ts';
import type { Session, SessionKind, SessionService } from './sessions.ts';
import type { FileStore } from './storage/store.ts';

/**
 * What a module is, and what it is given. This file imports no module: every module imports it, and
 * `modules/index.ts` (which imports every module) only lists them, so the server has no import circle.
 */

/** What the platform gives every module. */
export type PlatformContext = {
  config: Config;
  database: Database;
  db: Db;
  jobs: JobRunner;
  sessions: SessionService;
  /** For statements that commit without waiting: resolves once they are on disk (decision 0012). */
  durability: DurabilityBarrier;
  /** Private files (platform/storage): the data folder or an S3-compatible store. */
  storage: FileStore;
  /** The caches of answers, by the bytes each holds, for `/metrics` (platform/answer-caches.ts). */
  answerCaches: AnswerCaches;
  /** Where ready answers are served before routing (front-door.ts); absent in tests that build parts alone. */
  frontDoor?: FrontDoor;
};

/**
 * Every module's service by the module's name. Empty here: each module adds its own entry from its
 * `module.ts` (`declare module '../../platform/module.ts' { interface Services { name: Service } }`),
 * so a module names another's service type without importing that module.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one entry per module
export interface Services {}

export type AppContext = PlatformContext & {
  app: FastifyInstance;
  services: Services;
  resolveSession: (request: FastifyRequest, kind: SessionKind) => Promise<Session | null>;
};

export type ServiceName = keyof Services;

/**
 * A module declares itself in its folder's `module.ts` with `defineModule`: its tables' migrations,
 * the services it builds from the ones it needs (named, so the start order and the dependencies are
 * visible and checked at start), its routes, jobs, init and demo data.
 */
export type ShopModule<Needs extends ServiceName = ServiceName, Provides extends ServiceName = ServiceName> = {
  name: string;
  /** Folder of this module's drizzle-kit migrations; applied in the order `modules/index.ts` lists. */
  migrations?: string;
  /** Other modules' services this module's are built with (their modules start first). */
  needs?: readonly Needs[];
  /** The services `build` makes, by their names in `Services`. */
  provides?: readonly Provides[];
  build?: (ctx: PlatformContext, needed: Pick<Services, Needs>) => Pick<Services, Provides>;
  routes?: (ctx: AppContext) => void;
  jobs?: (ctx: PlatformContext, services: Services) => JobDefinition[];
  /** Figures of its own tables for `/metrics` (platform/metrics.ts), read when Prometheus scrapes. */
  metrics?: (ctx: PlatformContext) => ModuleGauge[];
  /** Data every installation needs (runs at every start, idempotent). */
  init?: (services: Services) => Promise<void>;
  /** The demo shop (runs when DEMO_DATA is on, idempotent; after the modules it needs have seeded theirs). */
  seedDemo?: (ctx: PlatformContext, services: Services) => Promise<void>;
};

/** Types a module's declaration: `needed` holds exactly the services it names in `needs`. */
export function defineModule<const Needs extends ServiceName = never, const Provides extends ServiceName = never>(
  module: ShopModule<Needs, Provides>,
): ShopModule {
  return module as unknown as ShopModule;
}

/**
 * The modules in start order: every module after the modules whose services it needs, otherwise in
 * the order listed. A service that no module provides, one provided twice, or modules that need each
 * other fail here, at start, naming them.
 */
export function startOrder(modules: readonly ShopModule[]): ShopModule[] {
  const provider = new Map<string, ShopModule>();
  for (const m of modules)
    for (const s of m.provides ?? []) {
      const other = provider.get(s);
      if (other) throw new Error(`Service '${s}' is provided by both module '${other.name}' and '${m.name}'`);
      provider.set(s, m);
    }
  const ordered: ShopModule[] = [];
  const state = new Map<ShopModule, 'visiting' | 'done'>();
  const visit = (m: ShopModule, path: string[]) => {
    if (state.get(m) === 'done') return;
    if (state.get(m) === 'visiting')
      throw new Error(`Modules need each other: ${[...path.slice(path.indexOf(m.name)), m.name].join(' → ')}`);
    state.set(m, 'visiting');
    for (const s of m.needs ?? []) {
      const p = provider.get(s);
      if (!p) throw new Error(`Module '${m.name}' needs the service '${s}', which no listed module provides`);
      if (p !== m) visit(p, [...path, m.name]);
    }
    state.set(m, 'done');
    ordered.push(m);
  };
  for (const m of modules) visit(m, []);
  return ordered;
}

/**
 * Builds every module's services in start order, each from the services it named. What a module is
 * given is a view of just those names, read on use: a test that replaces a service in the returned
 * registry (a stand-in) reaches the modules that need it.
 */
export function buildServices(ctx: PlatformContext, ordered: readonly ShopModule[]): Services {
  const services: Partial<Record<ServiceName, unknown>> = {};
  for (const m of ordered) {
    if (!m.build) continue;
    const needed = {} as Services;
    for (const s of m.needs ?? []) Object.defineProperty(needed, s, { get: () => services[s], enumerable: true });
    const built = m.build(ctx, needed) as Partial<Record<ServiceName, unknown>>;
    for (const s of m.provides ?? []) {
      if (built[s] === undefined) throw new Error(`Module '${m.name}' provides '${s}' but did not build it`);
      services[s] = built[s];
    }
  }
  return services as Services;
}
