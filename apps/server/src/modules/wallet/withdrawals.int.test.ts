import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { registeredShopper, TEST_PAY_PASSWORD } from '../../../test/shoppers.ts';
import { AppError } from '../../platform/errors.ts';
import { WithdrawalService } from './service.ts';

const PIN = '246810';
/** Where the shopper's withdrawals go in these tests. */
const ABA = { bank: 'aba', accountName: 'Sok Dara', accountNumber: '000 123 456 789' };
let shop: TestShop;
let withdrawals: WithdrawalService;

beforeAll(async () => {
  shop = await startTestShop({ trustProxy: true });
  // The shop's withdrawal rules with a pay-password check that knows one password (the accounts
  // module owns the real one).
  withdrawals = new WithdrawalService(shop.db, {
    wallet: shop.services.wallet,
    minimumCents: async () => (await shop.services.system.getConfig()).config.withdrawalMinCents,
    verifyPayPassword: async (_userId, password) => {
      if (password !== PIN) throw new AppError('WAL00011');
    },
  });
});
afterAll(() => shop.close());

async function funded(cents: number) {
  const userId = `u-${randomUUID()}`;
  const { token } = await shop.ctx.sessions.create('shopper', userId);
  await shop.services.wallet.adjust({
    userId,
    account: 'cash',
    amountCents: cents,
    reason: 'test funds',
    staffId: 's',
    idempotencyKey: randomUUID(),
  });
  return { userId, token };
}

