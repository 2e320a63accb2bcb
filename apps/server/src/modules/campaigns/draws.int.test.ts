import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import { sql } from '../../platform/sql.ts';

let shop: TestShop;
let staff: string;
const L = (en: string) => ({ 'en-US': en, chs: `${en}（中）`, kh: `${en} (ខ្មែរ)` });
const DAY = 86_400_000;
const PIN = '258046';

beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const m = await shop.services.staff.create(
    { login: 'fin.draws', displayName: 'Finance', password: 'Angkor2026pass', roles: ['finance'] },
    { staffId: owner.id, login: 'owner' },
  );
  staff = (await shop.ctx.sessions.create('staff', m.id)).token;
});
afterAll(() => shop.close());

const batch = async (title: string, totalLimit: number) =>
  (
    await shop.services.coupons.createBatch({
      title: L(title),
      minSpendCents: 2000,
      discountCents: 300,
      totalLimit,
      perUserLimit: 1,
      staffId: 'st',
    })
  ).id;

async function campaign(route: string, blocks: unknown[], publish = true) {
  const saved = await shop.call('POST', '/admin-api/v1/campaigns/save', {
    token: staff,
    body: {
      route,
      title: L(`Sale ${route}`),
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + 10 * DAY).toISOString(),
      blocks: [{ type: 'countdown' }, ...blocks],
    },
  });
  if (saved.body.code !== '0') return saved.body.code as string;
  if (publish)
    await shop.call('POST', '/admin-api/v1/campaigns/publish', {
      token: staff,
      body: { id: saved.body.data.id, published: true },
    });
  return saved.body.data.id as number;
}

const draw = (token: string | undefined, campaignId: number, language = 'en-US') =>
  shop.call('POST', '/v1/campaign/draw', { token, body: { campaignId }, language });
const couponsFrom = async (source: string) =>
  (
    (await shop.db.execute(
      sql`SELECT user_id, batch_id::int AS batch_id FROM coupons WHERE source = ${source}`,
    )) as unknown as {
      rows: { user_id: string; batch_id: number }[];
    }
  ).rows;

describe('the lucky draw', () => {
  it('staff configure one per campaign, with prizes that exist', async () => {
    const a = await batch('Prize A', 100);
    const block = (prizes: unknown[]) => ({
      type: 'luckyDraw',
      heading: L('Spin'),
      drawsPerShopper: 1,
      missWeight: 1,
      prizes,
    });
    expect(
      await campaign('newbg', [
        block([{ batchId: a, stock: 1, weight: 1 }]),
        block([{ batchId: a, stock: 1, weight: 1 }]),
      ]),
    ).toBe('CMP00010');
    expect(
      await campaign('newbg', [
        block([
          { batchId: a, stock: 1, weight: 1 },
          { batchId: a, stock: 2, weight: 1 },
        ]),
      ]),
    ).toBe('CMP00010');
    expect(await campaign('newbg', [block([{ batchId: 999_999, stock: 1, weight: 1 }])])).toBe('CMP00007');
    const plain = (await campaign('Shortactivity', [{ type: 'share' }])) as number;
    const { token } = await quietShopper(shop);
    expect((await draw(token, plain, 'kh')).body).toMatchObject({
      code: 'CMP00008',
      msg: 'កម្មវិធីនេះមិនមានការចាប់រង្វាន់ទេ',
    });
  });

  it('concurrent draws never give more than a prize’s stock nor a shopper more than their draws', async () => {
    const prize = await batch('Spend 20 save 3', 1000);
    const id = (await campaign('decathlon', [
      {
        type: 'luckyDraw',
        heading: L('Lucky spin'),
        drawsPerShopper: 3,
        missWeight: 0,
        prizes: [{ batchId: prize, stock: 5, weight: 1 }],
      },
    ])) as number;
    expect((await draw(undefined, id)).status).toBe(400);
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => quietShopper(shop)));
    // Every shopper taps four times at once, all shoppers together.
    const answers = await Promise.all(shoppers.flatMap((s) => Array.from({ length: 4 }, () => draw(s.token, id))));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(36);
    expect(codes.filter((c) => c === 'CMP00009')).toHaveLength(12);
    const wins = answers.filter((a) => a.body.data?.prize);
    expect(wins).toHaveLength(5);
    expect(wins[0]?.body.data.prize).toMatchObject({ batchId: prize, title: 'Spend 20 save 3', discountCents: 300 });
    expect(await couponsFrom('lucky-draw')).toHaveLength(5);
    for (const s of shoppers) {
      const mine = (await shop.db.execute(
        sql`SELECT count(*)::int AS n FROM campaign_draws WHERE campaign_id = ${id} AND user_id = ${s.userId}`,
      )) as unknown as { rows: { n: number }[] };
      expect(mine.rows[0]?.n).toBe(3);
    }
    // The page: no prize left, no draws left, the shopper's wins.
    const winner = shoppers.find((s) =>
      answers.some((a, i) => a.body.data?.prize && shoppers[Math.floor(i / 4)] === s),
    );
    const page = await shop.call('GET', '/v1/campaign/page', {
      query: { route: 'decathlon' },
      token: winner?.token,
      language: 'chs',
    });
    const block = page.body.data.blocks.find((b: { type: string }) => b.type === 'luckyDraw');
    expect(block).toMatchObject({ heading: 'Lucky spin（中）', drawsPerShopper: 3, drawsLeft: 0 });
    expect(block.prizes).toEqual([
      expect.objectContaining({ batchId: prize, title: 'Spend 20 save 3（中）', chancePercent: 100, left: 0 }),
    ]);
    expect(block.wins.length).toBeGreaterThan(0);
    const visitor = await shop.call('GET', '/v1/campaign/page', { query: { route: 'decathlon' } });
    expect(visitor.body.data.blocks.find((b: { type: string }) => b.type === 'luckyDraw').drawsLeft).toBeNull();
  });

  it('a prize whose batch runs out wins nothing, and its stock is not taken', async () => {
    const small = await batch('Small batch', 2);
    const id = (await campaign('twelveActivity', [
      {
        type: 'luckyDraw',
        heading: L('Spin'),
        drawsPerShopper: 1,
        missWeight: 0,
        prizes: [{ batchId: small, stock: 10, weight: 1 }],
      },
    ])) as number;
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => quietShopper(shop)));
    const answers = await Promise.all(shoppers.map((s) => draw(s.token, id)));
    expect(answers.every((a) => a.body.code === '0')).toBe(true);
    expect(answers.filter((a) => a.body.data.prize)).toHaveLength(2);
    const given = (await shop.db.execute(
      sql`SELECT given FROM campaign_prizes WHERE campaign_id = ${id}`,
    )) as unknown as { rows: { given: number }[] };
    expect(given.rows[0]?.given).toBe(2);
  });
});

