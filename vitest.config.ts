import { defineConfig } from 'vitest/config';

const integration = ['apps/server/src/**/*.int.test.ts'];

/**
 * Unit tests run anywhere; integration tests run over HTTP (Fastify inject) against a real
 * database: PGlite always, and the machine's PostgreSQL as well when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    // Two files at a time even on two cores (Vitest's default there is one): an integration file
    // waits on its database as much as it computes. The whole run 997 → 802 s on this machine.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/src/**/*.test.ts',
            'apps/*/src/**/*.unit.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.unit.test.mjs',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration-pglite',
          include: integration,
          globalSetup: ['apps/server/test/global-setup-pglite.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'integration-pg',
                include: integration,
                globalSetup: ['apps/server/test/global-setup-pg.ts'],
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
