import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidApplication } from '../../../test/bongloy.ts';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { SimulatedCardIssuer } from '../../integrations/card-issuer/issuer.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  (shop.services.cardIssuer as SimulatedCardIssuer).delayMs = 0;
});
afterAll(() => shop.close());

const cash = async (userId: string) => (await shop.services.wallet.balances(userId)).cashCents;
const last4Of = async (cardId: string) => {
  // What the shopper reads off the card they received (the issuer's books).
  const [card] = await queryRows<{ last4: string }>(
    shop.db,
    sql`SELECT s.last4 FROM card_sim_cards s JOIN bongloy_cards c ON c.issuer_ref = s.card_ref WHERE c.id = ${cardId}`,
  );
  return card.last4;
};

/** An approved application's shopper and their one card. */
async function cardholder(cashCents = 50_000) {
  const app = await paidApplication(shop, 1, cashCents);
  await shop.services.bongloy.review.approve(app.applicationId);
  const cards = await shop.call('GET', '/v1/bongloy/cards', { token: app.token });
  return { ...app, card: cards.body.data[0] };
}

describe('the card', () => {
  it('is listed issued with its number hidden, activated with the last four digits, then shows its balance', async () => {
    const me = await cardholder();
    expect(me.card).toMatchObject({
      state: 'ISSUED',
      maskedNumber: '•••• •••• •••• ••••',
      balanceCents: 0,
      delivery: 'pickup',
    });
    const wrong = await shop.call('POST', '/v1/bongloy/card/activate', {
      token: me.token,
      body: { cardId: me.card.id, last4: (await last4Of(me.card.id)) === '0000' ? '1111' : '0000' },
      language: 'chs',
    });
    expect(wrong.body).toMatchObject({ code: 'BLG00021', msg: '卡号后四位不匹配，还可尝试4次' });
    const last4 = await last4Of(me.card.id);
    const ok = await shop.call('POST', '/v1/bongloy/card/activate', {
      token: me.token,
      body: { cardId: me.card.id, last4 },
    });
    expect(ok.body.data).toMatchObject({ state: 'ACTIVE', maskedNumber: `•••• •••• •••• ${last4}` });
    const other = await paidApplication(shop);
    const theirs = await shop.call('POST', '/v1/bongloy/card/activate', {
      token: other.token,
      body: { cardId: me.card.id, last4 },
    });
    expect(theirs.body.code).toBe('BLG00020');
  });

  it('locks activation after five wrong tries as the pay password does, says the tries left and when to retry, and audits the lock', async () => {
    const me = await cardholder();
    const last4 = await last4Of(me.card.id);
    const wrongDigits = last4 === '0000' ? '1111' : '0000';
    const activate = (digits: string, language = 'en-US') =>
      shop.call('POST', '/v1/bongloy/card/activate', {
        token: me.token,
        body: { cardId: me.card.id, last4: digits },
        language,
      });
    expect((await activate(wrongDigits)).body).toMatchObject({
      code: 'BLG00021',
      msg: 'The last four digits do not match the card, 4 tries left',
    });
    expect((await activate(wrongDigits, 'kh')).body).toMatchObject({
      code: 'BLG00021',
      msg: 'លេខបួនខ្ទង់ចុងក្រោយមិនត្រូវនឹងកាតទេ នៅសល់ 3 ដង',
    });
    expect((await activate(wrongDigits)).body.msg).toMatch(/2 tries left/);
    expect((await activate(wrongDigits)).body.msg).toMatch(/1 tries left/);
    expect((await activate(wrongDigits, 'chs')).body).toMatchObject({
      code: 'BLG00026',
      msg: '卡号后四位错误次数过多，激活已锁定，请30分钟后再试',
    });
    // Locked: even the right digits are not checked until the wait is over.
    const locked = await activate(last4);
    expect(locked.body).toMatchObject({
      code: 'BLG00026',
      msg: 'Card activation is locked after too many wrong tries, please try again in 30 minutes',
    });
    const cards = await shop.call('GET', '/v1/bongloy/cards', { token: me.token });
    expect(cards.body.data[0].state).toBe('ISSUED');
    const audit = await shop.services.staff.auditList({ page: 1, size: 20, action: 'bongloy.activation-locked' });
    const mine = audit.list.filter((e) => e.targetId === me.userId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ targetType: 'user', after: { cardId: me.card.id, minutes: 30 } });
    // After the wait, the right digits activate the card, and the count starts again.
    await shop.db.execute(
      sql`UPDATE limit_counters SET locked_until = now() - interval '1 second' WHERE key = ${`try:bongloy-activate:${me.userId}`}`,
    );
    expect((await activate(last4)).body.data).toMatchObject({ state: 'ACTIVE' });
    const left = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM limit_counters WHERE key = ${`try:bongloy-activate:${me.userId}`}`,
    );
    expect(left[0].n).toBe(0);
  });

  it('holds tries sent at once to the same five: the issuer is asked five times, the rest are refused', async () => {
    const me = await cardholder();
    const last4 = await last4Of(me.card.id);
    const issuer = shop.services.cardIssuer as SimulatedCardIssuer;
    const asked: string[] = [];
    const activateOnIssuer = issuer.activate.bind(issuer);
    issuer.activate = async (cardRef, digits) => {
      asked.push(digits);
      return activateOnIssuer(cardRef, digits);
    };
    try {
      // 40 guesses at once, none of them right: a burst must not try 40 of the 10,000 numbers.
      const guesses = Array.from({ length: 40 }, (_, i) => String((Number(last4) + 1 + i) % 10_000).padStart(4, '0'));
      const answers = await Promise.all(
        guesses.map((digits) =>
          shop.call('POST', '/v1/bongloy/card/activate', {
            token: me.token,
            body: { cardId: me.card.id, last4: digits },
          }),
        ),
      );
      const codes = answers.map((a) => a.body.code).sort();
      expect(codes.filter((c) => c === 'BLG00021')).toHaveLength(4);
      expect(codes.filter((c) => c === 'BLG00026')).toHaveLength(36);
      expect(asked).toHaveLength(5);
    } finally {
      issuer.activate = activateOnIssuer;
    }
    const audit = await shop.services.staff.auditList({ page: 1, size: 50, action: 'bongloy.activation-locked' });
    expect(audit.list.filter((e) => e.targetId === me.userId)).toHaveLength(1);
  });

  it('is topped up at the cashier and credited by the issuer once; the balance comes from the issuer', async () => {
    const me = await cardholder();
    const create = (amountCents: number) =>
      shop.call('POST', '/v1/bongloy/topup/create', { token: me.token, body: { cardId: me.card.id, amountCents } });
    expect((await create(2_000)).body.code).toBe('BLG00022');
    await shop.call('POST', '/v1/bongloy/card/activate', {
      token: me.token,
      body: { cardId: me.card.id, last4: await last4Of(me.card.id) },
    });
    expect((await create(500)).body.code).toBe('BLG00023');
    const order = (await create(2_000)).body.data;
    expect(order).toMatchObject({ state: 'WP', amountCents: 2_000 });
    const before = await cash(me.userId);
    const paid = await shop.call('POST', '/v1/order/pay', {
      token: me.token,
      body: { orderId: order.id, kind: 'bongloytopup', channel: 'wallet', payPassword: me.pin },
    });
    expect(paid.body.code, paid.body.msg).toBe('0');
    expect(await cash(me.userId)).toBe(before - 2_000);
    await shop.ctx.jobs.runDue();
    await shop.ctx.jobs.runDue();
    const detail = await shop.call('GET', '/v1/bongloy/topup/detail', { token: me.token, query: { id: order.id } });
    expect(detail.body.data.state).toBe('SUCCESS');
    await shop.services.bongloy.cards.credit(order.id);
    const cards = await shop.call('GET', '/v1/bongloy/cards', { token: me.token });
    expect(cards.body.data[0].balanceCents).toBe(2_000);
    const list = await shop.call('GET', '/v1/bongloy/topup/list', { token: me.token });
    expect(list.body.data.list.map((t: { id: string }) => t.id)).toEqual([order.id]);
  });

  it('refunds a failed credit exactly once', async () => {
    const me = await cardholder(2_000_000);
    await shop.call('POST', '/v1/bongloy/card/activate', {
      token: me.token,
      body: { cardId: me.card.id, last4: await last4Of(me.card.id) },
    });
    // The issuer refuses what would pass the card's balance cap.
    await shop.db.execute(
      sql`UPDATE card_sim_cards SET balance_cents = ${SimulatedCardIssuer.BALANCE_CAP_CENTS - 1_000} WHERE card_ref = (SELECT issuer_ref FROM bongloy_cards WHERE id = ${me.card.id})`,
    );
    const order = (
      await shop.call('POST', '/v1/bongloy/topup/create', {
        token: me.token,
        body: { cardId: me.card.id, amountCents: 5_000 },
      })
    ).body.data;
    const before = await cash(me.userId);
    await shop.call('POST', '/v1/order/pay', {
      token: me.token,
      body: { orderId: order.id, kind: 'bongloytopup', channel: 'wallet', payPassword: me.pin },
    });
    await Promise.all([
      shop.ctx.jobs.runDue(),
      shop.services.bongloy.cards.credit(order.id),
      shop.services.bongloy.cards.credit(order.id),
    ]);
    await shop.services.bongloy.cards.credit(order.id);
    const detail = await shop.call('GET', '/v1/bongloy/topup/detail', { token: me.token, query: { id: order.id } });
    expect(detail.body.data).toMatchObject({ state: 'FAILED', failure: expect.stringContaining('limit') });
    expect(await cash(me.userId)).toBe(before);
    const refunds = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM wallet_transfers WHERE idempotency_key LIKE ${`%bongloytopup%${order.id}%`}`,
    );
    expect(refunds[0].n).toBe(2);
  });
});
