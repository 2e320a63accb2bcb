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
  // Accounts say when a shopper signed up: the new-shopper coupon is for the new ones.
  needs: ['accounts'],
  provides: ['coupons'],
  build: (ctx, { accounts }) => ({
    coupons: new CouponService(
      ctx.db,
      () => new Date(),
      async (userId) => (await accounts.getUser(userId))?.createdAt ?? null,
    ),
  }),
  routes: couponRoutes,
  init: (services) => services.coupons.ensureStandardBatches(),
});
