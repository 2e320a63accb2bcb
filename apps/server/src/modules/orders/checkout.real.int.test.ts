import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { askUntilAnswered } from '../../../test/crowd.ts';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { fundShopper, publishedItem, quietShopper, setPayPasswordQuietly } from '../../../test/shoppers.ts';
import { sql } from '../../platform/sql.ts';

/**
 * Buying against the real accounts, catalogue and wallet modules: a shopper logged in by SMS,
 * a published product, a funded wallet and a pay password set through the accounts flow.
 */
const onPg = inject('dbKind') === 'pg';
const BUYERS = onPg ? 500 : 40;
const STOCK = onPg ? 50 : 8;
const PAYMENTS = onPg ? 200 : 24;
const AFFORDABLE = onPg ? 120 : 15;

let shop: TestShop;
let serial = 0;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

async function shopper(): Promise<{ token: string; userId: string }> {
  serial += 1;
  const phone = `012${String(200000 + serial * 13 + Math.floor(Math.random() * 7)).slice(0, 6)}`;
  const ip = `10.9.${serial % 250}.${Math.floor(Math.random() * 250) + 1}`;
  const sent = await shop.call('POST', '/v1/customer/sendsms', {
    body: { countryCode: '+855', phone, type: 'login' },
    headers: { 'x-forwarded-for': ip },
  });
  expect(sent.body.code).toBe('0');
  const res = await shop.call('POST', '/v1/customer/registandlogin', {
    body: { countryCode: '+855', phone, code: sent.body.data.devCode, agree: true },
  });
  expect(res.body.code).toBe('0');
  return res.body.data;
}

const payPassword = (userId: string, pw: string) => setPayPasswordQuietly(shop, userId, pw);
const fund = (userId: string, cents: number) => fundShopper(shop, userId, { cashCents: cents });
const product = (priceCents: number, stock: number, maxPurchase = 0) =>
  publishedItem(
    shop,
    { priceCents, stock, maxPurchase },
    { 'en-US': `Rice cooker ${serial}`, chs: '电饭煲', kh: 'ឆ្នាំងបាយ' },
  );
const creditGift = (userId: string, cents: number) => fundShopper(shop, userId, { giftCents: cents });
const quietShopperWith = (pin: string) => quietShopper(shop, { payPassword: pin });

async function buyNow(token: string, skuId: string, pin: string) {
  const call = (url: string, body: unknown) => shop.call('POST', url, { token, body });
  const pre = await call('/v1/preorder/createdirect', { skuId, quantity: 1, shipType: 'STORE' });
  const orderId = (await call('/v1/preorder/finish', { preorderId: pre.body.data.id })).body.data.orderId as string;
  const paid = await call('/v1/order/pay', { orderId, channel: 'wallet', payPassword: pin });
  return { orderId, code: paid.body.code as string };
}

const stockOf = async (skuId: string) => (await shop.services.catalogue.getSkus([Number(skuId)], 'en-US'))[0].stock;
const cashOf = async (userId: string) => (await shop.services.wallet.balances(userId)).cashCents;

