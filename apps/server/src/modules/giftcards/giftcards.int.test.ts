import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { publishedItem, setPayPasswordQuietly } from '../../../test/shoppers.ts';
import { sql } from '../../platform/sql.ts';
import { users } from '../accounts/tables.ts';
import { GIFT_CARD_LOCK } from './service.ts';

const onPg = inject('dbKind') === 'pg';
let shop: TestShop;
let finance: string;
let support: string;

beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  for (const role of ['finance', 'support'] as const) {
    const m = await shop.services.staff.create(
      { login: `${role}.gift`, displayName: role, password: 'Angkor2026pass', roles: [role] },
      { staffId: owner.id, login: 'owner' },
    );
    const token = (await shop.ctx.sessions.create('staff', m.id)).token;
    if (role === 'finance') finance = token;
    else support = token;
  }
});
afterAll(() => shop.close());

let serial = 0;
async function shopper() {
  serial += 1;
  const [row] = await shop.ctx.db
    .insert(users)
    .values({ phone: `+8559660${String(serial).padStart(4, '0')}`, countryCode: '+855', source: 'h5' })
    .returning({ id: users.id });
  return { userId: row.id, token: (await shop.ctx.sessions.create('shopper', row.id)).token };
}

const rows = async <T>(q: ReturnType<typeof sql>) => ((await shop.db.execute(q)) as unknown as { rows: T[] }).rows;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const issue = async (body: Record<string, unknown>, token = finance) =>
  shop.call('POST', '/admin-api/v1/giftcards/batches/issue', { token, body });
async function batch(count: number, faceValueCents = 2500) {
  const res = await issue({ name: `Batch ${serial}-${count}`, faceValueCents, count, expiresAt: inDays(30) });
  expect(res.body.code).toBe('0');
  return res.body.data as { batch: { id: string }; cards: { number: string; code: string }[] };
}
const activate = (token: string, cardNo: string, code: string, language = 'en-US') =>
  shop.call('POST', '/v1/giftcard/activate', { token, body: { cardNo, code }, language });
const gift = async (userId: string) => (await shop.services.wallet.balances(userId)).giftCents;

describe('issuing (console)', () => {
  it('issues a batch whose numbers and codes are answered once and kept only as keyed hashes', async () => {
    const { batch: b, cards } = await batch(3);
    expect(cards).toHaveLength(3);
    for (const c of cards) {
      expect(c.number).toMatch(/^8855\d{12}$/);
      expect(c.code).toMatch(/^\d{8}$/);
    }
    const stored = await rows<Record<string, unknown>>(sql`SELECT * FROM gift_cards WHERE batch_id = ${b.id}`);
    const text = JSON.stringify(stored);
    for (const c of cards) {
      expect(text).not.toContain(c.number);
      expect(text).not.toContain(c.code);
    }
    expect(stored.map((r) => r.last4).sort()).toEqual(cards.map((c) => c.number.slice(-4)).sort());
    const list = await shop.call('GET', '/admin-api/v1/giftcards/batches', { token: finance });
    expect(list.body.data.list[0]).toMatchObject({ id: b.id, count: 3, counts: { new: 3, active: 0, void: 0 } });
    const audit = await rows<{ after: unknown }>(sql`SELECT after FROM staff_audit WHERE target_id = ${b.id}`);
    expect(JSON.stringify(audit)).not.toContain(cards[0].code);
  });

  it('refuses bad batches in the staff member’s language, and other roles', async () => {
    const tooMany = await issue({ name: 'x', faceValueCents: 100, count: 1001, expiresAt: inDays(1) });
    expect(tooMany.body.code).toBe('GFT00007');
    const past = await shop.call('POST', '/admin-api/v1/giftcards/batches/issue', {
      token: finance,
      body: { name: 'x', faceValueCents: 100, count: 1, expiresAt: inDays(-1) },
      language: 'kh',
    });
    expect(past.body).toMatchObject({ code: 'GFT00008', msg: 'កាលបរិច្ឆេទផុតកំណត់ត្រូវតែនៅពេលអនាគត' });
    expect((await issue({ name: 'x', faceValueCents: 100, count: 1, expiresAt: inDays(1) }, support)).body.code).toBe(
      'STF00003',
    );
    expect((await issue({ name: 'x', faceValueCents: 1.5, count: 1, expiresAt: 'soon' })).status).toBe(400);
  });
});

