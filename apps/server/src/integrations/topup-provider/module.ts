import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { NoTopupProvider, SimulatedTopupProvider, type TopupProvider } from './provider.ts';
import { ReloadlyTopupProvider } from './reloadly.ts';

declare module '../../platform/module.ts' {
  interface Services {
    topupProvider: TopupProvider;
  }
}

/**
 * The top-up provider integration: the local simulator (its own books in `topup_sim_transactions`),
 * the default outside production; Reloadly's airtime API with `TOPUP_PROVIDER=reloadly`; in
 * production none unless set (`simulator` for a staging shop), so a live shop never takes money
 * for top-ups nobody sends.
 */
export const topupProviderModule = defineModule({
  name: 'topup-provider',
  migrations: migrationsOf('integrations/topup-provider'),
  provides: ['topupProvider'],
  build: (ctx) => {
    const settings = ctx.config.topup;
    // The configuration's choice, or the environment's when the configuration was made without it (the bench).
    const mode = settings.provider ?? process.env.TOPUP_PROVIDER ?? (ctx.config.production ? 'none' : 'simulator');
    let topupProvider: TopupProvider;
    if (mode === 'reloadly') {
      if (!settings.reloadly.clientId || !settings.reloadly.clientSecret)
        throw new Error('TOPUP_PROVIDER=reloadly needs RELOADLY_CLIENT_ID and RELOADLY_CLIENT_SECRET');
      topupProvider = new ReloadlyTopupProvider(settings.reloadly);
    } else if (mode === 'simulator')
      topupProvider = new SimulatedTopupProvider(ctx.db, {
        delayMs: Number(process.env.TOPUP_SIM_DELAY_MS ?? 300),
        settleMs: Number(process.env.TOPUP_SIM_SETTLE_MS ?? 20_000),
      });
    else topupProvider = new NoTopupProvider();
    return { topupProvider };
  },
});
