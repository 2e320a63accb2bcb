import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/harness.ts';

let shop: TestShop;
let finance: string;
let support: string;
const ids: Record<string, string> = {};

async function shopper(phone: string): Promise<string> {
  const sent = await shop.call('POST', '/v1/customer/sendsms', { body: { countryCode: '+855', phone, type: 'login' } });
  const login = await shop.call('POST', '/v1/customer/registandlogin', {
    body: { countryCode: '+855', phone, code: sent.body.data.devCode, agree: true },
  });
  expect(login.body.code).toBe('0');
  return login.body.data.userId;
}

beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  for (const role of ['finance', 'support'] as const) {
    const m = await shop.services.staff.create(
      { login: `${role}.inv`, displayName: role, password: 'Angkor2026pass', roles: [role] },
      { staffId: owner.id, login: 'owner' },
    );
    const token = (await shop.ctx.sessions.create('staff', m.id)).token;
    if (role === 'finance') finance = token;
    else support = token;
  }
  for (const [name, phone] of [
    ['dara', '011222333'],
    ['friend1', '011222444'],
    ['friend2', '011222555'],
    ['other', '011222666'],
    ['friend3', '011222777'],
  ])
    ids[name] = await shopper(phone);
  const daraCode = await shop.services.invitations.codeOf(ids.dara);
  await shop.services.invitations.bind(ids.friend1, daraCode, { isNew: true });
  await shop.services.invitations.bind(ids.friend2, daraCode, { isNew: true });
  await shop.services.invitations.bind(ids.friend3, await shop.services.invitations.codeOf(ids.other), { isNew: true });
  await shop.services.invitations.onFirstPaidOrder(ids.friend1, 'order-of-friend1');
});
afterAll(() => shop.close());

const list = (query: Record<string, string>, token = finance) =>
  shop.call('GET', '/admin-api/v1/finance/invitations', { token, query });

describe('finance: invitation rewards', () => {
  it('lists every invitation with both phones, newest first, and the rewards paid', async () => {
    const res = await list({});
    expect(res.body.code).toBe('0');
    expect(res.body.data).toMatchObject({ total: 3, rewardCents: 500, rules: { rewardPerFriendCents: 500 } });
    expect(res.body.data.list[0]).toMatchObject({ inviterPhone: '+85511222666', inviteePhone: '+85511222777' });
  });

  it('filters by state and by the inviter phone as staff type it', async () => {
    const success = await list({ state: 'success' });
    expect(success.body.data.list).toEqual([
      expect.objectContaining({
        inviterId: ids.dara,
        inviteeId: ids.friend1,
        status: 'success',
        rewardCents: 500,
        orderId: 'order-of-friend1',
      }),
    ]);
    const dara = await list({ phone: '011 222 333' });
    expect(dara.body.data).toMatchObject({ total: 2, rewardCents: 500 });
    const daraOpen = await list({ phone: '+85511222333', state: 'progress' });
    expect(daraOpen.body.data.list.map((r: { inviteeId: string }) => r.inviteeId)).toEqual([ids.friend2]);
  });

  it('refuses an unknown phone, an unknown state, and a role that is not finance', async () => {
    expect((await list({ phone: '099999999' })).body.code).toBe('STF00027');
    expect((await list({ state: 'paid' })).body.code).toBe('SYS00001');
    expect((await list({}, support)).body.code).toBe('STF00003');
  });
});
