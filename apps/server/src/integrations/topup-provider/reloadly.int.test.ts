import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { RELOADLY_ACCEPT, ReloadlyStandin } from '../../../test/reloadly-standin.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import { ReloadlyTopupProvider } from './reloadly.ts';

// Top-up through Reloadly (TOPUP_PROVIDER=reloadly), over HTTP against a stand-in of its API on
// 127.0.0.1: nothing here reaches the internet.

const PIN = '135790';
let standin: ReloadlyStandin;
let shop: TestShop;
let finance: string;

const shopFor = (standinUrl: string, secret: string) => {
  const base = testConfig().topup;
  return startTestShop({
    topup: {
      provider: 'reloadly',
      balanceFloorCents: 10_000,
      reloadly: {
        ...base.reloadly,
        clientId: standin.clientId,
        clientSecret: secret,
        apiUrl: standinUrl,
        authUrl: standinUrl,
        timeoutMs: 400,
      },
    },
  });
};

async function financeToken(s: TestShop) {
  const owner = await s.services.staff.createOwner('owner.reloadly', 'Angkor2026pass');
  const member = await s.services.staff.create(
    { login: 'finance.reloadly', displayName: 'finance', password: 'Angkor2026pass', roles: ['finance'] },
    { staffId: owner.id, login: 'owner.reloadly' },
  );
  return (await s.ctx.sessions.create('staff', member.id)).token;
}

beforeAll(async () => {
  standin = await new ReloadlyStandin().start();
  shop = await shopFor(standin.url, standin.clientSecret);
  finance = await financeToken(shop);
});
afterAll(async () => {
  await shop?.close();
  await standin?.close();
});

/** A paid top-up order of a shopper with USD 100 in the wallet. */
async function paidTopup(phone: string, amountCents: number, s: TestShop = shop) {
  const me = await quietShopper(s, { payPassword: PIN, cashCents: 10_000 });
  const made = await s.call('POST', '/v1/topup/order/new', { token: me.token, body: { phone, amountCents } });
  expect(made.body.code).toBe('0');
  const order = made.body.data;
  const paid = await s.call('POST', '/v1/order/pay', {
    token: me.token,
    body: { orderId: order.id, kind: 'topup', channel: 'wallet', payPassword: PIN },
  });
  expect(paid.body.data.status).toBe('SUCCEEDED');
  const detail = async () =>
    (await s.call('GET', '/v1/topup/order/detail', { token: me.token, query: { id: order.id } })).body.data;
  const cash = async () => (await s.services.wallet.balances(me.userId)).cashCents;
  return { id: order.id as string, detail, cash };
}

/** Runs every job due within `ms` from now (the send job, its retries, the outcome's asks). */
const runJobs = (ms = 1_000, s: TestShop = shop) => s.ctx.jobs.runDue(new Date(Date.now() + ms));
const posts = (reference: string) =>
  standin.seen.filter((r) => r.method === 'POST' && r.path === '/topups' && r.body?.customIdentifier === reference);
const log = async (id: string, s: TestShop = shop) => s.services.topup.providerLog(id);

