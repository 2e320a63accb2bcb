import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { topupMetrics } from './metrics.ts';
import { topupPayable } from './payable.ts';
import { topupRoutes } from './routes.ts';
import { TopupService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    topup: TopupService;
  }
}

/** Phone top-up: orders for a +855 number, paid at the cashier, sent to the top-up provider once. */
export const topupModule = defineModule({
  name: 'topup',
  migrations: migrationsOf('modules/topup'),
  needs: ['payments', 'notices', 'topupProvider', 'notifications'],
  provides: ['topup'],
  build: (ctx, needed) => {
    const topup = new TopupService(ctx, needed);
    needed.payments.registerPayable(topupPayable(topup));
    return { topup };
  },
  routes: topupRoutes,
  metrics: topupMetrics,
  jobs: (_ctx, services) => [
    { name: 'topup.send', handler: async (payload) => services.topup.send(String(payload.orderId)) },
    {
      name: 'topup.query',
      handler: async (payload) => {
        await services.topup.query(String(payload.orderId));
      },
    },
    {
      name: 'topup.expire-unpaid',
      everyMs: 60_000,
      handler: async () => {
        await services.topup.expireUnpaid();
      },
    },
  ],
  init: (services) => services.topup.init(),
});
