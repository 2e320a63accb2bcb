import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { Database, Db } from '../platform/db.ts';
import type { JobDefinition, JobRunner } from '../platform/jobs.ts';
import type { MigrationSet } from '../platform/migrate.ts';
import type { Session, SessionKind, SessionService } from '../platform/sessions.ts';
import { staffRoutes } from './staff/routes.ts';
import { StaffService } from './staff/service.ts';
import { systemRoutes } from './system/routes.ts';
import { SystemService } from './system/service.ts';

/** What the platform gives every module. */
export type PlatformContext = {
  config: Config;
  database: Database;
  db: Db;
  jobs: JobRunner;
  sessions: SessionService;
};

/**
 * Every module's service, built once per app. A module reaches another module only through the
 * service here, never through its tables (DESIGN §3).
 */
export function createServices(ctx: PlatformContext) {
  const system = new SystemService(ctx.db);
  const staff = new StaffService(ctx.db, ctx.sessions);
  return { system, staff };
}
export type Services = ReturnType<typeof createServices>;

export type AppContext = PlatformContext & {
  app: FastifyInstance;
  services: Services;
  resolveSession: (request: FastifyRequest, kind: SessionKind) => Promise<Session | null>;
};

export type ShopModule = {
  name: string;
  /** Folder of this module's drizzle-kit migrations; applied in the order of `MODULES`. */
  migrations?: string;
  routes?: (ctx: AppContext) => void;
  jobs?: (ctx: PlatformContext, services: Services) => JobDefinition[];
  /** Data every installation needs (runs at every start, idempotent). */
  init?: (services: Services) => Promise<void>;
  /** The demo shop (runs when DEMO_DATA is on, idempotent). */
  seedDemo?: (ctx: PlatformContext, services: Services) => Promise<void>;
};

const here = import.meta.dirname;

export const MODULES: ShopModule[] = [
  {
    name: 'system',
    migrations: path.join(here, 'system/migrations'),
    routes: systemRoutes,
    init: (services) => services.system.ensureDefaults(),
  },
  {
    name: 'staff',
    migrations: path.join(here, 'staff/migrations'),
    routes: staffRoutes,
  },
];

export const PLATFORM_MIGRATIONS: MigrationSet = {
  name: 'platform',
  folder: path.join(here, '../platform/migrations'),
};

export function migrationSets(): MigrationSet[] {
  return [
    PLATFORM_MIGRATIONS,
    ...MODULES.filter((m) => m.migrations).map((m) => ({ name: m.name, folder: m.migrations as string })),
  ];
}
