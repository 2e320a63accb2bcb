import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { sql } from '../../platform/sql.ts';
import { smallCatalogue } from './fixtures.ts';

/**
 * The search table (tables.ts, searchIndex; migration 0010) holds exactly each published product's
 * words and sort keys after every kind of change, made by the catalogue's services or by a
 * statement: a trigger writes it in the same transaction, and a change rolled back leaves it as it
 * was.
 */
let shop: TestShop;
let cat: Awaited<ReturnType<typeof smallCatalogue>>;
beforeAll(async () => {
  shop = await startTestShop();
  cat = await smallCatalogue(shop.services);
});
afterAll(() => shop.close());

const run = (statement: ReturnType<typeof sql>) => shop.ctx.db.execute(statement);

/** Rows of the search table that differ from what the published products say (both ways). */
async function differences(): Promise<unknown[]> {
  const res = (await run(sql`
    WITH want AS (
      SELECT id AS product_id, sales_count, min_price_cents, created_at, to_tsvector('simple', search_doc) AS v
      FROM catalogue_products WHERE published
    ), have AS (
      SELECT product_id, sales_count, min_price_cents, created_at, search_vector AS v FROM catalogue_search
    )
    (SELECT 'missing' AS what, * FROM (SELECT * FROM want EXCEPT SELECT * FROM have) a)
    UNION ALL
    (SELECT 'extra' AS what, * FROM (SELECT * FROM have EXCEPT SELECT * FROM want) b)`)) as unknown as {
    rows: unknown[];
  };
  return res.rows;
}

const found = async (keyword: string) =>
  (await shop.services.catalogue.search(keyword, 'default', 1, 20, 'en-US')).list.map((c) => c.productId);

describe('the search table', () => {
  it('follows every change of the products in the same transaction', async () => {
    const c = shop.services.catalogue;
    expect(await differences()).toEqual([]);
    expect(await found('samsung')).toContain(cat.phone.productId);

    // Taken off and put back on sale (the operator's service, then a statement).
    await c.setProductPublished(cat.phone.productId, false);
    expect(await differences()).toEqual([]);
    expect(await found('samsung')).not.toContain(cat.phone.productId);
    await run(sql`UPDATE catalogue_products SET published = true WHERE id = ${cat.phone.productId}`);
    expect(await differences()).toEqual([]);
    expect(await found('samsung')).toContain(cat.phone.productId);

    // Sales (the fold), a price and new words.
    expect(await c.takeStock(cat.phone.itemIds[0], 1)).toBe(true);
    await c.foldSales();
    await run(sql`UPDATE catalogue_products SET min_price_cents = 100 WHERE id = ${cat.ball.productId}`);
    await run(
      sql`UPDATE catalogue_products SET search_doc = search_doc || ' zanzibar' WHERE id = ${cat.ball.productId}`,
    );
    expect(await differences()).toEqual([]);
    expect(await found('zanzibar')).toEqual([cat.ball.productId]);

    // A change rolled back leaves the table as it was.
    await shop.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE catalogue_products SET search_doc = 'quokka' WHERE id = ${cat.ball.productId}`);
        await tx.execute(sql`DELETE FROM catalogue_products WHERE id = ${cat.phone2.productId}`);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await differences()).toEqual([]);
    expect(await found('quokka')).toEqual([]);
    expect(await found('zanzibar')).toEqual([cat.ball.productId]);

    // A new product, then one deleted.
    const added = await c.addProduct({
      categoryId: cat.leaf,
      name: { 'en-US': 'Nokia 3310 Phone', chs: '诺基亚 3310 手机', kh: 'ទូរស័ព្ទ Nokia 3310' },
      description: { 'en-US': 'Old', chs: '旧', kh: 'ចាស់' },
      brand: 'Nokia',
      imageIds: [],
      items: [{ spec: [], priceCents: 2000, stock: 3 }],
    });
    expect(await differences()).toEqual([]);
    expect(await found('nokia')).toEqual([added.productId]);
    await run(sql`DELETE FROM catalogue_items WHERE product_id = ${added.productId}`);
    await run(sql`DELETE FROM catalogue_products WHERE id = ${added.productId}`);
    expect(await differences()).toEqual([]);
    expect(await found('nokia')).toEqual([]);
  });
});
