import { defineCall, z } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness.ts';
import { registerCall } from './http.ts';
import { sql } from './sql.ts';

const whoAmI = defineCall({
  method: 'GET',
  path: '/test/whoami',
  auth: 'user',
  summary: 'test only',
  tag: 'test',
  data: z.object({ subjectId: z.string() }),
});

const echo = defineCall({
  method: 'POST',
  path: '/test/echo',
  auth: 'none',
  summary: 'test only',
  tag: 'test',
  body: z.object({ count: z.int().check(z.minimum(1)) }),
  data: z.object({ count: z.int() }),
});

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  const resolve = (request: { sessionToken?: string }, kind: 'shopper' | 'staff') =>
    request.sessionToken ? shop.ctx.sessions.resolve(request.sessionToken, kind) : Promise.resolve(null);
  registerCall(shop.app, whoAmI, resolve, async (request) => ({ subjectId: request.session?.subjectId ?? '' }));
  registerCall(shop.app, echo, resolve, async (request) => ({ count: request.body.count }));
  shop.app.get('/test/boom', async () => {
    throw new Error('secret internal detail');
  });
});
afterAll(() => shop.close());

describe('envelope and languages', () => {
  it('answers success in the envelope with msg in the language header', async () => {
    for (const [language, msg] of [
      ['en-US', 'success'],
      ['chs', '成功'],
      ['kh', 'ជោគជ័យ'],
      ['km', 'ជោគជ័យ'],
    ]) {
      const res = await shop.call('GET', '/v1/other/system/config', { language });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe('0');
      expect(res.body.msg).toBe(msg);
    }
  });

  it('falls back to the language cookie, then en-US', async () => {
    const res = await shop.call('GET', '/nope', { language: '', headers: { cookie: 'language=chs' } });
    expect(res.body.msg).toBe('找不到该页面');
    const plain = await shop.call('GET', '/nope', { language: '' });
    expect(plain.body.msg).toBe('This page could not be found');
  });

  it('unknown paths are HTTP 404 with SYS00002', async () => {
    const res = await shop.call('GET', '/v1/no/such/call', { language: 'kh' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'SYS00002',
      msg: 'រកមិនឃើញទំព័រនេះទេ',
      data: null,
      requestId: res.headers['x-request-id'],
    });
  });

  it('says what is wrong with the field in the caller’s language, never zod’s English "Invalid input"', async () => {
    const long = 'x'.repeat(3000);
    const cases: [string, string][] = [
      ['en-US', 'Invalid request: keyword: at most 60 characters'],
      ['chs', '请求参数无效：keyword：最多 60 个字符'],
      ['kh', 'សំណើមិនត្រឹមត្រូវ៖ keyword៖ មិនលើសពី 60 តួអក្សរ'],
    ];
    for (const [language, msg] of cases) {
      const res = await shop.call('GET', '/v1/haitao/product/list', {
        query: { channel: 'taobao', keyword: long },
        language,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'SYS00001', msg, data: null });
    }
    const small = await shop.call('POST', '/test/echo', { body: { count: 0 }, language: 'en-US' });
    expect(small.body.msg).toBe('Invalid request: count: at least 1');
    const missing = await shop.call('POST', '/test/echo', { body: {}, language: 'chs' });
    expect(missing.body.msg).toBe('请求参数无效：count：必填');
  });

  it('malformed input is HTTP 400 with a catalogue message naming the field', async () => {
    const res = await shop.call('POST', '/test/echo', { body: { count: 0 }, language: 'chs' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SYS00001');
    expect(res.body.msg).toMatch(/^请求参数无效：count/);
    const text = await shop.call('POST', '/test/echo', {
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(text.status).toBe(400);
    expect(text.body.code).toBe('SYS00001');
  });

  it('a fault is HTTP 500 without internals in the body', async () => {
    const res = await shop.call('GET', '/test/boom');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('SYS00004');
    expect(JSON.stringify(res.body)).not.toContain('secret internal detail');
  });
});

describe('sessions', () => {
  it('a protected call without a token is HTTP 400 USR00001', async () => {
    const res = await shop.call('GET', '/test/whoami');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('USR00001');
  });

  it('an unknown token is USR00003, a live one works by query or Bearer', async () => {
    const bad = await shop.call('GET', '/test/whoami', { token: 'not-a-token' });
    expect(bad.status).toBe(200);
    expect(bad.body.code).toBe('USR00003');
    const { token } = await shop.ctx.sessions.create('shopper', 'user-42');
    expect(token).toMatch(/^[\w-]{43}$/);
    const byQuery = await shop.call('GET', '/test/whoami', { token });
    expect(byQuery.body.data).toEqual({ subjectId: 'user-42' });
    const byHeader = await shop.call('GET', '/test/whoami', { headers: { authorization: `Bearer ${token}` } });
    expect(byHeader.body.data).toEqual({ subjectId: 'user-42' });
  });

  it('a staff token is not a shopper session', async () => {
    const { token } = await shop.ctx.sessions.create('staff', 'staff-1');
    const res = await shop.call('GET', '/test/whoami', { token });
    expect(res.body.code).toBe('USR00003');
  });

  it('revoked and expired sessions are invalid; the purge removes expired ones', async () => {
    const { token } = await shop.ctx.sessions.create('shopper', 'user-7');
    await shop.ctx.sessions.revoke(token);
    expect((await shop.call('GET', '/test/whoami', { token })).body.code).toBe('USR00003');

    const second = await shop.ctx.sessions.create('shopper', 'user-8');
    const removed = await shop.ctx.sessions.purgeExpired(new Date(Date.now() + 31 * 86_400_000));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await shop.call('GET', '/test/whoami', { token: second.token })).body.code).toBe('USR00003');
  });

  it('a session used a moment ago (kept in process) is refused at once after logout or revokeAll', async () => {
    const first = await shop.ctx.sessions.create('shopper', 'user-10');
    const second = await shop.ctx.sessions.create('shopper', 'user-11');
    const third = await shop.ctx.sessions.create('shopper', 'user-11');
    for (const { token } of [first, second, third]) {
      expect((await shop.call('GET', '/test/whoami', { token })).body.code).toBe('0');
    }
    await shop.ctx.sessions.revoke(first.token);
    expect((await shop.call('GET', '/test/whoami', { token: first.token })).body.code).toBe('USR00003');
    expect(await shop.ctx.sessions.revokeAll('shopper', 'user-11')).toBe(2);
    for (const { token } of [second, third]) {
      expect((await shop.call('GET', '/test/whoami', { token })).body.code).toBe('USR00003');
    }
  });

  it('a purged session used a moment ago is refused at once', async () => {
    const { token } = await shop.ctx.sessions.create('shopper', 'user-12');
    expect((await shop.call('GET', '/test/whoami', { token })).body.code).toBe('0');
    await shop.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE subject_id = 'user-12'`,
    );
    expect(await shop.ctx.sessions.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect((await shop.call('GET', '/test/whoami', { token })).body.code).toBe('USR00003');
  });

  it('tokens never reach the logs', async () => {
    const { token } = await shop.ctx.sessions.create('shopper', 'user-9');
    await shop.call('GET', '/test/whoami', { token });
    await shop.call('GET', '/test/whoami', { headers: { authorization: `Bearer ${token}` } });
    const text = JSON.stringify(shop.logs);
    expect(
      shop.logs.some((line) => String((line.req as { url?: string })?.url ?? '').includes('token=[redacted]')),
    ).toBe(true);
    expect(text).not.toContain(token);
  });
});

describe('platform routes', () => {
  it('/health and /ready answer', async () => {
    expect((await shop.call('GET', '/health')).status).toBe(200);
    const ready = await shop.call('GET', '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('sends security headers: a page policy on pages, the short API set on calls', async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/h5/' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    const call = await shop.call('GET', '/v1/other/system/config');
    expect(call.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(call.headers['cross-origin-opener-policy']).toBeUndefined();
    for (const res of [page, call]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    }
  });

  it('publishes the OpenAPI document built from the contracts', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const op = doc.paths['/v1/other/system/config'].get;
    expect(op.tags).toEqual(['system']);
    expect(
      op.responses['200'].content['application/json'].schema.properties.data.properties.supportHours,
    ).toBeDefined();
    const page = await shop.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('redirects / to the shop', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/h5/');
  });
});

describe('rate limiting', () => {
  it('answers HTTP 429 SYS00003 past the limit, in the caller language', async () => {
    const limited = await startTestShop({ rateLimitPerMinute: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.call('GET', '/v1/other/system/config')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const res = await limited.call('GET', '/v1/other/system/config', { language: 'chs' });
      expect(res.body).toMatchObject({ code: 'SYS00003', msg: '请求过于频繁，请稍后再试' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Health probes are never refused.
      expect((await limited.call('GET', '/health')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('cacheable answers name what they vary on', () => {
  it('the language, and the cookie when the language came from it', async () => {
    const byHeader = await shop.app.inject({
      method: 'GET',
      url: '/v1/other/system/config',
      headers: { language: 'kh' },
    });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.headers['cache-control']).toBe('public, max-age=60');
    expect(byHeader.headers.vary).toBe('language');
    const byCookie = await shop.app.inject({
      method: 'GET',
      url: '/v1/other/system/config',
      headers: { cookie: 'language=chs' },
    });
    expect(byCookie.headers.vary).toBe('language, cookie');
    expect(JSON.parse(byCookie.body).msg).toBe('成功');
    // An answer that is not cacheable says nothing of the kind.
    const echoed = await shop.app.inject({ method: 'POST', url: '/test/echo', payload: { count: 1 } });
    expect(echoed.headers['cache-control']).toBeUndefined();
    expect(echoed.headers.vary).toBeUndefined();
  });
});
