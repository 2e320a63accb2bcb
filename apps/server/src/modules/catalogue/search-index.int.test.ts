import type { ProductSort } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { sql } from '../../platform/sql.ts';
import { parseQuery } from './search-index.ts';
import { toTsQuery } from './search-text.ts';

/**
 * The in-process search index (search-index.ts, decision 0082) answers as PostgreSQL full text does:
 * on the demo catalogue, the search quality checks (typos, Chinese, Khmer, plurals, Khmer inside a
 * phrase) and one- and two-word questions of the names, in every order and on later pages, give
 * the same items in the same order and the same total over HTTP (where the index answers) as the
 * uncached search (PostgreSQL's statements only); and the index moves on with the catalogue.
 */
const QUALITY = [
  'smartphnoe',
  'headphnes',
  'sunscren',
  '手机',
  '电饭煲',
  'កាសស្តាប់',
  'អង្ករ',
  'dresses',
  'smartphones',
  'ស្មាត',
  'ស្តាប់',
];
const TAIL = ['phone', 'rice cooker', 'samsung', 'lego rice', 'pro', 'jasmine rice', 'xiaomi fan', 'shoe', 'blue sh'];
const SORTS: ProductSort[] = ['default', 'sales', 'priceAsc', 'priceDesc', 'newest'];

