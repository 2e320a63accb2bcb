import { Writable } from 'node:stream';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openPostgres } from '../../apps/server/src/platform/db.ts';
import {
  checkoutOnce,
  LOAD_PAY_PASSWORD_KEY,
  type LoadFixture,
  seedCheckoutLoad,
} from '../../apps/server/test/checkout-load.ts';

/**
 * The checkout benches' shop on the PostgreSQL database at `databaseUrl` (migrated here): `buyers`
 * funded shoppers with a pay password and a session, and `products` products of 10,000,000 in
 * stock at 1.50 USD, made through the modules' services; the app that made them is closed again.
 */
export async function seedCheckoutBench(databaseUrl: string, buyers: number, products: number): Promise<LoadFixture> {
  const seeder = await buildApp(
    {
      ...loadConfig({
        NODE_ENV: 'production',
        // A bench runs the production build on simulators (docs/going-live.md, SHOP_STAGING).
        SHOP_STAGING: '1',
        PAYMENT_SECRET: 'bench-only-secret-not-for-production-0123456789',
        FILE_LINK_SECRET: 'bench-and-test-only-file-link-secret-0123456789',
        PAY_PASSWORD_KEY: LOAD_PAY_PASSWORD_KEY,
      }),
      demoData: false,
      logLevel: 'warn',
      webDist: '/nonexistent',
    },
    openPostgres(databaseUrl, 10),
    { logStream: new Writable({ write: (_c, _e, done) => done() }) },
  );
  try {
    return await seedCheckoutLoad(seeder, {
      shoppers: buyers,
      products,
      stockEach: 10_000_000,
      priceCents: 150,
      fundCents: 1_000_000_000,
    });
  } finally {
    await seeder.close();
  }
}

/** What the buyers' loop measured: each completed checkout's time (sorted), the refusals by code. */
export type BuyersLoop = { latencies: number[]; refused: Map<string, number>; elapsedSeconds: number };

/**
 * Every token's buyer checks out again and again for `seconds` (createdirect, finish, pay by
 * wallet), each from its own place in the catalogue (`skuOf(buyer, n)`).
 */
export async function buyersLoop(
  url: string,
  tokens: string[],
  skuOf: (buyer: number, n: number) => string,
  seconds: number,
): Promise<BuyersLoop> {
  const latencies: number[] = [];
  const refused = new Map<string, number>();
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, buyer) => {
      for (let n = 0; performance.now() < end; n++) {
        const t = performance.now();
        const r = await checkoutOnce(url, token, skuOf(buyer, n)).catch((error: Error) => ({
          ok: false as const,
          code: String((error.cause as { code?: string })?.code ?? error.message),
        }));
        if (r.ok) latencies.push(performance.now() - t);
        else refused.set(r.code, (refused.get(r.code) ?? 0) + 1);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { latencies, refused, elapsedSeconds: (performance.now() - started) / 1000 };
}

/** The `p` quantile (0..1) of sorted `values`, 0 for none. */
export const quantile = (values: number[], p: number) =>
  values[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0;
