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
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>shop</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'noto-sans-khmer-khmer-400-normal-k1.woff2'), 'font');
  const js = `console.log(${JSON.stringify('x'.repeat(4000))})`;
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), js);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(js));
  shop = await startTestShop({ webDist: dist });
});
afterAll(() => shop.close());

describe('the shop app under /h5/', () => {
  it('serves index.html for client-side routes (history mode), revalidated every time', async () => {
    // A link with a stray NUL still opens the app (pages read no input; the app's calls refuse it).
    for (const url of [
      '/h5/',
      '/h5/ContactUs',
      '/h5/orderDetail?orderId=3',
      '/h5/no/such/page',
      '/h5/ProductSearchList?keyword=a%00b',
      '/h5/?x=%ED%A0%80',
    ]) {
      const res = await shop.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      // Revalidated every time, and never kept by a shared cache: a page may carry a shopper's data.
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('answers a page made again as it was with a 304, and a changed one whole', async () => {
    for (const encoding of ['gzip', 'identity']) {
      const headers = { 'accept-encoding': encoding, cookie: 'language=kh' };
      const first = await shop.app.inject({ method: 'GET', url: '/h5/', headers });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(encoding === 'gzip' ? /^"[\w-]+\.gz"$/ : /^"[\w-]+"$/);
      const again = await shop.app.inject({
        method: 'GET',
        url: '/h5/',
        headers: { ...headers, 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['cache-control']).toBe('private, no-cache');
      // Another language is another page: sent whole.
      const other = await shop.app.inject({
        method: 'GET',
        url: '/h5/',
        headers: { ...headers, cookie: 'language=en-US', 'if-none-match': etag },
      });
      expect(other.statusCode).toBe(200);
      expect(other.headers.etag).not.toBe(etag);
    }
  });

  it('speaks the language of the cookie from its first byte, and a Khmer page asks for its font with it', async () => {
    const khmer = await shop.app.inject({ method: 'GET', url: '/h5/', headers: { cookie: 'language=kh' } });
    expect(khmer.body).toContain('<html lang="km" data-language="kh">');
    expect(khmer.body).toContain(
      '<link rel="preload" href="/h5/assets/noto-sans-khmer-khmer-400-normal-k1.woff2" as="font" type="font/woff2" crossorigin>',
    );
    const english = await shop.app.inject({ method: 'GET', url: '/h5/product?productItemId=1' });
    expect(english.body).toContain('<html lang="en" data-language="en-US">');
    expect(english.body).not.toContain('rel="preload"');
    const chinese = await shop.app.inject({ method: 'GET', url: '/h5/cart', headers: { cookie: 'a=1; language=chs' } });
    expect(chinese.body).toContain('<html lang="zh-Hans" data-language="chs">');
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
    // Closing starts once the request is being answered (not after a guessed pause: on a loaded
    // machine the request may not have arrived yet, and a shop closing refuses new ones).
    let started: () => void = () => {};
    const answering = new Promise<void>((resolve) => {
      started = resolve;
    });
    other.app.get('/test/slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { done: true };
    });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = other.app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${port}/test/slow`).then((r) => r.json());
    await answering;
    const closing = other.close();
    expect(await inFlight).toEqual({ done: true });
    await closing;
  });
});
