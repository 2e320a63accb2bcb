import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { type Lender, NoLender, SimulatedLender } from './lender.ts';

declare module '../../platform/module.ts' {
  interface Services {
    lender: Lender;
  }
}

/**
 * The loan partner integration: the local lender (its own books in `lender_sim_*`), the default
 * outside production; in production none unless `LENDER=simulator` (a staging shop), so a live shop
 * never lends on decisions nobody made. A real partner's adapter implements `Lender` and is chosen
 * here by `LENDER`.
 */
export const lenderModule = defineModule({
  name: 'lender',
  migrations: migrationsOf('integrations/lender'),
  provides: ['lender'],
  build: (ctx) => {
    const mode = process.env.LENDER ?? (ctx.config.production ? 'none' : 'simulator');
    const lender: Lender =
      mode === 'simulator'
        ? new SimulatedLender(ctx.db, {
            autoDecisionMs: Number(process.env.LENDER_SIM_DECISION_MS ?? 10 * 60_000),
            extensionAnswerMs: Number(process.env.LENDER_SIM_EXTENSION_MS ?? 60 * 60_000),
          })
        : new NoLender();
    return { lender };
  },
});
