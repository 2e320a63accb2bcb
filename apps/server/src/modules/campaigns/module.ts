import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { campaignRoutes } from './routes.ts';
import { seedCampaigns } from './seed.ts';
import { CampaignService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    campaigns: CampaignService;
  }
}

/** Campaign pages built by staff from blocks, bound to the campaign routes (docs/campaigns.md). */
export const campaignsModule = defineModule({
  name: 'campaigns',
  migrations: migrationsOf('modules/campaigns'),
  needs: ['catalogue', 'coupons', 'content'],
  provides: ['campaigns'],
  build: (ctx, needed) => ({ campaigns: new CampaignService(ctx.db, needed) }),
  routes: campaignRoutes,
  seedDemo: (_ctx, services) => seedCampaigns(services),
});
