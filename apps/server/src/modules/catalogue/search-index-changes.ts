/**
 * The search index's changes since it was read whole (search-index.ts, decision 0078): the search
 * table's trigger logs each product whose row it writes or removes under the catalogue generation
 * its transaction moved to (`catalogue_search_changes`, migration 0012). A process whose index holds
 * generation G reads, in one snapshot, the generation now and the rows logged past G with their
 * search rows as they are now; the index then answers for the new generation from its rows read
 * whole, less the changed products, plus the changed products' rows held here (`Delta`), merged in
 * sales order at each question. A product changed again replaces its row; once the changed products
 * are many, the whole table is read again in the background.
 */
import type { SQL } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { catalogueGeneration, searchChanges, searchIndex } from './tables.ts';

/** Lexemes in code-unit order, each with its sorted list of places. */
export type Terms = { terms: string[]; postings: Int32Array[]; byTerm: Map<string, number> };

/**
 * A changed product's search row as it is now: its lexemes in the vector's order, and each one's
 * positions (the in-process rank, search-rank.ts).
 */
export type ChangedRow = {
  id: number;
  sales: number;
  price: number;
  created: number;
  words: string[];
  positions: Uint16Array[];
};

/**
 * A search vector's lexemes and their positions as one text, `lexeme 1,5 lexeme 3 …` (a lexeme of
 * the 'simple' parser holds no space): read whole and parsed here, one value per row. A lexeme
 * without positions (a stripped vector; `to_tsvector` always gives them) is at PostgreSQL's
 * stand-in position, MAXENTRYPOS - 1.
 */
export const vectorEntries = (vector: SQL) =>
  sql`(SELECT string_agg(u.lexeme || ' ' || coalesce(array_to_string(u.positions, ','), '16383'), ' ') FROM unnest(${vector}) u)`;

/** `vectorEntries`' text as lexemes and positions. */
export function parseEntries(text: string | null): { words: string[]; positions: Uint16Array[] } {
  const words: string[] = [];
  const positions: Uint16Array[] = [];
  const parts = text ? text.split(' ') : [];
  for (let k = 0; k + 1 < parts.length; k += 2) {
    words.push(parts[k]);
    positions.push(Uint16Array.from(parts[k + 1].split(','), Number));
  }
  return { words, positions };
}

/** The changed products' rows in sales order (sales DESC, id), their lexemes' places in `rows`. */
export type Delta = Terms & { rows: ChangedRow[]; bytes: number };

export const NO_DELTA: Delta = { rows: [], terms: [], postings: [], byTerm: new Map(), bytes: 0 };

/** The generation a snapshot read, and the products logged past `since` (null: removed). */
export type Changes = { database: number; changed: Map<number, ChangedRow | null> };

type ChangeRow = {
  id: number;
  present: boolean;
  sales: number | null;
  price: number | null;
  created: number | null;
  words: string | null;
};

/** The catalogue generation in this transaction's snapshot (-1: no row yet). */
export async function generationInSnapshot(tx: Db): Promise<number> {
  const [row] = await queryRows<{ generation: string | number }>(
    tx,
    sql`SELECT ${catalogueGeneration.generation} AS generation FROM ${catalogueGeneration} WHERE ${catalogueGeneration.id} = 1`,
  );
  return Number(row?.generation ?? -1);
}

/**
 * The changes logged past `since`, read in one snapshot with the generation it holds; null when
 * they cannot be patched in: the table was emptied (product -1), the generation row went back, or
 * more than `most` products changed (reading the whole table again is cheaper).
 */
export async function readChanges(db: Db, since: number, most: number): Promise<Changes | null> {
  return db.transaction(
    async (tx) => {
      const database = await generationInSnapshot(tx);
      if (database < since) return null;
      if (database === since) return { database, changed: new Map() };
      const rows = await queryRows<ChangeRow>(
        tx,
        sql`SELECT c.product_id AS id, s.product_id IS NOT NULL AS present, s.sales_count AS sales,
            s.min_price_cents AS price, (extract(epoch FROM s.created_at) * 1000)::float8 AS created,
            ${vectorEntries(sql`s.search_vector`)} AS words
          FROM ${searchChanges} c LEFT JOIN ${searchIndex} s ON s.product_id = c.product_id
          WHERE c.generation > ${since}
          LIMIT ${most + 1}`,
      );
      if (rows.length > most) return null;
      const changed = new Map<number, ChangedRow | null>();
      for (const row of rows) {
        const id = Number(row.id);
        if (id < 0) return null;
        changed.set(
          id,
          row.present
            ? {
                id,
                sales: Number(row.sales),
                price: Number(row.price),
                created: Number(row.created),
                ...parseEntries(row.words),
              }
            : null,
        );
      }
      return { database, changed };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The changed products' rows (removed ones left out) as a small index of their own. */
export function deltaOf(changed: Map<number, ChangedRow | null>): Delta {
  const rows: ChangedRow[] = [];
  for (const row of changed.values()) if (row) rows.push(row);
  if (rows.length === 0) return NO_DELTA;
  rows.sort((a, b) => b.sales - a.sales || a.id - b.id);
  const lists = new Map<string, number[]>();
  let bytes = 0;
  rows.forEach((row, at) => {
    bytes += ROW_BYTES;
    for (const word of row.words) {
      bytes += WORD_BYTES + word.length * 2 + POSITIONS_BYTES;
      const list = lists.get(word);
      if (list) {
        if (list[list.length - 1] !== at) list.push(at);
      } else lists.set(word, [at]);
    }
  });
  const terms = [...lists.keys()].sort();
  const postings = terms.map((term) => Int32Array.from(lists.get(term) as number[]));
  return { rows, terms, postings, byTerm: new Map(terms.map((term, at) => [term, at])), bytes };
}

/** A changed row's object, its map slot and its place in `rows`. */
const ROW_BYTES = 200;
/** A word's string header and its slots in the row and the delta's lists. */
const WORD_BYTES = 80;
/** A word's positions (a small typed array). */
const POSITIONS_BYTES = 80;
