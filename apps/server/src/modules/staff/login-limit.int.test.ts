import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { STAFF_LOGIN_LIMITS } from './routes.ts';

let shop: TestShop;
const PASSWORD = 'Angkor2026pass';

const login = (name: string, password = PASSWORD, language = 'en-US') =>
  shop.call('POST', '/admin-api/v1/staff/login', { body: { login: name, password }, language });

/** Members who sign in with their right password (failures would trip the lock-out first). */
const members = ['ana', 'bora', 'chan', 'dara'];

beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('boss', PASSWORD);
  for (const login of members)
    await shop.services.staff.create(
      { login, displayName: login, password: PASSWORD, roles: ['support'] },
      { staffId: owner.id, login: 'boss' },
    );
});
afterAll(() => shop.close());

describe('staff sign-in rate limit (per route)', () => {
  it('limits attempts per login name, even with the right password, with a catalogue error', async () => {
    for (let i = 0; i < STAFF_LOGIN_LIMITS.perLogin; i++) expect((await login('boss')).body.code).toBe('0');
    const limited = await login('BOSS', PASSWORD, 'chs');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('STF00039');
    expect(limited.body.msg).toMatch(/^登录尝试过于频繁，请等待 \d+ 秒后再试$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits attempts per address across login names', async () => {
    // The first test spent perLogin + 1 attempts from this address.
    const left = STAFF_LOGIN_LIMITS.perAddress - STAFF_LOGIN_LIMITS.perLogin - 1;
    expect(left / members.length).toBeLessThan(STAFF_LOGIN_LIMITS.perLogin);
    for (let i = 0; i < left; i++) expect((await login(members[i % members.length])).body.code).toBe('0');
    const limited = await login('someone.else', 'wrong-pass1');
    expect(limited.body.code).toBe('STF00039');
    expect(limited.body.msg).toMatch(/^Too many sign-in attempts; wait \d+ seconds and try again$/);
  });
});
