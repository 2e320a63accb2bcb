import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { giftPurchasePayable } from './payable.ts';
import { giftcardRoutes } from './routes.ts';
import { seedGiftCards } from './seed.ts';
import { GiftSending } from './sending.ts';
import { GiftCardService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    giftcards: GiftCardService;
    giftSending: GiftSending;
  }
}

/**
 * Gift cards (issue 20): batches issued by staff, activated by shoppers into their gift balance once;
 * and (issue 46) cards shoppers buy and send, claimed from a one-time link (sending.ts).
 */
export const giftcardsModule = defineModule({
  name: 'giftcards',
  migrations: migrationsOf('modules/giftcards'),
  needs: ['wallet', 'orders', 'payments', 'notifications', 'accounts'],
  provides: ['giftcards', 'giftSending'],
  build: (ctx, needed) => {
    const giftSending = new GiftSending(ctx, needed);
    needed.payments.registerPayable(giftPurchasePayable(giftSending));
    return { giftcards: new GiftCardService(ctx, needed), giftSending };
  },
  routes: giftcardRoutes,
  jobs: (_ctx, services) => [
    {
      name: 'giftcards.expire-unpaid',
      everyMs: 60_000,
      handler: async () => {
        await services.giftSending.expireUnpaid();
      },
    },
  ],
  seedDemo: (_ctx, services) => seedGiftCards(services),
});
