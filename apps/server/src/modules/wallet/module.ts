import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { walletRoutes } from './routes.ts';
import { seedWalletDemo } from './seed.ts';
import { WalletService, WithdrawalService, withdrawalNotice } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    wallet: WalletService;
    withdrawals: WithdrawalService;
  }
}

/** The shopper's cash and gift balances (a ledger of transfers), statements and withdrawals. */
export const walletModule = defineModule({
  name: 'wallet',
  migrations: migrationsOf('modules/wallet'),
  needs: ['system', 'accounts', 'notices'],
  provides: ['wallet', 'withdrawals'],
  build: (ctx, { system, accounts, notices }) => {
    const wallet = new WalletService(ctx.db);
    const withdrawals = new WithdrawalService(ctx.db, {
      wallet,
      minimumCents: async () => (await system.getConfig()).config.withdrawalMinCents,
      verifyPayPassword: (userId, password) => accounts.verifyPayPassword(userId, password),
      onDecided: async (row, db) => {
        await notices.notify(row.userId, withdrawalNotice(row), db);
      },
    });
    return { wallet, withdrawals };
  },
  routes: walletRoutes,
  init: (services) => services.wallet.init(),
  // Runs once every module is built: the demo shopper's coupons, invitation and notices too.
  seedDemo: seedWalletDemo,
});
