import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { analyticsRoutes } from './routes.ts';
import { AnalyticsService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    analytics: AnalyticsService;
  }
}

/** Page-view analytics: the shop's own collector and the console's charts (docs/analytics.md). */
export const analyticsModule = defineModule({
  name: 'analytics',
  migrations: migrationsOf('modules/analytics'),
  needs: [],
  provides: ['analytics'],
  build: (ctx) => ({ analytics: new AnalyticsService(ctx.db) }),
  routes: analyticsRoutes,
  jobs: (_ctx, services) => [
    {
      name: 'analytics.purge',
      everyMs: 6 * 3_600_000,
      handler: async () => {
        await services.analytics.purge();
      },
    },
  ],
});
