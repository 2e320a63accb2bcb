/**
 * The search table's words held in this process (issue 48, decisions 0082 and 0078): an inverted
 * index of `catalogue_search`'s lexemes (the documents `searchDocument` writes: every prefix of a
 * word, the parts of Chinese and Khmer runs), each lexeme's products as an `Int32Array` of their
 * places in sales order (best sold first). A question whose full-text query it can read
 * (`toTsQuery`'s shapes: words, alternatives, prefixes) is matched here without a statement;
 * PostgreSQL then only ranks the page's candidates and reads their cards (search.ts,
 * `searchCandidates`).
 *
 * Freshness: the index holds one database generation of the catalogue (`catalogue_generation`,
 * read in the same snapshot as its rows), and answers only a search that read that same generation
 * (CatalogueGeneration); so every process of a fleet stops answering from an older one at the same
 * commit, as the kept search answers do. When a search reads a newer generation, the index follows
 * by rows (search-index-changes.ts, decision 0078): one statement reads the products the search
 * table's trigger logged since, in one snapshot with the generation it holds, and the index
 * answers for that generation from its rows read whole, less the changed products, plus their rows
 * as they are now (searches meanwhile wait for that one statement). A search whose generation the
 * index cannot hold exactly (it moved past it meanwhile, or the log says read everything again) is
 * answered by PostgreSQL full text, the source of truth. The whole table is read again, in the
 * background, at first, when the log cannot be followed, and once the changed products are many
 * (one build at a time, and no more than a tenth of the time spent building). Memory: at most
 * MAX_BYTES, else no index (PostgreSQL answers).
 */
import type { ProductSort } from '@shop/contracts';
import type { AnswerCaches } from '../../platform/answer-caches.ts';
import type { ByteBoundedMap } from '../../platform/byte-bounded-map.ts';
import type { Db } from '../../platform/db.ts';
import { SEARCH_SCAN } from './search.ts';
import type { CatalogueGeneration } from './search-answers.ts';
import { type Base, readIndex } from './search-index-build.ts';
import { type ChangedRow, type Delta, deltaOf, NO_DELTA, readChanges, type Terms } from './search-index-changes.ts';
import { type ItemMatches, lexemeOrder, tsRank } from './search-rank.ts';

/** The postings, sort keys and terms an index may hold (bytes); a catalogue needing more is searched in PostgreSQL. */
const MAX_BYTES = 96 * 1024 * 1024;
/**
 * The unions a base keeps, at most this many bytes: a long tail asks the same prefixes again and
 * again ("smart:*" is the union of "smart", "smartphone", "smartwatch", ... sorted anew each time: at
 * 100,000 products a sixth of the shop's CPU per new question).
 */
const UNIONS_BYTES = 8 * 1024 * 1024;
/** A build starts no sooner after the last one than this many times its duration (builds ≤ 1/10 of the time). */
const PAUSE_FACTOR = 9;
/** Changed products held beside the rows read whole before the table is read again: at least... */
const CHANGED_AT_LEAST = 1_000;
/** ...or this share of the products. */
const CHANGED_SHARE = 0.02;

/** What the index answers from: one database generation of the search table. */
type View = {
  database: number;
  base: Base;
  /** The products changed since the base was read: their rows now (null: no longer searched). */
  changed: Map<number, ChangedRow | null>;
  /** 1 at a place whose product changed since (its row is in `delta`, or gone). */
  dead: Uint8Array;
  delta: Delta;
};

/**
 * What the index found for a query: at most SEARCH_SCAN places in sales order, and how many
 * matched. A place ≥ 0 is the base's, a place < 0 the delta's row `~place`.
 */
export type IndexHits = { places: Int32Array; total: number };

export class SearchIndex {
  private readonly db: Db;
  private readonly generation: CatalogueGeneration;
  private view: View | null = null;
  private building: Promise<void> | null = null;
  private following: Promise<void> | null = null;
  private notBefore = 0;
  private builds = 0;
  private patches = 0;
  private answered = 0;
  private tooLarge = false;

  constructor(db: Db, generation: CatalogueGeneration, caches?: AnswerCaches) {
    this.db = db;
    this.generation = generation;
    caches?.add('search index', () => ({
      bytes: this.bytes(),
      maxBytes: MAX_BYTES + UNIONS_BYTES,
      entries: this.view ? this.view.base.ids.length + this.view.delta.rows.length : 0,
    }));
  }

  private bytes(): number {
    const view = this.view;
    return view ? view.base.bytes + view.base.unions.bytes + view.dead.byteLength + view.delta.bytes : 0;
  }