describe('checkout with the real catalogue, wallet and accounts', () => {
  it('cart → preorder → order → wallet pay → refund: stock and ledger follow', async () => {
    const { token, userId } = await shopper();
    const skuId = await product(1250, 5, 3);
    await payPassword(userId, '258046');
    await fund(userId, 5000);
    const post = (url: string, body: unknown) => shop.call('POST', url, { token, body });
    await post('/v1/address/addaddress', {
      receiver: 'Dara',
      mobile: '012345678',
      provinceCode: '12',
      cityCode: '1201',
      districtCode: '120101',
      detail: 'St 1',
    });
    expect((await post('/v1/shoppingcart/add', { skuId, quantity: 2 })).body.data.chosenTotalCents).toBe(2500);
    const pre = await post('/v1/preorder/create', {});
    expect(pre.body.data).toMatchObject({ itemTotalCents: 2500, shippingFeeCents: 100, payableCents: 2600 });
    const done = await post('/v1/preorder/finish', { preorderId: pre.body.data.id });
    expect(done.body.data.state).toBe('WP');
    expect(await stockOf(skuId)).toBe(3);
    const cashier = await shop.call('GET', '/v1/h5/new/cashier/refresh', {
      token,
      query: { orderId: done.body.data.orderId },
    });
    expect(cashier.body.data).toMatchObject({ walletBalanceCents: 5000, hasPayPassword: true });
    const wrong = await post('/v1/order/pay', {
      orderId: done.body.data.orderId,
      channel: 'wallet',
      payPassword: '111111',
    });
    expect(wrong.body.code).not.toBe('0');
    const paid = await post('/v1/order/pay', {
      orderId: done.body.data.orderId,
      channel: 'wallet',
      payPassword: '258046',
    });
    expect(paid.body.data.status).toBe('SUCCEEDED');
    expect(await cashOf(userId)).toBe(2400);
    await shop.services.orders.move(done.body.data.orderId, 'refund', 'staff');
    expect(await cashOf(userId)).toBe(5000);
    expect(await stockOf(skuId)).toBe(5);
  });

  it('a direct buy writes its preorder in the statement that reads the item, only when the item can be bought so', async () => {
    // A session of its own (no SMS: the shoppers of this file share the SMS limits of one address).
    const userId = randomUUID();
    const { token } = await shop.ctx.sessions.create('shopper', userId);
    const buy = (skuId: string, quantity: number) =>
      shop.call('POST', '/v1/preorder/createdirect', { token, body: { skuId, quantity, shipType: 'STORE' } });
    const written = async () =>
      (
        (await shop.db.execute(sql`SELECT count(*)::int AS n FROM preorders WHERE user_id = ${userId}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0].n;
    const item = (skuId: string, change: ReturnType<typeof sql>) =>
      shop.db.execute(sql`UPDATE catalogue_items SET ${change} WHERE id = ${Number(skuId)}`);
    const limited = await product(500, 3, 2);
    const unpublished = await product(500, 3);
    await item(unpublished, sql`published = false`);
    const productOff = await product(500, 3);
    await shop.db.execute(
      sql`UPDATE catalogue_products SET published = false WHERE id = (SELECT product_id FROM catalogue_items WHERE id = ${Number(productOff)})`,
    );
    const expired = await product(500, 3);
    await item(expired, sql`expires_at = now() - interval '1 second'`);
    const soldOut = await product(500, 0);
    const refusals: [string, number, string][] = [
      [unpublished, 1, 'ORD0004'],
      [productOff, 1, 'ORD0004'],
      [expired, 1, 'ORD0004'],
      [soldOut, 1, 'ORD0003'],
      [limited, 3, 'ORD0006'],
      ['999999', 1, 'ORD0004'],
    ];
    for (const [skuId, quantity, code] of refusals) {
      expect((await buy(skuId, quantity)).body.code, `${skuId} × ${quantity}`).toBe(code);
    }
    expect(await written()).toBe(0);
    const over = await product(500, 1, 5);
    expect((await buy(over, 2)).body.code).toBe('ORD0005');
    expect(await written()).toBe(0);
    const ok = await buy(limited, 2);
    expect(ok.body.data).toMatchObject({ itemTotalCents: 1000, lines: [{ skuId: limited, quantity: 2 }] });
    expect(await written()).toBe(1);
  });

  it('a finish right after the quote places from it without reading; a changed preorder, price or stock is read again', async () => {
    const orders = shop.services.orders;
    const userId = randomUUID();
    const skuId = await product(700, 5);
    const direct = { direct: { skuId, quantity: 1 } };
    const store = { shipType: 'STORE' as const };
    const execute = (q: ReturnType<typeof sql>) => shop.db.execute(q);

    // Kept: a change made behind the shop's back (no new revision) is not seen: the kept quote is used.
    let pre = await orders.createPreorder(userId, 'en-US', direct, store);
    await execute(sql`UPDATE preorders SET buyer_comment = 'not read' WHERE id = ${pre.id}`);
    let placed = await orders.finishPreorder(userId, pre.id, 'en-US');
    expect(placed.buyerComment).toBeNull();
    expect(await orders.getOrder(placed.id)).toEqual(placed);

    // A modify (here or on another instance) makes a new revision: the finish reads the preorder.
    pre = await orders.createPreorder(userId, 'en-US', direct, store);
    await execute(sql`UPDATE preorders SET pay_type = 'CASH', revision = revision + 1 WHERE id = ${pre.id}`);
    placed = await orders.finishPreorder(userId, pre.id, 'en-US');
    expect(placed).toMatchObject({ payType: 'CASH', state: 'WPP', payChannel: 'cash' });

    // A new price since the quote: the order is placed at the price of now.
    pre = await orders.createPreorder(userId, 'en-US', direct, store);
    await execute(sql`UPDATE catalogue_items SET price_cents = 650 WHERE id = ${Number(skuId)}`);
    placed = await orders.finishPreorder(userId, pre.id, 'en-US');
    expect(placed).toMatchObject({ itemTotalCents: 650, payableCents: 650 });
    expect((await orders.items(placed.id))[0].priceCents).toBe(650);

    // Placed meanwhile by a finish on another instance (here: linked by hand to the last order): that
    // order is the answer, and no stock is taken again.
    pre = await orders.createPreorder(userId, 'en-US', direct, store);
    const before = await stockOf(skuId);
    await execute(sql`UPDATE preorders SET order_id = ${placed.id} WHERE id = ${pre.id}`);
    expect((await orders.finishPreorder(userId, pre.id, 'en-US')).id).toBe(placed.id);
    expect(await stockOf(skuId)).toBe(before);

    // The stock gone since the quote: refused as out of stock, nothing placed.
    pre = await orders.createPreorder(userId, 'en-US', direct, store);
    await execute(sql`UPDATE catalogue_items SET stock = 0 WHERE id = ${Number(skuId)}`);
    const refused = await orders.finishPreorder(userId, pre.id, 'en-US').catch((e: { code?: string }) => e.code);
    expect(refused).toBe('ORD0003');
    const [{ n }] = (
      (await execute(
        sql`SELECT count(*)::int AS n FROM preorders WHERE id = ${pre.id} AND order_id IS NOT NULL`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(n).toBe(0);
  });

  it(`${BUYERS} buyers at once for ${STOCK} in stock: exactly ${STOCK} orders, stock 0`, async () => {
    const skuId = await product(990, STOCK, 1);
    const tokens = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) =>
        shop.ctx.sessions
          .create('shopper', `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
          .then((s) => s.token),
      ),
    );
    const codes = await Promise.all(
      tokens.map(async (token) => {
        const pre = await askUntilAnswered(() =>
          shop.call('POST', '/v1/preorder/createdirect', { token, body: { skuId, quantity: 1, shipType: 'STORE' } }),
        );
        if (pre.body.code !== '0') return pre.body.code;
        return (
          await askUntilAnswered(() =>
            shop.call('POST', '/v1/preorder/finish', { token, body: { preorderId: pre.body.data.id } }),
          )
        ).body.code;
      }),
    );
    expect(codes.filter((c) => c === '0')).toHaveLength(STOCK);
    expect(codes.every((c) => ['0', 'ORD0003', 'ORD0005'].includes(c))).toBe(true);
    expect(await stockOf(skuId)).toBe(0);
  }, 300_000);

  it('an order is placed whole or not at all, and once: a short line takes nothing; ten finishes at once make one order', async () => {
    const { token } = await shopper();
    const post = (url: string, body: unknown) => shop.call('POST', url, { token, body });
    const plenty = await product(300, 5);
    const scarce = await product(400, 1);
    expect((await post('/v1/shoppingcart/add', { skuId: plenty, quantity: 2 })).body.code).toBe('0');
    expect((await post('/v1/shoppingcart/add', { skuId: scarce, quantity: 1 })).body.code).toBe('0');
    const cartPre = await post('/v1/preorder/create', { shipType: 'STORE' });
    expect(cartPre.body.code).toBe('0');
    // The last scarce one is sold between the confirmation and the finish: on PostgreSQL that
    // sale still holds the item's row when the finish's statement (placing from the quote kept at
    // the confirmation) reaches it, so the statement itself refuses (it has taken the plentiful line
    // first, in SKU order, and gives it back), and the finish reads the preorder again to name the
    // refusal; on PGlite the finish waits for the sale and then its statement refuses the same way.
    let finishing: ReturnType<typeof shop.call> | undefined;
    await shop.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE catalogue_items SET stock = 0 WHERE id = ${Number(scarce)}`);
      finishing = shop.call('POST', '/v1/preorder/finish', {
        token,
        body: { preorderId: cartPre.body.data.id },
        language: 'kh',
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const refused = await (finishing as ReturnType<typeof shop.call>);
    expect(refused.body).toMatchObject({ code: 'ORD0003', msg: expect.stringMatching(/^[\u1780-\u17ff ]+/) });
    expect([await stockOf(plenty), await stockOf(scarce)]).toEqual([5, 0]);
    expect((await shop.call('GET', '/v1/order/queryall', { token })).body.data.list).toHaveLength(0);
    expect((await shop.call('GET', '/v1/shoppingcart/query', { token })).body.data.lines).toHaveLength(2);

    const direct = await post('/v1/preorder/createdirect', { skuId: plenty, quantity: 2, shipType: 'STORE' });
    const finishes = await Promise.all(
      Array.from({ length: 10 }, () => post('/v1/preorder/finish', { preorderId: direct.body.data.id })),
    );
    expect(finishes.map((f) => f.body.code)).toEqual(Array(10).fill('0'));
    expect(new Set(finishes.map((f) => f.body.data.orderId)).size).toBe(1);
    // The items were read with the preorder (one statement): the order keeps what the catalogue said.
    expect(await shop.services.orders.items(finishes[0].body.data.orderId)).toMatchObject([
      { skuId: plenty, name: expect.stringMatching(/^Rice cooker/), priceCents: 300, quantity: 2 },
    ]);
    expect(await stockOf(plenty)).toBe(3);
    expect((await shop.call('GET', '/v1/order/queryall', { token })).body.data.list).toHaveLength(1);
  });

  it("a wallet payment moves gift then cash with the order in one go; an invited friend's first one rewards the inviter", async () => {
    const inviter = await shopper();
    const code = (await shop.call('GET', '/v1/customer/queryawardandprocess', { token: inviter.token })).body.data
      .code as string;
    const { token, userId } = await shopper();
    expect((await shop.call('POST', '/v1/customer/sharebind', { token, body: { inviteCode: code } })).body.code).toBe(
      '0',
    );
    await payPassword(userId, '975310');
    await fund(userId, 1000);
    await creditGift(userId, 300);
    const skuId = await product(500, 5);
    const buy = () => buyNow(token, skuId, '975310');
    const first = await buy();
    expect(first.code).toBe('0');
    expect(await shop.services.wallet.balances(userId)).toMatchObject({ giftCents: 0, cashCents: 800 });
    expect(await shop.services.wallet.balances(inviter.userId)).toMatchObject({ giftCents: 500 });
    // The detail says what was paid and how: $3.00 of gift money, $2.00 of cash (spec §3, amount paid).
    const detail = (await shop.call('GET', '/v1/order/detail', { token, query: { orderId: first.orderId } })).body;
    expect(detail.data).toMatchObject({
      paidCents: 500,
      paidBy: { channel: 'wallet', giftCents: 300, cashCents: 200, otherCents: 0 },
    });
    const second = await buy();
    expect(second.code).toBe('0');
    expect(await shop.services.wallet.balances(userId)).toMatchObject({ giftCents: 0, cashCents: 300 });
    expect(await shop.services.wallet.balances(inviter.userId)).toMatchObject({ giftCents: 500 });
    // Not enough left: refused whole (the order stays unpaid, no payment row, no history move).
    const third = await buy();
    expect(third.code).toBe('WAL00001');
    const unpaid = (await shop.call('GET', '/v1/order/detail', { token, query: { orderId: third.orderId } })).body;
    expect(unpaid.data).toMatchObject({ paidCents: 0, paidBy: null });
    expect(await shop.services.orders.getOrder(third.orderId)).toMatchObject({ state: 'WP', paidCents: 0 });
    expect(await shop.services.payments.paymentsOf(third.orderId)).toHaveLength(0);
    expect((await shop.services.orders.history(third.orderId)).map((h) => h.action)).toEqual(['create']);
    expect(await shop.services.wallet.balances(userId)).toMatchObject({ cashCents: 300 });
    expect(await shop.services.wallet.ledger.audit()).toEqual([]);
  });

  it('a wallet payment right after its order reads nothing; whatever it kept that moved is read again', async () => {
    const { userId, token } = await quietShopperWith('482913');
    await fund(userId, 10_000);
    const skuId = await product(500, 50);
    const reads = vi.spyOn(shop.services.orders, 'orderForMove').mockClear();
    // Nothing kept yet: read (and its pay password, order and gift balance kept from then on).
    expect((await buyNow(token, skuId, '482913')).code).toBe('0');
    expect(reads).toHaveBeenCalledTimes(1);
    expect((await buyNow(token, skuId, '482913')).code).toBe('0');
    expect(reads).toHaveBeenCalledTimes(1);
    // A gift credited since: the kept split (all cash) is refused, the read pays gift first.
    await creditGift(userId, 300);
    expect((await buyNow(token, skuId, '482913')).code).toBe('0');
    expect(reads).toHaveBeenCalledTimes(2);
    expect(await shop.services.wallet.balances(userId)).toMatchObject({ giftCents: 0, cashCents: 10_000 - 1200 });
    // The pay password changed: the old one matches what was kept, but the statement sees the new hash.
    await payPassword(userId, '640271');
    expect((await buyNow(token, skuId, '482913')).code).toBe('USR00032');
    expect(reads).toHaveBeenCalledTimes(3);
    expect((await buyNow(token, skuId, '640271')).code).toBe('0');
    expect((await buyNow(token, skuId, '640271')).code).toBe('0');
    expect(reads).toHaveBeenCalledTimes(4);
    // A wrong try on record: the right one is read again (and clears it), then kept again.
    expect((await buyNow(token, skuId, '000000')).code).toBe('USR00032');
    expect((await buyNow(token, skuId, '640271')).code).toBe('0');
    expect(reads).toHaveBeenCalledTimes(6);
    expect((await buyNow(token, skuId, '640271')).code).toBe('0');
    expect(reads).toHaveBeenCalledTimes(6);
    expect(await shop.services.wallet.balances(userId)).toMatchObject({ cashCents: 10_000 - 3200 });
    expect(await shop.services.wallet.ledger.audit()).toEqual([]);
    reads.mockRestore();
  });

  it("a first paid order is never paid from what was kept: the invited friend's reward follows", async () => {
    const inviter = await quietShopperWith('111357');
    const code = (await shop.call('GET', '/v1/customer/queryawardandprocess', { token: inviter.token })).body.data
      .code as string;
    const friend = await quietShopperWith('246802');
    const bound = await shop.call('POST', '/v1/customer/sharebind', {
      token: friend.token,
      body: { inviteCode: code },
    });
    expect(bound.body.code).toBe('0');
    const skuId = await product(800, 5);
    // Refused for want of money: the pay password and the gift balance are kept, no order is paid.
    expect((await buyNow(friend.token, skuId, '246802')).code).toBe('WAL00001');
    await fund(friend.userId, 5000);
    // Everything kept, but it would be the first paid order: the statement refuses, the read pays.
    const reads = vi.spyOn(shop.services.orders, 'orderForMove').mockClear();
    expect((await buyNow(friend.token, skuId, '246802')).code).toBe('0');
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
    expect(await shop.services.wallet.balances(inviter.userId)).toMatchObject({ giftCents: 500 });
  });

  it(`${PAYMENTS} wallet payments at once against one balance: no overdraft, each paid once`, async () => {
    const { token, userId } = await shopper();
    await payPassword(userId, '864209');
    const skuId = await product(100, PAYMENTS);
    const orderIds: string[] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const pre = await shop.call('POST', '/v1/preorder/createdirect', {
        token,
        body: { skuId, quantity: 1, shipType: 'STORE' },
      });
      orderIds.push(
        (await shop.call('POST', '/v1/preorder/finish', { token, body: { preorderId: pre.body.data.id } })).body.data
          .orderId,
      );
    }
    await fund(userId, 100 * AFFORDABLE);
    const attempts = [...orderIds, ...orderIds.slice(0, 10)];
    const codes = await Promise.all(
      attempts.map((orderId) =>
        shop
          .call('POST', '/v1/order/pay', { token, body: { orderId, channel: 'wallet', payPassword: '864209' } })
          .then((r) => r.body.code),
      ),
    );
    expect(codes.filter((c) => c === '0')).toHaveLength(AFFORDABLE);
    expect(await cashOf(userId)).toBe(0);
    let paidOrders = 0;
    for (const orderId of orderIds) {
      const order = await shop.services.orders.getOrder(orderId);
      const payments = (await shop.services.payments.paymentsOf(orderId)).filter((p) => p.status === 'SUCCEEDED');
      const moves = (await shop.services.orders.history(orderId)).filter((h) => h.action === 'pay');
      if ((order?.paidCents ?? 0) > 0) {
        paidOrders++;
        expect([payments.length, moves.length]).toEqual([1, 1]);
      } else expect([payments.length, moves.length]).toEqual([0, 0]);
    }
    expect(paidOrders).toBe(AFFORDABLE);
    expect(await shop.services.wallet.ledger.audit()).toEqual([]);
  }, 300_000);
});
