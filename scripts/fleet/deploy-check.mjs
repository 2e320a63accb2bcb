// Deploys without 404s (fleet issue §4): a process on build A, a rebuild to B in the same place, a
// process on B, both behind the proxy. Every file a page of A or of B names, and every file those
// files load (the screens' chunks, the translations), answers 200 through the proxy, whichever
// process the proxy asks: the shop's pages and the console's (issue 45). Part of
// `npm run test:fleet`; returns its figures, throws on a 404.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeHaproxy } from './haproxy.mjs';
import { freePort, root, startHaproxy, startShop, waitFor } from './parts.mjs';

/** Builds the console into `dir`/admin-dist as the release `id`. */
function buildAdmin(dir, id) {
  execFileSync(
    path.join(root, 'node_modules/.bin/vite'),
    ['build', '--outDir', path.join(dir, 'admin-dist'), '--logLevel', 'warn'],
    { cwd: path.join(root, 'apps/admin'), env: { ...process.env, WEB_BUILD_ID: id }, stdio: 'inherit' },
  );
}

/** Builds the shop's web app (both its builds) into `dir`/dist as the release `id`. */
function buildWeb(dir, id) {
  const vite = path.join(root, 'node_modules/.bin/vite');
  const env = { ...process.env, WEB_BUILD_ID: id };
  const cwd = path.join(root, 'apps/web');
  execFileSync(vite, ['build', '--outDir', path.join(dir, 'dist'), '--logLevel', 'warn'], {
    cwd,
    env,
    stdio: 'inherit',
  });
  execFileSync(
    vite,
    ['build', '--ssr', 'src/paint.tsx', '--outDir', path.join(dir, 'dist-paint'), '--logLevel', 'warn'],
    {
      cwd,
      env,
      stdio: 'inherit',
    },
  );
}

const ASSET = /\/(?:h5|admin)\/assets\/[\w.-]+\.(?:js|css|woff2?|svg|png|webp)/g;
const RELATIVE = /["'(](?:\.\/|assets\/)([\w.-]+\.(?:js|css|woff2?))["')]/g;

/** Every file the pages at `urls` name, and the files they load in turn, read from `base`. */
async function filesOf(base, urls) {
  const files = new Set();
  const queue = [];
  const add = (file) => {
    if (files.has(file)) return;
    files.add(file);
    queue.push(file);
  };
  for (const url of urls) {
    const page = await fetch(`${base}${url}`).then((res) => res.text());
    for (const [file] of page.matchAll(ASSET)) add(file);
  }
  while (queue.length > 0) {
    const file = queue.shift();
    if (!/\.(js|css)$/.test(file)) continue;
    const res = await fetch(`${base}${file}`);
    if (!res.ok) continue; // counted when every file is asked through the proxy
    const folder = file.slice(0, file.lastIndexOf('/'));
    for (const [, name] of (await res.text()).matchAll(RELATIVE)) add(`${folder}/${name}`);
  }
  return files;
}

export async function deployCheck({ dir, databaseUrl, env }) {
  mkdirSync(dir, { recursive: true });
  const webDist = path.join(dir, 'dist');
  const shopEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: '0',
    WEB_DIST: webDist,
    ADMIN_DIST: path.join(dir, 'admin-dist'),
    DRAIN_DELAY_MS: '0',
  };

  buildWeb(dir, 'A');
  buildAdmin(dir, 'A');
  // Every screen of the shop: its routes as the build lists them.
  const routes = Object.keys(JSON.parse(readFileSync(path.join(webDist, 'page-assets.json'), 'utf8')).routes);
  // …and the console's (one page for every screen: its chunks are found from the entry).
  const pages = ['/h5/', ...routes.map((route) => `/h5${route.replace(/:\w+/g, '1')}`), '/admin/'];
  const a = startShop({ name: 'shopA', port: await freePort(), env: shopEnv, logFile: path.join(dir, 'shopA.log') });
  const started = [a];
  try {
    await waitFor(`${a.url}/ready`, 180_000, a.child);
    const filesA = await filesOf(a.url, pages);

    buildWeb(dir, 'B');
    buildAdmin(dir, 'B');
    const b = startShop({ name: 'shopB', port: await freePort(), env: shopEnv, logFile: path.join(dir, 'shopB.log') });
    started.push(b);
    await waitFor(`${b.url}/ready`, 180_000, b.child);
    const filesB = await filesOf(b.url, pages);
    const renamed = [...filesA].filter((file) => !filesB.has(file)).length;
    if (renamed === 0) throw new Error('build B names the same files as build A: the check would prove nothing');

    const proxyPort = await freePort();
    const configFile = writeHaproxy(path.join(dir, 'haproxy'), {
      bind: `127.0.0.1:${proxyPort}`,
      servers: started.map((shop) => ({ name: shop.name, address: `127.0.0.1:${shop.port}` })),
    });
    const proxy = startHaproxy({ configFile, env: { SHOP_RATE_LIMIT_PER_MINUTE: '100000000' } });
    started.push(proxy);
    const base = `http://127.0.0.1:${proxyPort}`;
    await waitFor(`${base}/ready`, 30_000, proxy.child);

    // Pages of either build, through the proxy (A's from A, B's from B: the proxy chooses), and
    // every file of both builds, each asked twice so that both processes are asked.
    const pagesThroughProxy = await filesOf(base, pages);
    const everything = new Set([...filesA, ...filesB, ...pagesThroughProxy]);
    const missing = [];
    let asked = 0;
    for (const file of everything)
      for (let i = 0; i < 2; i++) {
        asked++;
        const res = await fetch(`${base}${file}`);
        await res.arrayBuffer();
        if (res.status !== 200) missing.push(`${res.status} ${file}`);
      }
    const figures = {
      pages: pages.length,
      consoleFiles: [...everything].filter((file) => file.startsWith('/admin/')).length,
      filesA: filesA.size,
      filesB: filesB.size,
      renamed,
      asked,
      notFound: missing.length,
    };
    if (figures.consoleFiles === 0)
      throw Object.assign(new Error('no console file was asked: the check would prove nothing'), { figures });
    if (missing.length > 0)
      throw Object.assign(new Error(`files missing after the rebuild:\n  ${missing.slice(0, 20).join('\n  ')}`), {
        figures,
      });
    return figures;
  } finally {
    for (const part of started.reverse()) await part.stop('SIGTERM').catch(() => {});
  }
}
