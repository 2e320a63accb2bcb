import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { valuationRoutes } from './routes.ts';
import { ValuationService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    valuation: ValuationService;
  }
}

/** Phone valuation: models and their questions, the server's estimate, inspection appointments, the outcome paid. */
export const valuationModule = defineModule({
  name: 'valuation',
  migrations: migrationsOf('modules/valuation'),
  needs: ['system', 'orders', 'addresses', 'wallet', 'notices', 'notifications'],
  provides: ['valuation'],
  build: (ctx, needed) => ({ valuation: new ValuationService(ctx, needed) }),
  routes: valuationRoutes,
  jobs: (_ctx, services) => [
    {
      name: 'valuation.remind',
      handler: async (payload) => services.valuation.remind(String(payload.id), String(payload.startsAt)),
    },
  ],
  seedDemo: (_ctx, services) => services.valuation.seedDemo(),
});
