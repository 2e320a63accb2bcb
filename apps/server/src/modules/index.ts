import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { Database, Db } from '../platform/db.ts';
import type { JobDefinition, JobRunner } from '../platform/jobs.ts';
import type { MigrationSet } from '../platform/migrate.ts';
import type { Session, SessionKind, SessionService } from '../platform/sessions.ts';
import { createSmsGateway } from '../integrations/sms/gateway.ts';
import { SmsService } from '../integrations/sms/service.ts';
import { accountRoutes } from './accounts/routes.ts';
import { AccountsService } from './accounts/service.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { seedCatalogue } from './catalogue/seed.ts';
import { CatalogueService, STOCK_BACK_JOB } from './catalogue/service.ts';
import { couponRoutes } from './coupons/routes.ts';
import { CouponService } from './coupons/service.ts';
import { staffRoutes } from './staff/routes.ts';
import { StaffService } from './staff/service.ts';
import { systemRoutes } from './system/routes.ts';
import { SystemService } from './system/service.ts';
import { walletRoutes } from './wallet/routes.ts';
import { WalletService, WithdrawalService } from './wallet/service.ts';

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
  const sms = new SmsService(ctx.db, ctx.jobs, createSmsGateway(ctx.config.sms));
  const accounts = new AccountsService({ db: ctx.db, config: ctx.config, sessions: ctx.sessions, sms, system });
  const catalogue = new CatalogueService(ctx.db, ctx.jobs);
  const wallet = new WalletService(ctx.db);
  const withdrawals = new WithdrawalService(ctx.db, {
    wallet,
    minimumCents: async () => (await system.getConfig()).config.withdrawalMinCents,
    verifyPayPassword: (userId, password) => accounts.verifyPayPassword(userId, password),
  });
  const coupons = new CouponService(ctx.db);
  const staff = new StaffService(ctx.db, ctx.sessions);
  return { system, sms, accounts, catalogue, wallet, withdrawals, coupons, staff };
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
    // The SMS integration's outbox (apps/server/src/integrations/sms).
    name: 'sms',
    migrations: path.join(here, '../integrations/sms/migrations'),
    jobs: (_ctx, services) => services.sms.jobDefinitions(),
  },
  {
    name: 'accounts',
    migrations: path.join(here, 'accounts/migrations'),
    routes: accountRoutes,
  },
  {
    name: 'catalogue',
    migrations: path.join(here, 'catalogue/migrations'),
    routes: catalogueRoutes,
    jobs: (_ctx, services) => [
      {
        name: STOCK_BACK_JOB,
        handler: async (payload, db) => {
          // The notices module (wallet engineer) delivers when it is there; until then notices stay due.
          const notices = (services as Record<string, unknown>).notices as
            | { notify?: (userId: string, notice: Record<string, unknown>, db?: unknown) => Promise<unknown> }
            | undefined;
          const deliver = notices?.notify
            ? async (userId: string, sku: { skuId: number; productId: number; name: string; specText: string }) => {
                await notices.notify?.(userId, { kind: 'stock-back', skuId: sku.skuId, productId: sku.productId, name: sku.name, specText: sku.specText });
              }
            : undefined;
          await services.catalogue.deliverStockBack(Number(payload.skuId), deliver, db);
        },
      },
    ],
    seedDemo: seedCatalogue,
  },
  {
    name: 'wallet',
    migrations: path.join(here, 'wallet/migrations'),
    routes: walletRoutes,
    init: (services) => services.wallet.init(),
  },
  {
    name: 'coupons',
    migrations: path.join(here, 'coupons/migrations'),
    routes: couponRoutes,
    init: (services) => services.coupons.ensureStandardBatches(),
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
