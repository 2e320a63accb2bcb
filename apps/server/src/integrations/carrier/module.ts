import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { carrierRoutes } from './routes.ts';
import { CarrierService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    carrier: CarrierService;
  }
}

/**
 * The carrier integration: shipments registered with the carrier and its signed tracking callback.
 * It knows no module: the orders module tells it where tracking events land (`recordTrackingWith`).
 */
export const carrierModule = defineModule({
  name: 'carrier',
  migrations: migrationsOf('integrations/carrier'),
  provides: ['carrier'],
  build: (ctx) => ({
    carrier: new CarrierService(ctx.db, ctx.jobs, { ...ctx.config.carrier, publicUrl: ctx.config.publicUrl }),
  }),
  routes: carrierRoutes,
  jobs: (_ctx, services) => services.carrier.jobDefinitions(),
});
