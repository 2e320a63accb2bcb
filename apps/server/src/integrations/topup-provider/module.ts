import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { NoTopupProvider, SimulatedTopupProvider, type TopupProvider } from './provider.ts';

declare module '../../platform/module.ts' {
  interface Services {
    topupProvider: TopupProvider;
  }
}

/**
 * The top-up provider integration: the local simulator (its own books in `topup_sim_transactions`),
 * the default outside production; in production none unless `TOPUP_PROVIDER=simulator` (a staging
 * shop), so a live shop never takes money for top-ups nobody sends. A real provider's adapter
 * implements `TopupProvider` and is chosen here.
 */
export const topupProviderModule = defineModule({
  name: 'topup-provider',
  migrations: migrationsOf('integrations/topup-provider'),
  provides: ['topupProvider'],
  build: (ctx) => {
    const mode = process.env.TOPUP_PROVIDER ?? (ctx.config.production ? 'none' : 'simulator');
    const topupProvider: TopupProvider =
      mode === 'simulator'
        ? new SimulatedTopupProvider(ctx.db, {
            delayMs: Number(process.env.TOPUP_SIM_DELAY_MS ?? 300),
            settleMs: Number(process.env.TOPUP_SIM_SETTLE_MS ?? 20_000),
          })
        : new NoTopupProvider();
    return { topupProvider };
  },
});
