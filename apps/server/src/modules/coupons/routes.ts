import {
  claimCoupon,
  exchangeCouponCode,
  grantNewShopperCoupon,
  queryCouponCampaign,
  queryInvalidCoupons,
  queryNewShopperOffer,
  queryUsableCouponCount,
  queryUsableCoupons,
  queryUsedCoupons,
} from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

const userOf = (request: { session: { subjectId: string } | null }) =>
  (request.session as { subjectId: string }).subjectId;

export function couponRoutes({ app, services, resolveSession }: AppContext) {
  registerCall(app, queryUsableCouponCount, resolveSession, async (request) => ({
    count: await services.coupons.usableCount(userOf(request)),
  }));
  registerCall(app, queryUsableCoupons, resolveSession, async (request) =>
    services.coupons.list(userOf(request), 'valid', request.query, request.language),
  );
  registerCall(app, queryUsedCoupons, resolveSession, async (request) =>
    services.coupons.list(userOf(request), 'used', request.query, request.language),
  );
  registerCall(app, queryInvalidCoupons, resolveSession, async (request) =>
    services.coupons.list(userOf(request), 'invalid', request.query, request.language),
  );
  registerCall(app, exchangeCouponCode, resolveSession, async (request) => {
    const { coupon, title } = await services.coupons.exchange(userOf(request), request.body.code);
    return services.coupons.view(coupon, title, request.language);
  });
  registerCall(app, queryCouponCampaign, resolveSession, async (request) =>
    services.coupons.campaign(request.query.campaign, request.session?.subjectId ?? null, request.language),
  );
  registerCall(app, queryNewShopperOffer, resolveSession, async (request) =>
    services.coupons.newShopper(request.session?.subjectId ?? null, request.language),
  );
  registerCall(app, grantNewShopperCoupon, resolveSession, async (request) => {
    const { coupon, title, granted } = await services.coupons.grantNewShopper(userOf(request));
    return { coupon: services.coupons.view(coupon, title, request.language), granted };
  });
  registerCall(app, claimCoupon, resolveSession, async (request) => {
    const { coupon, title } = await services.coupons.claim(userOf(request), request.body.batchId);
    return services.coupons.view(coupon, title, request.language);
  });
}
