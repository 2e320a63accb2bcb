import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { campaignRoutes } from './routes.ts';
import { seedCampaigns } from './seed.ts';
import { CampaignService } from './service.ts';
import { SPEND_AND_GET_JOB } from './spend-and-get.ts';

declare module '../../platform/module.ts' {
  interface Services {
    campaigns: CampaignService;
  }
}

/** Campaign pages built by staff from blocks, bound to the campaign routes (docs/campaigns.md). */
export const campaignsModule = defineModule({
  name: 'campaigns',
  migrations: migrationsOf('modules/campaigns'),
  needs: ['catalogue', 'coupons', 'content', 'orders'],
  provides: ['campaigns'],
  build: (ctx, needed) => {
    const campaigns = new CampaignService(ctx.db, needed, ctx.jobs);
    // Spend and get: paid orders are heard of through the orders module's paid hook.
    needed.orders.whenPaid(campaigns.spendAndGet.listener());
    return { campaigns };
  },
  routes: campaignRoutes,
  jobs: (_ctx, services) => [
    {
      name: SPEND_AND_GET_JOB,
      handler: async (payload) => {
        await services.campaigns.spendAndGet.grant(payload);
      },
    },
  ],
  // The spend-and-get rules in memory before the first payment.
  init: (services) => services.campaigns.spendAndGet.refresh(),
  seedDemo: (_ctx, services) => seedCampaigns(services),
});
