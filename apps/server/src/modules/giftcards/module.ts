import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { giftcardRoutes } from './routes.ts';
import { seedGiftCards } from './seed.ts';
import { GiftCardService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    giftcards: GiftCardService;
  }
}

/** Gift cards (issue 20): batches issued by staff, activated by shoppers into their gift balance once. */
export const giftcardsModule = defineModule({
  name: 'giftcards',
  migrations: migrationsOf('modules/giftcards'),
  needs: ['wallet', 'orders'],
  provides: ['giftcards'],
  build: (ctx, needed) => ({ giftcards: new GiftCardService(ctx, needed) }),
  routes: giftcardRoutes,
  seedDemo: (_ctx, services) => seedGiftCards(services),
});
