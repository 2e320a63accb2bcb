import { claimCampaignCoupon, drawCampaignPrize, queryCampaignPage } from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

export function campaignRoutes({ app, services, resolveSession }: AppContext) {
  registerCall(app, queryCampaignPage, resolveSession, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return services.campaigns.page(req.query.route, req.query.preview, req.session?.subjectId ?? null, req.language);
  });
  registerCall(app, drawCampaignPrize, resolveSession, async (req) =>
    services.campaigns.draw(req.session?.subjectId as string, req.body.campaignId, req.language),
  );
  registerCall(app, claimCampaignCoupon, resolveSession, async (req) => {
    const { coupon, title } = await services.campaigns.claim(
      req.session?.subjectId as string,
      req.body.campaignId,
      req.body.batchId,
    );
    return services.coupons.view(coupon, title, req.language);
  });
}