describe('activating', () => {
  it('credits the face value to the gift balance once, on the bill, and lists the card', async () => {
    const { cards } = await batch(2, 2500);
    const s = await shopper();
    const spaced = cards[0].number.replace(/(\d{4})(?=\d)/g, '$1 ');
    const done = await activate(s.token, spaced, cards[0].code);
    expect(done.body.code).toBe('0');
    expect(done.body.data).toMatchObject({ addedCents: 2500, giftBalanceCents: 2500 });
    expect(done.body.data.card).toMatchObject({ last4: cards[0].number.slice(-4), faceValueCents: 2500 });
    expect(await gift(s.userId)).toBe(2500);

    // The same shopper again: they activated it (its value is theirs), it is not "used" up.
    const again = await activate(s.token, cards[0].number, cards[0].code, 'chs');
    expect(again.body).toMatchObject({ code: 'GFT00011', msg: '您已激活过这张礼品卡，面值已存入您的礼品余额' });
    expect(await gift(s.userId)).toBe(2500);
    // Another account with the right number and code: activated by someone else.
    const late = await shopper();
    for (const [language, msg] of [
      ['en-US', 'This gift card has already been activated by another account'],
      ['kh', 'កាតអំណោយនេះត្រូវបានធ្វើឱ្យសកម្មដោយគណនីផ្សេងរួចហើយ'],
    ] as const)
      expect((await activate(late.token, cards[0].number, cards[0].code, language)).body).toMatchObject({
        code: 'GFT00012',
        msg,
      });
    expect(await gift(late.userId)).toBe(0);

    const bills = await shop.call('GET', '/v1/wallet/queryacountline', { token: s.token, query: { account: 'gift' } });
    expect(bills.body.data.list).toHaveLength(1);
    expect(bills.body.data.list[0]).toMatchObject({
      kind: 'gift_card',
      account: 'gift',
      amountCents: 2500,
      refType: 'giftcard',
      refId: done.body.data.card.id,
    });

    const mine = await shop.call('GET', '/v1/giftcard/list', { token: s.token });
    expect(mine.body.data).toMatchObject({ total: 1, giftBalanceCents: 2500, activatedCents: 2500 });
    const one = await shop.call('GET', '/v1/giftcard/detail', {
      token: s.token,
      query: { id: done.body.data.card.id },
    });
    expect(one.body.data.activatedAt).toBeTruthy();
    const other = await shopper();
    const notTheirs = await shop.call('GET', '/v1/giftcard/detail', {
      token: other.token,
      query: { id: done.body.data.card.id },
    });
    expect(notTheirs.body.code).toBe('GFT00006');
  });

  it('names the orders the gift balance paid by their numbers, not their ids', async () => {
    const { cards } = await batch(1, 1000);
    const s = await shopper();
    await setPayPasswordQuietly(shop, s.userId, '246810');
    expect((await activate(s.token, cards[0].number, cards[0].code)).body.code).toBe('0');
    const skuId = await publishedItem(shop, { priceCents: 390, stock: 10 });
    const call = (url: string, body: unknown) => shop.call('POST', url, { token: s.token, body });
    const pre = await call('/v1/preorder/createdirect', { skuId, quantity: 1, shipType: 'STORE' });
    const placed = await call('/v1/preorder/finish', { preorderId: pre.body.data.id });
    const orderId = placed.body.data.orderId as string;
    const paid = await call('/v1/order/pay', { orderId, channel: 'wallet', payPassword: '246810' });
    expect(paid.body.data.status).toBe('SUCCEEDED');
    const order = await shop.services.orders.getOrder(orderId);

    const spent = await shop.call('GET', '/v1/giftcard/spending', { token: s.token });
    expect(spent.body.code).toBe('0');
    expect(spent.body.data).toMatchObject({ total: 1, page: 1 });
    expect(spent.body.data.list).toEqual([
      { id: expect.any(Number), orderId, orderNo: order?.orderNo, amountCents: 390, createdAt: expect.any(String) },
    ]);
    expect(order?.orderNo).not.toBe(orderId);
    // Nobody else's spending, and a visitor is asked to log in.
    expect((await shop.call('GET', '/v1/giftcard/spending', { token: (await shopper()).token })).body.data.total).toBe(
      0,
    );
    expect((await shop.call('GET', '/v1/giftcard/spending')).body.code).toBe('USR00001');
  });

  it('says which: expired, voided, used — only to the right number and code', async () => {
    const { batch: b, cards } = await batch(3, 500);
    const s = await shopper();
    await shop.db.execute(
      sql`UPDATE gift_cards SET expires_at = now() - interval '1 minute' WHERE id = (SELECT id FROM gift_cards WHERE batch_id = ${b.id} AND last4 = ${cards[0].number.slice(-4)})`,
    );
    expect((await activate(s.token, cards[0].number, cards[0].code, 'kh')).body).toMatchObject({
      code: 'GFT00003',
      msg: 'កាតអំណោយនេះបានផុតកំណត់ហើយ',
    });
    const list = await shop.call('GET', '/admin-api/v1/giftcards/cards', { token: finance, query: { batchId: b.id } });
    const second = list.body.data.list.find((c: { last4: string }) => c.last4 === cards[1].number.slice(-4));
    const voided = await shop.call('POST', '/admin-api/v1/giftcards/cards/void', {
      token: finance,
      body: { id: second.id, reason: 'lost in the post' },
    });
    expect(voided.body.data.state).toBe('void');
    expect((await activate(s.token, cards[1].number, cards[1].code)).body.code).toBe('GFT00004');
    expect((await activate(s.token, cards[2].number, cards[2].code)).body.code).toBe('0');
    const third = list.body.data.list.find((c: { last4: string }) => c.last4 === cards[2].number.slice(-4));
    const refused = await shop.call('POST', '/admin-api/v1/giftcards/cards/void', {
      token: finance,
      body: { id: third.id, reason: 'too late' },
    });
    expect(refused.body.code).toBe('GFT00010');
    expect(await gift(s.userId)).toBe(500);
  });

  it('voiding a batch voids its cards not yet activated', async () => {
    const { batch: b, cards } = await batch(3, 700);
    const s = await shopper();
    expect((await activate(s.token, cards[0].number, cards[0].code)).body.code).toBe('0');
    const res = await shop.call('POST', '/admin-api/v1/giftcards/batches/void', {
      token: finance,
      body: { id: b.id, reason: 'printing error' },
    });
    expect(res.body.data).toMatchObject({ counts: { new: 0, active: 1, void: 2 } });
    expect(res.body.data.voidedAt).toBeTruthy();
    expect((await activate(s.token, cards[1].number, cards[1].code)).body.code).toBe('GFT00004');
    expect(await gift(s.userId)).toBe(700);
  });

  it('counts wrong numbers and codes per shopper and locks out like pay passwords', async () => {
    const { cards } = await batch(1, 300);
    const s = await shopper();
    const wrong = cards[0].code === '00000000' ? '11111111' : '00000000';
    for (let i = 1; i < GIFT_CARD_LOCK.max; i++) {
      const res = await activate(s.token, i % 2 ? cards[0].number : '8855000000000000', wrong);
      expect(res.body).toMatchObject({
        code: 'GFT00001',
        msg: `The card number or code is wrong; ${GIFT_CARD_LOCK.max - i} tries left`,
      });
    }
    expect((await activate(s.token, 'not a number', wrong)).body.code).toBe('GFT00002');
    // Locked: even the right code waits.
    const locked = await activate(s.token, cards[0].number, cards[0].code, 'chs');
    expect(locked.body).toMatchObject({ code: 'GFT00002', msg: '错误次数过多，请 30 分钟后再试' });
    expect(await gift(s.userId)).toBe(0);
    // Another shopper is not locked by it.
    const t = await shopper();
    expect((await activate(t.token, cards[0].number, cards[0].code)).body.code).toBe('0');
  });

  it('refuses malformed input with 400 and no session with USR00001', async () => {
    const s = await shopper();
    const bad = await shop.call('POST', '/v1/giftcard/activate', { token: s.token, body: { cardNo: 5 } });
    expect(bad.status).toBe(400);
    const anon = await shop.call('POST', '/v1/giftcard/activate', { body: { cardNo: '1', code: '1' } });
    expect(anon.body.code).toBe('USR00001');
    const id = await shop.call('GET', '/v1/giftcard/detail', { token: s.token, query: { id: 'nope' } });
    expect(id.status).toBe(400);
  });
});

