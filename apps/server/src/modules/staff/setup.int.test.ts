import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';

/** First-owner setup over HTTP (issue 19): the link a start with no staff prints, used once. */

const PASSWORD = 'Angkor2026pass';
const MINUTE = 60_000;

const status = (shop: TestShop, token: string, language = 'en-US') =>
  shop.call('GET', '/admin-api/v1/staff/setup', { query: { token }, language });

const setup = (
  shop: TestShop,
  token: string,
  fields: { login?: string; displayName?: string; password?: string } = {},
  language = 'en-US',
) =>
  shop.call('POST', '/admin-api/v1/staff/setup', {
    body: { token, login: 'first', displayName: 'Sokha Owner', password: PASSWORD, ...fields },
    language,
  });

async function staffCount(shop: TestShop): Promise<number> {
  const { rows } = (await shop.db.execute('SELECT count(*)::int AS n FROM staff_accounts')) as unknown as {
    rows: { n: number }[];
  };
  return rows[0].n;
}

async function opened(shop: TestShop, at?: Date): Promise<string> {
  const link = await shop.services.staff.openSetup(at);
  if (!link) throw new Error('no setup link: the console already has staff');
  return link.token;
}

describe('first-owner setup, on an empty console', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  it('gives a random token that only its own link knows (256 bits, stored as a hash)', async () => {
    const token = await opened(shop);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const { rows } = (await shop.db.execute('SELECT token_hash FROM staff_setup_links')) as unknown as {
      rows: { token_hash: string }[];
    };
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(rows).toHaveLength(1);
  });

  it('refuses an expired link, and a link a later start replaced, with the catalogue messages', async () => {
    const expired = await opened(shop, new Date(Date.now() - 61 * MINUTE));
    const late = await setup(shop, expired);
    expect(late.status).toBe(200);
    expect(late.body.code).toBe('STF00061');
    expect(late.body.msg).toBe('This setup link has expired: restart the shop to get a new one');
    expect((await status(shop, expired, 'chs')).body.msg).toBe('此设置链接已过期：请重新启动商城以获取新链接');

    const older = await opened(shop);
    const newer = await opened(shop);
    expect(newer).not.toBe(older);
    expect((await setup(shop, older)).body.code).toBe('STF00060');
    expect((await setup(shop, expired)).body.code).toBe('STF00060');
    expect((await setup(shop, '')).body.code).toBe('STF00060');
    expect((await setup(shop, 'not-a-token', {}, 'kh')).body.msg).toBe(
      'តំណរៀបចំនេះមិនត្រឹមត្រូវទេ៖ សូមប្រើតំណចុងក្រោយបង្អស់ដែលហាងបានបង្ហាញនៅពេលវាចាប់ផ្តើម',
    );
    const fine = await status(shop, newer);
    expect(fine.body.code).toBe('0');
    const left = Date.parse(fine.body.data.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(59 * MINUTE);
    expect(left).toBeLessThanOrEqual(60 * MINUTE);
    expect(await staffCount(shop)).toBe(0);
  });

  it('checks the login, name and password with the staff rules before spending the link', async () => {
    const token = await opened(shop);
    expect((await setup(shop, token, { password: 'password' })).body.code).toBe('STF00009');
    expect((await setup(shop, token, { password: 'short1' }, 'kh')).body.msg).toBe(
      'ពាក្យសម្ងាត់៖ យ៉ាងហោចណាស់ 10 តួ ដោយមានទាំងអក្សរ និងលេខ',
    );
    expect((await setup(shop, token, { login: '1bad' })).body.code).toBe('STF00008');
    expect((await setup(shop, token, { displayName: '  ' })).body.code).toBe('STF00014');
    expect((await status(shop, token)).body.code).toBe('0');
    expect(await staffCount(shop)).toBe(0);
  });

  it('makes the first owner once and signs them in; then the link and setup itself are closed', async () => {
    const token = await opened(shop);
    const made = await setup(shop, token, { login: 'First.Owner' });
    expect(made.body.code).toBe('0');
    expect(made.headers['cache-control']).toBe('no-store');
    expect(made.body.data.staff).toMatchObject({ login: 'first.owner', displayName: 'Sokha Owner', roles: ['owner'] });
    const me = await shop.call('GET', '/admin-api/v1/staff/me', { token: made.body.data.token });
    expect(me.body.data).toMatchObject({ login: 'first.owner', roles: ['owner'], active: true });
    // The owner may make owner calls, and signs in again with the password they chose.
    const list = await shop.call('GET', '/admin-api/v1/staff/list', { token: made.body.data.token });
    expect(list.body.data.total).toBe(1);
    const again = await shop.call('POST', '/admin-api/v1/staff/login', {
      body: { login: 'first.owner', password: PASSWORD },
    });
    expect(again.body.code).toBe('0');

    // The same link again: used.
    const twice = await setup(shop, token, { login: 'second' });
    expect(twice.body.code).toBe('STF00062');
    expect((await status(shop, token, 'chs')).body.msg).toBe('此设置链接已被使用：请使用它创建的账号登录');
    // A start with staff prints no link; any other token meets a closed setup, in three languages.
    expect(await shop.services.staff.openSetup()).toBeNull();
    const closed = await setup(shop, 'x'.repeat(43), { login: 'second' });
    expect(closed.body.code).toBe('STF00063');
    expect(closed.body.msg).toBe(
      'The console already has staff, so first-owner setup is closed: sign in, or ask an owner for an account',
    );
    expect((await setup(shop, 'x', {}, 'chs')).body.msg).toBe(
      '控制台已有员工，首位所有者设置已关闭：请登录，或请所有者为您创建账号',
    );
    expect((await setup(shop, 'x', {}, 'kh')).body.msg).toBe(
      'កុងសូលមានបុគ្គលិករួចហើយ ដូច្នេះការរៀបចំម្ចាស់ដំបូងត្រូវបានបិទ៖ សូមចូល ឬសុំគណនីពីម្ចាស់',
    );
    expect(await staffCount(shop)).toBe(1);

    // The audit log says how the owner came, without the password.
    const audit = await shop.call('GET', '/admin-api/v1/audit/list', {
      query: { action: 'staff.setup-first-owner' },
      token: made.body.data.token,
    });
    expect(audit.body.data.total).toBe(1);
    expect(JSON.stringify(audit.body.data.list)).not.toContain(PASSWORD);
  });

  it('refuses the control calls without the data folder’s control key', async () => {
    const res = await shop.call('POST', '/admin-api/v1/control/create-owner', {
      body: { login: 'intruder', displayName: 'x', password: PASSWORD, ifAbsent: false },
      headers: { 'x-shop-control-key': 'guess' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('STF00064');
    const link = await shop.call('POST', '/admin-api/v1/control/setup-link', { body: {} });
    expect(link.body.code).toBe('STF00064');
    expect(await staffCount(shop)).toBe(1);
  });
});

describe('first-owner setup, submitted twice at once', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  it('makes one owner: the other submissions are refused with a catalogue code', async () => {
    const token = await opened(shop);
    const answers = await Promise.all(
      ['ana', 'bora', 'chan', 'dara'].map((login) => setup(shop, token, { login, displayName: login })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(1);
    for (const code of codes.filter((c) => c !== '0')) expect(['STF00062', 'STF00063']).toContain(code);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await staffCount(shop)).toBe(1);
  });
});
