import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { yesterday } from './public.ts';
import { ReconciliationService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    reconciliation: ReconciliationService;
  }
}

/**
 * The daily reconciliation with the outside parties (docs/going-live.md): at 07:00 in Phnom Penh
 * (the job's period starts at midnight UTC) yesterday is compared; finance sees it in the console
 * (Finance › Reconciliation) and may compare a day again.
 */
export const reconciliationModule = defineModule({
  name: 'reconciliation',
  migrations: migrationsOf('modules/reconciliation'),
  needs: [
    'topup',
    'bongloy',
    'overseas',
    'loans',
    'topupProvider',
    'cardIssuer',
    'lender',
    'overseasSource',
    'payments',
    'bakong',
  ],
  provides: ['reconciliation'],
  build: (ctx, needed) => ({ reconciliation: new ReconciliationService(ctx.db, needed) }),
  jobs: (_ctx, services) => [
    {
      name: 'reconciliation.daily',
      everyMs: 86_400_000,
      handler: async () => {
        await services.reconciliation.run(yesterday());
      },
    },
  ],
});