describe('spend and get', () => {
  it('a paid order over the threshold in the dates gives the coupon once, through the order-paid hook', async () => {
    const L1 = (en: string) => ({ 'en-US': en, chs: en, kh: en });
    const top = await shop.services.catalogue.addCategory({ parentId: null, name: L1('Phones') });
    const mid = await shop.services.catalogue.addCategory({ parentId: top, name: L1('Smart') });
    const leaf = await shop.services.catalogue.addCategory({ parentId: mid, name: L1('Android') });
    const product = await shop.services.catalogue.addProduct({
      categoryId: leaf,
      name: L1('Mekong'),
      description: L1('Phone'),
      imageIds: [],
      items: [
        { spec: [], priceCents: 2500, stock: 50 },
        { spec: [], priceCents: 5000, stock: 50 },
      ],
    });
    const [cheap, dear] = product.itemIds.map(String);
    const reward = await batch('Thank-you coupon', 100);
    const id = (await campaign('valentineActivity', [
      { type: 'spendAndGet', heading: L('Spend $30, get $3'), thresholdCents: 3000, batchId: reward },
    ])) as number;
    const buyer = await quietShopper(shop, { payPassword: PIN, cashCents: 100_000 });
    const buy = async (skuId: string) => {
      const pre = await shop.call('POST', '/v1/preorder/createdirect', {
        token: buyer.token,
        body: { skuId, quantity: 1, shipType: 'STORE' },
      });
      const done = await shop.call('POST', '/v1/preorder/finish', {
        token: buyer.token,
        body: { preorderId: pre.body.data.id },
      });
      const paid = await shop.call('POST', '/v1/order/pay', {
        token: buyer.token,
        body: { orderId: done.body.data.orderId, channel: 'wallet', payPassword: PIN },
      });
      expect(paid.body.code, paid.body.msg).toBe('0');
      await shop.ctx.jobs.runDue();
    };
    const granted = async () =>
      (
        await shop.call('GET', '/v1/campaign/page', { query: { route: 'valentineActivity' }, token: buyer.token })
      ).body.data.blocks.find((b: { type: string }) => b.type === 'spendAndGet');
    await buy(cheap); // under the threshold: nothing
    expect(await granted()).toMatchObject({
      thresholdCents: 3000,
      granted: false,
      offer: { title: 'Thank-you coupon' },
    });
    await buy(dear);
    await buy(dear); // a second qualifying order: still one coupon
    expect((await couponsFrom('spend-and-get')).filter((c) => c.user_id === buyer.userId)).toEqual([
      { user_id: buyer.userId, batch_id: reward },
    ]);
    expect((await granted()).granted).toBe(true);
    // A rule taken off the campaign gives nothing to the next shopper.
    const other = await quietShopper(shop, { payPassword: PIN, cashCents: 100_000 });
    await shop.call('POST', '/admin-api/v1/campaigns/publish', { token: staff, body: { id, published: false } });
    buyer.token = other.token;
    await buy(dear);
    expect((await couponsFrom('spend-and-get')).filter((c) => c.user_id === other.userId)).toEqual([]);
  });
});