describe('a top-up through Reloadly', () => {
  it('gets a token, finds the operator in Cambodia’s list, sends the top-up once, and is done', async () => {
    const order = await paidTopup('012 345 678', 500);
    expect(await order.cash()).toBe(9_500);
    await runJobs();
    expect(await order.detail()).toMatchObject({ state: 'SUCCESS' });

    const token = standin.seen.find((r) => r.path === '/oauth/token');
    expect(token?.body).toEqual({
      client_id: standin.clientId,
      client_secret: standin.clientSecret,
      grant_type: 'client_credentials',
      audience: standin.url,
    });
    const operators = standin.seen.find((r) => r.path === '/operators/countries/KH');
    expect(operators?.accept).toBe(RELOADLY_ACCEPT);
    const sent = posts(order.id);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      operatorId: 1652, // Cellcard Cambodia
      amount: 5,
      useLocalAmount: false,
      customIdentifier: order.id,
      recipientPhone: { countryCode: 'KH', number: '85512345678' },
    });
    expect(sent[0].auth).toMatch(/^Bearer [0-9a-f]{32}$/);
    const transaction = standin.transactions.find((t) => t.customIdentifier === order.id);
    const row = await shop.services.topup.get(order.id);
    expect(row?.providerRef).toBe(String(transaction?.transactionId));

    // A second top-up reuses the token (kept until it expires) and the operator list; Smart's
    // airtime operator, not its data product.
    const smart = await paidTopup('010 222 333', 1_000);
    await runJobs();
    expect(await smart.detail()).toMatchObject({ state: 'SUCCESS' });
    expect(posts(smart.id)[0].body.operatorId).toBe(1650);
    expect(standin.count('POST', '/oauth/token')).toBe(1);
    expect(standin.count('GET', '/operators/countries/KH')).toBe(1);
  });

  it('a top-up Reloadly refuses gives the money back; FAILED and REFUNDED in the report too', async () => {
    // Answered FAILED: nothing credited.
    standin.next.push({ status: 'FAILED' });
    const failed = await paidTopup('015 111 222', 200);
    await runJobs();
    expect(await failed.detail()).toMatchObject({ state: 'FAILED' });
    expect(await failed.cash()).toBe(10_000);

    // Pending at first, then refunded by Reloadly: the ask later finds it and the money goes back.
    standin.next.push({ status: 'PENDING' });
    const later = await paidTopup('097 612 3456', 1_000);
    await runJobs();
    expect(await later.detail()).toMatchObject({ state: 'SENT' });
    const pending = standin.transactions.find((t) => t.customIdentifier === later.id);
    if (!pending) throw new Error('the stand-in has no such top-up');
    pending.status = 'REFUNDED';
    await runJobs(20_000);
    expect(await later.detail()).toMatchObject({ state: 'FAILED' });
    expect(await later.cash()).toBe(10_000);
    expect(posts(later.id)).toHaveLength(1);
    expect((await log(later.id)).map((l) => l.action)).toEqual(['send', 'query']);

    // Refused with Reloadly's error answer ({ errorCode, message }): the reason is kept.
    const balance = standin.balance;
    standin.balance = 0.5;
    const broke = await paidTopup('015 111 223', 100);
    await runJobs();
    standin.balance = balance;
    expect(await broke.detail()).toMatchObject({ state: 'FAILED' });
    expect((await shop.services.topup.get(broke.id))?.failure).toBe('INSUFFICIENT_BALANCE: Insufficient balance');
    expect(await broke.cash()).toBe(10_000);

    // An amount the operator does not take at Reloadly (qb: fixed 1, 2, 5, 10): not sent at all.
    const qb = await paidTopup('013 222 333', 2_000);
    await runJobs();
    expect(await qb.detail()).toMatchObject({ state: 'FAILED' });
    expect(await qb.cash()).toBe(10_000);
    expect(posts(qb.id)).toHaveLength(0);
  });

  it('no answer, but the report has it done: not sent again, and the order settles', async () => {
    standin.next.push({ hang: 'after-record' });
    const order = await paidTopup('016 200 300', 500);
    await runJobs();
    expect(await order.detail()).toMatchObject({ state: 'SUCCESS' });
    expect(posts(order.id)).toHaveLength(1);
    const entries = await log(order.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].response).toMatchObject({ status: 'SUCCESS' });
  });

  it('no answer and nothing in the report: sent once more with the same customIdentifier, only then', async () => {
    standin.next.push({ hang: 'before-record' });
    const order = await paidTopup('016 200 301', 500);
    await runJobs();
    expect(await order.detail()).toMatchObject({ state: 'PAID' });
    expect(posts(order.id)).toHaveLength(1);
    const [first] = await log(order.id);
    expect(JSON.stringify(first.response)).toContain('the transaction report has no top-up');

    const before = standin.seen.length;
    await runJobs(60_000);
    expect(await order.detail()).toMatchObject({ state: 'SUCCESS' });
    expect(posts(order.id)).toHaveLength(2);
    expect(posts(order.id).every((p) => p.body.customIdentifier === order.id)).toBe(true);
    // The retry read the report before it sent anything.
    const retry = standin.seen
      .slice(before)
      .filter((r) => r.query.customIdentifier === order.id || r.body?.customIdentifier === order.id);
    expect(retry.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /topups/reports/transactions', 'POST /topups']);
    expect(retry[0].query.customIdentifier).toBe(order.id);
    expect(standin.transactions.filter((t) => t.customIdentifier === order.id)).toHaveLength(1);
  });

  it('a 5xx: the report decides; a top-up it holds is not sent again, one it does not is sent on the next try', async () => {
    standin.next.push({ serverError: { status: 500, when: 'after-record' } });
    const made = await paidTopup('017 300 400', 100);
    await runJobs();
    expect(await made.detail()).toMatchObject({ state: 'SUCCESS' });
    expect(posts(made.id)).toHaveLength(1);

    standin.next.push({ serverError: { status: 503, when: 'before-record' } });
    const lost = await paidTopup('017 300 401', 100);
    await runJobs();
    expect(await lost.detail()).toMatchObject({ state: 'PAID' });
    expect(JSON.stringify((await log(lost.id))[0].response)).toContain('Reloadly answered 503');
    await runJobs(60_000);
    expect(await lost.detail()).toMatchObject({ state: 'SUCCESS' });
    expect(posts(lost.id)).toHaveLength(2);
  });

  it('a duplicate answer (the reference is taken, the report lags): unknown until the report has it, never a refund', async () => {
    // The first try's top-up was made but neither answered nor in the report yet.
    standin.next.push({ hang: 'after-record', hidden: true });
    const order = await paidTopup('018 400 500', 500);
    await runJobs();
    expect(await order.detail()).toMatchObject({ state: 'PAID' });
    // The next try finds nothing in the report, sends with the same reference, and Reloadly says it is taken.
    await runJobs(60_000);
    expect(posts(order.id)).toHaveLength(2);
    expect(await order.detail()).toMatchObject({ state: 'SENT' });
    expect(await order.cash()).toBe(9_500);
    // The report catches up: the ask finds it done. One top-up at Reloadly.
    standin.showAll();
    await runJobs(20_000);
    expect(await order.detail()).toMatchObject({ state: 'SUCCESS' });
    expect(standin.transactions.filter((t) => t.customIdentifier === order.id)).toHaveLength(1);
    expect(await order.cash()).toBe(9_500);
  });

  it('a resend after a time-out refused with an unknown error: the report read again, held for review, never refunded', async () => {
    // The first try's top-up was made (delivered) but neither answered nor in the report yet.
    standin.next.push({ hang: 'after-record', hidden: true });
    const order = await paidTopup('018 400 600', 500);
    await runJobs();
    expect(await order.detail()).toMatchObject({ state: 'PAID' });
    // The resend is refused for a reason the shop does not recognise (not "identifier already used").
    standin.next.push({
      refuse: { status: 400, errorCode: 'PHONE_RECENTLY_RECHARGED', message: 'Phone recently recharged' },
    });
    const reportReads = standin.seen.filter((r) => r.path === '/topups/reports/transactions').length;
    await runJobs(60_000);
    expect(posts(order.id)).toHaveLength(2);
    // The report was read before the resend and again after its refusal.
    expect(standin.seen.filter((r) => r.path === '/topups/reports/transactions').length).toBe(reportReads + 2);
    const held = await order.detail();
    expect(held).toMatchObject({ state: 'HELD' });
    // Not refunded: the money stays paid, and Reloadly's books hold the one top-up it delivered.
    expect(await order.cash()).toBe(9_500);
    expect(standin.transactions.filter((t) => t.customIdentifier === order.id)).toHaveLength(1);
    // Held, it is not sent again nor refunded by the jobs.
    await runJobs(3_600_000);
    expect(await order.detail()).toMatchObject({ state: 'HELD' });
    expect(await order.cash()).toBe(9_500);
    expect(posts(order.id)).toHaveLength(2);
    // The console lists it for review, in the staff's language, with why.
    const listed = await shop.call('GET', '/admin-api/v1/topups', {
      token: finance,
      query: { state: 'HELD', page: '1', size: '20' },
    });
    const row = listed.body.data.list.find((r: { id: string }) => r.id === order.id);
    expect(row).toMatchObject({ state: 'HELD' });
    expect(row.failure).toContain('PHONE_RECENTLY_RECHARGED');
    expect(listed.body.data.counts.HELD).toBeGreaterThanOrEqual(1);
    // Staff ask again once the report shows it: done, still not refunded.
    standin.showAll();
    const retried = await shop.call('POST', '/admin-api/v1/topups/retry', { token: finance, body: { id: order.id } });
    expect(retried.body.data).toMatchObject({ state: 'SUCCESS' });
    expect(await order.cash()).toBe(9_500);
  });

  it('an expired token: refreshed once and the call made again', async () => {
    const tokensBefore = standin.count('POST', '/oauth/token');
    standin.expireTokens();
    const order = await paidTopup('012 777 888', 100);
    await runJobs();
    expect(await order.detail()).toMatchObject({ state: 'SUCCESS' });
    expect(standin.count('POST', '/oauth/token')).toBe(tokensBefore + 1);
    expect(posts(order.id)).toHaveLength(1);
  });

  it('a token past its expires_in is renewed before use', async () => {
    standin.tokenSeconds = 3_600;
    let now = Date.now();
    const provider = new ReloadlyTopupProvider(
      {
        clientId: standin.clientId,
        clientSecret: standin.clientSecret,
        apiUrl: standin.url,
        authUrl: standin.url,
        timeoutMs: 400,
      },
      () => now,
    );
    const tokensBefore = standin.count('POST', '/oauth/token');
    await provider.balance();
    await provider.balance();
    expect(standin.count('POST', '/oauth/token')).toBe(tokensBefore + 1);
    now += 3_600_000;
    await provider.balance();
    expect(standin.count('POST', '/oauth/token')).toBe(tokensBefore + 2);
    // No 401 was needed: it was renewed from expires_in.
    expect(standin.seen.filter((r) => r.path === '/accounts/balance')).toHaveLength(3);
    standin.tokenSeconds = 5_184_000;
  });
});

