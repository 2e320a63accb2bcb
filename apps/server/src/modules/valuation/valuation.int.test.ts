import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { sql } from '../../platform/sql.ts';
import { users } from '../accounts/tables.ts';

let shop: TestShop;
/** The visits one slot takes by default (the system setting valuationSlotCapacity). */
const SLOT_CAPACITY = 3;

beforeAll(async () => {
  shop = await startTestShop();
  await shop.services.valuation.seedDemo();
});
afterAll(() => shop.close());

let serial = 0;
async function shopper() {
  serial += 1;
  const [row] = await shop.ctx.db
    .insert(users)
    .values({ phone: `+8559771${String(serial).padStart(4, '0')}`, countryCode: '+855', source: 'h5' })
    .returning({ id: users.id });
  return { userId: row.id, token: (await shop.ctx.sessions.create('shopper', row.id)).token };
}

const ALL_GOOD = 'storage:s512,screen:ok,body:ok,battery:good,functions:ok,accessories:full';
const evaluate = (answers: string, options: { token?: string; language?: string; modelId?: string } = {}) =>
  shop.call('GET', '/v1/eva/evaevaluate', {
    token: options.token,
    language: options.language,
    query: { modelId: options.modelId ?? 'iphone-15-pro', answers },
  });
const localDay = (daysAhead: number) =>
  new Date(Date.now() + 7 * 3600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);
async function slotsOn(daysAhead: number) {
  const res = await shop.call('GET', '/v1/eva/slots', { query: { date: localDay(daysAhead) } });
  expect(res.body.code).toBe('0');
  return res.body.data as { slots: { startsAt: string; time: string; free: number }[]; stores: { id: string }[] };
}
const reserve = (token: string, body: Record<string, unknown>, language = 'en-US') =>
  shop.call('POST', '/v1/eva/reserve', { token, body, language });

/**
 * Runs every job due at `now`, batch after batch: the runner claims ten at a time in order of
 * their time, so other tests' reminders due earlier must not hide this one (a bounded loop, since a
 * failed job is due again at once when `now` is in the future).
 */
async function runAllDue(now: Date): Promise<void> {
  for (let round = 0; round < 50 && (await shop.ctx.jobs.runDue(now)) > 0; round++);
}

describe('the estimate', () => {
  it('lists brands with models, pictures and the most each is bought for', async () => {
    const res = await shop.call('GET', '/v1/eva/queryall');
    expect(res.body.code).toBe('0');
    const apple = res.body.data.find((b: { id: string }) => b.id === 'apple');
    expect(apple.models.map((m: { name: string }) => m.name)).toContain('iPhone 15 Pro');
    expect(apple.models[0].picture).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(apple.models[0].upToCents).toBe(62_000);
  });

  it('gives a model’s six questions in the caller’s language, without their price effects', async () => {
    const res = await shop.call('GET', '/v1/eva/queryparam', { query: { modelId: 'iphone-15-pro' }, language: 'kh' });
    expect(res.body.data.questions.map((q: { key: string }) => q.key)).toEqual([
      'storage',
      'screen',
      'body',
      'battery',
      'functions',
      'accessories',
    ]);
    expect(res.body.data.questions[1].title).toBe('អេក្រង់');
    expect(JSON.stringify(res.body.data)).not.toContain('deduct');
  });

  it('is computed by the server: the base for a perfect phone, less the answers’ deductions, kept with its id', async () => {
    const best = await evaluate(ALL_GOOD);
    expect(best.body.data.priceCents).toBe(62_000);
    // 256 GB (-40.00), light scratches (-8% = 49.60), battery 75-84% (-5% = 31.00).
    const worn = await evaluate(
      ALL_GOOD.replace('s512', 's256').replace('screen:ok', 'screen:scratch').replace('battery:good', 'battery:fair'),
    );
    expect(worn.body.data.priceCents).toBe(62_000 - 4_000 - 4_960 - 3_100);
    const again = await shop.call('GET', '/v1/eva/estimate', { query: { id: worn.body.data.id } });
    expect(again.body.data.priceCents).toBe(worn.body.data.priceCents);
  });

  it('is never below the model’s floor', async () => {
    const res = await evaluate('storage:s128,screen:cracked,body:dented,battery:poor,functions:major,accessories:none');
    expect(res.body.data.priceCents).toBe(6_200);
  });

  it('refuses missing or unknown answers and unknown models in the shopper’s language', async () => {
    const missing = await evaluate('storage:s512,screen:ok', { language: 'chs' });
    expect(missing.body.code).toBe('EVA00002');
    expect(missing.body.msg).toBe('请回答所有关于手机状况的问题');
    expect((await evaluate(ALL_GOOD.replace('s512', 's64'))).body.code).toBe('EVA00002');
    expect((await evaluate(ALL_GOOD, { modelId: 'nokia-3310' })).body.code).toBe('EVA00001');
    expect((await evaluate('storage;drop')).status).toBe(400);
  });

  it('a new price rule applies to new estimates only', async () => {
    const before = (await evaluate(ALL_GOOD.replace('s512', 's128'), { modelId: 'iphone-13' })).body.data;
    const [model] = (await shop.services.valuation.modelsForStaff()).filter((m) => m.id === 'iphone-13');
    await shop.services.valuation.setRule('iphone-13', { ...model, baseCents: 25_000 });
    const after = (await evaluate(ALL_GOOD.replace('s512', 's256'), { modelId: 'iphone-13' })).body.data;
    expect(after.priceCents).toBe(25_000);
    const kept = await shop.call('GET', '/v1/eva/estimate', { query: { id: before.id } });
    expect(kept.body.data.priceCents).toBe(before.priceCents);
    expect(kept.body.data.upToCents).toBe(29_000);
    await shop.services.valuation.setRule('iphone-13', { ...model, baseCents: 29_000 });
  });
});

