import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/harness.ts';

let shop: TestShop;
const tokens: Record<string, string> = {};
const PHONE = '012345678';
const E164 = '+85512345678';
let userId: string;
let shopperToken: string;

beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  for (const role of ['finance', 'support'] as const) {
    const m = await shop.services.staff.create(
      { login: `${role}.one`, displayName: role, password: 'Angkor2026pass', roles: [role] },
      { staffId: owner.id, login: 'owner' },
    );
    tokens[role] = (await shop.ctx.sessions.create('staff', m.id)).token;
  }
  // A real shopper: SMS code sign-up, cash in the wallet, a pay password.
  const sent = await shop.call('POST', '/v1/customer/sendsms', {
    body: { countryCode: '+855', phone: PHONE, type: 'login' },
  });
  expect(sent.body.code).toBe('0');
  const login = await shop.call('POST', '/v1/customer/registandlogin', {
    body: { countryCode: '+855', phone: PHONE, code: sent.body.data.devCode, agree: true },
  });
  expect(login.body.code).toBe('0');
  userId = login.body.data.userId;
  shopperToken = login.body.data.token;
  await shop.services.wallet.adjust({
    userId,
    account: 'cash',
    amountCents: 5000,
    reason: 'test funds',
    staffId: 'test',
    idempotencyKey: randomUUID(),
  });
  const ticket = await shop.services.accounts.issueTicket('paypwd', userId);
  await shop.services.accounts.setPayPassword(userId, { payPassword: '246810', repeatPayPassword: '246810', ticket });
});
afterAll(() => shop.close());

