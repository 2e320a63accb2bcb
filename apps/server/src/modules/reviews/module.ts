import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { reviewRoutes } from './routes.ts';
import { seedReviews } from './seed.ts';
import { ReviewService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    reviews: ReviewService;
  }
}

/** Reviews of received orders and their products. */
export const reviewsModule = defineModule({
  name: 'reviews',
  migrations: migrationsOf('modules/reviews'),
  needs: ['catalogue'],
  provides: ['reviews'],
  build: (ctx, needed) => ({ reviews: new ReviewService(ctx.db, needed) }),
  routes: reviewRoutes,
  seedDemo: seedReviews,
});
