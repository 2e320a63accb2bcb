import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { publishedItem, registeredShopper, TEST_PAY_PASSWORD } from '../../../test/shoppers.ts';

/** The money modules through the buying calls: a coupon used at checkout, the invitation reward. */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ trustProxy: true });
});
afterAll(() => shop.close());

const product = (priceCents: number) => publishedItem(shop, { priceCents, stock: 10 });

describe('coupon at checkout and the invitation reward, through the buying calls', () => {
  it('an invited friend claims a coupon, buys with it from the wallet, and the inviter is rewarded', async () => {
    const inviter = await registeredShopper(shop, { payPassword: null });
    const code = await shop.services.invitations.codeOf(inviter.userId);
    const friend = await registeredShopper(shop);
    const post = (url: string, body: unknown) => shop.call('POST', url, { token: friend.token, body });
    expect((await post('/v1/customer/sharebind', { inviteCode: code })).body.code).toBe('0');
    await shop.services.wallet.adjust({
      userId: friend.userId,
      account: 'cash',
      amountCents: 3000,
      reason: 'top-up',
      staffId: 's',
      idempotencyKey: randomUUID(),
    });

    const offers = await shop.call('GET', '/v1/coupon/campaign', {
      token: friend.token,
      query: { campaign: 'newyear' },
    });
    const coupon = await post('/v1/coupon/claim', { batchId: offers.body.data.offers[0].batchId });
    expect(coupon.body.code).toBe('0');

    const skuId = await product(1250);
    const pre = await post('/v1/preorder/createdirect', { skuId, quantity: 1, shipType: 'STORE' });
    expect(pre.body).toMatchObject({ code: '0' });
    const withCoupon = await post('/v1/preorder/modify', {
      preorderId: pre.body.data.id,
      couponId: String(coupon.body.data.id),
    });
    expect(withCoupon.body.code).toBe('0');
    expect(withCoupon.body.data.payableCents).toBe(pre.body.data.payableCents - 200);
    const order = await post('/v1/preorder/finish', { preorderId: pre.body.data.id });
    expect(order.body.code).toBe('0');
    const paid = await post('/v1/order/pay', {
      orderId: order.body.data.orderId,
      channel: 'wallet',
      payPassword: TEST_PAY_PASSWORD,
    });
    expect(paid.body.code).toBe('0');

    expect((await shop.services.wallet.balances(friend.userId)).cashCents).toBe(
      3000 - (pre.body.data.payableCents - 200),
    );
    const used = await shop.call('GET', '/v1/coupon/queryused', { token: friend.token });
    expect(used.body.data.list[0]).toMatchObject({ id: coupon.body.data.id, orderId: order.body.data.orderId });
    // The same coupon cannot serve a second order.
    const again = await post('/v1/preorder/createdirect', { skuId, quantity: 1, shipType: 'STORE' });
    const reuse = await post('/v1/preorder/modify', {
      preorderId: again.body.data.id,
      couponId: String(coupon.body.data.id),
    });
    expect(reuse.body.code).toBe('COUPONCODE0004');

    expect((await shop.services.wallet.balances(inviter.userId)).giftCents).toBe(500);
    const done = await shop.call('GET', '/v1/customer/queryawardlist', { token: inviter.token });
    expect(done.body.data.list[0]).toMatchObject({ status: 'success', rewardCents: 500 });
    expect(await shop.services.wallet.ledger.audit()).toEqual([]);
  });
});
