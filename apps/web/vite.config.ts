import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { keepPreviousAssets } from './keep-previous-assets.ts';

/** Writes .gz and .br beside every text asset so the server sends them precompressed (slow networks). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|json|svg)$/.test(file)) continue;
        // A hashed file of a previous build (kept, keepPreviousAssets) was compressed then.
        if (file.includes(`${path.sep}assets${path.sep}`) && existsSync(`${file}.gz`)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data));
      }
    },
  };
}

export { KEPT_BUILDS } from './keep-previous-assets.ts';

/**
 * Writes `offline.html`, the page the service worker (public/sw.js) shows when a page cannot load:
 * the texts of `offline` in the three locale files, each in its own language, one page with no
 * script (the shopper's language is not known to a page served from the cache).
 */
function offlinePage(): Plugin {
  return {
    name: 'offline-page',
    apply: 'build',
    generateBundle() {
      const html = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      const sections = ['en-US', 'kh', 'chs'].map((language) => {
        const file = path.join(import.meta.dirname, 'src/shared/locales', `${language}.json`);
        const texts = JSON.parse(readFileSync(file, 'utf8')).offline as Record<string, string>;
        const lang = { 'en-US': 'en', kh: 'km', chs: 'zh-Hans' }[language];
        return `<section lang="${lang}"><h2>${html(texts.title)}</h2><p>${html(texts.body)}</p><a href="/h5/">${html(texts.retry)}</a></section>`;
      });
      const source = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="theme-color" content="#cf2c30"><title>Angkor Mall</title><style>body{margin:0;font-family:system-ui,sans-serif;background:#f5f5f5;color:#1a1a1a}main{max-width:480px;margin:auto;padding:24px 16px}h1{font-size:20px;color:#cf2c30}section{background:#fff;border-radius:12px;padding:8px 16px 16px;margin-top:12px}h2{font-size:18px}a{display:inline-flex;align-items:center;min-height:44px;padding:0 16px;border-radius:8px;background:#cf2c30;color:#fff;text-decoration:none}</style></head><body><main><h1>Angkor Mall</h1>${sections.join('')}</main></body></html>`;
      this.emitFile({ type: 'asset', fileName: 'offline.html', source });
    },
  };
}

/**
 * Writes `page-assets.json` for the server's page shell (issue 24, decision 0015): per route of
 * app/routes.tsx, the files its screen loads after the entry (its chunk, their imports, their CSS)
 * and its feature's namespace; per "namespace/language", the chunk of that translation file. The
 * page then asks for them with itself instead of one wave after another. `scripts` names the
 * hashed files of page-scripts/ (boot.js, early.js).
 */
function pageAssets(): Plugin {
  let srcDir = '';
  let outDir = '';
  let scripts: Record<string, string> = {};
  return {
    name: 'page-assets',
    apply: 'build',
    configResolved(config) {
      srcDir = path.resolve(config.root, 'src');
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle() {
      // The page's own small scripts (page-scripts/): hashed like the app's files, so a returning
      // phone runs them from its cache without asking the server again.
      scripts = {};
      for (const name of ['boot', 'early']) {
        const source = readFileSync(path.join(srcDir, '..', 'page-scripts', `${name}.js`), 'utf8');
        scripts[name] = this.getFileName(this.emitFile({ type: 'asset', name: `${name}.js`, source }));
      }
    },
    // After the files are written: only then are the chunks' names final. In generateBundle,
    // Rolldown still listed some imports under names it changed afterwards (four screens' chunks,
    // loans-…, bongloy-…, giftcards-…, webview-…, were named in the page and never written).
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      const loadedWithEntry = new Set<string>();
      const walk = (fileName: string, into: Set<string>) => {
        if (into.has(fileName) || loadedWithEntry.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) walk(imported, into);
      };
      if (entry) walk(entry.fileName, loadedWithEntry);
      const cssOf = (files: Set<string>) =>
        [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);

      const source = readFileSync(path.join(srcDir, 'app/routes.tsx'), 'utf8');
      const routes: Record<string, { js: string[]; css: string[]; namespace: string }> = {};
      // `{ path: '/x', …, lazy: () => import('../features/<feature>/routes/<Screen>.tsx') }`
      for (const [, route, module] of source.matchAll(
        /path:\s*'([^']+)'(?:(?!path:)[\s\S])*?lazy:\s*\(\)\s*=>\s*import\('\.\.\/(features\/[^']+)'\)/g,
      )) {
        const chunk = chunks.find((c) => c.facadeModuleId === path.join(srcDir, module));
        if (!chunk) continue;
        const files = new Set<string>();
        walk(chunk.fileName, files);
        routes[route] = { js: [...files], css: cssOf(files), namespace: module.split('/')[1] };
      }
      const locales: Record<string, string> = {};
      for (const chunk of chunks) {
        const match = chunk.facadeModuleId?.match(/(?:shared|features\/([^/]+))\/locales\/([^/]+)\.json$/);
        if (match) locales[`${match[1] ?? 'common'}/${match[2]}`] = chunk.fileName;
      }
      writeFileSync(path.join(outDir, 'page-assets.json'), JSON.stringify({ routes, locales, scripts }));
    },
  };
}

