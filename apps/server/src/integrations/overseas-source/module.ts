import { defineModule } from '../../platform/module.ts';
import { PartnerWebhooks, webhookRoute } from '../../platform/partner-http/webhooks.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { CachedSource } from './cached.ts';
import { HttpOverseasSource } from './http.ts';
import { LocalOverseasSource } from './local.ts';
import { NoOverseasSource, type OverseasSource } from './source.ts';

declare module '../../platform/module.ts' {
  interface Services {
    overseasSource: CachedSource;
  }
}

/**
 * The overseas product source (taobao, alibaba), OVERSEAS_SOURCE: `local` (or `simulator`, the
 * default outside production) is the local source with its own books in `overseas_sim_purchases`;
 * `http` the buying agent's API the shop publishes (docs/partners/overseas-source.yaml) at
 * OVERSEAS_SOURCE_URL signed with OVERSEAS_SOURCE_KEY, its webhook at
 * /v1/partners/overseas-source/webhook; `none`, the default in production, so a live shop never
 * takes money for goods nobody can buy (the channel answers HAI00001). Answers are
 * kept by `CachedSource` (a second at most for a page, `OVERSEAS_SOURCE_LIMIT_MS`).
 */
export const overseasSourceModule = defineModule({
  name: 'overseas-source',
  migrations: migrationsOf('integrations/overseas-source'),
  provides: ['overseasSource'],
  build: (ctx) => {
    const settings = ctx.config.partners.overseasSource;
    const inner: OverseasSource =
      settings.mode === 'http'
        ? new HttpOverseasSource(settings)
        : settings.mode === 'simulator'
          ? new LocalOverseasSource(ctx.db, {
              delayMs: Number(process.env.OVERSEAS_SIM_DELAY_MS ?? 80),
              failEvery: Number(process.env.OVERSEAS_SIM_FAIL_EVERY ?? 0),
            })
          : new NoOverseasSource();
    const limitMs = Number(process.env.OVERSEAS_SOURCE_LIMIT_MS ?? 1000);
    return { overseasSource: new CachedSource(inner, { limitMs }) };
  },
  routes: ({ app, services, config, db }) => {
    const source = services.overseasSource.inner;
    if (!(source instanceof HttpOverseasSource)) return;
    const webhooks = new PartnerWebhooks(db, app.log);
    webhookRoute(app, 'overseas-source', config.partners.overseasSource.key, (raw, headers) =>
      webhooks.receive('overseas-source', config.partners.overseasSource.key, raw, headers, (event) =>
        source.handle(event),
      ),
    );
  },
});
