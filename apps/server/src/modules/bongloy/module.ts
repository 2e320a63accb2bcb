import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { BONGLOY_DOCUMENTS } from './content.ts';
import { bongloyPayable, cardTopupPayable } from './payable.ts';
import { bongloyRoutes } from './routes.ts';
import { BongloyService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    bongloy: BongloyService;
  }
}

/** The prepaid card (bongloy): the five-step application, paid at the cashier, reviewed by staff. */
export const bongloyModule = defineModule({
  name: 'bongloy',
  migrations: migrationsOf('modules/bongloy'),
  needs: ['accounts', 'uploads', 'system', 'payments', 'notices', 'cardIssuer', 'content', 'notifications'],
  provides: ['bongloy'],
  build: (ctx, needed) => {
    const bongloy = new BongloyService(ctx, needed);
    needed.payments.registerPayable(bongloyPayable(bongloy));
    needed.payments.registerPayable(cardTopupPayable(bongloy.cards));
    // An issuer that issues later (card.issued, card.refused): the application's approval is asked
    // again (it answers the cards now) or the application is refused with the issuer's reason.
    needed.cardIssuer.reportOutcomesTo?.({
      issued: async (reference) => {
        const { row } = await bongloy.review.approve(reference.split(':')[0]);
        return `application ${row.state}`;
      },
      refused: async (reference, reason) => {
        const { row } = await bongloy.review.refuse(reference.split(':')[0], reason);
        return `application ${row.state}`;
      },
    });
    return { bongloy };
  },
  routes: bongloyRoutes,
  jobs: (ctx, services) => [
    {
      name: 'bongloy.document-retention',
      everyMs: 60 * 60_000,
      handler: async () => {
        await services.bongloy.review.releaseOldDocuments(ctx.config.storage.documentRetentionDays);
      },
    },
    {
      name: 'bongloy.credit',
      handler: async (payload) => services.bongloy.cards.credit(String(payload.topupId)),
    },
    {
      name: 'bongloy.topup-expire-unpaid',
      everyMs: 60_000,
      handler: async () => {
        await services.bongloy.cards.expireUnpaid();
      },
    },
    {
      name: 'bongloy.expire-unpaid',
      everyMs: 60_000,
      handler: async () => {
        await services.bongloy.expireUnpaid();
      },
    },
  ],
  // The information pages' demo texts (staff rewrite them in the console; theirs are kept).
  seedDemo: async (_ctx, services) => {
    for (const [key, text] of Object.entries(BONGLOY_DOCUMENTS)) await services.content.provide(key, text);
  },
});
