import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { redactUrl } from './logger.ts';

describe('logs never carry tokens', () => {
  it('redacts the token query parameter wherever it stands', () => {
    expect(redactUrl('/v1/x?token=abc&page=2')).toBe('/v1/x?token=[redacted]&page=2');
    expect(redactUrl('/v1/x?page=2&TOKEN=abc')).toBe('/v1/x?page=2&TOKEN=[redacted]');
    expect(redactUrl('/v1/x?mytoken=abc')).toBe('/v1/x?mytoken=abc');
  });
});

describe('configuration', () => {
  it('defaults to the embedded database with demo data outside production', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.dataDir).toMatch(/data$/);
  });

  it('production has no demo data unless asked, and reads PostgreSQL from DATABASE_URL', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@y/z', PORT: '8080' });
    expect(config).toMatchObject({ production: true, demoData: false, databaseUrl: 'postgres://x@y/z', port: 8080 });
    expect(config.databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: '1' }).demoData).toBe(true);
  });

  it('refuses a malformed number instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe('signatures', () => {
  it('signs with HMAC-SHA256 in hex and compares in constant time', async () => {
    const { hmacHex, safeEqual } = await import('./crypto.ts');
    // RFC 4231 test case 2.
    expect(hmacHex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
