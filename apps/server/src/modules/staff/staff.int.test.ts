import { STAFF_ROLES, type StaffRole } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { staffRoutes } from './http.ts';
import { roleAllows } from './service.ts';

let shop: TestShop;
const PASSWORD = 'Angkor2026pass';
let ownerToken: string;
let ownerId: string;

async function login(name: string, password = PASSWORD) {
  return shop.call('POST', '/admin-api/v1/staff/login', { body: { login: name, password } });
}

beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('boss', PASSWORD, 'Sokha Chan');
  ownerId = owner.id;
  const res = await login('boss');
  expect(res.body.code).toBe('0');
  ownerToken = res.body.data.token;
});
afterAll(() => shop.close());

describe('staff sign-in', () => {
  it('signs in with login and password, case-insensitive login, and answers who is signed in', async () => {
    const res = await login('BOSS');
    expect(res.body.code).toBe('0');
    expect(res.body.data.staff).toMatchObject({ login: 'boss', roles: ['owner'], active: true });
    const me = await shop.call('GET', '/admin-api/v1/staff/me', { token: res.body.data.token });
    expect(me.body.data).toMatchObject({ id: ownerId, displayName: 'Sokha Chan' });
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('refuses a wrong password or unknown login with the same message, in three languages', async () => {
    const wrong = await login('boss', 'not-the-password1');
    const unknown = await login('nobody-here');
    expect(wrong.body.code).toBe('STF00004');
    expect(unknown.body.code).toBe('STF00004');
    expect(wrong.body.msg).toBe(unknown.body.msg);
    const kh = await shop.call('POST', '/admin-api/v1/staff/login', {
      body: { login: 'boss', password: 'nope12345678' },
      language: 'kh',
    });
    expect(kh.body.msg).toBe('ឈ្មោះចូល ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ');
  });

  it('locks a login out after 5 failures within 15 minutes, even for the right password, and logs each try', async () => {
    await shop.services.staff.create(
      { login: 'victim', displayName: 'Victim', password: PASSWORD, roles: ['support'] },
      { staffId: ownerId, login: 'boss' },
    );
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await login('victim', `wrong-guess-${i}`)).body.code);
    expect(codes).toEqual(['STF00004', 'STF00004', 'STF00004', 'STF00004', 'STF00005']);
    const right = await login('victim');
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('STF00005');
    expect(right.body.msg).toMatch(/try again in 15 minutes/);
    // Another login from the same address is not locked by it.
    expect((await login('boss')).body.code).toBe('0');
    const audit = await shop.services.staff.auditList({
      page: 1,
      size: 50,
      staffLogin: 'victim',
      action: 'staff.login.failed',
    });
    expect(audit.total).toBe(5);
    // After the lock and the window pass, the right password works again.
    const later = new Date(Date.now() + 16 * 60 * 1000);
    const again = await shop.services.staff.login('victim', PASSWORD, '127.0.0.1', later);
    expect(again.staff.login).toBe('victim');
  });

  it('logs out: the token stops working', async () => {
    const { token } = (await login('boss')).body.data;
    expect((await shop.call('POST', '/admin-api/v1/staff/logout', { token, body: {} })).body.code).toBe('0');
    expect((await shop.call('GET', '/admin-api/v1/staff/me', { token })).body.code).toBe('STF00002');
  });

  it('keeps staff and shopper sessions apart', async () => {
    const shopper = await shop.ctx.sessions.create('shopper', 'user-1');
    const res = await shop.call('GET', '/admin-api/v1/staff/me', { token: shopper.token });
    expect(res.body.code).toBe('STF00002');
    const none = await shop.call('GET', '/admin-api/v1/staff/me');
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('STF00001');
    // A staff token is not a shopper session.
    expect(await shop.ctx.sessions.resolve(ownerToken, 'shopper')).toBeNull();
  });
});