describe('appointments', () => {
  it('books a store visit within store hours, keeps the estimate seen, lists, reschedules and cancels it', async () => {
    const { token } = await shopper();
    const est = (await evaluate(ALL_GOOD, { token })).body.data;
    const day = await slotsOn(2);
    expect(day.slots.length).toBeGreaterThan(0);
    expect(day.slots[0].free).toBe(SLOT_CAPACITY);
    const storeId = day.stores[0].id;
    const booked = await reserve(token, {
      estimateId: est.id,
      startsAt: day.slots[0].startsAt,
      place: 'store',
      storeId,
    });
    expect(booked.body.code).toBe('0');
    expect(booked.body.data.estimate.priceCents).toBe(est.priceCents);
    expect(booked.body.data.state).toBe('BOOKED');
    expect((await slotsOn(2)).slots[0].free).toBe(SLOT_CAPACITY - 1);
    // The same estimate twice: refused.
    const twice = await reserve(token, {
      estimateId: est.id,
      startsAt: day.slots[1].startsAt,
      place: 'store',
      storeId,
    });
    expect(twice.body.code).toBe('EVA00009');

    const moved = await shop.call('POST', '/v1/eva/reserve/reschedule', {
      token,
      body: { id: booked.body.data.id, startsAt: day.slots[2].startsAt, place: 'store', storeId },
    });
    expect(moved.body.data.startsAt).toBe(day.slots[2].startsAt);
    const after = await slotsOn(2);
    expect(after.slots[0].free).toBe(SLOT_CAPACITY);
    expect(after.slots[2].free).toBe(SLOT_CAPACITY - 1);

    const mine = await shop.call('GET', '/v1/eva/queryreserve', { token });
    expect(mine.body.data).toHaveLength(1);
    const cancelled = await shop.call('POST', '/v1/eva/reserve/cancel', { token, body: { id: booked.body.data.id } });
    expect(cancelled.body.data.state).toBe('CANCELLED');
    expect((await slotsOn(2)).slots[2].free).toBe(SLOT_CAPACITY);
    const again = await shop.call('POST', '/v1/eva/reserve/cancel', { token, body: { id: booked.body.data.id } });
    expect(again.body.code).toBe('EVA00008');
  });

  it('answers an estimate with its booked visit (time, place) to the shopper who booked it, none after cancelling', async () => {
    const { token } = await shopper();
    const est = (await evaluate(ALL_GOOD, { token })).body.data;
    const estimate = (caller?: string, language = 'en-US') =>
      shop.call('GET', '/v1/eva/estimate', { token: caller, language, query: { id: est.id } });
    expect((await estimate(token)).body.data.appointment).toBeNull();
    const day = await slotsOn(5);
    const booked = (
      await reserve(token, { estimateId: est.id, startsAt: day.slots[3].startsAt, place: 'store', storeId: 'PP-BKK1' })
    ).body.data;
    const seen = (await estimate(token, 'kh')).body.data;
    expect(seen.priceCents).toBe(est.priceCents);
    expect(seen.appointment).toMatchObject({
      id: booked.id,
      state: 'BOOKED',
      startsAt: day.slots[3].startsAt,
      place: 'store',
      placeName: 'ហាង Angkor Mall បឹងកេងកង១',
      placeLine: 'ផ្ទះលេខ 45 ផ្លូវ 302 សង្កាត់បឹងកេងកងទី១ ខណ្ឌចំការមន រាជធានីភ្នំពេញ',
    });
    // Nobody else sees it (the estimate is the shopper's now).
    expect((await estimate((await shopper()).token)).body.code).toBe('EVA00003');
    await shop.call('POST', '/v1/eva/reserve/cancel', { token, body: { id: booked.id } });
    expect((await estimate(token)).body.data.appointment).toBeNull();
  });

  it('names and addresses the stores in the caller’s language', async () => {
    const store = async (language: string) => {
      const res = await shop.call('GET', '/v1/eva/slots', { query: { date: localDay(2) }, language });
      return res.body.data.stores.find((s: { id: string }) => s.id === 'PP-BKK1');
    };
    expect(await store('en-US')).toMatchObject({
      name: 'Angkor Mall Store, BKK1',
      address: 'No. 45, Street 302, Sangkat Boeng Keng Kang Ti Muoy, Khan Chamkar Mon, Phnom Penh',
    });
    expect(await store('chs')).toMatchObject({
      name: 'Angkor Mall 门店（BKK1）',
      address: '金边市钱卡蒙区万景岗一分区 302 街 45 号',
    });
    expect((await store('kh')).address).toBe('ផ្ទះលេខ 45 ផ្លូវ 302 សង្កាត់បឹងកេងកងទី១ ខណ្ឌចំការមន រាជធានីភ្នំពេញ');
  });

  it('refuses a time outside store hours or today, a place that is not one, someone else’s appointment', async () => {
    const { token } = await shopper();
    const est = (await evaluate(ALL_GOOD, { token })).body.data;
    const day = await slotsOn(3);
    const storeId = day.stores[0].id;
    const night = new Date(new Date(day.slots[0].startsAt).getTime() - 3 * 3600_000).toISOString();
    const res = await reserve(token, { estimateId: est.id, startsAt: night, place: 'store', storeId }, 'kh');
    expect(res.body.code).toBe('EVA00004');
    expect(res.body.msg).toBe('សូមជ្រើសរើសម៉ោងក្នុងម៉ោងបើកហាង ចាប់ពីថ្ងៃស្អែកតទៅ');
    const today = new Date(Date.now() + 3600_000).toISOString();
    expect((await reserve(token, { estimateId: est.id, startsAt: today, place: 'store', storeId })).body.code).toBe(
      'EVA00004',
    );
    const start = day.slots[1].startsAt;
    expect(
      (await reserve(token, { estimateId: est.id, startsAt: start, place: 'store', storeId: 'NOPE' })).body.code,
    ).toBe('EVA00006');
    expect(
      (await reserve(token, { estimateId: est.id, startsAt: start, place: 'home', addressId: crypto.randomUUID() }))
        .body.code,
    ).toBe('EVA00006');
    const booked = await reserve(token, { estimateId: est.id, startsAt: start, place: 'store', storeId });
    const other = await shopper();
    const theirs = await shop.call('POST', '/v1/eva/reserve/cancel', {
      token: other.token,
      body: { id: booked.body.data.id },
    });
    expect(theirs.body.code).toBe('EVA00007');
  });

  it('books a home visit at one of the shopper’s addresses', async () => {
    const { token } = await shopper();
    const address = await shop.call('POST', '/v1/address/addaddress', {
      token,
      body: {
        receiver: 'Sok Dara',
        mobile: '012 345 678',
        provinceCode: '12',
        cityCode: '1201',
        districtCode: '120101',
        detail: 'House 12, Street 51',
        zipCode: '120101',
        latitude: 11.5564,
        longitude: 104.9282,
      },
    });
    expect(address.body.code).toBe('0');
    const est = (await evaluate(ALL_GOOD, { token })).body.data;
    const day = await slotsOn(4);
    const res = await reserve(token, {
      estimateId: est.id,
      startsAt: day.slots[3].startsAt,
      place: 'home',
      addressId: address.body.data.id,
    });
    expect(res.body.code).toBe('0');
    expect(res.body.data.place).toBe('home');
    expect(res.body.data.placeLine).toContain('House 12');
    expect(res.body.data.placeName).toBe('Sok Dara +855 12 345 678');
  });

  it(`200 concurrent bookings of one slot: exactly ${SLOT_CAPACITY} are taken, the rest told it is full`, async () => {
    const people = await Promise.all(Array.from({ length: 200 }, () => shopper()));
    const estimates = await Promise.all(people.map((p) => evaluate(ALL_GOOD, { token: p.token })));
    const day = await slotsOn(5);
    const slot = day.slots[4].startsAt;
    const results = await Promise.all(
      people.map((p, i) =>
        reserve(p.token, {
          estimateId: estimates[i].body.data.id,
          startsAt: slot,
          place: 'store',
          storeId: day.stores[0].id,
        }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(SLOT_CAPACITY);
    expect(codes.filter((c) => c === 'EVA00005')).toHaveLength(200 - SLOT_CAPACITY);
    expect((await slotsOn(5)).slots[4].free).toBe(0);
  }, 120_000);

  it('sends a notice the day before, once, and none for a cancelled visit', async () => {
    const { token } = await shopper();
    const est = (await evaluate(ALL_GOOD, { token })).body.data;
    const day = await slotsOn(6);
    const booked = await reserve(token, {
      estimateId: est.id,
      startsAt: day.slots[5].startsAt,
      place: 'store',
      storeId: day.stores[0].id,
    });
    const due = new Date(new Date(day.slots[5].startsAt).getTime() - 86_400_000 + 1_000);
    await runAllDue(new Date(due.getTime() - 60_000));
    const before = await shop.call('GET', '/v1/notify/list', { token, query: { page: '1', size: '20' } });
    expect(JSON.stringify(before.body.data)).not.toContain('Phone inspection tomorrow');
    await runAllDue(due);
    await runAllDue(due);
    const after = await shop.call('GET', '/v1/notify/list', { token, query: { page: '1', size: '20' } });
    expect(JSON.stringify(after.body.data).split('Phone inspection tomorrow').length - 1).toBe(1);
    expect(booked.body.code).toBe('0');
  });

  it('sends no notice for a cancelled visit, and only the new time’s for a moved one', async () => {
    const { token } = await shopper();
    const [one, two] = await Promise.all([evaluate(ALL_GOOD, { token }), evaluate(ALL_GOOD, { token })]);
    const day = await slotsOn(7);
    const store = { place: 'store', storeId: day.stores[0].id };
    const cancelled = await reserve(token, { estimateId: one.body.data.id, startsAt: day.slots[1].startsAt, ...store });
    const moved = await reserve(token, { estimateId: two.body.data.id, startsAt: day.slots[2].startsAt, ...store });
    expect(cancelled.body.code).toBe('0');
    const cancel = await shop.call('POST', '/v1/eva/reserve/cancel', { token, body: { id: cancelled.body.data.id } });
    expect(cancel.body.data.state).toBe('CANCELLED');
    const later = (await slotsOn(8)).slots[3].startsAt;
    const move = await shop.call('POST', '/v1/eva/reserve/reschedule', {
      token,
      body: { id: moved.body.data.id, startsAt: later, ...store },
    });
    expect(move.body.code).toBe('0');
    // A store visit names its store in the reader's language.
    const inKhmer = await shop.call('GET', '/v1/eva/queryreserve', { token, language: 'kh' });
    const movedKh = inKhmer.body.data.find((v: { id: string }) => v.id === moved.body.data.id);
    expect(movedKh.placeName).toMatch(/[\u1780-\u17FF]/);
    expect(move.body.data.placeName).not.toMatch(/[\u1780-\u17FF]/);
    const notices = async () =>
      JSON.stringify(
        (await shop.call('GET', '/v1/notify/list', { token, query: { page: '1', size: '20' } })).body.data,
      ).split('Phone inspection tomorrow').length - 1;
    // The day before the old times: the cancelled visit's job and the moved one's old job do nothing.
    await runAllDue(new Date(new Date(day.slots[2].startsAt).getTime() - 86_400_000 + 1_000));
    expect(await notices()).toBe(0);
    await runAllDue(new Date(new Date(later).getTime() - 86_400_000 + 1_000));
    expect(await notices()).toBe(1);
  });
});

describe('the visit’s outcome', () => {
  it('pays the final price into the wallet cash once, through the ledger; a declined visit pays nothing', async () => {
    const { token, userId } = await shopper();
    const est = (await evaluate(ALL_GOOD, { token })).body.data;
    const day = await slotsOn(7);
    const booked = (
      await reserve(token, {
        estimateId: est.id,
        startsAt: day.slots[0].startsAt,
        place: 'store',
        storeId: day.stores[0].id,
      })
    ).body.data;
    const v = shop.services.valuation;
    // Before the visit has started: nothing to record yet, nothing paid.
    const justBefore = new Date(Date.parse(booked.startsAt) - 1);
    await expect(
      v.settle(booked.id, { outcome: 'paid', finalCents: 58_000 }, 'staff-1', 'en-US', justBefore),
    ).rejects.toMatchObject({ code: 'EVA00015' });
    await expect(v.settle(booked.id, { outcome: 'declined' }, 'staff-1', 'en-US')).rejects.toMatchObject({
      code: 'EVA00015',
    });
    expect((await shop.services.wallet.balances(userId)).cashCents).toBe(0);
    const visited = new Date(Date.parse(booked.startsAt) + 20 * 60_000);
    const [a, b] = await Promise.all([
      v.settle(booked.id, { outcome: 'paid', finalCents: 58_000 }, 'staff-1', 'en-US', visited),
      v.settle(booked.id, { outcome: 'paid', finalCents: 58_000 }, 'staff-1', 'en-US', visited),
    ]);
    expect(a.state).toBe('PAID');
    expect(b.finalCents).toBe(58_000);
    expect((await shop.services.wallet.balances(userId)).cashCents).toBe(58_000);
    await expect(v.settle(booked.id, { outcome: 'declined' }, 'staff-1', 'en-US', visited)).rejects.toMatchObject({
      code: 'EVA00008',
    });
    expect((await shop.services.wallet.balances(userId)).cashCents).toBe(58_000);

    const second = (await evaluate(ALL_GOOD, { token })).body.data;
    const other = (
      await reserve(token, {
        estimateId: second.id,
        startsAt: day.slots[1].startsAt,
        place: 'store',
        storeId: day.stores[0].id,
      })
    ).body.data;
    const otherVisited = new Date(Date.parse(other.startsAt) + 60_000);
    await expect(
      v.settle(other.id, { outcome: 'paid', finalCents: 62_001 }, 'staff-1', 'en-US', otherVisited),
    ).rejects.toMatchObject({ code: 'EVA00010' });
    expect(
      (await v.settle(other.id, { outcome: 'declined', note: 'kept it' }, 'staff-1', 'en-US', otherVisited)).state,
    ).toBe('DECLINED');
    expect((await shop.services.wallet.balances(userId)).cashCents).toBe(58_000);
  });
});

let deskToken = '';

describe('the console', () => {
  it('staff see the calendar, record a visit paid (once) and change a price rule for new estimates only', async () => {
    const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
    const made = await shop.services.staff.create(
      {
        login: 'eva.desk',
        displayName: 'Valuation desk',
        password: 'Angkor2026pass',
        roles: ['fulfilment', 'catalogue'],
      },
      { staffId: owner.id, login: 'owner' },
    );
    const staff = (await shop.ctx.sessions.create('staff', made.id)).token;
    deskToken = staff;
    const { token, userId } = await shopper();
    const est = (await evaluate(ALL_GOOD.replace('s512', 's256'), { token, modelId: 'galaxy-a54' })).body.data;
    const day = await slotsOn(8);
    const booked = (
      await reserve(token, {
        estimateId: est.id,
        startsAt: day.slots[2].startsAt,
        place: 'store',
        storeId: day.stores[0].id,
      })
    ).body.data;

    const calendar = await shop.call('GET', '/admin-api/v1/valuation/appointments', {
      token: staff,
      query: { from: localDay(8), days: '1' },
    });
    expect(calendar.body.code).toBe('0');
    expect(calendar.body.data.map((a: { id: string }) => a.id)).toContain(booked.id);

    // Two days before the visit: the console's outcome is refused, in the staff member's language.
    const early = await shop.call('POST', '/admin-api/v1/valuation/appointments/outcome', {
      token: staff,
      body: { id: booked.id, outcome: 'paid', finalCents: 15_000 },
      language: 'chs',
    });
    expect(early.body).toMatchObject({ code: 'EVA00015', msg: '上门质检尚未开始：质检开始后才能登记结果' });
    expect((await shop.services.wallet.balances(userId)).cashCents).toBe(0);
    // The visit's time has come (moved to an hour ago, as the clock would).
    await shop.db.execute(
      sql`UPDATE valuation_appointments SET starts_at = now() - interval '1 hour', ends_at = now() WHERE id = ${booked.id}`,
    );
    const tooMuch = await shop.call('POST', '/admin-api/v1/valuation/appointments/outcome', {
      token: staff,
      body: { id: booked.id, outcome: 'paid', finalCents: 16_001 },
    });
    expect(tooMuch.body.code).toBe('EVA00010');
    for (let i = 0; i < 2; i += 1) {
      const paid = await shop.call('POST', '/admin-api/v1/valuation/appointments/outcome', {
        token: staff,
        body: { id: booked.id, outcome: 'paid', finalCents: 15_000 },
      });
      expect(paid.body.data.state).toBe('PAID');
    }
    expect((await shop.services.wallet.balances(userId)).cashCents).toBe(15_000);

    const models = await shop.call('GET', '/admin-api/v1/valuation/models', { token: staff });
    const a54 = models.body.data.find((m: { id: string }) => m.id === 'galaxy-a54');
    expect(a54.brandName).toBe('Samsung');
    const bad = await shop.call('POST', '/admin-api/v1/valuation/models/rule', {
      token: staff,
      body: {
        ...a54,
        floorCents: a54.baseCents + 1,
        brandId: undefined,
        brandName: undefined,
        name: undefined,
        ruleVersion: undefined,
      },
    });
    expect(bad.body.code).toBe('EVA00011');
    const { brandId: _b, brandName: _bn, name: _n, ruleVersion: _r, ...rule } = a54;
    const changed = await shop.call('POST', '/admin-api/v1/valuation/models/rule', {
      token: staff,
      body: { ...rule, baseCents: 20_000 },
    });
    expect(changed.body.data.ruleVersion).toBe(a54.ruleVersion + 1);
    expect((await evaluate(ALL_GOOD.replace('s512', 's256'), { modelId: 'galaxy-a54' })).body.data.priceCents).toBe(
      20_000,
    );
    const kept = await shop.call('GET', '/v1/eva/queryreserve', { token });
    expect(kept.body.data[0].estimate.priceCents).toBe(16_000);
  });

  it('staff add a model with the usual questions; it is valued at once; its code is taken once', async () => {
    const staff = deskToken;
    const body = {
      id: 'pixel-8',
      brandName: 'Google',
      name: 'Pixel 8',
      color: '#4285f4',
      baseCents: 30_000,
      floorCents: 3_000,
      storageGb: [256, 128],
      storageStepCents: 2_000,
    };
    const made = await shop.call('POST', '/admin-api/v1/valuation/models/create', { token: staff, body });
    expect(made.body.code).toBe('0');
    expect(made.body.data.brandName).toBe('Google');
    const brands = await shop.call('GET', '/v1/eva/queryall');
    expect(brands.body.data.find((b: { id: string }) => b.id === 'google').models[0].name).toBe('Pixel 8');
    const price = await evaluate(ALL_GOOD.replace('s512', 's128'), { modelId: 'pixel-8' });
    expect(price.body.data.priceCents).toBe(28_000);
    const again = await shop.call('POST', '/admin-api/v1/valuation/models/create', { token: staff, body });
    expect(again.body.code).toBe('EVA00012');
    const bad = await shop.call('POST', '/admin-api/v1/valuation/models/create', {
      token: staff,
      body: { ...body, id: 'pixel-9', floorCents: 40_000 },
    });
    expect(bad.body.code).toBe('EVA00011');
  });

  const S24_GOOD = ALL_GOOD.replace('s512', 's256');
  it('staff rename a brand and change answers’ labels in three languages; estimates given keep theirs', async () => {
    const staff = deskToken;
    const before = (await evaluate(S24_GOOD, { modelId: 'galaxy-s24', language: 'chs' })).body.data;
    const renamed = await shop.call('POST', '/admin-api/v1/valuation/brands/rename', {
      token: staff,
      body: { id: 'samsung', name: '  Samsung Galaxy ' },
    });
    expect(renamed.body.data).toEqual({ id: 'samsung', name: 'Samsung Galaxy' });
    const brands = await shop.call('GET', '/v1/eva/queryall');
    expect(brands.body.data.find((b: { id: string }) => b.id === 'samsung').name).toBe('Samsung Galaxy');
    const empty = await shop.call('POST', '/admin-api/v1/valuation/brands/rename', {
      token: staff,
      language: 'kh',
      body: { id: 'samsung', name: ' ' },
    });
    expect(empty.body.code).toBe('EVA00014');
    expect(empty.body.msg).toMatch(/[\u1780-\u17FF]/);
    const unknown = await shop.call('POST', '/admin-api/v1/valuation/brands/rename', {
      token: staff,
      body: { id: 'nokia', name: 'Nokia' },
    });
    expect(unknown.body.code).toBe('EVA00014');

    const models = await shop.call('GET', '/admin-api/v1/valuation/models', { token: staff });
    const s24 = models.body.data.find((m: { id: string }) => m.id === 'galaxy-s24');
    const { brandId: _b, brandName: _bn, name: _n, ruleVersion: _r, ...rule } = s24;
    const screen = rule.questions.find((q: { key: string }) => q.key === 'screen');
    const ok = screen.options.find((o: { code: string }) => o.code === 'ok');
    const oldChs = ok.label.chs;
    ok.label = { 'en-US': 'Like new', chs: '完好如新', kh: 'ដូចថ្មី' };
    const changed = await shop.call('POST', '/admin-api/v1/valuation/models/rule', { token: staff, body: rule });
    expect(changed.body.code).toBe('0');
    const params = await shop.call('GET', '/v1/eva/queryparam', { language: 'kh', query: { modelId: 'galaxy-s24' } });
    const shown = params.body.data.questions.find((q: { key: string }) => q.key === 'screen');
    expect(shown.options.find((o: { code: string }) => o.code === 'ok').label).toBe('ដូចថ្មី');
    const fresh = (await evaluate(S24_GOOD, { modelId: 'galaxy-s24', language: 'chs' })).body.data;
    expect(fresh.answers.find((a: { key: string }) => a.key === 'screen').label).toBe('完好如新');
    const kept = await shop.call('GET', '/v1/eva/estimate', { language: 'chs', query: { id: before.id } });
    expect(kept.body.data.answers.find((a: { key: string }) => a.key === 'screen').label).toBe(oldChs);
    const blank = structuredClone(rule);
    blank.questions.find((q: { key: string }) => q.key === 'screen').options[0].label.kh = '';
    const refused = await shop.call('POST', '/admin-api/v1/valuation/models/rule', { token: staff, body: blank });
    expect(refused.body.code).toBe('EVA00011');
  });

  it('staff change the visit hours: new bookings take the slot length and capacity, booked visits keep theirs', async () => {
    const staff = deskToken;
    const first = await shopper();
    const est = (await evaluate(ALL_GOOD, { token: first.token })).body.data;
    const day = await slotsOn(9);
    const store = { place: 'store', storeId: day.stores[0].id };
    const kept = (await reserve(first.token, { estimateId: est.id, startsAt: day.slots[0].startsAt, ...store })).body
      .data;
    expect(Date.parse(kept.endsAt) - Date.parse(kept.startsAt)).toBe(60 * 60_000);

    const current = await shop.call('GET', '/admin-api/v1/valuation/slots/settings', { token: staff });
    expect(current.body.data).toMatchObject({ open: '08:30', close: '18:00', slotMinutes: 60, slotCapacity: 3 });
    const hours = { days: [1, 2, 3, 4, 5, 6, 7], open: '08:30', close: '12:00', slotMinutes: 30, slotCapacity: 1 };
    const bad = await shop.call('POST', '/admin-api/v1/valuation/slots/settings/set', {
      token: staff,
      language: 'chs',
      body: { ...hours, open: '12:00', close: '08:30' },
    });
    expect(bad.body.code).toBe('EVA00013');
    expect(bad.body.msg).toContain('时段');
    const set = await shop.call('POST', '/admin-api/v1/valuation/slots/settings/set', { token: staff, body: hours });
    expect(set.body.data).toEqual(hours);
    const config = await shop.call('GET', '/v1/other/system/config');
    expect(config.body.data).toMatchObject({ valuationSlotMinutes: 30, valuationSlotCapacity: 1 });
    expect(config.body.data.storeHours).toMatchObject({ open: '08:30', close: '12:00', timeZone: 'Asia/Phnom_Penh' });

    const after = await slotsOn(9);
    expect(after.slots.map((s) => s.time)).toEqual(['08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    expect(after.slots[0].free).toBe(0);
    expect(after.slots[1].free).toBe(1);
    const [second, third] = await Promise.all([shopper(), shopper()]);
    const [e2, e3] = await Promise.all([
      evaluate(ALL_GOOD, { token: second.token }),
      evaluate(ALL_GOOD, { token: third.token }),
    ]);
    const full = await reserve(second.token, {
      estimateId: e2.body.data.id,
      startsAt: after.slots[0].startsAt,
      ...store,
    });
    expect(full.body.code).toBe('EVA00005');
    const short = await reserve(second.token, {
      estimateId: e2.body.data.id,
      startsAt: after.slots[1].startsAt,
      ...store,
    });
    expect(Date.parse(short.body.data.endsAt) - Date.parse(short.body.data.startsAt)).toBe(30 * 60_000);
    const one = await reserve(third.token, {
      estimateId: e3.body.data.id,
      startsAt: after.slots[1].startsAt,
      ...store,
    });
    expect(one.body.code).toBe('EVA00005');
    const closed = await reserve(third.token, {
      estimateId: e3.body.data.id,
      startsAt: day.slots[5].startsAt, // 13:30: after the new closing time
      ...store,
    });
    expect(closed.body.code).toBe('EVA00004');
    const mine = await shop.call('GET', '/v1/eva/queryreserve', { token: first.token });
    expect(mine.body.data[0].endsAt).toBe(kept.endsAt);

    const restored = await shop.call('POST', '/admin-api/v1/valuation/slots/settings/set', {
      token: staff,
      body: current.body.data,
    });
    expect(restored.body.data).toEqual(current.body.data);
  });
});
