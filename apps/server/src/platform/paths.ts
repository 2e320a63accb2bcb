import path from 'node:path';

/**
 * The server's source folder, where its migrations and reference data live.
 *
 * Run from TypeScript, that is this file's parent folder. The production bundle
 * (`apps/server/dist/main.mjs`, see `apps/server/build.mjs`) is one file in another folder, so its
 * banner sets `globalThis.shopServerSrc` before any of this code runs.
 */
export const serverSrc: string =
  (globalThis as { shopServerSrc?: string }).shopServerSrc ?? path.resolve(import.meta.dirname, '..');

/** The repository's root: the web builds and the default data folder are found from here. */
export const repoRoot = path.resolve(serverSrc, '../../..');

/**
 * A module's migrations folder, from its folder under the server's source (`'modules/wallet'`): the
 * migrations are read from the sources in the bundle too, where `import.meta.dirname` is dist/.
 */
export const migrationsOf = (folder: string) => path.join(serverSrc, folder, 'migrations');
