import { defineModule } from '../../platform/module.ts';
import { PartnerWebhooks, webhookRoute } from '../../platform/partner-http/webhooks.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { HttpCardIssuer } from './http.ts';
import { type CardIssuer, NoCardIssuer, SimulatedCardIssuer } from './issuer.ts';

declare module '../../platform/module.ts' {
  interface Services {
    cardIssuer: CardIssuer;
  }
}

/**
 * The card issuer integration (CARD_ISSUER): `simulator`, the local issuer with its own books
 * (`card_sim_*`), the default outside production; `http`, the issuer's API the shop publishes
 * (docs/partners/card-issuer.yaml) at CARD_ISSUER_URL signed with CARD_ISSUER_KEY, and its webhook
 * at /v1/partners/card-issuer/webhook; `none`, the default in production.
 */
export const cardIssuerModule = defineModule({
  name: 'card-issuer',
  migrations: migrationsOf('integrations/card-issuer'),
  provides: ['cardIssuer'],
  build: (ctx) => {
    const settings = ctx.config.partners.cardIssuer;
    const cardIssuer: CardIssuer =
      settings.mode === 'http'
        ? new HttpCardIssuer(settings)
        : settings.mode === 'simulator'
          ? new SimulatedCardIssuer(ctx.db, Number(process.env.CARD_ISSUER_SIM_DELAY_MS ?? 200))
          : new NoCardIssuer();
    return { cardIssuer };
  },
  routes: ({ app, services, config, db }) => {
    const issuer = services.cardIssuer;
    if (!(issuer instanceof HttpCardIssuer)) return;
    const webhooks = new PartnerWebhooks(db, app.log);
    webhookRoute(app, 'card-issuer', config.partners.cardIssuer.key, (raw, headers) =>
      webhooks.receive('card-issuer', config.partners.cardIssuer.key, raw, headers, (event) => issuer.handle(event)),
    );
  },
});