  /**
   * Whether the index answers a search that read `epoch` (CatalogueGeneration): when it holds an
   * older generation, it first follows the changes logged since (one statement, shared by the
   * searches waiting); with none yet, a build starts in the background and PostgreSQL answers.
   */
  async readyFor(epoch: number): Promise<boolean> {
    const wanted = this.generation.database(epoch);
    if (wanted === undefined) return false;
    for (let tries = 0; tries < 2; tries++) {
      const view = this.view;
      if (!view) {
        this.start();
        return false;
      }
      if (view.database >= wanted) return view.database === wanted;
      await this.follow();
    }
    return this.view?.database === wanted;
  }

  /** Starts reading the whole table in the background (one build at a time, paused after the last). */
  start(): void {
    if (this.building || this.tooLarge || Date.now() < this.notBefore) return;
    this.building = this.build()
      .catch(() => {})
      .finally(() => {
        this.building = null;
      });
  }

  /** Reads the whole table, then the changes logged since its snapshot, and answers from it. */
  async build(): Promise<void> {
    const started = Date.now();
    const read = await readIndex(this.db, MAX_BYTES, UNIONS_BYTES);
    this.builds++;
    this.notBefore = Date.now() + (Date.now() - started) * PAUSE_FACTOR;
    if (!read) {
      this.tooLarge = true;
      this.view = null;
      return;
    }
    const view: View = { ...read, changed: new Map(), dead: new Uint8Array(read.base.ids.length), delta: NO_DELTA };
    this.publish((await this.patched(view)) ?? view);
  }

  /** One reading of the changes at a time; a search arriving meanwhile waits for it (then maybe the next). */
  private follow(): Promise<void> {
    if (!this.following) {
      this.following = this.followOnce()
        .catch(() => {})
        .finally(() => {
          this.following = null;
        });
    }
    return this.following;
  }

  private async followOnce(): Promise<void> {
    const view = this.view;
    if (!view) return;
    const next = await this.patched(view);
    if (!next) {
      this.start();
      return;
    }
    this.publish(next);
    if (next.changed.size > changedAtMost(next.base)) this.start();
  }

  /** `view` moved on to the generation now, or null when the whole table must be read again. */
  private async patched(view: View): Promise<View | null> {
    const read = await readChanges(this.db, view.database, changedAtMost(view.base) * 4);
    if (!read) return null;
    this.patches++;
    if (read.changed.size === 0) return { ...view, database: read.database };
    const changed = new Map(view.changed);
    const dead = view.dead.slice();
    for (const [id, row] of read.changed) {
      changed.set(id, row);
      const place = placeOfId(view.base, id);
      if (place >= 0) dead[place] = 1;
    }
    return { database: read.database, base: view.base, changed, dead, delta: deltaOf(changed) };
  }

  /** The newest generation wins; at the same one, the fewer changed products (a new build). */
  private publish(view: View): void {
    const now = this.view;
    if (
      !now ||
      view.database > now.database ||
      (view.database === now.database && view.changed.size <= now.changed.size)
    )
      this.view = view;
  }

  /** Full builds, readings of the changes, queries answered, the bytes held (tests, decisions 0082, 0078). */
  figures() {
    return {
      builds: this.builds,
      patches: this.patches,
      answered: this.answered,
      bytes: this.bytes(),
      changed: this.view?.changed.size ?? 0,
    };
  }

  /** The view for a search that read `epoch`, when it holds exactly that generation. */
  private viewFor(epoch: number): View | null {
    const view = this.view;
    return view && view.database === this.generation.database(epoch) ? view : null;
  }

  /**
   * The places matching a full-text query of `toTsQuery`'s shapes (`'w'`, `('a' | 'b')`, `'p':*`,
   * joined by ` & `), or null when the index cannot read it (PostgreSQL answers).
   */
  find(epoch: number, tsq: string): IndexHits | null {
    const view = this.viewFor(epoch);
    if (!view) return null;
    const parts = parseQuery(tsq);
    if (!parts) return null;
    this.answered++;
    // The first SEARCH_SCAN in sales order are all a question uses (and as many more as may be dead).
    const found = matches(view.base, parts, SEARCH_SCAN + view.changed.size, view.base.unions);
    if (view.changed.size === 0) {
      return { places: found.subarray(0, SEARCH_SCAN), total: Math.min(found.length, SEARCH_SCAN) };
    }
    // The base's matches less the changed products, merged with the changed ones', in sales order.
    const { dead, base, delta } = view;
    const alsoFound = delta.rows.length > 0 ? matches(delta, parts, SEARCH_SCAN) : EMPTY;
    const out = new Int32Array(Math.min(SEARCH_SCAN, found.length + alsoFound.length));
    let i = 0;
    let j = 0;
    let n = 0;
    while (n < out.length) {
      while (i < found.length && dead[found[i]] === 1) i++;
      if (i < found.length && j < alsoFound.length) {
        const place = found[i];
        const row = delta.rows[alsoFound[j]];
        const first = base.sales[place] > row.sales || (base.sales[place] === row.sales && base.ids[place] < row.id);
        out[n++] = first ? found[i++] : ~alsoFound[j++];
      } else if (i < found.length) out[n++] = found[i++];
      else if (j < alsoFound.length) out[n++] = ~alsoFound[j++];
      else break;
    }
    return { places: out.subarray(0, n), total: n };
  }