/**
 * Two builds: the app (dist/, served under /h5/), and `--ssr src/paint.tsx` (dist-paint/, never
 * served): the same screens for the server's first paint (src/paint.tsx, decision 0026), every
 * library bundled in, so that React is Preact's compatibility layer there too.
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/h5/',
  // Both builds keep their previous assets: a process of the previous build still paints with its
  // own dist-paint chunks, loaded when first needed.
  plugins: isSsrBuild
    ? [react(), keepPreviousAssets()]
    : [react(), precompress(), pageAssets(), offlinePage(), keepPreviousAssets()],
  ssr: { noExternal: true, target: 'node' },
  resolve: {
    // Preact's compatibility layer instead of React (issue 24: the shell chunk every screen waits
    // for). Only here: TypeScript keeps React's types, apps/admin keeps React.
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      // The contracts' schemas are the server's; the app takes only their paths and types.
      { find: /^zod\/mini$/, replacement: path.resolve(import.meta.dirname, 'src/app/zod-inert.ts') },
    ],
  },
  build: isSsrBuild
    ? { outDir: 'dist-paint', target: 'node22', sourcemap: false, copyPublicDir: false, emptyOutDir: false }
    : {
        target: 'es2020',
        sourcemap: false,
        // The previous builds' assets stay (keepPreviousAssets prunes them past KEPT_BUILDS).
        emptyOutDir: false,
        assetsInlineLimit: 2048,
        rolldownOptions: {
          output: {
            // V8's explicit compile hint (Chrome 136+): the code a page runs while it starts (the entry,
            // the libraries, the shared code, a screen's own chunk) is compiled whole off the main
            // thread as it arrives, instead of function by function on the main thread when first
            // called, which made the app's first render one long task on a slow phone (issue 24).
            // WEB_BUILD_ID: the release's name in its files' names (the deploy test builds twice from
            // one checkout, as two releases would be, and needs every name to change).
            ...(process.env.WEB_BUILD_ID
              ? {
                  entryFileNames: `assets/[name]-[hash]-${process.env.WEB_BUILD_ID}.js`,
                  chunkFileNames: `assets/[name]-[hash]-${process.env.WEB_BUILD_ID}.js`,
                  assetFileNames: `assets/[name]-[hash]-${process.env.WEB_BUILD_ID}[extname]`,
                }
              : {}),
            postBanner: (chunk) =>
              chunk.isEntry || chunk.isDynamicEntry || chunk.name === 'shell' || chunk.name === 'shared'
                ? '//# allFunctionsCalledOnLoad'
                : '',
            // The libraries every screen runs on (React, the router, the query cache, i18n) are one
            // file: a phone on a slow network pays a round trip per file. The app's own code and the
            // UI kit's parts stay split by what uses them (issue 24).
            codeSplitting: {
              groups: [
                {
                  name: 'shell',
                  test: /node_modules[\\/](preact|react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|js-cookie)[\\/]/,
                },
                { name: 'shared', test: /apps[\\/]web[\\/]src[\\/]shared[\\/]/ },
              ],
            },
          },
        },
      },
  server: {
    proxy: { '/v1': 'http://localhost:3000', '/v2': 'http://localhost:3000', '/api': 'http://localhost:3000' },
  },
}));
