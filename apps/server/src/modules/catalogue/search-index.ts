/**
 * The search table's words held in this process (issue 48, decision 0082): an inverted index of
 * `catalogue_search`'s lexemes (the documents `searchDocument` writes: every prefix of a word, the
 * parts of Chinese and Khmer runs), each lexeme's products as an `Int32Array` of their places in
 * sales order (best sold first). A question whose full-text query it can read (`toTsQuery`'s
 * shapes: words, alternatives, prefixes) is matched here without a statement; PostgreSQL then only
 * ranks the page's candidates and reads their cards (search.ts, `searchCandidates`).
 *
 * Freshness: an index is built for the catalogue's generation read (CatalogueGeneration) before its
 * rows, and answers only a search that read the same generation; a search under another one is
 * answered by PostgreSQL full text, the source of truth, while this process builds the index again
 * in the background (one build at a time, and no more than a tenth of the time spent building). So
 * every process of a fleet stops answering from its index at the same commit, as the kept search
 * answers do. Memory: at most MAX_BYTES of postings, else no index (PostgreSQL answers).
 */
import type { ProductSort } from '@shop/contracts';
import type { AnswerCaches } from '../../platform/answer-caches.ts';
import { type Db, queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { SEARCH_SCAN } from './search.ts';
import { searchIndex } from './tables.ts';

/** The postings, sort keys and terms an index may hold (bytes); a catalogue needing more is searched in PostgreSQL. */
const MAX_BYTES = 96 * 1024 * 1024;
/** Rows read per statement while building. */
const BATCH = 1_000;
/** A build starts no sooner after the last one than this many times its duration (builds ≤ 1/10 of the time). */
const PAUSE_FACTOR = 9;

type Built = {
  /** The generation it was built under (this process's numbering, CatalogueGeneration). */
  generation: number;
  /** Lexemes in code-unit order, and each one's products (their places in sales order, ascending). */
  terms: string[];
  postings: Int32Array[];
  byTerm: Map<string, number>;
  /** By place in sales order (sales_count DESC, product_id): the product, its price and its date. */
  ids: Int32Array;
  prices: Int32Array;
  created: Float64Array;
  bytes: number;
};

/** What the index found for a query: at most SEARCH_SCAN places in sales order, and how many matched. */
export type IndexHits = { places: Int32Array; total: number };

export class SearchIndex {
  private readonly db: Db;
  private built: Built | null = null;
  private building: Promise<void> | null = null;
  private notBefore = 0;
  private builds = 0;
  private answered = 0;
  private tooLarge = false;

  constructor(db: Db, caches?: AnswerCaches) {
    this.db = db;
    caches?.add('search index', () => ({
      bytes: this.built?.bytes ?? 0,
      maxBytes: MAX_BYTES,
      entries: this.built?.ids.length ?? 0,
    }));
  }

  /** Whether it answers a search that read `generation`; when not, a build for the generation now starts (in the background). */
  readyFor(generation: number, fresh: () => Promise<number>): boolean {
    if (this.built?.generation === generation) return true;
    if (!this.building && !this.tooLarge && Date.now() >= this.notBefore) {
      this.building = this.build(fresh)
        .catch(() => {})
        .finally(() => {
          this.building = null;
        });
    }
    return false;
  }

  /** Builds for the generation read first (rows read after it are as new or newer). */
  async build(fresh: () => Promise<number>): Promise<void> {
    const started = Date.now();
    const generation = await fresh();
    const built = await readIndex(this.db, generation);
    this.builds++;
    this.notBefore = Date.now() + (Date.now() - started) * PAUSE_FACTOR;
    if (!built) {
      this.tooLarge = true;
      this.built = null;
      return;
    }
    this.built = built;
  }

  /** Builds finished, queries it answered, the bytes it holds (tests, decision 0082's figures). */
  figures() {
    return { builds: this.builds, answered: this.answered, bytes: this.built?.bytes ?? 0 };
  }

  /**
   * The places matching a full-text query of `toTsQuery`'s shapes (`'w'`, `('a' | 'b')`, `'p':*`,
   * joined by ` & `), or null when the index cannot read it (PostgreSQL answers).
   */
  find(generation: number, tsq: string): IndexHits | null {
    const built = this.built;
    if (!built || built.generation !== generation) return null;
    const parts = parseQuery(tsq);
    if (!parts) return null;
    let result: Int32Array | null = null;
    // The rarest first: each intersection is at most as long as the list before it.
    const lists = parts.map((alternatives) => union(alternatives.flatMap((a) => postingsOf(built, a))));
    lists.sort((a, b) => a.length - b.length);
    for (const list of lists) result = result === null ? list : intersect(result, list);
    const all = result ?? new Int32Array(0);
    this.answered++;
    return { places: all.subarray(0, SEARCH_SCAN), total: Math.min(all.length, SEARCH_SCAN) };
  }

  /** The products at `places` in `sort`'s order (not the default's: its text rank is PostgreSQL's). */
  idsInOrder(generation: number, places: Int32Array, sort: Exclude<ProductSort, 'default'> | 'candidates'): number[] {
    const built = this.built;
    if (!built || built.generation !== generation) throw new Error('search index moved on');
    const { ids, prices, created } = built;
    const order = [...places];
    if (sort === 'priceAsc') order.sort((a, b) => prices[a] - prices[b] || ids[a] - ids[b]);
    else if (sort === 'priceDesc') order.sort((a, b) => prices[b] - prices[a] || ids[a] - ids[b]);
    else if (sort === 'newest') order.sort((a, b) => created[b] - created[a] || ids[b] - ids[a]);
    return order.map((place) => ids[place]);
  }
}

/** Each part of a query: its alternatives, each a lexeme or a prefix. Null: not a shape read here. */
type Alternative = { lexeme: string; prefix: boolean };
const ALTERNATIVE = /^'([^'\\]+)'(:\*)?$/u;