  /**
   * The products at `places` (candidates in sales order) in the default sort's order: PostgreSQL's
   * `ts_rank` of `tsq` over each one's vector (search-rank.ts), then sales order, as search.ts's
   * `searchCandidates` orders them. Null when the index cannot rank them as PostgreSQL would (a
   * prefix of too many lexemes, characters beyond 16 bits): PostgreSQL ranks those.
   */
  rankedIds(epoch: number, tsq: string, places: Int32Array): number[] | null {
    const view = this.viewFor(epoch);
    const query = rankQuery(tsq);
    if (!view || !query) return null;
    const { base, delta } = view;
    const lexemes = query.items.map((item) => lexemesOf(base, item));
    if (lexemes.some((found) => found === null)) return null;
    const ranks = new Float64Array(places.length);
    for (let c = 0; c < places.length; c++) {
      const place = places[c];
      const matches =
        place >= 0 ? baseMatches(base, lexemes as number[][], place) : rowMatches(delta.rows[~place], query.items);
      ranks[c] = tsRank(query.rootIsAnd, matches);
    }
    const order = Array.from(places.keys()).sort((a, b) => ranks[b] - ranks[a] || a - b);
    return order.map((c) => (places[c] >= 0 ? base.ids[places[c]] : delta.rows[~places[c]].id));
  }

  /** The products at `places` in `sort`'s order (the default's is `rankedIds`). */
  idsInOrder(epoch: number, places: Int32Array, sort: Exclude<ProductSort, 'default'> | 'candidates'): number[] {
    const view = this.viewFor(epoch);
    if (!view) throw new Error('search index moved on');
    const { ids, prices, created } = view.base;
    const rows = view.delta.rows;
    const idOf = (p: number) => (p >= 0 ? ids[p] : rows[~p].id);
    const priceOf = (p: number) => (p >= 0 ? prices[p] : rows[~p].price);
    const createdOf = (p: number) => (p >= 0 ? created[p] : rows[~p].created);
    const order = [...places];
    if (sort === 'priceAsc') order.sort((a, b) => priceOf(a) - priceOf(b) || idOf(a) - idOf(b));
    else if (sort === 'priceDesc') order.sort((a, b) => priceOf(b) - priceOf(a) || idOf(a) - idOf(b));
    else if (sort === 'newest') order.sort((a, b) => createdOf(b) - createdOf(a) || idOf(b) - idOf(a));
    return order.map(idOf);
  }
}

const EMPTY = new Int32Array(0);
/** A prefix matching more lexemes than this is ranked by PostgreSQL (each is a search per candidate here). */
const RANKED_PREFIX_LEXEMES = 256;

/**
 * A query's items as `ts_rank` takes them (`SortAndUniqItems`: every operand, in PostgreSQL's
 * order of lexemes, without repeats) and whether its root is `&`. Null when the index cannot read
 * it, or when a word is asked both as a prefix and whole (PostgreSQL keeps either).
 */
function rankQuery(tsq: string): { items: Alternative[]; rootIsAnd: boolean } | null {
  const parts = parseQuery(tsq);
  if (!parts) return null;
  const all = parts.flat().sort((a, b) => lexemeOrder(a.lexeme, b.lexeme));
  const items: Alternative[] = [];
  for (const item of all) {
    const previous = items[items.length - 1];
    if (previous?.lexeme !== item.lexeme) items.push(item);
    else if (previous.prefix !== item.prefix) return null;
  }
  return { items, rootIsAnd: parts.length > 1 };
}

/**
 * `ts_rank` of one vector (its lexemes in the vector's order, with their positions) for `tsq`, as
 * the index ranks its candidates; null when it does not (search-rank.int.test.ts compares it with
 * PostgreSQL's).
 */
export function rankOfVector(tsq: string, vector: Pick<ChangedRow, 'words' | 'positions'>): number | null {
  const query = rankQuery(tsq);
  return query ? tsRank(query.rootIsAnd, rowMatches(vector, query.items)) : null;
}

