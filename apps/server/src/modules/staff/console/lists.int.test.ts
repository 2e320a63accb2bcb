import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/harness.ts';
import { fundShopper, setPayPasswordQuietly } from '../../../../test/shoppers.ts';
import { sql } from '../../../platform/sql.ts';
import { users } from '../../accounts/tables.ts';

// The console's lists name the shopper of each row (name and phone, through the accounts service),
// are searched by the shopper's phone and by a reference, and count their tabs under that search.

let shop: TestShop;
let finance: string;
let ownerToken: string;
const PIN = '135790';
const shoppers: Record<'dara' | 'vanna', { userId: string; token: string }> = {} as never;

beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const m = await shop.services.staff.create(
    { login: 'finance.one', displayName: 'finance', password: 'Angkor2026pass', roles: ['finance', 'fulfilment'] },
    { staffId: owner.id, login: 'owner' },
  );
  finance = (await shop.ctx.sessions.create('staff', m.id)).token;
  ownerToken = (await shop.ctx.sessions.create('staff', owner.id)).token;
  for (const [key, phone, name] of [
    ['dara', '+85512345678', 'Sok Dara'],
    ['vanna', '+85512888777', 'Chan Vanna'],
  ] as const) {
    const [row] = await shop.ctx.db
      .insert(users)
      .values({ phone, countryCode: '+855', source: 'h5', name })
      .returning({ id: users.id });
    await setPayPasswordQuietly(shop, row.id, PIN);
    await fundShopper(shop, row.id, { cashCents: 10_000 });
    shoppers[key] = { userId: row.id, token: (await shop.ctx.sessions.create('shopper', row.id)).token };
  }
});
afterAll(() => shop.close());

const staffGet = (path: string, query: Record<string, string>, language = 'en-US') =>
  shop.call('GET', `/admin-api/v1/${path}`, { token: finance, query, language });

describe('withdrawals', () => {
  it('shows the shopper’s name and phone, and finds by phone and by number, with counts of that search', async () => {
    const dara = await shop.services.withdrawals.apply({
      userId: shoppers.dara.userId,
      amountCents: 1200,
      payPassword: PIN,
    });
    const vanna = await shop.services.withdrawals.apply({
      userId: shoppers.vanna.userId,
      amountCents: 3400,
      payPassword: PIN,
    });
    const all = await staffGet('finance/withdrawals', { status: 'init' });
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.counts).toEqual({ init: 2 });

    const byPhone = await staffGet('finance/withdrawals', { status: 'init', phone: '012 345 678' });
    expect(byPhone.body.data.list).toHaveLength(1);
    expect(byPhone.body.data.list[0]).toMatchObject({
      id: dara.id,
      shopper: { id: shoppers.dara.userId, name: 'Sok Dara', phone: '+85512345678', phoneText: '012 345 678' },
    });
    expect(byPhone.body.data.counts).toEqual({ init: 1 });

    const byNumber = await staffGet('finance/withdrawals', { status: 'init', reference: String(vanna.id) });
    expect(byNumber.body.data.list.map((w: { id: number }) => w.id)).toEqual([vanna.id]);
    expect((await staffGet('finance/withdrawals', { status: 'init', reference: 'x1' })).body.data.total).toBe(0);

    const nobody = await staffGet('finance/withdrawals', { status: 'init', phone: '+855 12 000 111' });
    expect(nobody.body.data).toMatchObject({ total: 0, list: [] });
    const wrong = await staffGet('finance/withdrawals', { phone: '12' }, 'kh');
    expect(wrong.body.code).toBe('USR00010');
  });
});

describe('top-ups', () => {
  it('counts each tab under the search, and a phone finds the number topped up and the shopper who paid', async () => {
    const create = (token: string, phone: string) =>
      shop.call('POST', '/v1/topup/order/new', { token, body: { phone, amountCents: 500 } });
    const forVanna = (await create(shoppers.dara.token, '012 888 777')).body.data;
    const other = (await create(shoppers.vanna.token, '010 222 333')).body.data;
    const paid = await shop.call('POST', '/v1/order/pay', {
      token: shoppers.vanna.token,
      body: { orderId: other.id, kind: 'topup', channel: 'wallet', payPassword: PIN },
    });
    expect(paid.body.code).toBe('0');

    const all = await staffGet('topups', {});
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.counts).toEqual({ WP: 1, PAID: 1 });
    const row = all.body.data.list.find((r: { id: string }) => r.id === forVanna.id);
    expect(row.shopper).toMatchObject({ name: 'Sok Dara', phoneText: '012 345 678' });

    // Vanna's phone: the top-up of her number (paid by Dara) and the one she paid for.
    const vanna = await staffGet('topups', { phone: '012888777' });
    expect(vanna.body.data.total).toBe(2);
    const dara = await staffGet('topups', { phone: '012 345 678' });
    expect(dara.body.data.list.map((r: { id: string }) => r.id)).toEqual([forVanna.id]);
    expect(dara.body.data.counts).toEqual({ WP: 1 });
    const byNo = await staffGet('topups', { reference: other.orderNo, state: 'PAID' });
    expect(byNo.body.data.list.map((r: { id: string }) => r.id)).toEqual([other.id]);
  });
});

