import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { currencyRoutes } from './routes.ts';
import { seedCurrency } from './seed.ts';
import { CurrencyService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    currency: CurrencyService;
  }
}

/** Riel beside dollars (issue 47): the day's KHR per USD rate and its audited history. */
export const currencyModule = defineModule({
  name: 'currency',
  migrations: migrationsOf('modules/currency'),
  needs: [],
  provides: ['currency'],
  build: (ctx) => ({ currency: new CurrencyService(ctx.db) }),
  routes: currencyRoutes,
  seedDemo: seedCurrency,
});