describe(`concurrency (${onPg ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('100 concurrent activations of one card: one credit', async () => {
    const { batch: b, cards } = await batch(1, 4200);
    const crowd = await Promise.all(Array.from({ length: 100 }, () => shopper()));
    const outcomes = await Promise.all(
      crowd.map((s, i) =>
        // Half the tries by the crowd, half by its first shopper again and again.
        activate(i % 2 ? s.token : crowd[0].token, cards[0].number, cards[0].code).then((r) => r.body.code),
      ),
    );
    expect(outcomes.filter((c) => c === '0')).toHaveLength(1);
    // The rest are told it is activated: by them (the first shopper's other tries, when they won) or
    // by another account; never "used".
    const winner = outcomes.indexOf('0');
    const winnerTries = winner % 2 ? 1 : 50;
    expect(outcomes.filter((c) => c === 'GFT00011')).toHaveLength(winnerTries - 1);
    expect(outcomes.filter((c) => c === 'GFT00012')).toHaveLength(100 - winnerTries);
    const balances = await Promise.all(crowd.map((s) => gift(s.userId)));
    expect(balances.reduce((a, x) => a + x, 0)).toBe(4200);
    const [{ n }] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM wallet_transfers WHERE ref_type = 'giftcard' AND ref_id = (SELECT id::text FROM gift_cards WHERE batch_id = ${b.id})`,
    );
    expect(n).toBe(1);
  });
});
