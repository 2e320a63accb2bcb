import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { sql } from '../../platform/sql.ts';
import { smallCatalogue } from './fixtures.ts';

/**
 * The category counts (tables.ts, categoryCounts; migration 0011) equal each category's count of
 * published products after every kind of change, made by the catalogue's services or by a
 * statement: a trigger writes them in the same transaction, and a change rolled back leaves them
 * as they were. A category's list gives that total.
 */
let shop: TestShop;
let cat: Awaited<ReturnType<typeof smallCatalogue>>;
beforeAll(async () => {
  shop = await startTestShop();
  cat = await smallCatalogue(shop.services);
});
afterAll(() => shop.close());

const run = (statement: ReturnType<typeof sql>) => shop.ctx.db.execute(statement);

/** Categories whose kept count differs from count(*) of their published products (both ways). */
async function differences(): Promise<unknown[]> {
  const res = (await run(sql`
    WITH want AS (
      SELECT category_id, count(*)::int AS n FROM catalogue_products WHERE published GROUP BY category_id
    ), have AS (
      SELECT category_id, published AS n FROM catalogue_category_counts WHERE published <> 0
    )
    (SELECT 'missing' AS what, * FROM (SELECT * FROM want EXCEPT SELECT * FROM have) a)
    UNION ALL
    (SELECT 'extra' AS what, * FROM (SELECT * FROM have EXCEPT SELECT * FROM want) b)`)) as unknown as {
    rows: unknown[];
  };
  return res.rows;
}

const kept = async (categoryId: number) => {
  const res = (await run(
    sql`SELECT coalesce(sum(published), 0)::int AS n FROM catalogue_category_counts WHERE category_id = ${categoryId}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0].n);
};

describe('the category counts', () => {
  it('follow every change of the products in the same transaction', async () => {
    const c = shop.services.catalogue;
    expect(await differences()).toEqual([]);
    const leafCount = await kept(cat.leaf);
    expect(leafCount).toBeGreaterThan(0);
    // A list of the top category (its descendants' products) gives the kept counts' total.
    const listed = await c.categoryProducts(cat.top, 'default', 1, 20, 'en-US');
    const counted = (await run(sql`
      SELECT count(*)::int AS n FROM catalogue_products p JOIN catalogue_categories l ON l.id = p.category_id
      JOIN catalogue_categories m ON m.id = l.parent_id WHERE p.published AND m.parent_id = ${cat.top}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(listed.total).toBe(Number(counted.rows[0].n));
    expect(listed.total).toBe(leafCount);
    // The home feed's total is every category's kept count added up: all the published products.
    const feed = await c.categoryProducts(undefined, 'default', 1, 20, 'en-US');
    const all = (await run(sql`SELECT count(*)::int AS n FROM catalogue_products WHERE published`)) as unknown as {
      rows: { n: number }[];
    };
    expect(feed.total).toBe(Number(all.rows[0].n));

    // Taken off and put back on sale (the operator's service, then a statement).
    await c.setProductPublished(cat.phone.productId, false);
    expect(await differences()).toEqual([]);
    expect(await kept(cat.leaf)).toBe(leafCount - 1);
    await run(sql`UPDATE catalogue_products SET published = true WHERE id = ${cat.phone.productId}`);
    expect(await differences()).toEqual([]);
    expect(await kept(cat.leaf)).toBe(leafCount);

    // Moved to another category, and a price change (which runs nothing).
    const sports = await kept(cat.sportsLeaf);
    await run(sql`UPDATE catalogue_products SET category_id = ${cat.sportsLeaf} WHERE id = ${cat.phone.productId}`);
    await run(sql`UPDATE catalogue_products SET min_price_cents = 100 WHERE id = ${cat.ball.productId}`);
    expect(await differences()).toEqual([]);
    expect([await kept(cat.leaf), await kept(cat.sportsLeaf)]).toEqual([leafCount - 1, sports + 1]);

    // A change rolled back leaves the counts as they were.
    await shop.ctx.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE catalogue_products SET category_id = ${cat.leaf} WHERE id = ${cat.phone.productId}`,
        );
        await tx.execute(sql`DELETE FROM catalogue_items WHERE product_id = ${cat.phone2.productId}`);
        await tx.execute(sql`DELETE FROM catalogue_products WHERE id = ${cat.phone2.productId}`);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await differences()).toEqual([]);
    expect([await kept(cat.leaf), await kept(cat.sportsLeaf)]).toEqual([leafCount - 1, sports + 1]);

    // A new product, then one deleted; an unpublished one deleted counts nothing.
    const added = await c.addProduct({
      categoryId: cat.leaf,
      name: { 'en-US': 'Nokia 3310 Phone', chs: '诺基亚 3310 手机', kh: 'ទូរស័ព្ទ Nokia 3310' },
      description: { 'en-US': 'Old', chs: '旧', kh: 'ចាស់' },
      brand: 'Nokia',
      imageIds: [],
      items: [{ spec: [], priceCents: 2000, stock: 3 }],
    });
    expect(await differences()).toEqual([]);
    expect(await kept(cat.leaf)).toBe(leafCount);
    await run(sql`DELETE FROM catalogue_items WHERE product_id = ${added.productId}`);
    await run(sql`DELETE FROM catalogue_products WHERE id = ${added.productId}`);
    await run(sql`DELETE FROM catalogue_items WHERE product_id = ${cat.hidden.productId}`);
    await run(sql`DELETE FROM catalogue_products WHERE id = ${cat.hidden.productId}`);
    expect(await differences()).toEqual([]);
    expect(await kept(cat.leaf)).toBe(leafCount - 1);
  });
});
