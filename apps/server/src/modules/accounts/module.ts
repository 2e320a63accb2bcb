import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { AccountExtras } from './extras.ts';
import { accountExtraRoutes, accountRoutes } from './routes.ts';
import { seedAccounts } from './seed.ts';
import { AccountsService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    accounts: AccountsService;
    accountExtras: AccountExtras;
  }
}

/** Shoppers: sign-up and login (SMS, password, OAuth), profile, pay password, closing an account. */
export const accountsModule = defineModule({
  name: 'accounts',
  migrations: migrationsOf('modules/accounts'),
  needs: ['system', 'sms'],
  provides: ['accounts', 'accountExtras'],
  build: (ctx, { system, sms }) => {
    const accounts = new AccountsService({ db: ctx.db, config: ctx.config, sessions: ctx.sessions, sms, system });
    const accountExtras = new AccountExtras(accounts, {
      store: ctx.storage,
      dataDir: ctx.config.dataDir,
      providers: ctx.config.oauthProviders,
    });
    return { accounts, accountExtras };
  },
  routes: (ctx) => {
    accountRoutes(ctx);
    accountExtraRoutes(ctx);
  },
  jobs: (_ctx, services) => [
    {
      name: 'accounts.purge',
      everyMs: 60 * 60 * 1000,
      handler: async () => {
        await services.accounts.purge();
      },
    },
  ],
  // Avatars kept in the data folder before the file store move into it.
  init: async (services) => {
    await services.accountExtras.moveLegacyAvatars();
  },
  seedDemo: (_ctx, services) => seedAccounts(services),
});
