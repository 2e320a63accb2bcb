// The proxy's configuration, filled in from deploy/haproxy.cfg for a set of processes: the same
// file for `npm run fleet`, `npm run test:fleet` and compose.yaml (deploy/haproxy.compose.cfg).
// The answers the proxy makes itself (429, 502, 503, 504) are the shop's catalogue errors in the
// caller's language: their messages come from packages/contracts, one map file per code.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { platformErrors } from '../../packages/contracts/src/errors/platform.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const TEMPLATE = path.join(root, 'deploy/haproxy.cfg');
const LANGUAGES = ['en-US', 'chs', 'kh'];

/** The proxy's own answers: status → catalogue code. */
const PROXY_ANSWERS = { 404: 'SYS00002', 429: 'SYS00003', 502: 'SYS00004', 503: 'SYS00004', 504: 'SYS00004' };

/** Map files (language → message) of the codes the proxy answers with, by file name. */
export function errorMaps() {
  const maps = {};
  for (const code of new Set(Object.values(PROXY_ANSWERS))) {
    maps[`${code}.map`] =
      `${LANGUAGES.map((language) => `${language} ${platformErrors[code][language]}`).join('\n')}\n`;
  }
  return maps;
}

/** The addresses that may reach the console (admin-allow.lst), one a line; anyone when none are given. */
export function adminAllowList(addresses = []) {
  const list = addresses.length ? addresses : ['0.0.0.0/0', '::/0'];
  return `# Addresses and CIDR ranges that may reach /admin/ and /admin-api/ (ADMIN_ALLOW of the processes).\n${list.join('\n')}\n`;
}

/**
 * The configuration for `servers` ({ name, address }), listening on `bind`, its maps and the
 * console's allow list in `mapsDir` (where HAProxy will read them), its Prometheus figures on
 * `statsBind` (optional).
 */
export function renderHaproxy({
  bind,
  servers,
  mapsDir,
  statsBind,
  adminAllowFile = path.posix.join(mapsDir, 'admin-allow.lst'),
}) {
  const template = readFileSync(TEMPLATE, 'utf8');
  const codes = [...new Set(Object.values(PROXY_ANSWERS))];
  const errors = [
    "    # Anything but chs or kh is en-US (the catalogue's default language).",
    '    http-request set-var(txn.lang) str(en-US) unless { var(txn.lang) -m str chs kh }',
    ...codes.map(
      (code) => `    http-request set-var(txn.${code}) var(txn.lang),map(${path.posix.join(mapsDir, `${code}.map`)})`,
    ),
    ...Object.entries(PROXY_ANSWERS).map(
      ([status, code]) =>
        `    http-error status ${status} content-type "application/json; charset=utf-8" lf-string '{"code":"${code}","msg":"%[var(txn.${code})]","data":null,"requestId":"%ID"}'`,
    ),
  ].join('\n');
  const serverLines = servers.map((server) => `    server ${server.name} ${server.address}`).join('\n');
  const tracked = servers
    .map((server) => `    server ${server.name} ${server.address} track shop/${server.name}`)
    .join('\n');
  const stats = statsBind
    ? [
        "# The proxy's own figures for Prometheus (servers up, retries, queue), from inside only.",
        'frontend stats',
        `    bind ${statsBind}`,
        '    http-request use-service prometheus-exporter if { path /metrics }',
        '    stats enable',
        '    stats uri /stats',
        '    stats refresh 5s',
      ].join('\n')
    : '';
  return template
    .replace('@bind@', bind)
    .replace('@admin_allow@', adminAllowFile)
    .replace('@errors@', errors)
    .replace('@servers@', serverLines)
    .replace('@tracked_servers@', tracked)
    .replace('@stats@', stats);
}

/** Resolves once the proxy (its stats page at `statsUrl`) has `server` of the shop backend up, within `ms`. */
export async function proxyHasUp(statsUrl, server, ms = 30_000) {
  for (const started = Date.now(); Date.now() - started < ms; ) {
    const csv = await fetch(`${statsUrl};csv`, { signal: AbortSignal.timeout(2000) })
      .then((res) => res.text())
      .catch(() => '');
    // pxname,svname,…,status (the 18th column)
    if (csv.split('\n').some((line) => line.startsWith(`shop,${server},`) && line.split(',')[17] === 'UP')) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the proxy did not take ${server} back within ${ms / 1000} s`);
}

/**
 * Writes the configuration, its maps and the console's allow list (`adminAllow`, addresses and
 * ranges; anyone when empty) into `dir`; returns the configuration's path.
 */
export function writeHaproxy(dir, { adminAllow = [], ...options }) {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(errorMaps())) writeFileSync(path.join(dir, name), text);
  writeFileSync(path.join(dir, 'admin-allow.lst'), adminAllowList(adminAllow));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, renderHaproxy({ mapsDir: dir, ...options }));
  return file;
}

/** compose.yaml's configuration: two shop services, the maps beside it in the container. */
export function composeHaproxy() {
  return renderHaproxy({
    bind: ':8080',
    servers: [
      { name: 'shop1', address: 'shop1:3000' },
      { name: 'shop2', address: 'shop2:3000' },
    ],
    mapsDir: '/usr/local/etc/haproxy/errors',
    // Written by the proxy service's entrypoint from ADMIN_ALLOW (compose.yaml).
    adminAllowFile: '/tmp/admin-allow.lst',
    statsBind: ':8404',
  });
}

// `node scripts/fleet/haproxy.mjs --write-compose`: writes compose.yaml's copy (after a change to
// deploy/haproxy.cfg or to the catalogue's messages; a test says when it is due).
if (process.argv[1] === import.meta.filename && process.argv.includes('--write-compose')) {
  writeFileSync(path.join(root, 'deploy/haproxy.compose.cfg'), composeHaproxy());
  mkdirSync(path.join(root, 'deploy/errors'), { recursive: true });
  for (const [name, text] of Object.entries(errorMaps())) writeFileSync(path.join(root, 'deploy/errors', name), text);
}
