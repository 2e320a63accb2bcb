import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { couponRoutes } from './routes.ts';
import { CouponService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    coupons: CouponService;
  }
}

/** Coupon batches, the shopper's coupons, codes and their use at checkout. */
export const couponsModule = defineModule({
  name: 'coupons',
  migrations: migrationsOf('modules/coupons'),
  provides: ['coupons'],
  build: (ctx) => ({ coupons: new CouponService(ctx.db) }),
  routes: couponRoutes,
  init: (services) => services.coupons.ensureStandardBatches(),
});
