import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db.ts';
import type { DurabilityBarrier } from './durability.ts';
import type { JobRunner } from './jobs.ts';
import type { Session, SessionKind, SessionService } from './sessions.ts';

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