describe('finance: withdrawals and ledgers', () => {
  it('agrees and finishes a withdrawal; money leaves frozen; every step is audited', async () => {
    const applied = await shop.services.withdrawals.apply({ userId, amountCents: 2000, payPassword: '246810' });
    const queue = await shop.call('GET', '/admin-api/v1/finance/withdrawals', { token: tokens.finance });
    const row = queue.body.data.list.find((w: { id: number }) => w.id === applied.id);
    expect(row).toMatchObject({ status: 'init', amountCents: 2000, userPhone: E164 });
    const dashboard = await shop.call('GET', '/admin-api/v1/dashboard', { token: tokens.finance });
    expect(dashboard.body.data.tiles).toContainEqual({ key: 'wallet.withdrawalsPending', value: 1, unit: 'count' });

    const decide = (decision: string, reason?: string) =>
      shop.call('POST', '/admin-api/v1/finance/withdrawals/decide', {
        token: tokens.finance,
        body: { id: applied.id, decision, reason },
      });
    expect((await decide('finish')).body.code).toBe('WAL00006');
    expect((await decide('agree')).body.data.status).toBe('agree');
    expect(await shop.services.wallet.balances(userId)).toMatchObject({ cashCents: 3000, frozenCents: 2000 });
    expect((await decide('finish')).body.data.status).toBe('finish');
    expect(await shop.services.wallet.balances(userId)).toMatchObject({ cashCents: 3000, frozenCents: 0 });
    const mine = await shop.call('GET', '/v1/wallet/querywithdrawal', { token: shopperToken });
    expect(mine.body.data.list[0]).toMatchObject({ id: applied.id, status: 'finish' });

    const audit = await shop.services.staff.auditList({
      page: 1,
      size: 10,
      targetType: 'withdrawal',
      targetId: String(applied.id),
    });
    expect(audit.list.map((a) => a.action)).toEqual(['finance.withdrawal.finish', 'finance.withdrawal.agree']);
    expect(audit.list[1]).toMatchObject({
      staffLogin: 'finance.one',
      before: { status: 'init' },
      after: { status: 'agree' },
    });
  });

  it('refuses a withdrawal only with a reason; the money goes back to cash', async () => {
    const applied = await shop.services.withdrawals.apply({ userId, amountCents: 1000, payPassword: '246810' });
    const body = { id: applied.id, decision: 'refuse' };
    const noReason = await shop.call('POST', '/admin-api/v1/finance/withdrawals/decide', {
      token: tokens.finance,
      body,
    });
    expect(noReason.body.code).toBe('WAL00009');
    const refused = await shop.call('POST', '/admin-api/v1/finance/withdrawals/decide', {
      token: tokens.finance,
      body: { ...body, reason: 'Bank account name does not match' },
    });
    expect(refused.body.data).toMatchObject({ status: 'refuse', reason: 'Bank account name does not match' });
    expect(await shop.services.wallet.balances(userId)).toMatchObject({ cashCents: 3000, frozenCents: 0 });
  });

  it('adjusts a balance with a reason, once per request id; the bill shows the reason', async () => {
    const body = {
      phone: E164,
      account: 'cash',
      amountCents: 250,
      reason: 'Goodwill for late delivery',
      requestId: 'req-00000001',
    };
    const first = await shop.call('POST', '/admin-api/v1/finance/adjust', { token: tokens.finance, body });
    expect(first.body.data.cashCents).toBe(3250);
    const again = await shop.call('POST', '/admin-api/v1/finance/adjust', { token: tokens.finance, body });
    expect(again.body.data.cashCents).toBe(3250);
    const zero = await shop.call('POST', '/admin-api/v1/finance/adjust', {
      token: tokens.finance,
      body: { ...body, amountCents: 0, requestId: 'req-00000002' },
    });
    expect(zero.body.code).toBe('STF00030');
    const back = await shop.call('POST', '/admin-api/v1/finance/adjust', {
      token: tokens.finance,
      body: { ...body, amountCents: -250, reason: 'Correction', requestId: 'req-00000003' },
    });
    expect(back.body.data.cashCents).toBe(3000);
    const bills = await shop.call('GET', '/v1/wallet/queryacountline', { token: shopperToken });
    expect(bills.body.data.list.map((b: { note?: string }) => b.note)).toContain('Goodwill for late delivery');
  });

  it('reads any shopper’s ledger by phone, however it is typed', async () => {
    const res = await shop.call('GET', '/admin-api/v1/finance/ledger', {
      token: tokens.finance,
      query: { phone: '012 345 678' },
    });
    expect(res.body.code).toBe('0');
    expect(res.body.data.user).toMatchObject({ id: userId, phone: E164 });
    expect(res.body.data.balances.cashCents).toBe(3000);
    expect(res.body.data.bills.total).toBeGreaterThanOrEqual(5);
    const nobody = await shop.call('GET', '/admin-api/v1/finance/ledger', {
      token: tokens.finance,
      query: { phone: '+85512999888' },
    });
    expect(nobody.body.code).toBe('STF00027');
    const wrong = await shop.call('GET', '/admin-api/v1/finance/ledger', {
      token: tokens.finance,
      query: { phone: '12' },
    });
    expect(wrong.body.code).toBe('USR00010');
  });
});

describe('support: users and the SMS outbox', () => {
  it('finds a user by phone (audited), locks with a reason (their session ends) and unlocks', async () => {
    const found = await shop.call('GET', '/admin-api/v1/support/user', {
      token: tokens.support,
      query: { phone: E164 },
    });
    expect(found.body.data).toMatchObject({ id: userId, locked: false });
    const noReason = await shop.call('POST', '/admin-api/v1/support/user/lock', {
      token: tokens.support,
      body: { userId, reason: '  ' },
    });
    expect(noReason.body.code).toBe('STF00026');
    const locked = await shop.call('POST', '/admin-api/v1/support/user/lock', {
      token: tokens.support,
      body: { userId, reason: 'Reported stolen phone' },
    });
    expect(locked.body.data.locked).toBe(true);
    expect((await shop.call('GET', '/v1/wallet/queryacount', { token: shopperToken })).body.code).toBe('USR00003');
    const unlocked = await shop.call('POST', '/admin-api/v1/support/user/unlock', {
      token: tokens.support,
      body: { userId },
    });
    expect(unlocked.body.data.locked).toBe(false);
    const audit = await shop.services.staff.auditList({ page: 1, size: 10, targetType: 'user', targetId: userId });
    expect(audit.list.map((a) => a.action)).toEqual(
      expect.arrayContaining(['support.user.read', 'support.user.lock', 'support.user.unlock', 'finance.ledger.read']),
    );
  });

  it('reads the SMS outbox for a phone', async () => {
    const res = await shop.call('GET', '/admin-api/v1/support/sms', { token: tokens.support, query: { phone: PHONE } });
    expect(res.body.data.total).toBeGreaterThanOrEqual(1);
    expect(res.body.data.list[0]).toMatchObject({ phone: E164, purpose: 'login' });
  });
});

