// Only the proxy is believed (issue 45, decision 0060): a request from an address that is not a
// listed proxy is its own client whatever X-Forwarded-For it sends; through a listed proxy the
// client is the right-most address that is not a proxy. Every per-address rule uses that address.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../test/harness.ts';
import { loadConfig } from './config.ts';
import { productionProblems } from './production-check.ts';
import { sql } from './sql.ts';

const PROXIES = '127.0.0.1,10.0.0.0/8';
const forged = () => `198.51.100.${randomInt(1, 250)}`;
let shop: TestShop;

beforeAll(async () => {
  const { trustProxy } = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: PROXIES });
  shop = await startTestShop({
    trustProxy,
    rateLimitPerMinute: 60,
    sms: { ...testConfig().sms, simDelayMs: 0, simFailureRate: 0, perIpPerDay: 8, puzzleFromIp: 3 },
  });
});
afterAll(() => shop.close());

let phoneSerial = 0;
const newPhone = () => {
  phoneSerial += 1;
  return `012${String(300000 + phoneSerial * 13 + randomInt(0, 10)).slice(0, 6)}`;
};

describe('TRUST_PROXY', () => {
  it('takes addresses and CIDR ranges, refuses anything else, and believing anyone is a production problem', () => {
    expect(loadConfig({ TRUST_PROXY: PROXIES }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8, loopback' }).trustProxy).toEqual(['fd00::/8', 'loopback']);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
    const production = (value: string) =>
      productionProblems(loadConfig({ NODE_ENV: 'production', TRUST_PROXY: value }), {}).filter(
        (problem) => problem.setting === 'TRUST_PROXY',
      );
    expect(production('1')).toHaveLength(1);
    expect(production('on')).toHaveLength(1);
    expect(production('10.0.0.0/8')).toHaveLength(0);
  });
});

describe('a forged X-Forwarded-For from an address that is not a proxy', () => {
  const real = '203.0.113.7';

  it('the request limit counts the real address (a new forged address per request does not reset it)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const res = await shop.call('GET', '/v1/sms/secure', {
        query: { phone: newPhone(), countryCode: '+855' },
        headers: { 'x-forwarded-for': forged() },
        remoteAddress: '203.0.113.70',
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('the SMS limits and the puzzle threshold count the real address, and the log names it', async () => {
    const send = () =>
      shop.call('POST', '/v1/customer/sendsms', {
        body: { countryCode: '+855', phone: newPhone(), type: 'login' },
        headers: { 'x-forwarded-for': forged() },
        remoteAddress: real,
      });
    // Three codes from this address (each to a new phone, each "from" a new forged address)…
    for (let i = 0; i < 3; i++) expect((await send()).body.code).toBe('0');
    // …and the fourth needs the puzzle (SMS_PUZZLE_FROM_IP = 3), whatever the header says.
    expect((await send()).body.code).toBe('USR00016');
    const secure = await shop.call('GET', '/v1/sms/secure', {
      query: { phone: newPhone(), countryCode: '+855' },
      headers: { 'x-forwarded-for': forged() },
      remoteAddress: real,
    });
    expect(secure.body.data).toEqual({ required: true });
    const keys = (
      (await shop.db.execute(sql`SELECT key FROM limit_counters WHERE key LIKE 'sms:ip:%'`)) as unknown as {
        rows: { key: string }[];
      }
    ).rows.map((row) => row.key);
    expect(keys.some((key) => key.startsWith(`sms:ip:${real}:`))).toBe(true);
    expect(keys.filter((key) => key.startsWith('sms:ip:198.51.100.'))).toEqual([]);
    const logged = shop.logs.filter(
      (line) => (line.req as { url?: string } | undefined)?.url === '/v1/customer/sendsms',
    );
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect((line.req as { ip: string }).ip).toBe(real);
  });

  it('the SMS limit per address per day holds across forged addresses', async () => {
    const from = '203.0.113.8';
    await shop.db.execute(
      sql`INSERT INTO limit_counters (key, window_start, count, last_at) VALUES (${`sms:ip:${from}:${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Phnom_Penh' }).format(new Date())}`}, now(), 8, now())`,
    );
    const res = await shop.call('POST', '/v1/customer/sendsms', {
      body: { countryCode: '+855', phone: newPhone(), type: 'login' },
      headers: { 'x-forwarded-for': forged() },
      remoteAddress: from,
    });
    expect(res.body.code).toBe('USR00015');
  });

  it('the staff sign-in lock-out counts the real address', async () => {
    const from = '203.0.113.9';
    let last = '';
    // 30 wrong passwords per address lock it (each to a new login name, from a new forged address).
    for (let i = 0; i < 31 && last !== 'STF00005'; i++) {
      const res = await shop.call('POST', '/admin-api/v1/staff/login', {
        body: { login: `nobody${i}`, password: 'wrong-password-1' },
        headers: { 'x-forwarded-for': forged() },
        remoteAddress: from,
      });
      last = res.body.code;
    }
    expect(last).toBe('STF00005');
    const rows = (
      (await shop.db.execute(sql`SELECT key FROM staff_login_failures WHERE key LIKE 'ip:%'`)) as unknown as {
        rows: { key: string }[];
      }
    ).rows.map((row) => row.key);
    expect(rows).toContain(`ip:${from}`);
    expect(rows.filter((key) => key.startsWith('ip:198.51.100.'))).toEqual([]);
  });
});

describe('through a listed proxy', () => {
  it('the client is the right-most address that is not a proxy (what a client prepends is ignored)', async () => {
    await shop.call('GET', '/v1/sms/secure', {
      query: { phone: newPhone(), countryCode: '+855' },
      // The client forged "6.6.6.6"; its real address 192.0.2.44 was appended by an outer proxy
      // 10.1.2.3, which the proxy at 10.9.9.9 appended in turn.
      headers: { 'x-forwarded-for': '6.6.6.6, 192.0.2.44, 10.1.2.3' },
      remoteAddress: '10.9.9.9',
    });
    const line = shop.logs.findLast((l) => (l.req as { url?: string } | undefined)?.url?.startsWith('/v1/sms/secure'));
    expect(line?.req).toMatchObject({ ip: '192.0.2.44' });
  });
});
