import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { coupons } from './tables.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

async function shopper() {
  const userId = `u-${randomUUID()}`;
  const { token } = await shop.ctx.sessions.create('shopper', userId);
  return { userId, token };
}

const title = { 'en-US': 'Welcome offer', chs: '欢迎优惠', kh: 'ការផ្តល់ជូនស្វាគមន៍' };

describe('promo codes', () => {
  it('a valid code gives a coupon valid one month; entering it again is refused', async () => {
    const { token } = await shopper();
    await shop.services.coupons.createBatch({
      title,
      minSpendCents: 500,
      discountCents: 200,
      code: 'HELLO-KH',
      staffId: 'st',
    });
    const res = await shop.call('POST', '/v1/coupon/exchange', {
      token,
      body: { code: ' hello-kh ' },
      language: 'chs',
    });
    expect(res.body.code).toBe('0');
    expect(res.body.data).toMatchObject({ title: '欢迎优惠', minSpendCents: 500, discountCents: 200, status: 'valid' });
    const days = (Date.parse(res.body.data.expiresAt) - Date.parse(res.body.data.validFrom)) / 86_400_000;
    expect(days).toBe(30);
    const again = await shop.call('POST', '/v1/coupon/exchange', { token, body: { code: 'HELLO-KH' } });
    expect(again.body.code).toBe('COUPONCODE0006');
    const count = await shop.call('GET', '/v1/coupon/queryusablecount', { token });
    expect(count.body.data.count).toBe(1);
  });

  it('an unknown or expired code is COUPONCODE0005 in the shopper’s language', async () => {
    const { token } = await shopper();
    await shop.services.coupons.createBatch({
      title,
      minSpendCents: 500,
      discountCents: 200,
      code: 'OLDCODE',
      endsAt: new Date(Date.now() - 1000),
      staffId: 'st',
    });
    for (const [language, msg] of [
      ['en-US', 'Promotion code is invalid, please enter a valid promotion code'],
      ['chs', '优惠码无效，请输入有效的优惠码'],
      ['kh', 'លេខកូដប្រូម៉ូសិនមិនត្រឹមត្រូវ សូមបញ្ចូលលេខកូដដែលត្រឹមត្រូវ'],
    ]) {
      const res = await shop.call('POST', '/v1/coupon/exchange', { token, body: { code: 'NOPE' }, language });
      expect(res.body).toMatchObject({ code: 'COUPONCODE0005', msg });
    }
    expect((await shop.call('POST', '/v1/coupon/exchange', { token, body: { code: 'oldcode' } })).body.code).toBe(
      'COUPONCODE0005',
    );
    expect((await shop.call('POST', '/v1/coupon/exchange', { token, body: { code: '  ' } })).body.code).toBe(
      'COUPONCODE0010',
    );
  });
});

describe('claim pages', () => {
  it('visitors see the newyear offers (spend 5 save 2, spend 25 save 5) but must log in to claim', async () => {
    const visitor = await shop.call('GET', '/v1/coupon/campaign', { query: { campaign: 'newyear' }, language: 'kh' });
    expect(visitor.body.data.running).toBe(true);
    expect(
      visitor.body.data.offers.map((o: { minSpendCents: number; discountCents: number }) => [
        o.minSpendCents,
        o.discountCents,
      ]),
    ).toEqual([
      [500, 200],
      [2500, 500],
    ]);
    expect(visitor.body.data.offers[0].title).toBe('ចំណាយ $5 សន្សំ $2');
    const batchId = visitor.body.data.offers[0].batchId;
    const anonymous = await shop.call('POST', '/v1/coupon/claim', { body: { batchId } });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.code).toBe('USR00001');
    const { token } = await shopper();
    const claimed = await shop.call('POST', '/v1/coupon/claim', { token, body: { batchId } });
    expect(claimed.body.data).toMatchObject({ discountCents: 200, status: 'valid' });
    const after = await shop.call('GET', '/v1/coupon/campaign', { token, query: { campaign: 'newyear' } });
    expect(after.body.data.offers.map((o: { claimed: boolean }) => o.claimed)).toEqual([true, false]);
    expect((await shop.call('POST', '/v1/coupon/claim', { token, body: { batchId } })).body.code).toBe(
      'COUPONCODE0006',
    );
  });

  it('a limited batch never gives more than its limit, even to simultaneous claims', async () => {
    const batch = await shop.services.coupons.createBatch({
      title,
      minSpendCents: 1000,
      discountCents: 100,
      campaign: 'flash',
      totalLimit: 5,
      staffId: 'st',
    });
    const users = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    const results = await Promise.all(
      users.map((u) => shop.call('POST', '/v1/coupon/claim', { token: u.token, body: { batchId: batch.id } })),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(5);
    expect(codes.filter((c) => c !== '0').every((c) => c === 'COUPONCODE0007')).toBe(true);
    const page = await shop.call('GET', '/v1/coupon/campaign', { query: { campaign: 'flash' } });
    expect(page.body.data.offers[0].soldOut).toBe(true);
  });
});

describe('tabs: valid, invalid (expired), used', () => {
  it('files each coupon under its tab', async () => {
    const { userId, token } = await shopper();
    const batch = await shop.services.coupons.createBatch({
      title,
      minSpendCents: 500,
      discountCents: 200,
      perUserLimit: 3,
      staffId: 'st',
    });
    const [a, b, c] = await shop.services.coupons.issue(batch.id, [userId, userId, userId], 'st');
    await shop.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(coupons.id, b.id));
    await shop.services.coupons.redeem(userId, c.id, `order-${randomUUID()}`);
    const ids = async (path: string) =>
      (await shop.call('GET', path, { token })).body.data.list.map((x: { id: number; status: string }) => [
        x.id,
        x.status,
      ]);
    expect(await ids('/v1/coupon/queryusable')).toEqual([[a.id, 'valid']]);
    expect(await ids('/v1/coupon/queryinvalid')).toEqual([[b.id, 'invalid']]);
    expect(await ids('/v1/coupon/queryused')).toEqual([[c.id, 'used']]);
  });
});

