import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { PartnerWebhooks } from './webhooks.ts';

declare module '../../platform/module.ts' {
  interface Services {
    partnerWebhooks: PartnerWebhooks;
  }
}

/**
 * What the partners' http adapters share (card issuer, lender, overseas source): the signed client
 * (client.ts), the signatures (signing.ts) and the webhooks taken once per event (webhooks.ts, the
 * table `partner_webhook_events`).
 */
export const partnerHttpModule = defineModule({
  name: 'partner-http',
  migrations: migrationsOf('integrations/partner-http'),
  provides: ['partnerWebhooks'],
  build: (ctx) => ({ partnerWebhooks: new PartnerWebhooks(ctx.db) }),
  routes: ({ app, services }) => {
    services.partnerWebhooks.log = app.log;
  },
});
