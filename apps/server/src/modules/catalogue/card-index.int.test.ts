import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { arrayOf, queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { cardsIn } from './queries.ts';
import type { LocalizedText } from './tables.ts';

/**
 * The cards are read off the index `catalogue_products_card` (migration 0013, issue 48): every
 * product column a card reads is in the index, so the rows, most of whose bytes only search reads,
 * stay unread. A column added to the card and not to the index turns the scan into an index scan
 * of the rows, and this test fails. Sequential scans are switched off: a test's few products would
 * otherwise be read whole, whatever the indexes.
 */
let shop: TestShop;
const L = (en: string): LocalizedText => ({ 'en-US': en, chs: en, kh: en });
let ids: number[] = [];

beforeAll(async () => {
  shop = await startTestShop();
  const c = shop.services.catalogue;
  const categoryId = await c.addCategory({ parentId: null, name: L('Cards') });
  const made = await c.addProducts(
    Array.from({ length: 12 }, (_, n) => ({
      categoryId,
      name: L(`Card thing ${n}`),
      description: L('A thing'),
      imageIds: [],
      items: [{ spec: [], priceCents: 1000 + n, stock: 3 }],
    })),
  );
  ids = made.map((m) => m.productId);
  // Index-only scans need the visibility map's word that the pages hold no newer rows.
  await shop.db.execute(sql`VACUUM catalogue_products`);
});

afterAll(async () => {
  await shop?.close();
});

describe('cards read off their index', () => {
  it('reads the products of a page of cards by an index-only scan of catalogue_products_card', async () => {
    const plan = await shop.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`EXPLAIN ${cardsIn(arrayOf(ids.slice(0, 5), 'integer'))}`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Only Scan using catalogue_products_card on catalogue_products p');
    expect(plan).not.toMatch(/Index Scan using \w+ on catalogue_products p/);
  });

  it('gives the same cards as the rows hold', async () => {
    const rows = await queryRows<{ id: number; name: LocalizedText; minPriceCents: number; published: boolean }>(
      shop.db,
      cardsIn(arrayOf([ids[3], ids[1]], 'integer')),
    );
    expect(rows.map((row) => [Number(row.id), row.name['en-US'], row.minPriceCents, row.published])).toEqual([
      [ids[3], 'Card thing 3', 1003, true],
      [ids[1], 'Card thing 1', 1001, true],
    ]);
  });
});
