import { Writable } from 'node:stream';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openPostgres } from '../../apps/server/src/platform/db.ts';
import { LOAD_PAY_PASSWORD_KEY, type LoadFixture, seedCheckoutLoad } from '../../apps/server/test/checkout-load.ts';

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
        PAYMENT_SECRET: 'bench-only-secret-not-for-production-0123456789',
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
