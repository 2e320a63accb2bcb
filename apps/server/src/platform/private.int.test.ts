// What is private stays private (issue 45, point 3): the console to listed addresses, /metrics on
// a port of its own, the API reference off in production, no secret of a query string in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness.ts';
import { loadConfig } from './config.ts';
import { serveMetrics } from './metrics.ts';
import { isConsolePath } from './private.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({
    trustProxy: ['127.0.0.1'],
    adminAllow: ['10.0.0.0/8', '192.0.2.7'],
    metrics: { port: 0, host: '127.0.0.1' },
    apiDocs: false,
  });
});
afterAll(() => shop.close());

const login = (url: string, from: string) =>
  shop.call('POST', url as '/admin-api/v1/staff/login', {
    body: { login: 'nobody', password: 'wrong-password-1' },
    headers: { 'x-forwarded-for': from },
  });

describe('ADMIN_ALLOW', () => {
  it('the console answers only listed addresses, however its path is spelled', async () => {
    for (const url of ['/admin-api/v1/staff/login', '/%61dmin-api/v1/staff/login', '/ADMIN-API/v1/staff/login/']) {
      const refused = await login(url, '203.0.113.5');
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('SYS00002');
    }
    expect((await shop.call('GET', '/admin/', { headers: { 'x-forwarded-for': '203.0.113.5' } })).status).toBe(404);
    for (const from of ['10.20.30.40', '192.0.2.7']) {
      const allowed = await login('/admin-api/v1/staff/login', from);
      expect(allowed.status).toBe(200);
      expect(allowed.body.code).toBe('STF00004');
    }
    // The shop itself is not the console's: anyone.
    expect((await shop.call('GET', '/health', { headers: { 'x-forwarded-for': '203.0.113.5' } })).status).toBe(200);
  });

  it('reads a console path in any spelling, and only the console', () => {
    for (const url of ['/admin', '/admin/', '/Admin/x', '/%61dmin/', '//admin-api/v1', '/h5/../admin/', '/./admin-api'])
      expect(isConsolePath(url), url).toBe(true);
    for (const url of ['/h5/', '/administrator', '/h5/admin', '/v1/admin-apis', '/'])
      expect(isConsolePath(url), url).toBe(false);
    expect(() => loadConfig({ ADMIN_ALLOW: 'office' })).toThrow(/ADMIN_ALLOW/);
  });
});

describe('/metrics on a port of its own', () => {
  it('the shop port has no /metrics in any spelling; the metrics port has, without probes counted as requests', async () => {
    for (const url of ['/metrics', '/metrics/', '/%6detrics', '/%6Detrics', '//metrics'])
      expect((await shop.call('GET', url)).status, url).toBe(404);
    for (let i = 0; i < 3; i++) await shop.call('GET', '/ready');
    await shop.call('GET', '/v1/sms/secure', { query: { phone: '012345678', countryCode: '+855' } });
    const served = await serveMetrics(shop.metrics, { port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`http://127.0.0.1:${served.port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('route="/v1/sms/secure"');
      expect(text).not.toContain('route="/ready"');
      expect(text).not.toContain('route="/health"');
      expect((await fetch(`http://127.0.0.1:${served.port}/h5/`)).status).toBe(404);
    } finally {
      await served.close();
    }
  });
});

describe('/docs', () => {
  it('is off in production unless asked for, and off here', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: '1' }).apiDocs).toBe(true);
    expect(loadConfig({}).apiDocs).toBe(true);
    expect((await shop.call('GET', '/docs')).status).toBe(404);
    expect((await shop.call('GET', '/docs/json')).status).toBe(404);
  });
});

describe('the log', () => {
  it('keeps no token, signature or code of a query string', async () => {
    await shop.call('GET', '/v1/sms/secure', {
      query: {
        phone: '012345679',
        countryCode: '+855',
        token: 'tok-SECRET-1',
        sig: 'sig-SECRET-2',
        code: 'code-SECRET-3',
        payPassword: 'pw-SECRET-4',
      },
    });
    const text = JSON.stringify(shop.logs);
    expect(text).toContain('/v1/sms/secure?');
    expect(text).not.toMatch(/SECRET-\d/);
  });
});
