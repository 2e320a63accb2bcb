// A product page kept again when none of its rows changed, made anew when one did (issue 48,
// detail-versions.ts): after the short cache's 3 s, a page is checked against the database's marks
// of its rows; every kind of row the page shows is changed once and seen on the next page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { sql } from '../../platform/sql.ts';
import { smallCatalogue } from './fixtures.ts';

const KEPT_MS = 3_100;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('product pages kept while their rows hold', () => {
  let shop: TestShop;
  let catalogue: Awaited<ReturnType<typeof smallCatalogue>>;

  beforeAll(async () => {
    shop = await startTestShop();
    catalogue = await smallCatalogue(shop.services);
  }, 120_000);
  afterAll(async () => shop?.close());

  const page = async (itemId: number, language = 'en-US') => {
    const res = await shop.call('GET', '/v1/product/queryproductitemsinproduct', {
      query: { productItemId: String(itemId) },
      language,
    });
    expect(res.body.code).toBe('0');
    return { data: res.body.data, etag: String(res.headers.etag) };
  };
  const figures = () => shop.services.catalogue.detailVersionFigures();

  it('keeps a page whose rows did not change, the same answer and ETag, and makes it anew after each kind of change', async () => {
    const itemId = catalogue.phone.itemIds[0];
    const first = await page(itemId);
    await pause(KEPT_MS);
    const before = figures();
    const again = await page(itemId);
    expect(figures().keptAgain).toBe(before.keptAgain + 1);
    expect(again.etag).toBe(first.etag);
    expect(again.data).toEqual(first.data);

    // Each change is one statement of its own, as a checkout, an operator or an import would write it.
    const changes: { what: string; statement: ReturnType<typeof sql>; seen: (data: any) => unknown }[] = [
      {
        what: 'the stock of an item that does not run out (the generation does not move)',
        statement: sql`UPDATE catalogue_items SET stock = stock - 1 WHERE id = ${itemId}`,
        seen: (data) => data.items.find((item: { productItemId: number }) => item.productItemId === itemId).stock,
      },
      {
        what: "an attribute's value",
        statement: sql`UPDATE catalogue_product_attributes SET value = '{"en-US":"Samsung Korea","chs":"三星","kh":"Samsung"}' WHERE product_id = ${catalogue.phone.productId}`,
        seen: (data) => data.attributes[0].value,
      },
      {
        what: "the shop's name",
        statement: sql`UPDATE catalogue_merchants SET name = '{"en-US":"PP Digital","chs":"金边数码","kh":"PP Digital"}' WHERE id = ${catalogue.shop}`,
        seen: (data) => data.merchant.name,
      },
      {
        what: "a category's name on the page's path",
        statement: sql`UPDATE catalogue_categories SET name = '{"en-US":"Smart phones","chs":"智能手机","kh":"ស្មាតហ្វូន"}' WHERE id = ${catalogue.leaf}`,
        seen: (data) => data.category.name,
      },
      {
        what: 'a picture taken off the page',
        statement: sql`DELETE FROM catalogue_product_images WHERE product_id = ${catalogue.phone.productId} AND sort = (SELECT max(sort) FROM catalogue_product_images WHERE product_id = ${catalogue.phone.productId})`,
        seen: (data) => data.images.length,
      },
    ];
    let shown = again;
    for (const change of changes) {
      const was = change.seen(shown.data);
      await shop.db.execute(change.statement);
      await pause(KEPT_MS);
      const made = figures().madeAgain;
      shown = await page(itemId);
      expect([change.what, figures().madeAgain]).toEqual([change.what, made + 1]);
      expect([change.what, change.seen(shown.data)]).not.toEqual([change.what, was]);
    }
  }, 60_000);

  it('makes a page anew once an item it shows expires, though no row changed', async () => {
    const itemId = catalogue.ball.itemIds[0];
    await shop.db.execute(
      sql`UPDATE catalogue_items SET expires_at = now() + interval '2 seconds' WHERE id = ${itemId}`,
    );
    const first = await page(itemId);
    expect(first.data.items[0].flags.expired).toBe(false);
    await pause(KEPT_MS);
    const made = figures().madeAgain;
    const later = await page(itemId);
    expect(figures().madeAgain).toBe(made + 1);
    expect(later.data.items[0].flags.expired).toBe(true);
  }, 30_000);
});