describe('gift cards', () => {
  it('shows a card never activated before its expiry as expired, and the activator’s phone', async () => {
    const issued = await shop.call('POST', '/admin-api/v1/giftcards/batches/issue', {
      token: finance,
      body: {
        name: 'Old batch',
        faceValueCents: 1000,
        count: 2,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(issued.body.code).toBe('0');
    const batchId = issued.body.data.batch.id;
    const [card] = issued.body.data.cards;
    const activated = await shop.call('POST', '/v1/giftcard/activate', {
      token: shoppers.dara.token,
      body: { cardNo: card.number, code: card.code },
    });
    expect(activated.body.code).toBe('0');
    const fresh = await staffGet('giftcards/cards', { batchId });
    expect(fresh.body.data.list.map((c: { state: string }) => c.state).sort()).toEqual(['active', 'new']);
    const active = fresh.body.data.list.find((c: { state: string }) => c.state === 'active');
    expect(active.shopper).toMatchObject({ name: 'Sok Dara', phoneText: '012 345 678' });
    // The batch's expiry passes.
    await shop.db.execute(
      sql`UPDATE gift_card_batches SET expires_at = now() - interval '1 day' WHERE id = ${batchId}`,
    );
    await shop.db.execute(sql`UPDATE gift_cards SET expires_at = now() - interval '1 day' WHERE batch_id = ${batchId}`);
    const later = await staffGet('giftcards/cards', { batchId });
    expect(later.body.data.list.map((c: { state: string }) => c.state).sort()).toEqual(['active', 'expired']);
    const batches = await staffGet('giftcards/batches', {});
    const batch = batches.body.data.list.find((b: { id: string }) => b.id === batchId);
    expect(batch.counts.new).toBe(0);
    expect(batch.counts).toMatchObject({ new: 0, active: 1, expired: 1 });
  });
});

describe('valuation appointments', () => {
  it('name the shopper who booked with their phone (a home visit is reached by it), and are searched by it', async () => {
    await shop.services.valuation.seedDemo();
    const { token } = shoppers.vanna;
    const address = await shop.call('POST', '/v1/address/addaddress', {
      token,
      body: {
        receiver: 'Chan Vanna',
        mobile: '012 888 777',
        provinceCode: '12',
        cityCode: '1201',
        districtCode: '120101',
        detail: 'House 3, Street 2',
        zipCode: '120101',
        latitude: 11.5564,
        longitude: 104.9282,
      },
    });
    expect(address.body.code).toBe('0');
    const est = await shop.call('GET', '/v1/eva/evaevaluate', {
      token,
      query: {
        modelId: 'iphone-15-pro',
        answers: 'storage:s512,screen:ok,body:ok,battery:good,functions:ok,accessories:full',
      },
    });
    const day = new Date(Date.now() + 7 * 3600_000 + 3 * 86_400_000).toISOString().slice(0, 10);
    const slots = await shop.call('GET', '/v1/eva/slots', { query: { date: day } });
    const booked = await shop.call('POST', '/v1/eva/reserve', {
      token,
      body: {
        estimateId: est.body.data.id,
        startsAt: slots.body.data.slots[2].startsAt,
        place: 'home',
        addressId: address.body.data.id,
      },
    });
    expect(booked.body.code).toBe('0');
    const from = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const calendar = await staffGet('valuation/appointments', { from, days: '14' });
    const visit = calendar.body.data.find((a: { id: string }) => a.id === booked.body.data.id);
    expect(visit.shopper).toMatchObject({ name: 'Chan Vanna', phone: '+85512888777', phoneText: '012 888 777' });
    expect(
      (await staffGet('valuation/appointments', { from, days: '14', phone: '012 888 777' })).body.data,
    ).toHaveLength(1);
    expect(
      (await staffGet('valuation/appointments', { from, days: '14', phone: '012 345 678' })).body.data,
    ).toHaveLength(0);
  });
});

describe('every other list', () => {
  it('takes the same search and answers its tab counts', async () => {
    for (const path of ['partners', 'loans', 'loans/car', 'bongloy/applications', 'overseas/orders']) {
      for (const query of [
        {} as Record<string, string>,
        { phone: '012 345 678' },
        { reference: 'AB%_1' },
        { phone: '+855 12 000 111' },
      ]) {
        const res = await shop.call('GET', `/admin-api/v1/${path}`, { token: ownerToken, query });
        expect(res.body.code, `${path} ${JSON.stringify(query)}`).toBe('0');
        expect(res.body.data).toMatchObject({ list: [], total: 0, counts: {} });
      }
    }
  });
});
