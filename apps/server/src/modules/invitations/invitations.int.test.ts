import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { registeredShopper } from '../../../test/shoppers.ts';
import { INVITE_RULES } from './service.ts';
import { invitations } from './tables.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ trustProxy: true });
});
afterAll(() => shop.close());

async function shopper() {
  const userId = `u-${randomUUID()}`;
  const { token } = await shop.ctx.sessions.create('shopper', userId);
  return { userId, token };
}

describe('invitations', () => {
  it('a friend binds with the code, buys, and the inviter earns a gift-balance reward and a notice', async () => {
    const inviter = await shopper();
    const summary = await shop.call('GET', '/v1/customer/queryawardandprocess', { token: inviter.token });
    const code = summary.body.data.code as string;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(summary.body.data).toMatchObject({
      path: `/invite/accept?inviteCode=${code}`,
      validDays: 30,
      rewardCapCents: 10_000,
      earnedCents: 0,
    });

    const friend = await registeredShopper(shop, { payPassword: null });
    const bind = await shop.call('POST', '/v1/customer/sharebind', {
      token: friend.token,
      body: { inviteCode: code.toLowerCase() },
    });
    expect(bind.body.code).toBe('0');
    const days = (Date.parse(bind.body.data.expiresAt) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect((await shop.call('GET', '/v1/customer/queryprocesslist', { token: inviter.token })).body.data.total).toBe(1);

    const reward = await shop.services.invitations.onFirstPaidOrder(friend.userId, 'order-1');
    expect(reward).toEqual({ rewardCents: INVITE_RULES.rewardPerFriendCents });
    // A second paid order earns nothing more.
    expect(await shop.services.invitations.onFirstPaidOrder(friend.userId, 'order-2')).toBeNull();
    const balances = await shop.services.wallet.balances(inviter.userId);
    expect(balances).toMatchObject({ giftCents: INVITE_RULES.rewardPerFriendCents, cashCents: 0 });
    const done = await shop.call('GET', '/v1/customer/queryawardlist', { token: inviter.token });
    expect(done.body.data.list[0]).toMatchObject({ status: 'success', rewardCents: 500 });
    expect(done.body.data.list[0].friend).toContain('****');
    const notices = await shop.call('GET', '/v1/notify/list', { token: inviter.token, language: 'kh' });
    expect(notices.body.data.list[0]).toMatchObject({ kind: 'reward', title: 'ទទួលបានរង្វាន់អញ្ជើញ' });
    const bills = await shop.call('GET', '/v1/wallet/queryacountline', { token: inviter.token });
    expect(bills.body.data.list[0]).toMatchObject({ kind: 'reward', account: 'gift', amountCents: 500 });
  });

  it('refuses a shopper who is not new', async () => {
    const inviter = await shopper();
    const stranger = await shopper(); // a session without a registered account
    const code = await shop.services.invitations.codeOf(inviter.userId);
    const res = await shop.call('POST', '/v1/customer/sharebind', {
      token: stranger.token,
      body: { inviteCode: code },
    });
    expect(res.body.code).toBe('INV00004');
  });

  it('refuses unknown codes, self-invites and a second inviter', async () => {
    const a = await shopper();
    const b = await shopper();
    const codeA = await shop.services.invitations.codeOf(a.userId);
    const codeB = await shop.services.invitations.codeOf(b.userId);
    expect(
      (await shop.call('POST', '/v1/customer/sharebind', { token: a.token, body: { inviteCode: 'ZZZZZZZZ' } })).body
        .code,
    ).toBe('INV00001');
    expect(
      (await shop.call('POST', '/v1/customer/sharebind', { token: a.token, body: { inviteCode: codeA } })).body.code,
    ).toBe('INV00002');
    const c = await registeredShopper(shop, { payPassword: null });
    expect(
      (await shop.call('POST', '/v1/customer/sharebind', { token: c.token, body: { inviteCode: codeA } })).body.code,
    ).toBe('0');
    const again = await shop.call('POST', '/v1/customer/sharebind', {
      token: c.token,
      body: { inviteCode: codeB },
      language: 'chs',
    });
    expect(again.body).toMatchObject({ code: 'INV00003', msg: '您已被好友邀请过' });
  });

  it('the job fails invitations past 30 days, and a late first order earns nothing', async () => {
    const inviter = await shopper();
    const friend = await shopper();
    await shop.services.invitations.bind(friend.userId, await shop.services.invitations.codeOf(inviter.userId));
    await shop.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.inviteeId, friend.userId));
    await shop.ctx.jobs.enqueue('invitations.expire', {}, { dedupeKey: `expire-test-${randomUUID()}` });
    await shop.ctx.jobs.runDue(new Date());
    const failed = await shop.call('GET', '/v1/customer/queryfailedlist', { token: inviter.token });
    expect(failed.body.data.list[0]).toMatchObject({ status: 'failed', rewardCents: 0 });
    expect(await shop.services.invitations.onFirstPaidOrder(friend.userId, 'late')).toBeNull();
    expect((await shop.services.wallet.balances(inviter.userId)).giftCents).toBe(0);
  });

  it('rewards stop at 100 USD in all', async () => {
    const inviter = await shopper();
    const code = await shop.services.invitations.codeOf(inviter.userId);
    const friends = INVITE_RULES.rewardCapCents / INVITE_RULES.rewardPerFriendCents + 2;
    for (let i = 0; i < friends; i++) {
      const f = `f-${randomUUID()}`;
      await shop.services.invitations.bind(f, code);
      await shop.services.invitations.onFirstPaidOrder(f, `o-${i}`);
    }
    expect((await shop.services.wallet.balances(inviter.userId)).giftCents).toBe(10_000);
    const summary = await shop.services.invitations.summary(inviter.userId);
    expect(summary).toMatchObject({ earnedCents: 10_000, successCount: friends });
    const all = await shop.call('GET', '/v1/customer/queryawardslist', {
      token: inviter.token,
      query: { size: '100' },
    });
    expect(all.body.data.total).toBe(friends);
  });
});
