import path from 'node:path';
import { carrierRoutes } from '../integrations/carrier/routes.ts';
import { CarrierService } from '../integrations/carrier/service.ts';
import { createSmsGateway } from '../integrations/sms/gateway.ts';
import { SmsService } from '../integrations/sms/service.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import type { MigrationSet } from '../platform/migrate.ts';
import type { AppContext, PlatformContext, Services } from '../platform/module.ts';
import { serverSrc } from '../platform/paths.ts';
import { AccountExtras } from './accounts/extras.ts';
import { accountExtraRoutes, accountRoutes } from './accounts/routes.ts';
import { seedAccounts } from './accounts/seed.ts';
import { AccountsService } from './accounts/service.ts';
import { addressRoutes } from './addresses/routes.ts';
import { AddressService } from './addresses/service.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { seedCatalogue } from './catalogue/seed.ts';
import { CatalogueService, STOCK_BACK_JOB } from './catalogue/service.ts';
import { couponRoutes } from './coupons/routes.ts';
import { CouponService } from './coupons/service.ts';
import { favouriteRoutes } from './favourites/routes.ts';
import { FavouriteService } from './favourites/service.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { InvitationService } from './invitations/service.ts';
import { noticeRoutes } from './notices/routes.ts';
import { NoticeService } from './notices/service.ts';
import { lazyPorts } from './orders/ports.ts';
import { orderRoutes } from './orders/routes.ts';
import { OrderService } from './orders/service.ts';
import { paymentRoutes } from './payments/routes.ts';
import { PaymentService } from './payments/service.ts';
import { reviewRoutes } from './reviews/routes.ts';
import { seedReviews } from './reviews/seed.ts';
import { ReviewService } from './reviews/service.ts';
import { staffRoutes } from './staff/routes.ts';
import { StaffService } from './staff/service.ts';
import { systemRoutes } from './system/routes.ts';
import { SystemService } from './system/service.ts';
import { walletRoutes } from './wallet/routes.ts';
import { seedWalletDemo } from './wallet/seed.ts';
import { WalletService, WithdrawalService, withdrawalNotice } from './wallet/service.ts';

/**
 * Every module's service, built once per app. A module reaches another module only through the
 * service here, never through its tables (DESIGN §3).
 */
export function createServices(ctx: PlatformContext) {
  const system = new SystemService(ctx.db);
  const sms = new SmsService(ctx.db, ctx.jobs, createSmsGateway(ctx.config.sms));
  const accounts = new AccountsService({ db: ctx.db, config: ctx.config, sessions: ctx.sessions, sms, system });
  const catalogue = new CatalogueService(ctx.db, ctx.jobs);
  const notices = new NoticeService(ctx.db);
  const wallet = new WalletService(ctx.db);
  const withdrawals = new WithdrawalService(ctx.db, {
    wallet,
    minimumCents: async () => (await system.getConfig()).config.withdrawalMinCents,
    verifyPayPassword: (userId, password) => accounts.verifyPayPassword(userId, password),
    onDecided: async (row, db) => {
      await notices.notify(row.userId, withdrawalNotice(row), db);
    },
  });
  const coupons = new CouponService(ctx.db);
  const staff = new StaffService(ctx.db, ctx.sessions);
  const invitations = new InvitationService(ctx.db, {
    wallet,
    notices,
    displayName: async (userId) => (await accounts.getUser(userId))?.phone ?? null,
  });
  const accountExtras = new AccountExtras(accounts, {
    dataDir: ctx.config.dataDir,
    providers: ctx.config.oauthProviders,
  });
  const reviews = new ReviewService(ctx.db, catalogue);
  const favourites = new FavouriteService(ctx.db, catalogue);
  const addresses = new AddressService(ctx.db, ctx.config.servedProvinces);
  // Buying reaches catalogue, wallet, coupons, accounts, invitations, notices and reviews through
  // `services` itself, read at call time (orders/ports.ts).
  const services: Record<string, unknown> = {};
  const orders = new OrderService(ctx, addresses, lazyPorts(services));
  orders.useSystem(() => system.getConfig());
  const payments = new PaymentService(ctx, orders, lazyPorts(services));
  const carrier = new CarrierService(
    ctx.db,
    ctx.jobs,
    { ...ctx.config.carrier, publicUrl: ctx.config.publicUrl },
    (orderId, event) => orders.addTrackingEvent(orderId, event),
  );
  const built = {
    system,
    sms,
    accounts,
    accountExtras,
    catalogue,
    wallet,
    withdrawals,
    coupons,
    reviews,
    favourites,
    notices,
    invitations,
    addresses,
    orders,
    payments,
    carrier,
    staff,
  };
  Object.assign(services, built);
  return services as typeof built;
}
type BuiltServices = ReturnType<typeof createServices>;
declare module '../platform/module.ts' {
  interface Services extends BuiltServices {}
}

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

