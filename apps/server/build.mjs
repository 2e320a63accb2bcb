// Bundles the server into one file for production starts (`npm start`, the journeys, the bench).
// Why: loading ~700 small modules (and re-reading drizzle-orm's 180 KB package.json for each of its
// files) took most of the start-up; one bundle loads in a fraction of it. See
// docs/decisions/0005-server-bundle.md. Tests and `dev:server` still run the TypeScript directly.
import { readFileSync, writeFileSync } from 'node:fs';
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

// esbuild writes strings and names in ASCII, but keeps comments and regular expression literals as
// written: a dash or an arrow in a comment made V8 hold the whole 8 MB bundle's source as two bytes a
// character (15.5 MB of the heap for good, issue 48's memory). Each UTF-16 unit past ASCII becomes
// `\uXXXX`: the same character in a string, a template and a regular expression (with or without
// the u flag, where a surrogate pair of escapes is one code point), and harmless in a comment.
const bundle = path.join(here, 'dist/main.mjs');
writeFileSync(
  bundle,
  readFileSync(bundle, 'utf8').replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  ),
);
