import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { arrayOf, queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { rankOfVector } from './search-index.ts';
import { parseEntries, vectorEntries } from './search-index-changes.ts';
import { toTsQuery } from './search-text.ts';

/**
 * The search index ranks its candidates in this process (search-rank.ts, decision 0084): its
 * `ts_rank` must be PostgreSQL's to the last bit of the float4, or a page would order its products
 * differently from the search PostgreSQL answers. Compared over every document of the demo
 * catalogue for one- and two-word questions, plurals, Chinese and Khmer prefixes, and over
 * vectors that hold a lexeme several times and words at every distance.
 */
const QUESTIONS = [
  'phone',
  'phones',
  'rice cooker',
  'smart phone',
  'samsung galaxy',
  'blue shoe',
  'pro max',
  'dresses',
  '手机',
  '电饭煲',
  'កាសស្តាប់',
  'ស្មាត',
  'ស្តាប់ ស្មាត',
  'jasmine rice 5kg',
];

describe("the search index's text rank", () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop({ demoData: true, logLevel: 'warn' });
  }, 300_000);

  afterAll(async () => {
    await shop?.close();
  });

  const compare = async (rows: { words: string | null; rank: string; tsq: string }[]) => {
    let ranked = 0;
    for (const row of rows) {
      const ours = rankOfVector(row.tsq, parseEntries(row.words));
      expect(ours, row.tsq).not.toBeNull();
      // PostgreSQL prints a float4 exactly enough to be read back to the same float4.
      expect(ours, `${row.tsq} over ${row.words}`).toBe(Math.fround(Number(row.rank)));
      ranked++;
    }
    return ranked;
  };

  it('is PostgreSQL ts_rank over every demo document that matches', async () => {
    let ranked = 0;
    for (const question of QUESTIONS) {
      const tsq = toTsQuery(question);
      const rows = await queryRows<{ words: string | null; rank: string; tsq: string }>(
        shop.ctx.db,
        sql`SELECT ${vectorEntries(sql`s.search_vector`)} AS words,
          ts_rank(s.search_vector, to_tsquery('simple', ${tsq}))::text AS rank, ${tsq}::text AS tsq
        FROM catalogue_search s WHERE s.search_vector @@ to_tsquery('simple', ${tsq})`,
      );
      ranked += await compare(rows);
    }
    expect(ranked).toBeGreaterThan(100);
  });

  it('is PostgreSQL ts_rank for repeated words and every distance between two', async () => {
    const texts = [
      'phone case phone blue phone',
      'blue phone case blue phone blue case',
      ...Array.from({ length: 110 }, (_, d) => `phone ${'x '.repeat(d)}case`),
    ];
    const queries = [
      "'phone'",
      "'phone' & 'case'",
      "'phone' & 'blue' & 'case'",
      "('phone' | 'case')",
      "'ph':* & 'ca':*",
    ];
    const rows = await queryRows<{ words: string | null; rank: string; tsq: string }>(
      shop.ctx.db,
      sql`SELECT ${vectorEntries(sql`v.vector`)} AS words, ts_rank(v.vector, to_tsquery('simple', q.tsq))::text AS rank, q.tsq
        FROM (SELECT to_tsvector('simple', t) AS vector FROM unnest(${arrayOf(texts, 'text')}) AS t) v
        CROSS JOIN unnest(${arrayOf(queries, 'text')}) AS q(tsq)`,
    );
    expect(await compare(rows)).toBe(texts.length * queries.length);
  });
});
