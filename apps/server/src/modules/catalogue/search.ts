import type { ProductSort } from '@shop/contracts';
import type { SQL } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { toTsQuery, words } from './search-text.ts';
import { products, searchIndex, searchKeywords, searchWords } from './tables.ts';

/**
 * Bounds that keep the cost of one search flat as the catalogue grows (docs/performance.md,
 * "Catalogue"): a search reads at most SCAN matching rows (and says "1000+" beyond), and computes
 * the text rank of at most RANKED of them, the best sold.
 */
export const SEARCH_SCAN = 1000;
export const SEARCH_RANKED = 100;
/** A typo is corrected to the catalogue words at least this alike (trigram similarity)... */
const TYPO_SIMILARITY = 0.2;
/** ...and at most this far behind the closest one ("headphnes" → "headphones", not "head"). */
const TYPO_CLOSEST_SHARE = 0.8;

export type SearchHits = { ids: number[]; total: number };

function candidateOrder(sort: ProductSort): SQL {
  switch (sort) {
    case 'default':
      return sql`c.rank DESC, c.sales_count DESC, c.id`;
    case 'sales':
      return sql`c.sales_count DESC, c.id`;
    case 'priceAsc':
      return sql`c.min_price_cents, c.id`;
    case 'priceDesc':
      return sql`c.min_price_cents DESC, c.id`;
    case 'newest':
      return sql`c.created_at DESC, c.id DESC`;
  }
}

/** Where a page's matches are read: the search table (full text) or the products (substring). */
type Matches = { from: SQL; where: SQL; rank: SQL | null };

/**
 * One page of the published products matching, and their number, in one statement. Reads at most
 * SCAN matches in index order, never all of a broad word's matches; with the default order, the
 * text rank (`rank` over `r`, the search row) of the best sold of them decides.
 */
async function rankedPage(
  db: Db,
  matches: Matches,
  sort: ProductSort,
  page: number,
  size: number,
): Promise<SearchHits> {
  const offset = (page - 1) * size;
  const scan = Math.max(SEARCH_SCAN, offset + size);
  // A page past the ranked candidates ranks as many as it reaches.
  const ranked = Math.max(SEARCH_RANKED, offset + size);
  const candidates =
    sort === 'default' && matches.rank
      ? sql`SELECT t.*, ${matches.rank} AS rank
          FROM (SELECT * FROM m ORDER BY sales_count DESC, id LIMIT ${ranked}) t
          JOIN ${searchIndex} r ON r.product_id = t.id`
      : sql`SELECT m.*, 0 AS rank FROM m`;
  const [row] = await queryRows<{ total: number; ids: number[] }>(
    db,
    sql`
      WITH m AS MATERIALIZED (${matches.from} WHERE ${matches.where} LIMIT ${scan}), c AS (${candidates})
      SELECT (SELECT count(*)::int FROM m) AS total,
        ARRAY(SELECT c.id FROM c ORDER BY ${candidateOrder(sort)} LIMIT ${size} OFFSET ${offset}) AS ids`,
    // Planned once per connection: its plan does not depend on the values (hiddenFromPlanner), and
    // planning the search table's parts cost as much as reading them (issue 37).
    { prepared: true },
  );
  return {
    ids: (row?.ids ?? []).map(Number),
    total: Math.min(Number(row?.total ?? 0), SEARCH_SCAN),
  };
}

/**
 * The planner estimates a common word's matches and, with the LIMIT of rankedPage, would read the
 * table in order and test every row's words (180 ms at 100,000 products instead of 7). A value it
 * cannot see at planning time (a sub-select) keeps it on the index.
 */
const hiddenFromPlanner = (value: SQL) => sql`(SELECT ${value})`;

/**
 * Full text: every word of the keyword as a word prefix, Chinese and Khmer as parts of a run. Read
 * in the search table (tables.ts, searchIndex), its parts in turn: the first SEARCH_SCAN matches.
 */
