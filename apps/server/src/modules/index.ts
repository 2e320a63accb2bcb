import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { Database, Db } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import type { JobDefinition, JobRunner } from '../platform/jobs.ts';
import type { MigrationSet } from '../platform/migrate.ts';
import type { Session, SessionKind, SessionService } from '../platform/sessions.ts';
import { couponRoutes } from './coupons/routes.ts';
import { CouponService } from './coupons/service.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { InvitationService } from './invitations/service.ts';
import { noticeRoutes } from './notices/routes.ts';
import { NoticeService } from './notices/service.ts';
import { systemRoutes } from './system/routes.ts';
import { SystemService } from './system/service.ts';
import { walletRoutes } from './wallet/routes.ts';
import { WalletService, WithdrawalService, withdrawalNotice } from './wallet/service.ts';

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
  const notices = new NoticeService(ctx.db);
  const wallet = new WalletService(ctx.db);
  const withdrawals = new WithdrawalService(ctx.db, {
    wallet,
    minimumCents: async () => (await system.getConfig()).config.withdrawalMinCents,
    // Until the accounts module keeps pay passwords, nobody has one set.
    verifyPayPassword: async () => {
      throw new AppError('WAL00011');
    },
    onDecided: async (row, db) => {
      await notices.notify(row.userId, withdrawalNotice(row), db);
    },
  });
  const coupons = new CouponService(ctx.db);
  const invitations = new InvitationService(ctx.db, { wallet, notices });
  return { system, wallet, withdrawals, coupons, notices, invitations };
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
    name: 'notices',
    migrations: path.join(here, 'notices/migrations'),
    routes: noticeRoutes,
  },
  {
    name: 'invitations',
    migrations: path.join(here, 'invitations/migrations'),
    routes: invitationRoutes,
    jobs: (_ctx, services) => [
      {
        name: 'invitations.expire',
        everyMs: 10 * 60 * 1000,
        handler: async () => {
          await services.invitations.expireDue();
        },
      },
    ],
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
