import { defineModule } from '../../platform/module.ts';
import { PartnerWebhooks, webhookRoute } from '../../platform/partner-http/webhooks.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { HttpLender } from './http.ts';
import { LENDER_MONEY_JOB, type Lender, type LenderMoneyJob, NoLender, SimulatedLender } from './lender.ts';

declare module '../../platform/module.ts' {
  interface Services {
    lender: Lender;
  }
}

/**
 * The loan partner integration (LENDER): `simulator`, the local lender (its own books in
 * `lender_sim_*`), the default outside production; `http`, the lender's API the shop publishes
 * (docs/partners/lender.yaml) at LENDER_URL signed with LENDER_KEY, and its webhook at
 * /v1/partners/lender/webhook; `none`, the default in production, so a live shop never lends on
 * decisions nobody made.
 */
export const lenderModule = defineModule({
  name: 'lender',
  migrations: migrationsOf('integrations/lender'),
  provides: ['lender'],
  build: (ctx) => {
    const settings = ctx.config.partners.lender;
    const lender: Lender =
      settings.mode === 'http'
        ? new HttpLender(settings)
        : settings.mode === 'simulator'
          ? new SimulatedLender(ctx.db, {
              autoDecisionMs: Number(process.env.LENDER_SIM_DECISION_MS ?? 10 * 60_000),
              extensionAnswerMs: Number(process.env.LENDER_SIM_EXTENSION_MS ?? 60 * 60_000),
            })
          : new NoLender();
    return { lender };
  },
  jobs: (_ctx, services) => [
    {
      // Retried by the queue (2, 4, 8 … s) until the lender has it; the reference makes it once.
      name: LENDER_MONEY_JOB,
      handler: async (payload) => {
        const job = payload as unknown as LenderMoneyJob;
        await services.lender.recordMoney?.(job.kind, job.loanReference, {
          reference: job.reference,
          amountCents: job.amountCents,
          at: new Date(job.at),
        });
      },
    },
  ],
  routes: ({ app, services, config, db }) => {
    const lender = services.lender;
    if (!(lender instanceof HttpLender)) return;
    const webhooks = new PartnerWebhooks(db, app.log);
    webhookRoute(app, 'lender', config.partners.lender.key, (raw, headers) =>
      webhooks.receive('lender', config.partners.lender.key, raw, headers, (event) => lender.handle(event)),
    );
  },
});
