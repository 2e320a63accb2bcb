import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { fundShopper, publishedItem, quietShopper } from '../../../test/shoppers.ts';

/**
 * Issue 19, "Money paths", against the real accounts, catalogue, wallet and orders: what the
 * cashier says the wallet can spend and how it splits, the order of the channels, and a payment
 * without an answer paid again another way with a late answer after.
 */
const SECRET = 'money-paths-secret';
let shop: TestShop;
let skuId: string;

beforeAll(async () => {
  shop = await startTestShop({ paymentSecret: SECRET });
  skuId = await publishedItem(
    shop,
    { priceCents: 390, stock: 1000 },
    { 'en-US': 'Jasmine rice 1 kg', chs: '茉莉香米 1 公斤', kh: 'អង្ករម្លិះ ១ គីឡូ' },
  );
});
afterAll(() => shop.close());

const shopper = (pin?: string) => quietShopper(shop, { payPassword: pin });
const gift = (userId: string, cents: number) => fundShopper(shop, userId, { giftCents: cents });
const cash = (userId: string, cents: number) => fundShopper(shop, userId, { cashCents: cents });

/** An order of one 3.90 item for store pickup, waiting for its payment. */
async function order(token: string): Promise<string> {
  const call = (url: string, body: unknown) => shop.call('POST', url, { token, body });
  const pre = await call('/v1/preorder/createdirect', { skuId, quantity: 1, shipType: 'STORE' });
  expect(pre.body.code, pre.body.msg).toBe('0');
  const done = await call('/v1/preorder/finish', { preorderId: pre.body.data.id });
  expect(done.body.data.state).toBe('WP');
  return done.body.data.orderId;
}

const cashier = async (token: string, orderId: string, language = 'en-US') =>
  (await shop.call('GET', '/v1/h5/new/cashier/refresh', { token, query: { orderId }, language })).body;

describe('the cashier counts what a wallet payment can spend', () => {
  it('a gift-only shopper: gift usable for shopping counts, the split is shown, paying spends the gift', async () => {
    const me = await shopper('246810');
    await gift(me.userId, 500);
    const orderId = await order(me.token);
    const answer = await cashier(me.token, orderId);
    expect(answer.data.payableCents).toBe(390);
    expect(answer.data.walletBalanceCents).toBe(500);
    expect(answer.data.wallet).toEqual({ cashCents: 0, giftCents: 500, split: { giftCents: 390, cashCents: 0 } });
    expect(answer.data.channels[0]).toEqual({ code: 'wallet', enabled: true, reason: null });

    const paid = await shop.call('POST', '/v1/order/pay', {
      token: me.token,
      body: { orderId, channel: 'wallet', payPassword: '246810' },
    });
    expect(paid.body.data.status).toBe('SUCCEEDED');
    expect(await shop.services.wallet.balances(me.userId)).toMatchObject({ giftCents: 110, cashCents: 0 });
    expect((await shop.services.orders.getOrder(orderId))?.paidCents).toBe(390);
  });

  it('gift first, then cash: the split the payment makes is the one shown', async () => {
    const me = await shopper('135246');
    await gift(me.userId, 200);
    await cash(me.userId, 1000);
    const orderId = await order(me.token);
    const answer = await cashier(me.token, orderId);
    expect(answer.data.walletBalanceCents).toBe(1200);
    expect(answer.data.wallet.split).toEqual({ giftCents: 200, cashCents: 190 });
    await shop.call('POST', '/v1/order/pay', {
      token: me.token,
      body: { orderId, channel: 'wallet', payPassword: '135246' },
    });
    expect(await shop.services.wallet.balances(me.userId)).toMatchObject({ giftCents: 0, cashCents: 810 });
  });

  it('a new shopper: what can pay comes first, the wallet last with why, in the shopper’s language', async () => {
    const me = await shopper();
    const orderId = await order(me.token);
    const answer = await cashier(me.token, orderId);
    const codes = answer.data.channels.map((c: { code: string }) => c.code);
    expect(codes[codes.length - 1]).toBe('wallet');
    expect(answer.data.channels[0].enabled).toBe(true);
    expect(answer.data.channels.at(-1)).toEqual({
      code: 'wallet',
      enabled: false,
      reason: 'Balance $0.00, not enough',
    });
    expect(answer.data.hasPayPassword).toBe(false);
    const kh = await cashier(me.token, orderId, 'kh');
    expect(kh.data.channels.at(-1).reason).toBe('សមតុល្យ $0.00 មិនគ្រប់គ្រាន់ទេ');
    // Without a pay password the wallet answers "set one first" (the cashier asks for it before).
    await cash(me.userId, 1000);
    const noPin = await shop.call('POST', '/v1/order/pay', {
      token: me.token,
      body: { orderId, channel: 'wallet', payPassword: '123456' },
    });
    expect(noPin.body.code).toBe('PAY0006');
  });
});

