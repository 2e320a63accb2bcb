import { AppError } from '../../platform/errors.ts';
import { defineModule } from '../../platform/module.ts';
import { RefusedEvent, unknownReference } from '../../platform/partner-http/webhooks.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { BONGLOY_DOCUMENTS } from './content.ts';
import { bongloyPayable, cardTopupPayable } from './payable.ts';
import { applicationOfCardReference } from './review.ts';
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
    // An issuer that issues later (card.issued, card.refused) answers only for an application staff
    // approved and sent to it (SENT_TO_ISSUER): its cards are asked again (it answers them now) or the
    // application is refused with the issuer's reason. A reference the shop never made, or an
    // application the issuer may not answer for, is refused for good (422, 409).
    const answering = async (reference: string, answer: (id: string) => Promise<{ row: { state: string } }>) => {
      const id = applicationOfCardReference(reference);
      if (!id) throw unknownReference();
      try {
        const { row } = await answer(id);
        return `application ${row.state}`;
      } catch (error) {
        if (error instanceof AppError && error.code === 'BLG00013') throw unknownReference();
        if (error instanceof AppError && error.code === 'BLG00070')
          throw new RefusedEvent(409, `not sent to the issuer: application ${String(error.params?.state)}`);
        throw error;
      }
    };
    needed.cardIssuer.reportOutcomesTo?.({
      issued: (reference) => answering(reference, (id) => bongloy.review.issuerIssued(id)),
      refused: (reference, reason) => answering(reference, (id) => bongloy.review.issuerRefused(id, reason)),
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