export function parseQuery(tsq: string): Alternative[][] | null {
  if (!tsq) return null;
  const parts: Alternative[][] = [];
  for (const raw of tsq.split(' & ')) {
    const grouped = raw.startsWith('(') && raw.endsWith(')');
    const inner = grouped ? raw.slice(1, -1) : raw;
    const alternatives: Alternative[] = [];
    for (const piece of inner.split(' | ')) {
      const match = ALTERNATIVE.exec(piece);
      // Anything else (operators inside a word, quotes) is left to PostgreSQL.
      if (!match || /[&|!()<>\s]/u.test(match[1])) return null;
      alternatives.push({ lexeme: match[1], prefix: match[2] !== undefined });
    }
    parts.push(alternatives);
  }
  return parts;
}

function postingsOf(built: Built, alternative: Alternative): Int32Array[] {
  if (!alternative.prefix) {
    const at = built.byTerm.get(alternative.lexeme);
    return at === undefined ? [] : [built.postings[at]];
  }
  const out: Int32Array[] = [];
  for (let at = lowerBound(built.terms, alternative.lexeme); at < built.terms.length; at++) {
    if (!built.terms[at].startsWith(alternative.lexeme)) break;
    out.push(built.postings[at]);
  }
  return out;
}

function lowerBound(sorted: string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Sorted lists' union, sorted, without repeats. */
function union(lists: Int32Array[]): Int32Array {
  if (lists.length === 0) return new Int32Array(0);
  if (lists.length === 1) return lists[0];
  const all = new Int32Array(lists.reduce((n, l) => n + l.length, 0));
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let kept = 0;
  for (let k = 0; k < all.length; k++) if (k === 0 || all[k] !== all[k - 1]) all[kept++] = all[k];
  return all.subarray(0, kept);
}

/** Sorted lists' intersection (a walk along both). */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out[n++] = a[i];
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return out.subarray(0, n);
}

type IndexRow = { id: number; price: number; created: number; words: string };

/**
 * Reads the search table in one snapshot, once, and inverts it into one `Int32Array` of postings
 * (each lexeme's slice of it). While reading, each row's lexemes are kept as numbers in one growing
 * `Int32Array` (large buffers go back to the system when dropped), not as lists per lexeme: lists
 * grown row by row held three times the index's bytes, which the process kept (issue 48's memory
 * after the load). Null when it would hold more than MAX_BYTES.
 */
async function readIndex(db: Db, generation: number): Promise<Built | null> {
  return db.transaction(
    async (tx) => {
      // Places in sales order: the best sold first, then by id (search.ts's order for "sales").
      const ordered = await queryRows<{ id: number }>(
        tx,
        sql`SELECT product_id AS id FROM ${searchIndex} ORDER BY sales_count DESC, product_id`,
      );
      const ids = Int32Array.from(ordered, (row) => Number(row.id));
      const placeOf = new Map<number, number>();
      ids.forEach((id, place) => {
        placeOf.set(id, place);
      });
      const prices = new Int32Array(ids.length);
      const created = new Float64Array(ids.length);
      const termOf = new Map<string, number>();
      const counts: number[] = [];
      // Each row's place, then its lexemes' numbers, then -1.
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
          array_to_string(tsvector_to_array(s.search_vector), ' ') AS words
        FROM ${searchIndex} s`);
      for (;;) {
        const rows = await queryRows<IndexRow>(tx, sql`FETCH ${sql.raw(String(BATCH))} FROM index_rows`);
        for (const row of rows) {
          const place = placeOf.get(Number(row.id));
          if (place === undefined) return null;
          prices[place] = Number(row.price);
          created[place] = Number(row.created);
          push(place);
          for (const word of row.words.split(' ')) {
            if (!word) continue;
            let term = termOf.get(word);
            if (term === undefined) {
              term = counts.length;
              termOf.set(word, term);
              counts.push(0);
            }
            counts[term]++;
            push(term);
          }
          push(-1);
        }
        if (used * 2 > MAX_BYTES) return null;
        if (rows.length < BATCH) break;
      }
      await tx.execute(sql`CLOSE index_rows`);
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
      const filled = starts.slice(0, terms.length);
      for (let k = 0; k < used; ) {
        const place = flat[k++];
        for (; flat[k] !== -1; k++) all[filled[slot[flat[k]]]++] = place;
        k++;
      }
      flat = new Int32Array(0);
      const postings = terms.map((_, at) => all.subarray(starts[at], starts[at + 1]).sort());
      const termBytes = terms.reduce((n, term) => n + TERM_BYTES + term.length * 2, 0);
      const bytes = all.byteLength + termBytes + ids.length * (4 + 4 + 8);
      if (bytes > MAX_BYTES) return null;
      return {
        generation,
        terms,
        postings,
        byTerm: new Map(terms.map((term, at) => [term, at])),
        ids,
        prices,
        created,
        bytes,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A lexeme's string header, map slot and slice object, besides its characters. */
const TERM_BYTES = 160;