describe('checkout: quote, redeem, release', () => {
  it('quotes a coupon or a code against the item total and checks again at payment', async () => {
    const { userId } = await shopper();
    const batch = await shop.services.coupons.createBatch({
      title,
      minSpendCents: 2500,
      discountCents: 500,
      code: 'BIG5',
      staffId: 'st',
    });
    await expect(shop.services.coupons.quote(userId, { code: 'BIG5' }, 2499)).rejects.toMatchObject({
      code: 'COUPONCODE0003',
      params: { min: '$25.00' },
    });
    // The code was exchanged into the shopper's coupon on the way; quoting it again finds that coupon.
    const quote = await shop.services.coupons.quote(userId, { code: 'big5' }, 3000);
    expect(quote.discountCents).toBe(500);
    const again = await shop.services.coupons.quote(userId, { couponId: quote.couponId }, 3000);
    expect(again.couponId).toBe(quote.couponId);
    expect(batch.id).toBeGreaterThan(0);
    await expect(shop.services.coupons.quote(userId, { code: 'NOSUCH' }, 3000)).rejects.toMatchObject({
      code: 'COUPONCODE0005',
    });

    const order = `order-${randomUUID()}`;
    await shop.services.coupons.redeem(userId, quote.couponId, order, undefined, { itemTotalCents: 3000 });
    // Same order again: fine; another order: already used.
    await shop.services.coupons.redeem(userId, quote.couponId, order);
    await expect(shop.services.coupons.redeem(userId, quote.couponId, 'other-order')).rejects.toMatchObject({
      code: 'COUPONCODE0004',
    });
    // Released on cancel: usable again.
    expect(await shop.services.coupons.release(quote.couponId, order)).toBe(true);
    expect((await shop.services.coupons.get(quote.couponId))?.status).toBe('valid');
  });

  it('one coupon per order, and nobody else’s coupon', async () => {
    const { userId } = await shopper();
    const stranger = await shopper();
    const batch = await shop.services.coupons.createBatch({
      title,
      minSpendCents: 500,
      discountCents: 200,
      perUserLimit: 2,
      staffId: 'st',
    });
    const [one, two] = await shop.services.coupons.issue(batch.id, [userId, userId], 'st');
    await expect(shop.services.coupons.quote(stranger.userId, { couponId: one.id }, 1000)).rejects.toMatchObject({
      code: 'COUPONCODE0001',
    });
    const order = `order-${randomUUID()}`;
    await shop.services.coupons.redeem(userId, one.id, order);
    await expect(shop.services.coupons.redeem(userId, two.id, order)).rejects.toMatchObject({ code: 'COUPONCODE0009' });
  });

  it('the checkout picker lists valid coupons the total reaches, the biggest discount first', async () => {
    const { userId } = await shopper();
    const small = await shop.services.coupons.createBatch({
      title,
      minSpendCents: 500,
      discountCents: 200,
      staffId: 'st',
    });
    const big = await shop.services.coupons.createBatch({
      title,
      minSpendCents: 2500,
      discountCents: 500,
      staffId: 'st',
    });
    const [a] = await shop.services.coupons.issue(small.id, [userId], 'st');
    const [b] = await shop.services.coupons.issue(big.id, [userId], 'st');
    const [gone] = await shop.services.coupons.issue(
      (await shop.services.coupons.createBatch({ title, minSpendCents: 500, discountCents: 300, staffId: 'st' })).id,
      [userId],
      'st',
    );
    await shop.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(coupons.id, gone.id));
    const ids = async (total: number) => (await shop.services.coupons.usableFor(userId, total, 'chs')).map((c) => c.id);
    expect(await ids(499)).toEqual([]);
    expect(await ids(2499)).toEqual([a.id]);
    expect(await ids(3000)).toEqual([b.id, a.id]);
    expect((await shop.services.coupons.usableFor(userId, 3000, 'chs'))[0].title).toBe(title.chs);
    await shop.services.coupons.redeem(userId, b.id, `order-${randomUUID()}`);
    expect(await ids(3000)).toEqual([a.id]);
  });

  it('an expired coupon is refused at payment', async () => {
    const { userId } = await shopper();
    const batch = await shop.services.coupons.createBatch({
      title,
      minSpendCents: 500,
      discountCents: 200,
      staffId: 'st',
    });
    const [one] = await shop.services.coupons.issue(batch.id, [userId], 'st');
    await shop.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(coupons.id, one.id));
    await expect(shop.services.coupons.redeem(userId, one.id, 'o-exp')).rejects.toMatchObject({
      code: 'COUPONCODE0002',
    });
  });
});

describe('wallet shows the coupon count', () => {
  it('queryacount counts usable coupons', async () => {
    const { userId, token } = await shopper();
    const batch = await shop.services.coupons.createBatch({
      title,
      minSpendCents: 500,
      discountCents: 200,
      perUserLimit: 2,
      staffId: 'st',
    });
    await shop.services.coupons.issue(batch.id, [userId, userId], 'st');
    expect((await shop.call('GET', '/v1/wallet/queryacount', { token })).body.data.couponCount).toBe(2);
  });
});