describe('a payment without an answer', () => {
  const sign = (b: {
    paymentId: string;
    status: string;
    amountCents: number;
    transactionId: string;
    timestamp: number;
  }) =>
    createHmac('sha256', SECRET)
      .update(`${b.paymentId}|${b.status}|${b.amountCents}|${b.transactionId}|${b.timestamp}`)
      .digest('hex');

  it('is shown at the cashier; paid again another way, its late success is given back: paid once', async () => {
    const me = await shopper('975310');
    await cash(me.userId, 2000);
    const orderId = await order(me.token);
    const first = await shop.call('POST', '/v1/order/pay', { token: me.token, body: { orderId, channel: 'sandbox' } });
    expect(first.body.data.status).toBe('PENDING');
    // The shopper left the bank's page without an answer: nothing is sent.
    await shop.services.payments.sandboxDecide(first.body.data.paymentId, 'timeout');
    const waiting = await cashier(me.token, orderId);
    expect(waiting.data.state).toBe('WP');
    expect(waiting.data.pending).toMatchObject({ paymentId: first.body.data.paymentId, channel: 'sandbox' });
    const status = await shop.call('GET', '/v1/pay/query', { token: me.token, query: { orderId } });
    expect(status.body.data).toMatchObject({ paid: false, lastPayment: { status: 'PENDING', channel: 'sandbox' } });

    // Paid again, from the wallet.
    const again = await shop.call('POST', '/v1/order/pay', {
      token: me.token,
      body: { orderId, channel: 'wallet', payPassword: '975310' },
    });
    expect(again.body.data.status).toBe('SUCCEEDED');
    expect((await cashier(me.token, orderId)).data.pending).toBeNull();

    // The bank's late success of the first payment (its books say paid): recorded as late, given
    // back at the bank once, not paid twice.
    await shop.services.payments.sandboxDecide(first.body.data.paymentId, 'success');
    const record = await shop.services.payments.sandboxRecord(first.body.data.paymentId);
    const late = {
      paymentId: first.body.data.paymentId,
      status: 'SUCCEEDED',
      amountCents: 390,
      transactionId: record?.transactionId ?? '',
      timestamp: Date.now(),
    };
    const callback = await shop.app.inject({
      method: 'POST',
      url: '/v1/pay/callback/sandbox',
      payload: { ...late, signature: sign(late) },
    });
    expect(callback.json()).toMatchObject({ outcome: 'late' });
    const again2 = await shop.app.inject({
      method: 'POST',
      url: '/v1/pay/callback/sandbox',
      payload: { ...late, signature: sign(late) },
    });
    expect(again2.json()).toMatchObject({ outcome: 'duplicate' });
    // The refund job sends it to the sandbox bank; the bank's own callbacks arrive too (duplicates).
    for (let i = 0; i < 3; i++) await shop.ctx.jobs.runDue(new Date(Date.now() + 60_000));
    const rows = await shop.services.payments.paymentsOf(orderId);
    expect(rows.map((p) => [p.channel, p.status]).sort()).toEqual([
      ['sandbox', 'REFUNDED'],
      ['wallet', 'SUCCEEDED'],
    ]);
    const paidOrder = await shop.services.orders.getOrder(orderId);
    expect(paidOrder?.paidCents).toBe(390);
    expect((await shop.services.wallet.balances(me.userId)).cashCents).toBe(1610);
    // The bank's own books: the 3.90 went back once.
    const bank = await shop.services.payments.sandboxBank.refunds(first.body.data.paymentId);
    expect(bank).toMatchObject({ paidCents: 390, refundedCents: 390 });
    expect(bank?.refunds).toHaveLength(1);
  });

  it('the sandbox bank page says its encoding: its title is not garbled', async () => {
    const me = await shopper();
    const orderId = await order(me.token);
    const pay = await shop.call('POST', '/v1/order/pay', { token: me.token, body: { orderId, channel: 'sandbox' } });
    const page = await shop.app.inject({ method: 'GET', url: pay.body.data.redirectUrl });
    expect(page.headers['content-type']).toMatch(/charset=utf-8/i);
    expect(page.body).toContain('<meta charset="utf-8">');
    expect(page.body).toContain('<title>Sandbox Bank · test payment</title>');
  });
});