describe('the in-process search index', () => {
  let shop: TestShop;
  const ask = async (keyword: string, sort: ProductSort, page: number, size: number) => {
    const res = await shop.app.inject({
      method: 'GET',
      url: `/v1/product/search?${new URLSearchParams({ keyword, sort, page: String(page), size: String(size) })}`,
      headers: { apptype: 'h5', appversion: '1.0', language: 'en-US' },
    });
    return res.json().data;
  };

  beforeAll(async () => {
    shop = await startTestShop({ demoData: true, logLevel: 'warn' });
    // The first search under a generation starts the build; the next ones use it once built.
    for (let waited = 0; shop.services.catalogue.searchIndexFigures().bytes === 0 && waited < 60_000; waited += 100) {
      await ask('phone', 'default', 1, 20);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 300_000);

  afterAll(async () => {
    await shop?.close();
  });

  it('reads the full-text queries search makes, and leaves others to PostgreSQL', () => {
    expect(parseQuery(toTsQuery('rice cooker'))).toEqual([
      [{ lexeme: 'rice', prefix: false }],
      [{ lexeme: 'cooker', prefix: false }],
    ]);
    expect(parseQuery(toTsQuery('dresses'))).toEqual([
      [
        { lexeme: 'dresses', prefix: false },
        { lexeme: 'dress', prefix: false },
      ],
    ]);
    expect(parseQuery(toTsQuery('ស្តាប់'))).toEqual([[{ lexeme: 'ស្តាប់', prefix: true }]]);
    expect(parseQuery("'a' <-> 'b'")).toBeNull();
    expect(parseQuery('')).toBeNull();
  });

  it('finds what PostgreSQL finds, in the same order, for the quality checks and the long tail', async () => {
    const before = shop.services.catalogue.searchIndexFigures();
    expect(before.builds).toBeGreaterThan(0);
    expect(before.bytes).toBeGreaterThan(0);
    for (const keyword of [...QUALITY, ...TAIL]) {
      for (const sort of SORTS) {
        for (const [page, size] of [
          [1, 20],
          [2, 3],
        ]) {
          const expected = JSON.parse(
            JSON.stringify(await shop.services.catalogue.search(keyword, sort, page, size, 'en-US')),
          );
          expect(await ask(keyword, sort, page, size), `${keyword} ${sort} ${page}×${size}`).toEqual(expected);
        }
      }
    }
    for (const keyword of QUALITY) expect((await ask(keyword, 'default', 1, 20)).total, keyword).toBeGreaterThan(0);
    // The index answered (each spelled-right question at least once), not PostgreSQL alone, and
    // ranked every default-order page itself.
    const after = shop.services.catalogue.searchIndexFigures();
    expect(after.answered - before.answered).toBeGreaterThan(TAIL.length);
    expect(after.ranked - before.ranked).toBeGreaterThan(TAIL.length);
    expect(after.rankedByDatabase).toBe(before.rankedByDatabase);
  }, 300_000);

  it('answers a page over products already shown without a statement', async () => {
    const before = shop.services.catalogue.searchIndexFigures();
    let found = 0;
    // Pages not asked before (another size), over the cards the pages above read.
    for (const keyword of TAIL) {
      const expected = JSON.parse(
        JSON.stringify(await shop.services.catalogue.search(keyword, 'default', 1, 7, 'en-US')),
      );
      if (expected.total > 0) found++;
      const mid = shop.services.catalogue.searchIndexFigures();
      expect(await ask(keyword, 'default', 1, 7), keyword).toEqual(expected);
      expect(shop.services.catalogue.searchIndexFigures().cardReads, keyword).toBe(mid.cardReads);
    }
    expect(found).toBeGreaterThan(5);
    expect(shop.services.catalogue.searchIndexFigures().ranked - before.ranked).toBe(found);
  }, 300_000);

  it('follows a sale, a price, a stock change, a rename and a removal by rows, with no build', async () => {
    const figures = () => shop.services.catalogue.searchIndexFigures();
    const run = (statement: ReturnType<typeof sql>) => shop.ctx.db.execute(statement);
    const same = async (keywords: string[]) => {
      for (const keyword of keywords) {
        for (const sort of SORTS) {
          const expected = JSON.parse(
            JSON.stringify(await shop.services.catalogue.search(keyword, sort, 1, 20, 'en-US')),
          );
          expect(await ask(keyword, sort, 1, 20), `${keyword} ${sort}`).toEqual(expected);
        }
      }
    };
    const ids = (page: { list: { productId: number }[] }) => page.list.map((card) => card.productId);
    // Settled first: the demo products written after the shop started its build are followed by rows too.
    const phones = ids(await ask('phone', 'sales', 1, 20));
    const before = figures();
    expect(phones.length).toBeGreaterThan(3);
    const [, second, third] = phones;
    const last = phones[phones.length - 1];

    // A sale (another process's statement, say: only the generation tells): the least sold goes first.
    await run(sql`UPDATE catalogue_products SET sales_count = sales_count + 1000000 WHERE id = ${last}`);
    let answered = figures().answered;
    expect(ids(await ask('phone', 'sales', 1, 20))[0]).toBe(last);
    expect(figures().answered).toBeGreaterThan(answered);
    await same(['phone', 'pro', 'rice cooker']);

    // A price.
    await run(sql`UPDATE catalogue_products SET min_price_cents = 1 WHERE id = ${third}`);
    expect(ids(await ask('phone', 'priceAsc', 1, 20))[0]).toBe(third);
    await same(['phone', 'samsung']);

    // A stock change moves the generation, not the search table: the index answers it too.
    await run(sql`UPDATE catalogue_items SET stock = 0 WHERE product_id = ${second}`);
    answered = figures().answered;
    await same(['phone']);
    expect(figures().answered).toBeGreaterThan(answered);

    // A rename.
    await run(sql`UPDATE catalogue_products
      SET name = jsonb_build_object('en-US', 'Zyxwv Gadget', 'chs', 'Zyxwv', 'kh', 'Zyxwv'),
        search_doc = 'zyxwv zy zyx zyxw gadget ga gad gadg gadge' WHERE id = ${second}`);
    answered = figures().answered;
    expect(ids(await ask('zyxwv', 'default', 1, 20))).toEqual([second]);
    expect(ids(await ask('gadge', 'sales', 1, 20))).toEqual([second]);
    expect(figures().answered).toBeGreaterThan(answered);
    await same(['zyxwv', 'gadge', 'phone', ...TAIL]);

    // A removal: no longer searched.
    await run(sql`UPDATE catalogue_products SET published = false WHERE id = ${last}`);
    expect(ids(await ask('phone', 'sales', 1, 20))).not.toContain(last);
    await same(['phone', ...QUALITY]);

    const after = figures();
    // Followed by rows: no build of the whole table, one reading of the changes per generation at least.
    expect(after.builds).toBe(before.builds);
    expect(after.patches - before.patches).toBeGreaterThanOrEqual(5);
    expect(after.changed).toBeGreaterThanOrEqual(3);
    expect(after.changed).toBeLessThanOrEqual(before.changed + 3);
  }, 300_000);
});
