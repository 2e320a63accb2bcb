// Bundles the server into one file for production starts (`npm start`, the journeys, the bench).
// Why: loading ~700 small modules (and re-reading drizzle-orm's 180 KB package.json for each of its
// files) took most of the start-up; one bundle loads in a fraction of it. See
// docs/decisions/0005-server-bundle.md. Tests and `dev:server` still run the TypeScript directly.
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  logLevel: 'warning',
  // Packages that read their own files (wasm, native addons, static assets, worker scripts) stay
  // outside the bundle and load from node_modules as usual.
  external: [
    '@electric-sql/pglite',
    'sharp',
    'pg-native',
    '@fastify/swagger',
    '@fastify/swagger-ui',
    'pino',
    'thread-stream',
  ],
  banner: {
    js: [
      "import { createRequire as shopCreateRequire } from 'node:module';",
      "import { fileURLToPath as shopFileURLToPath } from 'node:url';",
      'const require = shopCreateRequire(import.meta.url);',
      "globalThis.shopServerSrc = shopFileURLToPath(new URL('../src', import.meta.url));",
    ].join('\n'),
  },
});
