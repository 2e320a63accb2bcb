// The proxy's configuration (deploy/haproxy.cfg) as it behaves: Debian's HAProxy in front of two
// small servers that play the shop's processes. Also: compose's copy is this configuration filled in.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeHaproxy, errorMaps, writeHaproxy } from './haproxy.mjs';
import { freePort, root, sleep, startHaproxy } from './parts.mjs';

const haveHaproxy = existsSync('/usr/sbin/haproxy');

describe('compose.yaml gets the same proxy', () => {
  it('deploy/haproxy.compose.cfg and its maps are deploy/haproxy.cfg filled in (node scripts/fleet/haproxy.mjs --write-compose)', () => {
    expect(readFileSync(path.join(root, 'deploy/haproxy.compose.cfg'), 'utf8')).toBe(composeHaproxy());
    for (const [name, text] of Object.entries(errorMaps()))
      expect(readFileSync(path.join(root, 'deploy/errors', name), 'utf8')).toBe(text);
  });
});

describe.skipIf(!haveHaproxy)('HAProxy in front of the processes', () => {
  const hits = { a: [], b: [] };
  const servers = {};
  let dir;
  let proxy;
  let base;

  function process(name, { hasAsset }) {
    return http.createServer((request, response) => {
      hits[name].push({
        method: request.method,
        url: request.url,
        id: request.headers['x-request-id'],
        forwardedFor: request.headers['x-forwarded-for'],
      });
      if (request.url === '/ready') return response.end('{"status":"ready"}');
      if (request.url.startsWith('/h5/assets/'))
        return response.writeHead(hasAsset ? 200 : 404, { 'content-type': 'text/javascript' }).end('export {}');
      if (request.url === '/busy') return response.writeHead(503).end(`{"from":"${name}"}`);
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(`{"from":"${name}","pad":"${'x'.repeat(2000)}"}`);
    });
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'haproxy-test-'));
    const ports = { a: await freePort(), b: await freePort(), proxy: await freePort() };
    servers.a = process('a', { hasAsset: true }).listen(ports.a, '127.0.0.1');
    servers.b = process('b', { hasAsset: false }).listen(ports.b, '127.0.0.1');
    const configFile = writeHaproxy(dir, {
      bind: `127.0.0.1:${ports.proxy}`,
      servers: [
        { name: 'shop1', address: `127.0.0.1:${ports.a}` },
        { name: 'shop2', address: `127.0.0.1:${ports.b}` },
      ],
      // The console from an office's address only: this test's client (127.0.0.1) is not it.
      adminAllow: ['192.0.2.0/24'],
    });
    proxy = startHaproxy({
      configFile,
      env: { SHOP_RATE_LIMIT_PER_MINUTE: '100' },
      logFile: path.join(dir, 'haproxy.log'),
    });
    base = `http://127.0.0.1:${ports.proxy}`;
    for (let i = 0; i < 50; i++) {
      const ok = await fetch(`${base}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(100);
    }
  });
  afterAll(async () => {
    await proxy?.stop();
    for (const server of Object.values(servers)) server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A request as a raw client sends it: the path exactly as written (fetch would normalise it). */
  function get(pathAsSent) {
    return new Promise((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port: new URL(base).port, path: pathAsSent, agent: false },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode }));
        },
      );
      request.on('error', reject);
    });
  }

  it('names every request (X-Request-ID to the process), compresses JSON, asks every process for its readiness', async () => {
    const res = await fetch(`${base}/v1/x`, {
      headers: { 'accept-encoding': 'gzip', 'x-request-id': 'forged-by-client' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9A-F]{20,64}$/);
    expect([...hits.a, ...hits.b].find((hit) => hit.url === '/v1/x').id).toBe(id);
    const probed = () => hits.a.some((hit) => hit.url === '/ready') && hits.b.some((hit) => hit.url === '/ready');
    for (let i = 0; i < 30 && !probed(); i++) await sleep(100);
    expect(probed()).toBe(true);
  });

  it("replaces a client's X-Forwarded-For with the address it really comes from", async () => {
    const res = await fetch(`${base}/v1/forwarded`, { headers: { 'x-forwarded-for': '6.6.6.6, 7.7.7.7' } });
    expect(res.status).toBe(200);
    expect([...hits.a, ...hits.b].find((hit) => hit.url === '/v1/forwarded').forwardedFor).toBe('127.0.0.1');
  });

  it('an old page asks for a file one process does not have: the other answers, cached for a year', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${base}/h5/assets/old-build-AbC123.js`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('retries a GET that got 503 on the other process, never a POST', async () => {
    hits.a.length = 0;
    hits.b.length = 0;
    const get = await fetch(`${base}/busy`);
    expect(get.status).toBe(503);
    // tried again on the other process (and again, up to `retries`)
    expect(hits.a.some((hit) => hit.url === '/busy') && hits.b.some((hit) => hit.url === '/busy')).toBe(true);
    hits.a.length = 0;
    hits.b.length = 0;
    const post = await fetch(`${base}/busy`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(503);
    expect([...hits.a, ...hits.b].filter((hit) => hit.url === '/busy')).toHaveLength(1);
  });

  it('keeps /metrics for Prometheus only, in any spelling', async () => {
    const res = await fetch(`${base}/metrics`, { headers: { language: 'kh' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'SYS00002', msg: 'រកមិនឃើញទំព័រនេះទេ' });
    for (const spelling of [
      '/metrics/',
      '/%6detrics',
      '/%6Detrics',
      '/METRICS',
      '//metrics',
      '/./metrics',
      '/metrics;x',
    ])
      expect((await get(spelling)).status, spelling).toBe(404);
    expect([...hits.a, ...hits.b].filter((hit) => /etrics/i.test(hit.url))).toEqual([]);
  });

  it('keeps the console to the listed addresses, in any spelling; the shop to anyone', async () => {
    for (const spelling of [
      '/admin/',
      '/admin',
      '/admin-api/v1/staff/me',
      '/%61dmin/',
      '/ADMIN-API/x',
      '//admin/',
      '/./admin/',
    ])
      expect((await get(spelling)).status, spelling).toBe(404);
    expect([...hits.a, ...hits.b].filter((hit) => /dmin/i.test(hit.url))).toEqual([]);
    expect((await get('/administrator-guide')).status).toBe(200);
  });

  it("logs no query string (a setup link's token, a file link's signature)", async () => {
    expect((await get('/v1/logged?token=SECRET-TOKEN&sig=SECRET-SIG')).status).toBe(200);
    let log = '';
    for (let i = 0; i < 30 && !log.includes('/v1/logged'); i++) {
      await sleep(100);
      log = readFileSync(path.join(dir, 'haproxy.log'), 'utf8');
    }
    expect(log).toContain('GET "/v1/logged"');
    expect(log).not.toContain('SECRET');
  });

  it('a process that stops is taken out: GET and POST go to the other', async () => {
    servers.b.closeAllConnections();
    await new Promise((resolve) => servers.b.close(resolve));
    for (let i = 0; i < 6; i++) {
      expect((await fetch(`${base}/v1/y`)).status).toBe(200);
      expect((await fetch(`${base}/v1/y`, { method: 'POST', body: '{}' })).status).toBe(200);
    }
  });

  it('no process left: a catalogue error in the caller language, at once', async () => {
    // The race of a loaded machine, made wide: the request reaches the proxy before the process's
    // close does (the proxy is paused, the request sent on a kept-alive connection, the process
    // closes, the proxy goes on). A connection kept to the process would carry the request into
    // the close, and the proxy would cut the client's connection without an answer.
    await fetch(`${base}/v1/warm`).then((res) => res.arrayBuffer());
    proxy.child.kill('SIGSTOP');
    const started = Date.now();
    const pending = fetch(`${base}/v1/z`, { headers: { cookie: 'language=chs' } });
    try {
      await sleep(100);
      servers.a.closeAllConnections();
      await new Promise((resolve) => servers.a.close(resolve));
      await sleep(100);
    } finally {
      proxy.child.kill('SIGCONT');
    }
    const res = await pending;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'SYS00004', msg: '网络异常，请稍后再试', data: null });
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('holds the per-address limit of the fleet: SYS00003 past it', async () => {
    let refused;
    for (let i = 0; i < 160 && !refused; i++) {
      const res = await fetch(`${base}/v1/z`, { headers: { language: 'en-US' } });
      if (res.status === 429) refused = await res.json();
      else await res.arrayBuffer();
    }
    expect(refused).toMatchObject({ code: 'SYS00003', msg: 'Too many requests, please try again later' });
  });
});
