import { PARTNER_PROGRAMME_DOC } from '@shop/contracts';
import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { partnerProgramme } from './programme.ts';
import { partnerRoutes } from './routes.ts';
import { PartnerService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    partners: PartnerService;
  }
}

/** The partner programme: /partnership's applications and staff's decisions (docs/partners.md). */
export const partnersModule = defineModule({
  name: 'partners',
  migrations: migrationsOf('modules/partners'),
  needs: ['notices', 'content'],
  provides: ['partners'],
  build: (ctx, needed) => ({ partners: new PartnerService(ctx.db, needed) }),
  routes: partnerRoutes,
  // The programme's text is the shop's own (every installation), in the content module so staff edit it.
  init: async (services) => {
    await services.content.provide(PARTNER_PROGRAMME_DOC, partnerProgramme);
  },
});
