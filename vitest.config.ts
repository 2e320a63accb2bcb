import { defineConfig } from 'vitest/config';

const integration = ['apps/server/src/**/*.int.test.ts'];

/**
 * Unit tests run anywhere; integration tests run over HTTP (Fastify inject) against a real
 * database: PGlite always, and the machine's PostgreSQL as well when TEST_DATABASE_URL is set.
 *
 * Integration files share their worker's module cache (`isolate: false`): each file still starts
 * its own shop on its own database, but the server's code is imported once per worker instead of
 * once per file. Measured 2026-11-29: eleven files on PGlite 62 → 25 s (load 6–7); the whole
 * projects 300 s (PGlite) and 162 s (PostgreSQL) at load 5–8, every test passing, where the
 * isolated run an hour before (load 12–15) spent 1,184 s and 1,394 s in them. A test that needs a
 * fresh module state makes it itself (its own shop, its own services), as every file here does.
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
          isolate: false,
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
                isolate: false,
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
