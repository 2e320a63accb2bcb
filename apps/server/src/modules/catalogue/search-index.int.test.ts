import type { ProductSort } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { sql } from '../../platform/sql.ts';
import { parseQuery } from './search-index.ts';
import { toTsQuery } from './search-text.ts';
import { rowsOf } from './shared.ts';

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
    // The index answered (each spelled-right question at least once), not PostgreSQL alone.
    expect(shop.services.catalogue.searchIndexFigures().answered - before.answered).toBeGreaterThan(TAIL.length);
  }, 300_000);

  it('is not used under a newer generation, and is built again for it', async () => {
    const builds = shop.services.catalogue.searchIndexFigures().builds;
    const [row] = rowsOf<{ id: number }>(
      await shop.ctx.db.execute(sql`SELECT id FROM catalogue_products WHERE published ORDER BY id LIMIT 1`),
    );
    // A product renamed by a statement of its own (another process's, say): only the generation tells.
    await shop.ctx.db.execute(sql`UPDATE catalogue_products
      SET name = jsonb_build_object('en-US', 'Zyxwv Gadget', 'chs', 'Zyxwv', 'kh', 'Zyxwv'),
        search_doc = 'zyxwv zy zyx zyxw gadget ga gad gadg gadge' WHERE id = ${Number(row.id)}`);
    expect((await ask('zyxwv', 'default', 1, 20)).total).toBe(1);
    // Searches under the new generation start its build (once the pause after the last one is over).
    for (
      let waited = 0;
      shop.services.catalogue.searchIndexFigures().builds === builds && waited < 60_000;
      waited += 100
    ) {
      await ask('zyxw', 'sales', 1, 20);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = shop.services.catalogue.searchIndexFigures();
    expect(after.builds).toBeGreaterThan(builds);
    const expected = JSON.parse(JSON.stringify(await shop.services.catalogue.search('gadge', 'sales', 1, 20, 'en-US')));
    expect(expected.total).toBe(1);
    expect(await ask('gadge', 'sales', 1, 20)).toEqual(expected);
    expect(shop.services.catalogue.searchIndexFigures().answered).toBeGreaterThan(after.answered);
  }, 120_000);
});
