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
    expect(wrong.body).toMatchObject({ code: 'BLG00021', msg: '卡号后四位不匹配' });
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
