import { RATE_STALE_AFTER_MS } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { DEMO_KHR_PER_USD, seedCurrency } from './seed.ts';

let shop: TestShop;
let finance: string;
let support: string;
let shopper: string;

beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const make = async (login: string, role: 'finance' | 'support') => {
    const m = await shop.services.staff.create(
      { login, displayName: login, password: 'Angkor2026pass', roles: [role] },
      { staffId: owner.id, login: 'owner' },
    );
    return (await shop.ctx.sessions.create('staff', m.id)).token;
  };
  finance = await make('cash.keeper', 'finance');
  support = await make('help.desk', 'support');
  shopper = (await shop.ctx.sessions.create('shopper', 'riel-1')).token;
});
afterAll(() => shop.close());

const rate = () => shop.call('GET', '/v1/currency/rate');
const setRate = (body: Record<string, unknown>, token = finance, language?: 'kh' | 'chs') =>
  shop.call('POST', '/admin-api/v1/currency/rate/set', { body, token, ...(language ? { language } : {}) });

describe('the day’s riel rate', () => {
  it('is null until a rate is set, for anyone, signed in or not', async () => {
    const none = await rate();
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ code: '0', data: null });
    expect((await shop.call('GET', '/v1/currency/rate', { token: shopper })).body.data).toBeNull();
  });

  it('refuses a rate outside whole riel 1,000–10,000 with CUR00001 in the caller’s language', async () => {
    for (const khrPerUsd of [999, 10_001, 4100.5, 0, -4100]) {
      const refused = await setRate({ khrPerUsd }, finance, 'kh');
      expect(refused.body.code, String(khrPerUsd)).toMatch(/^(CUR00001|SYS00001)$/);
    }
    const kh = await setRate({ khrPerUsd: 999 }, finance, 'kh');
    expect(kh.body).toMatchObject({ code: 'CUR00001', msg: 'អត្រាប្តូរប្រាក់ត្រូវជាចំនួនរៀលគត់ក្នុងមួយដុល្លារ ពី 1000 ដល់ 10000' });
    expect((await rate()).body.data).toBeNull();
  });

  it('only finance (and owners) may set it or read its history; shoppers may not', async () => {
    expect((await setRate({ khrPerUsd: 4100 }, support)).body.code).toBe('STF00003');
    expect((await setRate({ khrPerUsd: 4100 }, shopper)).body.code).toBe('STF00002');
    expect((await shop.call('GET', '/admin-api/v1/currency/rate/history', { token: support })).body.code).toBe(
      'STF00003',
    );
    expect((await rate()).body.data).toBeNull();
  });

  it('is set by finance; the public answer changes at once; each change keeps who, when, old, new and source', async () => {
    const before = Date.now();
    const first = await setRate({ khrPerUsd: 4100, note: 'NBC 28 Nov' });
    expect(first.body.code, first.body.msg).toBe('0');
    expect(first.body.data).toMatchObject({
      khrPerUsd: 4100,
      previousKhrPerUsd: null,
      source: 'staff',
      setBy: 'cash.keeper',
      note: 'NBC 28 Nov',
    });
    const answered = (await rate()).body.data;
    expect(answered).toEqual({ khrPerUsd: 4100, asOf: first.body.data.asOf, source: 'staff' });
    expect(Date.parse(answered.asOf)).toBeGreaterThanOrEqual(before - 1000);

    // The answer is remembered, and forgotten by a change: the next read already has the new rate.
    expect((await rate()).body.data.khrPerUsd).toBe(4100);
    const second = await setRate({ khrPerUsd: 4125 });
    expect(second.body.data).toMatchObject({ khrPerUsd: 4125, previousKhrPerUsd: 4100, note: null });
    expect((await rate()).body.data).toMatchObject({ khrPerUsd: 4125, source: 'staff' });

    const history = await shop.call('GET', '/admin-api/v1/currency/rate/history', { token: finance });
    expect(history.body.code).toBe('0');
    expect(history.body.data).toMatchObject({
      total: 2,
      page: 1,
      stale: false,
      current: { khrPerUsd: 4125, source: 'staff' },
    });
    expect(
      history.body.data.list.map((c: { khrPerUsd: number; previousKhrPerUsd: number | null }) => [
        c.khrPerUsd,
        c.previousKhrPerUsd,
      ]),
    ).toEqual([
      [4125, 4100],
      [4100, null],
    ]);

    // The staff audit has each change too, old and new.
    const audit = await shop.services.staff.auditList({ page: 1, size: 10, action: 'currency.rate-set' });
    expect(audit.list.map((a: { before: unknown; after: unknown }) => [a.before, a.after])).toEqual([
      [{ khrPerUsd: 4100 }, { khrPerUsd: 4125, source: 'staff' }],
      [null, { khrPerUsd: 4100, source: 'staff' }],
    ]);
  });

  it('warns when the rate is older than two days', async () => {
    await shop.services.currency.set({
      khrPerUsd: 4090,
      source: 'staff',
      setBy: 'cash.keeper',
      asOf: new Date(Date.now() - RATE_STALE_AFTER_MS - 60_000),
    });
    const history = await shop.call('GET', '/admin-api/v1/currency/rate/history', {
      token: finance,
      query: { size: '1' },
    });
    expect(history.body.data).toMatchObject({ stale: true, total: 3, size: 1, current: { khrPerUsd: 4090 } });
    expect(history.body.data.list).toHaveLength(1);
  });

  it('two changes at once each record the rate they replaced', async () => {
    const [a, b] = await Promise.all([setRate({ khrPerUsd: 4101 }), setRate({ khrPerUsd: 4102 })]);
    const changes = [a.body.data, b.body.data].sort((x, y) => x.id - y.id);
    expect(changes[0].previousKhrPerUsd).toBe(4090);
    expect(changes[1].previousKhrPerUsd).toBe(changes[0].khrPerUsd);
  });

  it('demo data sets 4,100 once, and never over a rate staff set', async () => {
    const fresh = await startTestShop();
    try {
      await seedCurrency(fresh.ctx, fresh.services);
      await seedCurrency(fresh.ctx, fresh.services);
      expect((await fresh.call('GET', '/v1/currency/rate')).body.data).toMatchObject({
        khrPerUsd: DEMO_KHR_PER_USD,
        source: 'staff',
      });
      expect((await fresh.services.currency.history(1, 10)).total).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
