import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { CachedSource } from './cached.ts';
import { LocalOverseasSource } from './local.ts';
import { NoOverseasSource, type OverseasSource } from './source.ts';

declare module '../../platform/module.ts' {
  interface Services {
    overseasSource: CachedSource;
  }
}

/**
 * The overseas product source (taobao, alibaba): `OVERSEAS_SOURCE=local` (the default outside
 * production) is the local source with its own books in `overseas_sim_purchases`; in production none
 * unless one is set, so a live shop never takes money for goods nobody can buy (the channel answers
 * HAI00001). A real adapter implements `OverseasSource` and is chosen here by its name. Answers are
 * kept by `CachedSource` (a second at most for a page, `OVERSEAS_SOURCE_LIMIT_MS`).
 */
export const overseasSourceModule = defineModule({
  name: 'overseas-source',
  migrations: migrationsOf('integrations/overseas-source'),
  provides: ['overseasSource'],
  build: (ctx) => {
    const mode = process.env.OVERSEAS_SOURCE ?? (ctx.config.production ? 'none' : 'local');
    const inner: OverseasSource =
      mode === 'local'
        ? new LocalOverseasSource(ctx.db, {
            delayMs: Number(process.env.OVERSEAS_SIM_DELAY_MS ?? 80),
            failEvery: Number(process.env.OVERSEAS_SIM_FAIL_EVERY ?? 0),
          })
        : new NoOverseasSource();
    const limitMs = Number(process.env.OVERSEAS_SOURCE_LIMIT_MS ?? 1000);
    return { overseasSource: new CachedSource(inner, { limitMs }) };
  },
});