/** The base's lexemes an item matches, in PostgreSQL's order; null when it cannot be ranked here. */
function lexemesOf(base: Base, item: Alternative): number[] | null {
  if (!item.prefix) {
    const at = base.byTerm.get(item.lexeme);
    return at === undefined ? [] : [at];
  }
  const out: number[] = [];
  for (let at = lowerBound(base.terms, item.lexeme); at < base.terms.length; at++) {
    if (!base.terms[at].startsWith(item.lexeme)) break;
    if (base.astral.has(at) || out.length === RANKED_PREFIX_LEXEMES) return null;
    out.push(at);
  }
  return out;
}

/** A base product's positions for each item's lexemes (those its vector holds). */
function baseMatches(base: Base, lexemes: number[][], place: number): ItemMatches {
  return lexemes.map((terms) => {
    const entries: Uint16Array[] = [];
    for (const term of terms) {
      const list = base.postings[term];
      const at = indexOf(list, place);
      if (at < 0) continue;
      const posting = list.byteOffset / 4 + at;
      entries.push(base.morePositions.get(posting) ?? base.positions.subarray(posting, posting + 1));
    }
    return entries;
  });
}

/** A changed product's positions for each item (its row's lexemes are in the vector's order). */
function rowMatches(row: Pick<ChangedRow, 'words' | 'positions'>, items: Alternative[]): ItemMatches {
  return items.map((item) => {
    const entries: Uint16Array[] = [];
    row.words.forEach((word, at) => {
      if (item.prefix ? word.startsWith(item.lexeme) : word === item.lexeme) entries.push(row.positions[at]);
    });
    return entries;
  });
}

/** A list this many times longer than the other is searched, not walked. */
const GALLOP_FACTOR = 16;

/** The first index ≥ `from` of `list` whose place is ≥ `value` (steps doubling, then halving). */
function gallop(list: Int32Array, value: number, from: number): number {
  let step = 1;
  let low = from;
  let high = from;
  while (high < list.length && list[high] < value) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  return lowerBound(list, value, low, Math.min(high, list.length));
}

/** Where `value` is in the sorted `list`, or -1. */
function indexOf(list: Int32Array, value: number): number {
  const at = lowerBound(list, value);
  return at < list.length && list[at] === value ? at : -1;
}

/** How many changed products the index holds beside its base before the table is read again. */
function changedAtMost(base: Base): number {
  return Math.max(CHANGED_AT_LEAST, Math.ceil(base.ids.length * CHANGED_SHARE));
}

/** A product's place in the base, or -1. */
function placeOfId(base: Base, id: number): number {
  const { byId, ids } = base;
  let low = 0;
  let high = byId.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (ids[byId[mid]] < id) low = mid + 1;
    else high = mid;
  }
  return low < byId.length && ids[byId[low]] === id ? byId[low] : -1;
}

/**
 * The first `limit` sorted places matching every part of a query (the rarest first: each
 * intersection is at most as long; only the last one stops at `limit`).
 */
function matches(
  terms: Terms,
  parts: Alternative[][],
  limit: number,
  unions?: ByteBoundedMap<string, Int32Array>,
): Int32Array {
  const lists = parts.map((alternatives) => {
    const key = unions && alternatives.map((a) => (a.prefix ? `${a.lexeme}:*` : a.lexeme)).join('|');
    const kept = key ? unions.touch(key) : undefined;
    if (kept) return kept;
    const postings = alternatives.flatMap((a) => postingsOf(terms, a));
    const list = union(postings);
    if (key && postings.length > 1) unions.set(key, list);
    return list;
  });
  lists.sort((a, b) => a.length - b.length);
  let result = lists[0] ?? EMPTY;
  for (let k = 1; k < lists.length; k++)
    result = intersect(result, lists[k], k === lists.length - 1 ? limit : result.length);
  return result;
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

function postingsOf(built: Terms, alternative: Alternative): Int32Array[] {
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

/** The first index in [`from`, `to`) of the sorted `sorted` whose value is ≥ `value` (`to` when none). */
function lowerBound<T extends string | number>(sorted: ArrayLike<T>, value: T, from = 0, to = sorted.length): number {
  let low = from;
  let high = to;
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

/**
 * Sorted lists' intersection, its first `limit` places: a walk along both, or, when `b` is much
 * longer, a galloping search in `b` for each place of `a` (a rare word and a common one).
 */
export function intersect(a: Int32Array, b: Int32Array, limit: number): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length, limit));
  let i = 0;
  let j = 0;
  let n = 0;
  if (b.length > GALLOP_FACTOR * a.length) {
    for (; i < a.length && n < out.length; i++) {
      j = gallop(b, a[i], j);
      if (j === b.length) break;
      if (b[j] === a[i]) out[n++] = a[i];
    }
    return out.subarray(0, n);
  }
  while (i < a.length && j < b.length && n < out.length) {
    if (a[i] === b[j]) {
      out[n++] = a[i];
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return out.subarray(0, n);
}
