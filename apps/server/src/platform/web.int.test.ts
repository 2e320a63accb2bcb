import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness.ts';

let shop: TestShop;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
  const js = `console.log(${JSON.stringify('x'.repeat(4000))})`;
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), js);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(js));
  shop = await startTestShop({ webDist: dist });
});
afterAll(() => shop.close());

describe('the shop app under /h5/', () => {
  it('serves index.html for client-side routes (history mode), revalidated every time', async () => {
    for (const url of ['/h5/', '/h5/ContactUs', '/h5/orderDetail?orderId=3', '/h5/no/such/page']) {
      const res = await shop.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year, precompressed when the client accepts it', async () => {
    const res = await shop.app.inject({
      method: 'GET',
      url: '/h5/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('a missing asset is a 404, not the app page', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/h5/assets/missing-1.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('SYS00002');
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight before closing', async () => {
    const other = await startTestShop();
    other.app.get('/test/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { done: true };
    });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = other.app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${port}/test/slow`).then((r) => r.json());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = other.close();
    expect(await inFlight).toEqual({ done: true });
    await closing;
  });
});
