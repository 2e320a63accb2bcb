// Shared by the shop's and the console's builds (apps/web and apps/admin vite.config.ts): a rebuild
// in place keeps the previous builds' hashed files, so pages made before it still load.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** How many builds' assets stay in dist/assets/ (this one and the ones before it). */
export const KEPT_BUILDS = 5;

/**
 * Keeps the assets of the previous builds beside the new ones (issue "run as a fleet", §4): a page
 * made by a process still running an older build (or open in a phone since) names chunks of that
 * build, and they must still load after a rebuild, from any process. The output folder is not
 * emptied; `dist/builds.json` lists the files of the last KEPT_BUILDS builds, and what under
 * assets/ belongs to none of them is deleted. Hashed names never collide: a file that is the same
 * in two builds is simply kept for both.
 */
export function keepPreviousAssets(): Plugin {
  let outDir = '';
  const written = new Set<string>();
  return {
    name: 'keep-previous-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) written.add(fileName);
    },
    closeBundle() {
      const listFile = path.join(outDir, 'builds.json');
      const before: { at: string; files: string[] }[] = existsSync(listFile)
        ? JSON.parse(readFileSync(listFile, 'utf8'))
        : [];
      // Precompressed copies (precompress(), which runs before this plugin's closeBundle) go with their file.
      const files = [...written].flatMap((file) =>
        [file, `${file}.gz`, `${file}.br`].filter((name) => existsSync(path.join(outDir, name))),
      );
      const builds = [...before, { at: new Date().toISOString(), files }].slice(-KEPT_BUILDS);
      const kept = new Set(builds.flatMap((build) => build.files));
      const assets = path.join(outDir, 'assets');
      if (existsSync(assets))
        for (const name of readdirSync(assets)) {
          if (!kept.has(`assets/${name}`)) rmSync(path.join(assets, name), { force: true });
        }
      writeFileSync(listFile, JSON.stringify(builds));
    },
  };
}
