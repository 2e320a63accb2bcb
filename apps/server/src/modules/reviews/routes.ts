import { countReviewsByProduct, getReviewsByProduct } from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

/** Public reads per product; the per-order calls (v1/appraise/add, querybyorder) are the orders module's. */
export function reviewRoutes({ app, services, resolveSession }: AppContext) {
  registerCall(
    app,
    getReviewsByProduct,
    resolveSession,
    async (req) => services.reviews.byProduct(req.query.productId, req.query.page, req.query.size, req.language),
    { cache: 'public, max-age=30' },
  );
  registerCall(
    app,
    countReviewsByProduct,
    resolveSession,
    async (req) => services.reviews.countByProduct(req.query.productId),
    {
      cache: 'public, max-age=30',
    },
  );
}
