import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import { sql } from '../../platform/sql.ts';

/** Issue 19: the coupon the visitors' bonus advert promises ("New here? Get $5 off"). */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const shopper = () => quietShopper(shop);

describe('the new-shopper coupon of the visitors’ advert', () => {
  it('a visitor sees the offer; a new shopper gets it once, however often and concurrently asked', async () => {
    const visitor = await shop.call('GET', '/v1/coupon/newshopper');
    expect(visitor.body.data).toMatchObject({
      offer: { minSpendCents: 2500, discountCents: 500, validDays: 30 },
      coupon: null,
    });
    const me = await shopper();
    const grant = () => shop.call('POST', '/v1/coupon/newshopper', { token: me.token, body: {} });
    const answers = await Promise.all([grant(), grant(), grant()]);
    for (const a of answers) expect(a.body.code, a.body.msg).toBe('0');
    expect(answers.filter((a) => a.body.data.granted)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.data.coupon.id)).size).toBe(1);
    const later = await grant();
    expect(later.body.data).toMatchObject({ granted: false, coupon: { id: answers[0].body.data.coupon.id } });
    const mine = await shop.call('GET', '/v1/coupon/queryusable', {
      token: me.token,
      query: { page: '1', size: '20' },
    });
    expect(mine.body.data.list.filter((c: { discountCents: number }) => c.discountCents === 500)).toHaveLength(1);
    const seen = await shop.call('GET', '/v1/coupon/newshopper', { token: me.token });
    expect(seen.body.data.coupon.id).toBe(answers[0].body.data.coupon.id);
  });

  it('the database keeps it once per shopper, and a shopper of long standing is told it is for new shoppers', async () => {
    const me = await shopper();
    const given = await shop.call('POST', '/v1/coupon/newshopper', { token: me.token, body: {} });
    const batch = await shop.services.coupons.batchBySlug('new-shopper-25-5');
    await expect(
      shop.ctx.db.execute(
        sql`INSERT INTO coupons (batch_id, user_id, min_spend_cents, discount_cents, expires_at, source)
          VALUES (${batch?.id}, ${me.userId}, 2500, 500, now() + interval '30 days', 'new-shopper')`,
      ),
    ).rejects.toThrow();
    expect(given.body.data.granted).toBe(true);

    const old = await shopper();
    await shop.ctx.db.execute(sql`UPDATE users SET created_at = now() - interval '40 days' WHERE id = ${old.userId}`);
    const refused = await shop.call('POST', '/v1/coupon/newshopper', { token: old.token, body: {}, language: 'chs' });
    expect(refused.body).toMatchObject({ code: 'COUPONCODE0011', msg: '该优惠仅限新用户' });
  });
});