describe('staff accounts (owner)', () => {
  it('creates a staff member with roles; the audit row has the after state and no password', async () => {
    const res = await shop.call('POST', '/admin-api/v1/staff/create', {
      token: ownerToken,
      body: { login: 'dara.cat', displayName: 'Dara', password: PASSWORD, roles: ['catalogue', 'catalogue'] },
    });
    expect(res.body.code).toBe('0');
    expect(res.body.data).toMatchObject({ login: 'dara.cat', roles: ['catalogue'], active: true });
    const audit = await shop.call('GET', '/admin-api/v1/audit/list', {
      token: ownerToken,
      query: { action: 'staff.create', targetId: res.body.data.id },
    });
    expect(audit.body.data.total).toBe(1);
    const row = audit.body.data.list[0];
    expect(row).toMatchObject({ staffLogin: 'boss', staffId: ownerId, targetType: 'staff', before: null });
    expect(row.after).toMatchObject({ login: 'dara.cat', roles: ['catalogue'] });
    expect(JSON.stringify(audit.body.data)).not.toContain(PASSWORD);
  });

  it.each([
    [{ login: 'x' }, 'STF00008'],
    [{ login: '9lives' }, 'STF00008'],
    [{ login: 'has space' }, 'STF00008'],
    [{ password: 'short1' }, 'STF00009'],
    [{ password: 'onlyletterslong' }, 'STF00009'],
    [{ roles: [] }, 'STF00011'],
    [{ roles: ['janitor'] }, 'STF00011'],
    [{ displayName: '   ' }, 'STF00014'],
    [{ login: 'boss' }, 'STF00007'],
  ])('rejects %j with %s', async (patch, code) => {
    const body = { login: 'valid.name', displayName: 'Valid', password: PASSWORD, roles: ['finance'], ...patch };
    const res = await shop.call('POST', '/admin-api/v1/staff/create', { token: ownerToken, body, language: 'chs' });
    expect(res.body.code).toBe(code);
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('rejects malformed input with SYS00001', async () => {
    const res = await shop.call('POST', '/admin-api/v1/staff/create', { token: ownerToken, body: { login: 5 } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SYS00001');
  });

  it('changes roles and deactivates: the member’s sessions end; the last owner cannot go', async () => {
    const created = await shop.services.staff.create(
      { login: 'fin.one', displayName: 'Finance', password: PASSWORD, roles: ['finance'] },
      { staffId: ownerId, login: 'boss' },
    );
    const { token } = (await login('fin.one')).body.data;
    const up = await shop.call('POST', '/admin-api/v1/staff/update', {
      token: ownerToken,
      body: { id: created.id, roles: ['finance', 'support'] },
    });
    expect(up.body.data.roles).toEqual(['finance', 'support']);
    const off = await shop.call('POST', '/admin-api/v1/staff/update', {
      token: ownerToken,
      body: { id: created.id, active: false },
    });
    expect(off.body.data.active).toBe(false);
    expect((await shop.call('GET', '/admin-api/v1/staff/me', { token })).body.code).toBe('STF00002');
    expect((await login('fin.one')).body.code).toBe('STF00006');
    const demote = await shop.call('POST', '/admin-api/v1/staff/update', {
      token: ownerToken,
      body: { id: ownerId, roles: ['finance'] },
    });
    expect(demote.body.code).toBe('STF00012');
    const missing = await shop.call('POST', '/admin-api/v1/staff/update', {
      token: ownerToken,
      body: { id: '00000000-0000-0000-0000-000000000000', active: false },
    });
    expect(missing.body.code).toBe('STF00010');
    const audit = await shop.services.staff.auditList({
      page: 1,
      size: 10,
      action: 'staff.update',
      targetId: created.id,
    });
    expect(audit.list[0].before).toMatchObject({ active: true });
    expect(audit.list[0].after).toMatchObject({ active: false });
  });

  it('resets a password (old sessions end) and lets a member change their own', async () => {
    const m = await shop.services.staff.create(
      { login: 'sup.one', displayName: 'Support', password: PASSWORD, roles: ['support'] },
      { staffId: ownerId, login: 'boss' },
    );
    const { token } = (await login('sup.one')).body.data;
    const reset = await shop.call('POST', '/admin-api/v1/staff/reset-password', {
      token: ownerToken,
      body: { id: m.id, password: 'BrandNew2026x' },
    });
    expect(reset.body.code).toBe('0');
    expect((await shop.call('GET', '/admin-api/v1/staff/me', { token })).body.code).toBe('STF00002');
    const second = (await login('sup.one', 'BrandNew2026x')).body.data.token;
    const bad = await shop.call('POST', '/admin-api/v1/staff/password', {
      token: second,
      body: { currentPassword: 'wrong-one-123', newPassword: 'Another2026y' },
    });
    expect(bad.body.code).toBe('STF00013');
    const good = await shop.call('POST', '/admin-api/v1/staff/password', {
      token: second,
      body: { currentPassword: 'BrandNew2026x', newPassword: 'Another2026y' },
    });
    expect(good.body.code).toBe('0');
    expect((await shop.call('GET', '/admin-api/v1/staff/me', { token: good.body.data.token })).body.code).toBe('0');
    expect((await login('sup.one', 'Another2026y')).body.code).toBe('0');
  });
});

describe('every staff call, every role', () => {
  it('has registered staff calls, all under /admin-api/v1/', () => {
    const routes = staffRoutes(shop.app);
    expect(routes.length).toBeGreaterThanOrEqual(9);
    for (const r of routes) expect(r.path.startsWith('/admin-api/v1/')).toBe(true);
  });

  it('admits exactly the allowed roles to each call, and no shopper token or missing token to any', async () => {
    const members = {} as Record<StaffRole, string>;
    for (const role of STAFF_ROLES) {
      const m =
        role === 'owner'
          ? { id: ownerId }
          : await shop.services.staff.create(
              { login: `only.${role}`, displayName: role, password: PASSWORD, roles: [role] },
              { staffId: ownerId, login: 'boss' },
            );
      members[role] = m.id;
    }
    const shopper = await shop.ctx.sessions.create('shopper', 'shopper-1');
    const failures: string[] = [];
    for (const route of staffRoutes(shop.app)) {
      const send = (token?: string) =>
        shop.call(route.method, route.path, { token, ...(route.method === 'POST' ? { body: {} } : {}) });
      const anonymous = await send();
      if (anonymous.body.code !== 'STF00001') failures.push(`${route.path} without token: ${anonymous.body.code}`);
      const asShopper = await send(shopper.token);
      if (asShopper.body.code !== 'STF00002') failures.push(`${route.path} as shopper: ${asShopper.body.code}`);
      for (const role of STAFF_ROLES) {
        // A fresh session per try: some calls (sign-out) end the session they are made with.
        const { token } = await shop.ctx.sessions.create('staff', members[role]);
        const res = await send(token);
        const allowed = roleAllows([role], route.roles);
        const forbidden = res.body.code === 'STF00003';
        if (allowed === forbidden) failures.push(`${route.path} as ${role}: ${res.body.code} (allowed=${allowed})`);
        if (!allowed && JSON.stringify(res.body.data) !== 'null') failures.push(`${route.path} leaked data to ${role}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('the dashboard', () => {
  it('shows the tiles of registered modules, only to the roles that may see them', async () => {
    shop.services.staff.addTiles({
      module: 'test-finance',
      roles: ['finance'],
      tiles: async () => [{ key: 'test.pending', value: 7, unit: 'count' }],
    });
    const asOwner = await shop.call('GET', '/admin-api/v1/dashboard', { token: ownerToken });
    expect(asOwner.body.data.tiles).toContainEqual({ key: 'test.pending', value: 7, unit: 'count' });
    expect(asOwner.body.data.modules).toContain('test-finance');
    const cat = (await login('only.catalogue')).body.data.token;
    const asCatalogue = await shop.call('GET', '/admin-api/v1/dashboard', { token: cat });
    expect(asCatalogue.body.code).toBe('0');
    expect(asCatalogue.body.data.tiles.find((t: { key: string }) => t.key === 'test.pending')).toBeUndefined();
  });
});
