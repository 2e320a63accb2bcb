import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { smallCatalogue } from './fixtures.ts';

let shop: TestShop;
let cat: Awaited<ReturnType<typeof smallCatalogue>>;
beforeAll(async () => {
  shop = await startTestShop();
  cat = await smallCatalogue(shop.services);
});
afterAll(() => shop.close());

describe('services.catalogue for the buying module', () => {
  /** A product's sales count as its row holds it now. */
  const salesCountOf = async (productId: number) =>
    (
      await queryRows<{ n: number }>(
        shop.db,
        sql`SELECT sales_count AS n FROM catalogue_products WHERE id = ${productId}`,
      )
    )[0].n;

  it('getSkus answers each item with its flags, in the order asked, in the language asked', async () => {
    const [a, b, c, d] = cat.phone.itemIds;
    const skus = await shop.services.catalogue.getSkus([d, a, b, c, 999_999], 'chs');
    expect(skus.map((s) => s.skuId)).toEqual([d, a, b, c]);
    const [expired, onSale, soldOut, unpublished] = skus;
    expect(onSale).toMatchObject({
      productId: cat.phone.productId,
      name: '三星 Galaxy A15 智能手机',
      specText: '64GB',
      priceCents: 14990,
      stock: 5,
      maxPurchase: 2,
      published: true,
      productPublished: true,
      expired: false,
      outOfStock: false,
      unavailable: false,
    });
    expect(onSale.imageUrl).toMatch(/^\/v1\/catalogue\/image\/\d+$/);
    expect(soldOut).toMatchObject({ outOfStock: true, unavailable: true });
    expect(unpublished).toMatchObject({ published: false, unavailable: true });
    expect(expired).toMatchObject({ expired: true, unavailable: true });
    const [hidden] = await shop.services.catalogue.getSkus(cat.hidden.itemIds, 'en-US');
    expect(hidden).toMatchObject({ published: true, productPublished: false, unavailable: true });
  });

  it('sellableIn says in SQL what the item flags and limits say: on sale, in stock, within its maximum', async () => {
    const c = shop.services.catalogue;
    const sellable = async (skuId: number, quantity: number) =>
      (
        await queryRows<{ ok: boolean }>(
          shop.db,
          sql`SELECT ${c.sellableIn(sql`(${c.skusRead(sql`ARRAY[${String(skuId)}::text]`)})->0`, quantity)} AS ok`,
        )
      )[0].ok;
    // Before any test below takes their stock.
    const [onSale, soldOut, unpublished, expired] = cat.phone.itemIds;
    expect(await sellable(onSale, 1)).toBe(true);
    expect(await sellable(onSale, 2)).toBe(true);
    expect(await sellable(onSale, 3)).toBe(false); // over its maximum of 2
    expect(await sellable(soldOut, 1)).toBe(false);
    expect(await sellable(unpublished, 1)).toBe(false);
    expect(await sellable(expired, 1)).toBe(false);
    expect(await sellable(cat.hidden.itemIds[0], 1)).toBe(false); // its product is not published
    expect(await sellable(999_999, 1)).toBe(false); // no such item
  });

  it("the SKU read's generic plan (prepared, any number of ids) reaches each product by its key", async () => {
    const c = shop.services.catalogue;
    const { dialect } = shop.db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } };
    const planOf = (ids: number[], literal: string) =>
      shop.db.transaction(async (tx) => {
        // The plan a prepared statement keeps after its first runs, and a table big enough to
        // tempt a hash join, as in a real catalogue.
        await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`PREPARE sku_plan AS ${dialect.sqlToQuery(c.skusQuery(ids)).sql}`));
        const plan = JSON.stringify(await tx.execute(sql.raw(`EXPLAIN EXECUTE sku_plan(${literal})`)));
        await tx.execute(sql`DEALLOCATE sku_plan`);
        return plan;
      });
    for (const plan of [
      await planOf([cat.phone.itemIds[0]], String(cat.phone.itemIds[0])),
      await planOf(cat.phone.itemIds, `'{${cat.phone.itemIds.join(',')}}'`),
    ]) {
      // By the product's key: its primary key or the cards' index (migration 0013), both keyed by id.
      expect(plan).toMatch(/catalogue_products_(pkey|card)/);
      expect(plan).not.toMatch(/Seq Scan on catalogue_products/);
    }
  });

  it('takeStock never oversells: 12 concurrent takes of 1 on a stock of 5 give exactly 5 successes', async () => {
    const sku = cat.phone.itemIds[0];
    const results = await Promise.all(Array.from({ length: 12 }, () => shop.services.catalogue.takeStock(sku, 1)));
    expect(results.filter(Boolean)).toHaveLength(5);
    const [after] = await shop.services.catalogue.getSkus([sku], 'en-US');
    expect(after.stock).toBe(0);
    expect(await shop.services.catalogue.takeStock(sku, 1)).toBe(false);
  });

  it('takeStock refuses unpublished, expired, hidden-product items and bad quantities', async () => {
    const c = shop.services.catalogue;
    expect(await c.takeStock(cat.phone.itemIds[2], 1)).toBe(false);
    expect(await c.takeStock(cat.phone.itemIds[3], 1)).toBe(false);
    expect(await c.takeStock(cat.hidden.itemIds[0], 1)).toBe(false);
    expect(await c.takeStock(cat.ball.itemIds[0], 0)).toBe(false);
    expect(await c.takeStock(cat.ball.itemIds[0], -3)).toBe(false);
    expect(await c.takeStock(cat.ball.itemIds[0], 41)).toBe(false);
    expect(await c.takeStock(cat.ball.itemIds[0], 40)).toBe(true);
  });

  it('counts sales on the product: takes and give-backs are folded into sales_count, once', async () => {
    const c = shop.services.catalogue;
    const sku = cat.phone2.itemIds[0];
    const salesCount = () => salesCountOf(cat.phone2.productId);
    await c.foldSales();
    const before = await salesCount();
    expect(await c.takeStock(sku, 2)).toBe(true);
    expect(await c.takeStock(sku, 1)).toBe(true);
    await c.releaseStock(sku, 1);
    // The checkout did not touch the product row: the count moves when the sales are folded.
    expect(await salesCount()).toBe(before);
    expect(await c.foldSales()).toBe(1);
    expect(await salesCount()).toBe(before + 2);
    expect(await c.foldSales()).toBe(0);
    expect(await salesCount()).toBe(before + 2);
    await c.releaseStock(sku, 2);
  });

  it('skips the fold while no item changed, and folds a sale once PostgreSQL counts it', async () => {
    const c = shop.services.catalogue;
    const sku = cat.phone2.itemIds[0];
    const salesCount = () => salesCountOf(cat.phone2.productId);
    await c.foldSales();
    // Nothing changes now: within a few tries (the statistics of earlier changes arrive late) a fold is skipped.
    let skipped = false;
    for (let tries = 0; tries < 40 && !skipped; tries++) {
      skipped = (await c.foldSalesWhenChanged()) === null;
      if (!skipped) await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(skipped).toBe(true);
    const before = await salesCount();
    expect(await c.takeStock(sku, 2)).toBe(true);
    // The sale is folded once its row change is counted (seconds), never twice.
    for (let tries = 0; tries < 60 && (await salesCount()) === before; tries++) {
      await c.foldSalesWhenChanged();
      if ((await salesCount()) === before) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await salesCount()).toBe(before + 2);
    await c.foldSalesWhenChanged();
    expect(await salesCount()).toBe(before + 2);
    await c.releaseStock(sku, 2);
    await c.foldSales();
  }, 60_000);

  it('folds sales made while folds run once each: none lost, none counted twice', async () => {
    const c = shop.services.catalogue;
    const sku = cat.phone2.itemIds[0];
    const salesCount = () => salesCountOf(cat.phone2.productId);
    await c.foldSales();
    const before = await salesCount();
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 12; i++) {
      work.push(c.takeStock(sku, 1));
      if (i % 4 === 0) work.push(c.foldSales());
    }
    const results = await Promise.all(work);
    const taken = results.filter((r) => r === true).length;
    expect(taken).toBeGreaterThan(0);
    await c.foldSales();
    expect(await salesCount()).toBe(before + taken);
    await c.releaseStock(sku, taken);
    await c.foldSales();
  });

  it('takes part in the caller’s transaction: a rollback puts the stock back', async () => {
    const sku = cat.phone2.itemIds[0];
    await expect(
      shop.db.transaction(async (tx) => {
        expect(await shop.services.catalogue.takeStock(sku, 2, tx as never)).toBe(true);
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    const [after] = await shop.services.catalogue.getSkus([sku], 'en-US');
    expect(after.stock).toBe(3);
  });

  it('releaseStock gives back; from 0 to more the subscribers of "notify me" become due by a durable job', async () => {
    const sku = cat.phone.itemIds[1]; // 128GB, stock 0
    const res = await shop.call('POST', '/v1/other/stockoutnotice', { body: { productItemId: sku } });
    expect(res.status).toBe(400); // no token
    const user = await shop.ctx.sessions.create('shopper', 'user-42');
    const ok = await shop.call('POST', '/v1/other/stockoutnotice', {
      body: { productItemId: sku },
      token: user.token,
      language: 'kh',
    });
    expect(ok.body).toMatchObject({ code: '0', data: { subscribed: true } });
    const inStock = await shop.call('POST', '/v1/other/stockoutnotice', {
      body: { productItemId: cat.phone2.itemIds[0] },
      token: user.token,
      language: 'chs',
    });
    expect(inStock.body.code).toBe('CAT00008');
    expect(inStock.body.msg).toBe('该商品有货，可以直接购买');
    const gone = await shop.call('POST', '/v1/other/stockoutnotice', {
      body: { productItemId: 99_999 },
      token: user.token,
    });
    expect(gone.body.code).toBe('CAT00001');

    await shop.services.catalogue.releaseStock(sku, 3);
    const [after] = await shop.services.catalogue.getSkus([sku], 'en-US');
    expect(after.stock).toBe(3);
    expect(await shop.ctx.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const notices = await shop.services.catalogue.stockNoticesOf('user-42');
    expect(notices).toHaveLength(1);
    // Handed to the notices module: the shopper reads it in their notices, in their language.
    expect(notices[0].status).toBe('sent');
    expect(notices[0].sentAt).toBeInstanceOf(Date);
    const inbox = await shop.services.notices.list('user-42', { page: 1, size: 10 }, 'chs');
    expect(inbox.list.map((n) => n.title)).toContain('到货通知');
  });

  it('without a way to deliver, a subscriber whose item came back is recorded as due', async () => {
    const sku = cat.phone.itemIds[0]; // taken down to 0 above
    const user = await shop.ctx.sessions.create('shopper', 'user-43');
    expect(
      (await shop.call('POST', '/v1/other/stockoutnotice', { body: { productItemId: sku }, token: user.token })).body
        .code,
    ).toBe('0');
    await shop.services.catalogue.setStock(sku, 4);
    expect(await shop.services.catalogue.deliverStockBack(sku, undefined)).toEqual({ due: 1, sent: 0 });
    const [notice] = await shop.services.catalogue.stockNoticesOf('user-43');
    expect(notice.status).toBe('due');
  });
});
