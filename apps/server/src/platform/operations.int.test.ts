import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../test/harness.ts';

/** What an operator's proxy and Prometheus rely on (docs/operations.md): ready, alive, drain, metrics, request ids. */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  shop.app.get('/test/fails', async () => {
    throw new Error('internal detail');
  });
});
afterAll(() => shop.close());

describe('request ids', () => {
  it('every answer names its request; an error answer carries it in its body, and its log lines too', async () => {
    const ok = await shop.call('GET', '/v1/other/system/config');
    expect(String(ok.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);

    const failed = await shop.call('GET', '/test/fails');
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe('SYS00004');
    expect(failed.body.requestId).toBe(failed.headers['x-request-id']);
    const lines = shop.logs.filter((line) => line.reqId === failed.body.requestId);
    // incoming request, the error, the answer: every line of the request names it
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request failed', 'request completed']);

    const missing = await shop.call('GET', '/v1/nowhere');
    expect(missing.body).toMatchObject({ code: 'SYS00002', requestId: missing.headers['x-request-id'] });
  });

  it("keeps the proxy's id (X-Request-ID) so one id follows a request through both logs; refuses an unsafe one", async () => {
    const sent = await shop.call('GET', '/v1/nowhere', { headers: { 'x-request-id': 'haproxy-0a1b2c3d' } });
    expect(sent.headers['x-request-id']).toBe('haproxy-0a1b2c3d');
    expect(sent.body.requestId).toBe('haproxy-0a1b2c3d');
    const unsafe = await shop.call('GET', '/v1/nowhere', { headers: { 'x-request-id': 'x"}\n{"forged":1' } });
    expect(String(unsafe.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/metrics', () => {
  it('speaks Prometheus: requests by route and status, the pool, the job queue, payments, top-ups, Node.js', async () => {
    await shop.call('GET', '/v1/other/system/config');
    await shop.call('GET', '/v1/nowhere');
    await shop.ctx.jobs.enqueue('test.metrics-due', {}, { runAt: new Date(Date.now() - 30_000) });
    const res = await shop.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /shop_http_request_duration_seconds_count\{method="GET",route="\/v1\/other\/system\/config",status="200"\} [1-9]/,
    );
    // An unknown URL is one series, whatever the URL.
    expect(text).toMatch(
      /shop_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} [1-9]/,
    );
    expect(text).not.toContain('/v1/nowhere');
    expect(text).toMatch(/shop_http_request_duration_seconds_bucket\{le="0.1",method="GET"/);
    expect(text).toMatch(/^shop_db_up 1$/m);
    expect(Number(/^shop_jobs_due (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(/^shop_jobs_oldest_due_seconds ([\d.]+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(29);
    expect(text).toContain('# TYPE shop_payments gauge');
    expect(text).toContain('# TYPE shop_topups gauge');
    expect(text).toContain('# TYPE shop_outside_call_duration_seconds histogram');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts calls to outside parties by host, with their errors', async () => {
    const server = (await import('node:http')).createServer((request, response) => {
      response.statusCode = request.url === '/broken' ? 502 : 200;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      await fetch(`http://127.0.0.1:${port}/fine`).then((r) => r.text());
      await fetch(`http://127.0.0.1:${port}/broken`).then((r) => r.text());
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // Nothing listens there any more: the call fails.
    await fetch(`http://127.0.0.1:${port}/refused`).catch(() => null);
    const text = (await shop.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(
      new RegExp(`shop_outside_call_duration_seconds_count\\{party="127.0.0.1:${port}",outcome="ok"\\} 1`),
    );
    expect(text).toMatch(
      new RegExp(`shop_outside_call_duration_seconds_count\\{party="127.0.0.1:${port}",outcome="http_5xx"\\} 1`),
    );
    expect(text).toMatch(new RegExp(`shop_outside_call_errors_total\\{party="127.0.0.1:${port}"\\} 2`));
    expect(text).toMatch(
      new RegExp(`shop_outside_call_duration_seconds_count\\{party="127.0.0.1:${port}",outcome="error"\\} 1`),
    );
  });
});

describe('ready, alive and draining', () => {
  it('/ready says the store cannot be reached; /health still says the process is up', async () => {
    const base = testConfig();
    const broken = await startTestShop({
      storage: {
        ...base.storage,
        kind: 's3',
        s3: { ...base.storage.s3, endpoint: 'http://127.0.0.1:1', bucket: 'none', forcePathStyle: true },
      },
    });
    try {
      const ready = await broken.call('GET', '/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'store unreachable' });
      expect((await broken.call('GET', '/health')).status).toBe(200);
    } finally {
      await broken.close();
    }
  });

  it('while draining, /ready turns 503 at once, the requests in flight finish, then nothing is taken', async () => {
    const drained = await startTestShop();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    drained.app.get('/test/slow', async () => {
      await held;
      return { finished: true };
    });
    await drained.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = drained.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/ready`)).status).toBe(200);

    const inFlight = fetch(`${base}/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = drained.close({ drainDelayMs: 400 });
    // Draining: not ready, still alive and answering.
    const ready = await fetch(`${base}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    expect((await fetch(`${base}/health`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // Past the delay it no longer listens; the request in flight is still being answered.
    await expect(fetch(`${base}/health`)).rejects.toThrow();
    release();
    expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
    await closed;
  });

  it('cuts a request still in flight past the bound, and closes', async () => {
    const stuck = await startTestShop();
    stuck.app.get('/test/never', () => new Promise(() => {}));
    await stuck.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = stuck.app.server.address() as { port: number };
    const hanging = fetch(`http://127.0.0.1:${port}/test/never`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await stuck.close({ inFlightMs: 300 });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(await hanging).toBe('cut');
  });
});