describe('the provider balance in the console', () => {
  it('shows Reloadly’s balance and warns below the floor', async () => {
    standin.balance = 250.29;
    const high = await shop.call('GET', '/admin-api/v1/topups/balance', { token: finance });
    expect(high.body.data).toEqual({
      provider: 'reloadly',
      balance: { amountCents: 25_029, currency: 'USD', updatedAt: '2026-05-02 08:45:51' },
      floorCents: 10_000,
      low: false,
    });
    standin.balance = 99.99;
    const low = await shop.call('GET', '/admin-api/v1/topups/balance', { token: finance });
    expect(low.body.data).toMatchObject({ balance: { amountCents: 9_999 }, low: true });
  });
});

describe('bad credentials', () => {
  let wrong: TestShop;
  beforeAll(async () => {
    wrong = await shopFor(standin.url, 'not-the-secret');
  });
  afterAll(() => wrong?.close());

  it('send nothing, say so in the provider log, and the console names the settings', async () => {
    const order = await paidTopup('012 345 679', 100, wrong);
    await runJobs(1_000, wrong);
    expect(await order.detail()).toMatchObject({ state: 'PAID' });
    expect(posts(order.id)).toHaveLength(0);
    const [entry] = await log(order.id, wrong);
    expect((entry.response as { error: string }).error).toBe(
      `Reloadly refused the shop's client credentials (RELOADLY_CLIENT_ID, RELOADLY_CLIENT_SECRET) for ${standin.url}: INVALID_CREDENTIALS: Access Denied`,
    );
    const balance = await wrong.call('GET', '/admin-api/v1/topups/balance', {
      token: await financeToken(wrong),
      language: 'en-US',
    });
    expect(balance.body).toMatchObject({
      code: 'TOP00010',
      msg: 'The top-up provider refused the shop’s credentials: check RELOADLY_CLIENT_ID and RELOADLY_CLIENT_SECRET',
    });
  });
});
