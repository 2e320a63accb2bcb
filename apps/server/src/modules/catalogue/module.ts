import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { catalogueRoutes } from './routes.ts';
import { seedCatalogue } from './seed.ts';
import { CatalogueService, STOCK_BACK_JOB } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    catalogue: CatalogueService;
  }
}

/** Products, SKUs and stock, categories, search, the home page's merchandising. */
export const catalogueModule = defineModule({
  name: 'catalogue',
  migrations: migrationsOf('modules/catalogue'),
  // The stock-back job tells shoppers through their notices.
  needs: ['notices'],
  provides: ['catalogue'],
  build: (ctx) => ({ catalogue: new CatalogueService(ctx.db, ctx.jobs, ctx.storage, ctx.answerCaches) }),
  routes: catalogueRoutes,
  jobs: (_ctx, services) => [
    {
      name: STOCK_BACK_JOB,
      handler: async (payload, db) => {
        const deliver = async (
          userId: string,
          sku: { skuId: number; productId: number; name: string; specText: string },
        ) => {
          await services.notices.notify(userId, { kind: 'stock-back', ...sku }, db);
        };
        await services.catalogue.deliverStockBack(Number(payload.skuId), deliver, db);
      },
    },
    {
      // Products' sales counts (list order, search rank) trail checkouts by a few seconds; a fold
      // with no item changed since the last is skipped (stock.ts, foldSalesWhenChanged).
      name: 'catalogue.fold-sales',
      everyMs: 5_000,
      handler: async () => {
        await services.catalogue.foldSalesWhenChanged();
      },
    },
  ],
  init: async (services) => {
    // Pictures written before the file store still sit in their rows: move them (once, any instance).
    await services.catalogue.moveImagesToStore();
    await services.catalogue.refreshSearchDocuments();
    // The in-process search index, built in the background: searches go to PostgreSQL until it is.
    services.catalogue.buildSearchIndex();
  },
  seedDemo: seedCatalogue,
});
