/**
 * The search index's base (search-index.ts): the search table read whole, in one snapshot, and
 * inverted into one `Int32Array` of postings (each lexeme's slice of it, its products' places in
 * sales order), with each posting's positions beside it (the in-process rank, search-rank.ts).
 */
import { ByteBoundedMap } from '../../platform/byte-bounded-map.ts';
import { type Db, queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { generationInSnapshot, type Terms, vectorEntries } from './search-index-changes.ts';
import { searchIndex } from './tables.ts';

/** The search table read whole, in one snapshot. */
export type Base = Terms & {
  /** By place in sales order (sales_count DESC, product_id): the product, its sales, price and date. */
  ids: Int32Array;
  sales: Int32Array;
  prices: Int32Array;
  created: Float64Array;
  /** Places in product id order (a changed product's place by binary search). */
  byId: Int32Array;
  /**
   * Each posting's first position in its product's vector (the postings' own order: a lexeme's
   * slice `postings[at]` starts at `postings[at].byteOffset / 4`); `morePositions`, by posting,
   * all the positions of the few lexemes a vector holds more than once.
   */
  positions: Uint16Array;
  morePositions: Map<number, Uint16Array>;
  /** Lexemes with characters beyond 16 bits (their order is not PostgreSQL's: it ranks those). */
  astral: Set<number>;
  bytes: number;
  /** Unions of several lexemes' lists made for questions (a prefix's), by the alternatives asked. */
  unions: ByteBoundedMap<string, Int32Array>;
};

/** Rows read per statement while building. */
const BATCH = 1_000;
/** A position's flag, while building, that the lexeme has more positions (kept aside). */
const MORE = 1 << 16;

type IndexRow = { id: number; price: number; created: number; words: string | null };

/**
 * Reads the search table in one snapshot, once, and inverts it. While reading, each row's lexemes
 * and first positions are kept as numbers in one growing `Int32Array` (large buffers go back to the
 * system when dropped), not as lists per lexeme: lists grown row by row held three times the
 * index's bytes, which the process kept (issue 48's memory after the load). The postings are then
 * filled place by place, so each lexeme's list comes out sorted. Null when it would hold more than
 * `maxBytes`.
 */
export async function readIndex(
  db: Db,
  maxBytes: number,
  unionsBytes: number,
): Promise<{ database: number; base: Base } | null> {
  return db.transaction(
    async (tx) => {
      // The generation these rows are (the snapshot starts with this statement).
      const database = await generationInSnapshot(tx);
      // Places in sales order: the best sold first, then by id (search.ts's order for "sales").
      const ordered = await queryRows<{ id: number; sales: number }>(
        tx,
        sql`SELECT product_id AS id, sales_count AS sales FROM ${searchIndex} ORDER BY sales_count DESC, product_id`,
      );
      const ids = Int32Array.from(ordered, (row) => Number(row.id));
      const sales = Int32Array.from(ordered, (row) => Number(row.sales));
      const placeOf = new Map<number, number>();
      ids.forEach((id, place) => {
        placeOf.set(id, place);
      });
      const prices = new Int32Array(ids.length);
      const created = new Float64Array(ids.length);
      const termOf = new Map<string, number>();
      const counts: number[] = [];
      // Each row's lexemes' numbers and first positions, then -1; where each place's row starts.
      const rowAt = new Int32Array(ids.length).fill(-1);
      const extra = new Map<string, Uint16Array>();
      let flat = new Int32Array(1 << 16);
      let used = 0;
      const push = (value: number) => {
        if (used === flat.length) {
          const grown = new Int32Array(flat.length * 2);
          grown.set(flat);
          flat = grown;
        }
        flat[used++] = value;
      };
      // A cursor over the table in its own order: a batch each FETCH, not a sorted range each time.
      await tx.execute(sql`DECLARE index_rows NO SCROLL CURSOR FOR
        SELECT s.product_id AS id, s.min_price_cents AS price,
          (extract(epoch FROM s.created_at) * 1000)::float8 AS created,
          ${vectorEntries(sql`s.search_vector`)} AS words
        FROM ${searchIndex} s`);
      for (;;) {
        const rows = await queryRows<IndexRow>(tx, sql`FETCH ${sql.raw(String(BATCH))} FROM index_rows`);
        for (const row of rows) {
          const place = placeOf.get(Number(row.id));
          if (place === undefined || rowAt[place] >= 0) return null;
          prices[place] = Number(row.price);
          created[place] = Number(row.created);
          rowAt[place] = used;
          const parts = row.words ? row.words.split(' ') : [];
          for (let k = 0; k + 1 < parts.length; k += 2) {
            const word = parts[k];
            let term = termOf.get(word);
            if (term === undefined) {
              term = counts.length;
              termOf.set(word, term);
              counts.push(0);
            }
            counts[term]++;
            push(term);
            const positions = parts[k + 1];
            if (positions.includes(',')) {
              extra.set(`${place} ${term}`, Uint16Array.from(positions.split(','), Number));
              push(Number.parseInt(positions, 10) | MORE);
            } else push(Number(positions));
          }
          push(-1);
        }
        if (used * 2 > maxBytes) return null;
        if (rows.length < BATCH) break;
      }
      await tx.execute(sql`CLOSE index_rows`);
      if (rowAt.includes(-1)) return null;
      // Lexemes in code-unit order (the prefixes' binary search), each one's slice of the postings.
      const terms = [...termOf.keys()].sort();
      const slot = new Int32Array(terms.length);
      const starts = new Int32Array(terms.length + 1);
      terms.forEach((term, at) => {
        const number = termOf.get(term) as number;
        slot[number] = at;
        starts[at + 1] = starts[at] + counts[number];
      });
      const all = new Int32Array(starts[terms.length]);
      const positions = new Uint16Array(all.length);
      const morePositions = new Map<number, Uint16Array>();
      const filled = starts.slice(0, terms.length);
      for (let place = 0; place < ids.length; place++) {
        for (let k = rowAt[place]; flat[k] !== -1; k += 2) {
          const at = slot[flat[k]];
          const posting = filled[at]++;
          all[posting] = place;
          const first = flat[k + 1];
          positions[posting] = first & 0xffff;
          if (first & MORE) morePositions.set(posting, extra.get(`${place} ${flat[k]}`) as Uint16Array);
        }
      }
      flat = new Int32Array(0);
      const postings = terms.map((_, at) => all.subarray(starts[at], starts[at + 1]));
      const astral = new Set<number>();
      terms.forEach((term, at) => {
        if (/[\uD800-\uDFFF]/.test(term)) astral.add(at);
      });
      const termBytes = terms.reduce((n, term) => n + TERM_BYTES + term.length * 2, 0);
      const byId = Int32Array.from(ids.keys()).sort((a, b) => ids[a] - ids[b]);
      const bytes =
        all.byteLength +
        positions.byteLength +
        morePositions.size * MORE_BYTES +
        termBytes +
        ids.length * (4 + 4 + 4 + 8 + 4);
      if (bytes > maxBytes) return null;
      const base: Base = {
        terms,
        postings,
        byTerm: new Map(terms.map((term, at) => [term, at])),
        ids,
        sales,
        prices,
        created,
        byId,
        positions,
        morePositions,
        astral,
        bytes,
        unions: new ByteBoundedMap(unionsBytes, (key, list) => UNION_BYTES + key.length * 2 + list.buffer.byteLength),
      };
      return { database, base };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A lexeme's string header, map slot and slice object, besides its characters. */
const TERM_BYTES = 160;
/** A kept union's key header, array object and map slot, besides its key and places. */
const UNION_BYTES = 160;
/** A lexeme's several positions: a small typed array and its map slot. */
const MORE_BYTES = 120;
