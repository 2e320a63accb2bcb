import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { type CardIssuer, SimulatedCardIssuer } from './issuer.ts';

declare module '../../platform/module.ts' {
  interface Services {
    cardIssuer: CardIssuer;
  }
}

/**
 * The card issuer integration: the local simulator with its own books (`card_sim_*`). A real
 * issuer's adapter implements `CardIssuer` and is chosen here (CARD_ISSUER).
 */
export const cardIssuerModule = defineModule({
  name: 'card-issuer',
  migrations: migrationsOf('integrations/card-issuer'),
  provides: ['cardIssuer'],
  build: (ctx) => {
    const mode = process.env.CARD_ISSUER ?? 'simulator';
    if (mode !== 'simulator')
      throw new Error(`CARD_ISSUER must be simulator (no other issuer is wired), got "${mode}"`);
    return { cardIssuer: new SimulatedCardIssuer(ctx.db, Number(process.env.CARD_ISSUER_SIM_DELAY_MS ?? 200)) };
  },
});