export function searchFullText(db: Db, tsq: string, sort: ProductSort, page: number, size: number) {
  const query = hiddenFromPlanner(sql`to_tsquery('simple', ${tsq})`);
  return rankedPage(
    db,
    {
      from: sql`SELECT s.product_id AS id, s.sales_count, s.min_price_cents, s.created_at FROM ${searchIndex} s`,
      where: sql`s.search_vector @@ ${query}`,
      rank: sql`ts_rank(r.search_vector, ${query})`,
    },
    sort,
    page,
    size,
  );
}

/**
 * The catalogue words closest to each typed Latin word, in one statement (nearest-neighbour
 * order of the trigram GiST index over the small vocabulary table).
 */
async function closestWords(db: Db, typed: string[]): Promise<Map<string, string[]>> {
  const rows = await queryRows<{ typed: string; word: string; sim: number }>(
    db,
    sql`
      SELECT t.word AS typed, c.word, c.sim FROM unnest(ARRAY[${sql.join(
        typed.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[]) AS t(word)
      CROSS JOIN LATERAL (
        SELECT w.word, similarity(w.word, t.word) AS sim FROM ${searchWords} w
        ORDER BY w.word <-> t.word, w.word LIMIT 3
      ) c`,
  );
  const out = new Map<string, string[]>();
  for (const word of typed) {
    const close = rows.filter((r) => r.typed === word && Number(r.sim) >= TYPO_SIMILARITY);
    const best = Math.max(0, ...close.map((r) => Number(r.sim)));
    out.set(
      word,
      close.filter((r) => Number(r.sim) >= best * TYPO_CLOSEST_SHARE).map((r) => r.word),
    );
  }
  return out;
}

/**
 * Typos: each Latin word of the keyword is replaced by the closest words of the catalogue's
 * vocabulary, then full-text search runs with them. A keyword with words that cannot be corrected
 * (Chinese, Khmer, model codes) falls back to a substring match of the names (trigram index).
 */
export async function searchFuzzy(
  db: Db,
  q: string,
  sort: ProductSort,
  page: number,
  size: number,
): Promise<SearchHits> {
  const all = words(q);
  const correctable = all.filter((w) => /^[a-z-]{3,}$/.test(w));
  if (correctable.length > 0) {
    const close = await closestWords(db, correctable);
    if (correctable.some((w) => (close.get(w) ?? []).length === 0)) return { ids: [], total: 0 };
    const parts = all.map((w) => {
      const replacement = close.get(w);
      return replacement ? `(${replacement.map((r) => `'${r}'`).join(' | ')})` : toTsQuery(w);
    });
    const found = await searchFullText(db, parts.filter(Boolean).join(' & '), sort, page, size);
    // Every word corrected and still nothing: a substring of the names would only find words run
    // together across a space, and its trigram index reads every name sharing the letters (45 ms
    // for "phone case blue" at 1,000,000 products, to find nothing; issue 37).
    if (found.total > 0 || correctable.length === all.length) return found;
  }
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rankedPage(
    db,
    {
      from: sql`SELECT p.id, p.sales_count, p.min_price_cents, p.created_at FROM ${products} p`,
      where: sql`p.published AND p.search_text ILIKE ${hiddenFromPlanner(sql`${like}::text`)}`,
      rank: null,
    },
    sort,
    page,
    size,
  );
}

/**
 * Hot keyword counts, gathered in memory and written once a second in one statement: a search
 * never waits for the count, and a busy second costs one write, not one per search. A count lost
 * in a crash is acceptable.
 */
export class KeywordCounter {
  private readonly db: Db;
  private pending = new Map<string, number>();
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  static readonly FLUSH_MS = 1000;

  constructor(db: Db) {
    this.db = db;
  }

  add(keyword: string) {
    this.pending.set(keyword, (this.pending.get(keyword) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush().catch(() => {}), KeywordCounter.FLUSH_MS).unref();
  }

  /** Writes what is gathered (and waits for a write under way). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    if (this.pending.size === 0) return;
    const counts = [...this.pending.entries()];
    this.pending = new Map();
    this.flushing = this.db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL synchronous_commit = off`);
        await tx
          .insert(searchKeywords)
          .values(counts.map(([keyword, count]) => ({ keyword, count })))
          .onConflictDoUpdate({
            target: searchKeywords.keyword,
            set: { count: sql`${searchKeywords.count} + excluded.count`, lastAt: sql`now()` },
          });
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }
}