const here = path.join(serverSrc, 'modules');

export const MODULES: ShopModule[] = [
  {
    name: 'system',
    migrations: path.join(here, 'system/migrations'),
    routes: systemRoutes,
    init: (services) => services.system.ensureDefaults(),
  },
  { name: 'addresses', migrations: path.join(here, 'addresses/migrations'), routes: addressRoutes },
  {
    name: 'orders',
    migrations: path.join(here, 'orders/migrations'),
    routes: orderRoutes,
    init: (services) => services.orders.ensureStores(),
    jobs: (_ctx, services) => [
      {
        name: 'orders.overdue-sweep',
        everyMs: 60_000,
        handler: async () => {
          await services.orders.sweepOverdue();
        },
      },
      {
        name: 'orders.purge-preorders',
        everyMs: 60 * 60 * 1000,
        handler: async () => {
          await services.orders.purgePreorders();
        },
      },
      // Deadline jobs queued per order by earlier versions: the sweep does their work now.
      { name: 'orders.deadline', handler: async (payload) => services.orders.onDeadline(String(payload.orderId)) },
    ],
  },
  {
    name: 'payments',
    migrations: path.join(here, 'payments/migrations'),
    routes: paymentRoutes,
    jobs: (_ctx, services) => [
      {
        name: 'payments.sandbox-callback',
        handler: async (payload) => services.payments.sendSandboxCallback(payload as never),
      },
      {
        name: 'payments.refund-late',
        handler: async (payload) => services.payments.refundLate(String(payload.paymentId)),
      },
      {
        name: 'payments.refund',
        handler: async (payload) => services.payments.refundOrderPayment(String(payload.orderId)),
      },
      {
        name: 'payments.expire-pending',
        everyMs: 60_000,
        handler: async () => {
          await services.payments.expirePending();
        },
      },
    ],
  },
  {
    // The SMS integration's outbox (apps/server/src/integrations/sms).
    name: 'sms',
    migrations: path.join(here, '../integrations/sms/migrations'),
    jobs: (_ctx, services) => services.sms.jobDefinitions(),
  },
  {
    // The carrier integration's shipments and callback (apps/server/src/integrations/carrier).
    name: 'carrier',
    migrations: path.join(here, '../integrations/carrier/migrations'),
    routes: carrierRoutes,
    jobs: (_ctx, services) => services.carrier.jobDefinitions(),
  },
  {
    name: 'accounts',
    migrations: path.join(here, 'accounts/migrations'),
    routes: (ctx) => {
      accountRoutes(ctx);
      accountExtraRoutes(ctx);
    },
    seedDemo: (_ctx, services) => seedAccounts(services),
    jobs: (_ctx, services) => [
      {
        name: 'accounts.purge',
        everyMs: 60 * 60 * 1000,
        handler: async () => {
          await services.accounts.purge();
        },
      },
    ],
  },
  {
    name: 'catalogue',
    migrations: path.join(here, 'catalogue/migrations'),
    routes: catalogueRoutes,
    jobs: (_ctx, services) => [
      {
        name: STOCK_BACK_JOB,
        handler: async (payload, db) => {
          const deliver = async (
            userId: string,
            sku: { skuId: number; productId: number; name: string; specText: string },
          ) => {
            await services.notices.notify(userId, { kind: 'stock-back', ...sku }, db);
          };
          await services.catalogue.deliverStockBack(Number(payload.skuId), deliver, db);
        },
      },
      {
        // Products' sales counts (list order, search rank) trail checkouts by a few seconds.
        name: 'catalogue.fold-sales',
        everyMs: 5_000,
        handler: async () => {
          await services.catalogue.foldSales();
        },
      },
    ],
    seedDemo: seedCatalogue,
    init: async (services) => {
      await services.catalogue.refreshSearchDocuments();
    },
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
    // The wallet's demo data needs every money module (wallet, coupons, notices, invitations).
    seedDemo: seedWalletDemo,
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
  {
    name: 'reviews',
    migrations: path.join(here, 'reviews/migrations'),
    routes: reviewRoutes,
    seedDemo: seedReviews,
  },
  {
    name: 'favourites',
    migrations: path.join(here, 'favourites/migrations'),
    routes: favouriteRoutes,
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