describe('coupons, promo codes and notices from the console', () => {
  const L = (en: string) => ({ 'en-US': en, chs: `${en}（中）`, kh: `${en} (ខ្មែរ)` });
  // The lock above ended the shopper's sessions: they sign in again.
  beforeAll(async () => {
    shopperToken = (await shop.ctx.sessions.create('shopper', userId)).token;
  });

  it('creates a batch with a promo code, refuses bad batches, issues coupons by phone', async () => {
    const create = (body: object) =>
      shop.call('POST', '/admin-api/v1/finance/coupons/create', {
        token: tokens.finance,
        body: {
          title: L('Spend $20, save $3'),
          minSpendCents: 2000,
          discountCents: 300,
          validDays: 30,
          perUserLimit: 2,
          ...body,
        },
      });
    const made = await create({ code: 'angkor3' });
    expect(made.body.data).toMatchObject({ code: 'ANGKOR3', issuedCount: 0, active: true });
    expect((await create({ code: 'ANGKOR3' })).body.code).toBe('STF00031');
    expect((await create({ code: 'no spaces!' })).body.code).toBe('STF00032');
    expect((await create({ discountCents: 2000 })).body.code).toBe('STF00033');
    expect((await create({ validDays: 0 })).body.code).toBe('STF00034');
    const before = (await shop.call('GET', '/v1/coupon/queryusablecount', { token: shopperToken })).body.data;
    const issue = await shop.call('POST', '/admin-api/v1/finance/coupons/issue', {
      token: tokens.finance,
      body: { batchId: made.body.data.id, phones: [PHONE] },
    });
    expect(issue.body.data).toEqual({ issued: 1 });
    const after = (await shop.call('GET', '/v1/coupon/queryusablecount', { token: shopperToken })).body.data;
    expect(JSON.stringify(after)).not.toBe(JSON.stringify(before));
    const nobody = await shop.call('POST', '/admin-api/v1/finance/coupons/issue', {
      token: tokens.finance,
      body: { batchId: made.body.data.id, phones: ['+85512999888'] },
    });
    expect(nobody.body.code).toBe('STF00027');
    const list = await shop.call('GET', '/admin-api/v1/finance/coupons', { token: tokens.finance });
    expect(list.body.data.find((b: { id: number }) => b.id === made.body.data.id).issuedCount).toBe(1);
  });

  it('sends a notice to one shopper in three languages; a bad link is refused', async () => {
    const bad = await shop.call('POST', '/admin-api/v1/support/notice', {
      token: tokens.support,
      body: { phone: E164, title: L('Hello'), body: L('Text'), link: 'https://elsewhere.example' },
    });
    expect(bad.body.code).toBe('STF00035');
    const sent = await shop.call('POST', '/admin-api/v1/support/notice', {
      token: tokens.support,
      body: {
        phone: E164,
        title: L('Your refund is on its way'),
        body: L('It reaches your wallet today.'),
        link: '/myWallet',
      },
    });
    expect(sent.body.data.to).toBe(E164);
    const mine = await shop.call('GET', '/v1/notify/list', { token: shopperToken, language: 'kh' });
    expect(JSON.stringify(mine.body.data)).toContain('Your refund is on its way (ខ្មែរ)');
  });
});