describe('withdrawal rules', () => {
  it('checks the minimum, the available cash and the pay password', async () => {
    const { userId } = await funded(2000);
    await expect(withdrawals.apply({ userId, amountCents: 0, payPassword: PIN })).rejects.toMatchObject({
      code: 'WAL00002',
    });
    await expect(withdrawals.apply({ userId, amountCents: 499, payPassword: PIN })).rejects.toMatchObject({
      code: 'WAL00003',
      params: { min: '$5.00' },
    });
    await expect(withdrawals.apply({ userId, amountCents: 2001, payPassword: PIN })).rejects.toMatchObject({
      code: 'WAL00004',
      params: { max: '$20.00' },
    });
    await expect(withdrawals.apply({ userId, amountCents: 1000, payPassword: '111111' })).rejects.toMatchObject({
      code: 'WAL00011',
    });
    expect(await shop.services.wallet.balances(userId)).toMatchObject({ cashCents: 2000, frozenCents: 0 });
  });

  it('gift money cannot be withdrawn', async () => {
    const { userId } = await funded(600);
    await shop.services.wallet.reward({
      userId,
      amountCents: 5000,
      ref: { type: 'reward', id: 'g' },
      idempotencyKey: randomUUID(),
    });
    await expect(withdrawals.apply({ userId, amountCents: 700, payPassword: PIN })).rejects.toMatchObject({
      code: 'WAL00004',
    });
  });

  it('moves through init → agree → finish, with money cash → frozen → out', async () => {
    const { userId, token } = await funded(3000);
    const w = await withdrawals.apply({ userId, amountCents: 1200, payPassword: PIN });
    expect(w.status).toBe('init');
    expect(await shop.services.wallet.balances(userId)).toMatchObject({ cashCents: 1800, frozenCents: 1200 });
    const list = await shop.call('GET', '/v1/wallet/querywithdrawal', { token });
    expect(list.body.data.list[0]).toMatchObject({ id: w.id, amountCents: 1200, status: 'init' });
    await expect(withdrawals.decide(w.id, 'finish', 'staff-1')).rejects.toMatchObject({ code: 'WAL00006' });
    await withdrawals.decide(w.id, 'agree', 'staff-1');
    expect((await shop.services.wallet.balances(userId)).frozenCents).toBe(1200);
    const done = await withdrawals.decide(w.id, 'finish', 'staff-1');
    expect(done.status).toBe('finish');
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(await shop.services.wallet.balances(userId)).toMatchObject({ cashCents: 1800, frozenCents: 0 });
    await expect(withdrawals.decide(w.id, 'refuse', 'staff-1', 'late')).rejects.toMatchObject({ code: 'WAL00006' });
    const bills = await shop.call('GET', '/v1/wallet/queryacountline', { token, query: { account: 'frozen' } });
    expect(bills.body.data.list.map((l: { kind: string }) => l.kind)).toEqual([
      'withdrawal_finish',
      'withdrawal_apply',
    ]);
  });

  it('a refusal needs a reason and gives the money back', async () => {
    const { userId, token } = await funded(1000);
    const w = await withdrawals.apply({ userId, amountCents: 1000, payPassword: PIN });
    await expect(withdrawals.decide(w.id, 'refuse', 'staff-1')).rejects.toMatchObject({ code: 'WAL00009' });
    await withdrawals.decide(w.id, 'refuse', 'staff-1', 'Bank account name does not match');
    expect(await shop.services.wallet.balances(userId)).toMatchObject({ cashCents: 1000, frozenCents: 0 });
    const list = await shop.call('GET', '/v1/wallet/querywithdrawal', { token, language: 'kh' });
    expect(list.body.data.list[0]).toMatchObject({ status: 'refuse', reason: 'Bank account name does not match' });
  });

  it('one request id applies once', async () => {
    const { userId } = await funded(5000);
    const a = await withdrawals.apply({ userId, amountCents: 600, payPassword: PIN, requestId: 'tap-000001' });
    const b = await withdrawals.apply({ userId, amountCents: 600, payPassword: PIN, requestId: 'tap-000001' });
    expect(b.id).toBe(a.id);
    expect((await shop.services.wallet.balances(userId)).frozenCents).toBe(600);
  });

  it('over HTTP: bad input is SYS00001, a missing pay password is said in the shopper’s language', async () => {
    const { token } = await funded(5000);
    const bad = await shop.call('POST', '/v1/wallet/withdrawal/apply', {
      token,
      body: { amountCents: 600, payPassword: '12', destination: ABA },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SYS00001');
    const small = await shop.call('POST', '/v1/wallet/withdrawal/apply', {
      token,
      language: 'chs',
      body: { amountCents: 100, payPassword: '123456', destination: ABA },
    });
    expect(small.body).toMatchObject({ code: 'WAL00003', msg: '最低提现金额为 $5.00' });
  });
});

describe('over HTTP with the accounts module’s pay password', () => {
  it('applies with the right pay password; a wrong one is refused and nothing moves', async () => {
    const { userId, token } = await registeredShopper(shop);
    await shop.services.wallet.adjust({
      userId,
      account: 'cash',
      amountCents: 3000,
      reason: 'funds',
      staffId: 's',
      idempotencyKey: randomUUID(),
    });
    const wrong = await shop.call('POST', '/v1/wallet/withdrawal/apply', {
      token,
      body: { amountCents: 1000, payPassword: '000000', destination: ABA },
    });
    expect(wrong.body.code).toBe('USR00032');
    const ok = await shop.call('POST', '/v1/wallet/withdrawal/apply', {
      token,
      body: { amountCents: 1000, payPassword: TEST_PAY_PASSWORD, requestId: randomUUID(), destination: ABA },
    });
    expect(ok.body.code).toBe('0');
    expect(ok.body.data).toMatchObject({ amountCents: 1000, status: 'init' });
    const account = await shop.call('GET', '/v1/wallet/queryacount', { token });
    expect(account.body.data).toMatchObject({ cashCents: 2000, frozenCents: 1000, withdrawableCents: 2000 });
    await shop.services.withdrawals.decide(ok.body.data.id, 'agree', 'staff-1');
    const list = await shop.call('GET', '/v1/wallet/querywithdrawal', { token });
    expect(list.body.data.list[0].status).toBe('agree');
  });

  it('asks where the money goes, keeps it, and shows the account masked', async () => {
    const { userId, token } = await registeredShopper(shop);
    await shop.services.wallet.adjust({
      userId,
      account: 'cash',
      amountCents: 3000,
      reason: 'funds',
      staffId: 's',
      idempotencyKey: randomUUID(),
    });
    const none = await shop.call('POST', '/v1/wallet/withdrawal/apply', {
      token,
      body: { amountCents: 1000, payPassword: TEST_PAY_PASSWORD },
    });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('SYS00001');
    const short = await shop.call('POST', '/v1/wallet/withdrawal/apply', {
      token,
      language: 'kh',
      body: { amountCents: 1000, payPassword: TEST_PAY_PASSWORD, destination: { ...ABA, accountNumber: '12 345' } },
    });
    expect(short.body).toMatchObject({
      code: 'WAL00012',
      msg: 'លេខគណនីមិនត្រឹមត្រូវ៖ សូមប្រើលេខ ៦ ដល់ ២០ ខ្ទង់នៃគណនីធនាគាររបស់អ្នក',
    });
    const ok = await shop.call('POST', '/v1/wallet/withdrawal/apply', {
      token,
      body: { amountCents: 1000, payPassword: TEST_PAY_PASSWORD, destination: ABA },
    });
    expect(ok.body.code).toBe('0');
    expect(ok.body.data.destination).toEqual({ bank: 'aba', accountName: 'Sok Dara', accountMasked: '•••• 6789' });
    const list = await shop.call('GET', '/v1/wallet/querywithdrawal', { token });
    expect(list.body.data.list[0].destination.accountMasked).toBe('•••• 6789');
    expect(JSON.stringify(list.body)).not.toContain('123456789');
    // Nothing moved for the refused attempts: only the one application froze money.
    expect(await shop.services.wallet.balances(userId)).toMatchObject({ cashCents: 2000, frozenCents: 1000 });
    // Finance sees the whole number to pay to.
    const row = await shop.services.withdrawals.get(ok.body.data.id);
    expect(row?.accountNumber).toBe('000123456789');
  });

  it('without a pay password: set one first', async () => {
    const { userId, token } = await registeredShopper(shop, { payPassword: null });
    await shop.services.wallet.adjust({
      userId,
      account: 'cash',
      amountCents: 3000,
      reason: 'funds',
      staffId: 's',
      idempotencyKey: randomUUID(),
    });
    const res = await shop.call('POST', '/v1/wallet/withdrawal/apply', {
      token,
      body: { amountCents: 1000, payPassword: '123456', destination: ABA },
    });
    expect(res.body.code).toBe('USR00031');
  });
});

describe('concurrency', () => {
  it('100 simultaneous applications never freeze more than the balance', async () => {
    const { userId } = await funded(10_000);
    // 100 applications of 7 USD against 100 USD: at most 14 can succeed.
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => withdrawals.apply({ userId, amountCents: 700, payPassword: PIN })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const failures = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    for (const f of failures) expect(f).toMatchObject({ code: 'WAL00004' });
    expect(ok).toBe(14);
    const balances = await shop.services.wallet.balances(userId);
    expect(balances).toMatchObject({ cashCents: 10_000 - 14 * 700, frozenCents: 14 * 700 });
    expect(await withdrawals.openSum(userId)).toBe(balances.frozenCents);
    expect(await shop.services.wallet.ledger.audit()).toEqual([]);
  });

  it('the same payment key sent 20 times at once pays once', async () => {
    const { userId } = await funded(1000);
    const key = `pay-${randomUUID()}`;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        shop.services.wallet.payOrder({ userId, orderId: 'o-par', amountCents: 300, idempotencyKey: key }),
      ),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect((await shop.services.wallet.balances(userId)).cashCents).toBe(700);
  });
});
