import type { ProductSort } from '@shop/contracts';
import type { SQL } from 'drizzle-orm';
import { arrayOf, type Db, queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { type CardRow, cardsJson } from './queries.ts';
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

/**
 * A page's ids and the question's total. `unmatched`: when full text found nothing, the keyword's
 * words that match nothing alone (each `words` entry's query), so the typo step corrects those
 * only, and runs not at all when every word is spelled as the catalogue spells it.
 */
export type SearchHits = { ids: number[]; total: number; unmatched?: string[]; cards: CardRow[] };
/** Nothing found. */
export const NOTHING: SearchHits = { ids: [], total: 0, cards: [] };
/** A word of the keyword and its full-text query (`toTsQuery` of the word alone). */
export type WordQuery = { word: string; tsq: string };
/** What a page's statement may skip: the total already known for the question, words to check. */
type PageOptions = { knownTotal?: number; words?: WordQuery[] };

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
  options: PageOptions = {},
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
  // The question's total once per question (product-search.ts keeps it), not once per page.
  const total = options.knownTotal === undefined ? sql`(SELECT count(*)::int FROM m)` : sql`NULL::int`;
  // Nothing found: which words match nothing alone (an index probe each, only then).
  const checks = options.words?.length
    ? sql`CASE WHEN NOT EXISTS (SELECT 1 FROM m) THEN ARRAY(SELECT w.word
        FROM unnest(${arrayOf(
          options.words.map((w) => w.word),
          'text',
        )}, ${arrayOf(
          options.words.map((w) => w.tsq),
          'text',
        )}) AS w(word, q)
        WHERE NOT EXISTS (SELECT 1 FROM ${searchIndex} u WHERE u.search_vector @@ to_tsquery('simple', w.q))) END`
    : sql`NULL::text[]`;
  // The page's cards in the same statement: a round trip and a plan fewer per question.
  const [row] = await queryRows<{ total: number | null; cards: CardRow[]; unmatched: string[] | null }>(
    db,
    sql`
      WITH m AS MATERIALIZED (${matches.from} WHERE ${matches.where} LIMIT ${scan}), c AS (${candidates}),
        page AS (SELECT ARRAY(SELECT c.id FROM c ORDER BY ${candidateOrder(sort)} LIMIT ${size} OFFSET ${offset}) AS ids)
      SELECT ${total} AS total, ${cardsJson(sql`page.ids`)} AS cards, ${checks} AS unmatched FROM page`,
    // Planned once per connection: its plan does not depend on the values (hiddenFromPlanner), and
    // planning the search table's parts cost as much as reading them (issue 37).
    { prepared: true },
  );
  const cards = row?.cards ?? [];
  return {
    ids: cards.map((card) => Number(card.id)),
    cards,
    total: Math.min(options.knownTotal ?? Number(row?.total ?? 0), SEARCH_SCAN),
    ...(row?.unmatched ? { unmatched: row.unmatched } : {}),
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
export function searchFullText(
  db: Db,
  tsq: string,
  sort: ProductSort,
  page: number,
  size: number,
  options: PageOptions = {},
) {
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
    options,
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
 * How a question was answered, kept per question (product-search.ts) so that its other pages and
 * orders go straight to the statement that answers it, with its total: full text (the keyword's
 * own query or its corrected one), a substring of the names, or nothing.
 */
export type SearchRoute =
  | { kind: 'text'; tsq: string; total: number }
  | { kind: 'substring'; q: string; total: number }
  | { kind: 'none'; total: 0 };

/** A page by a route already found, its total known. */
export function searchByRoute(db: Db, route: SearchRoute, sort: ProductSort, page: number, size: number) {
  if (route.kind === 'none') return Promise.resolve(NOTHING);
  if (route.kind === 'text') return searchFullText(db, route.tsq, sort, page, size, { knownTotal: route.total });
  return searchSubstring(db, route.q, sort, page, size, { knownTotal: route.total });
}

/** The names holding the keyword as typed (trigram index): words Chinese, Khmer or codes full text missed. */
export function searchSubstring(
  db: Db,
  q: string,
  sort: ProductSort,
  page: number,
  size: number,
  options: PageOptions = {},
) {
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
    options,
  );
}

/**
 * Typos, once full text found nothing: each Latin word that matches nothing alone (`unmatched`,
 * from the full-text statement; all words when not known) is replaced by the closest words of the
 * catalogue's vocabulary, and full text runs again. When every word matches alone (only not
 * together), nothing is corrected and nothing found: a question spelled right is answered by one
 * statement. A word that cannot be corrected (Chinese, Khmer, model codes) and matches nothing
 * falls back to a substring match of the names (trigram index).
 */
export async function searchFuzzy(
  db: Db,
  q: string,
  sort: ProductSort,
  page: number,
  size: number,
  unmatched?: string[],
): Promise<{ hits: SearchHits; route: SearchRoute }> {
  const none = { hits: NOTHING, route: { kind: 'none', total: 0 } as const };
  const all = words(q);
  const missing = unmatched ?? all;
  if (missing.length === 0) return none;
  const correctable = missing.filter((w) => /^[a-z-]{3,}$/.test(w));
  if (correctable.length > 0) {
    const close = await closestWords(db, correctable);
    if (correctable.some((w) => (close.get(w) ?? []).length === 0)) return none;
    const parts = all.map((w) => {
      const replacement = close.get(w);
      return replacement ? `(${replacement.map((r) => `'${r}'`).join(' | ')})` : toTsQuery(w);
    });
    const tsq = parts.filter(Boolean).join(' & ');
    const hits = await searchFullText(db, tsq, sort, page, size);
    // Every word that matched nothing corrected and still nothing: a substring of the names would
    // only find words run together across a space, and its trigram index reads every name sharing
    // the letters (45 ms for "phone case blue" at 1,000,000 products, to find nothing; issue 37).
    if (hits.total > 0) return { hits, route: { kind: 'text', tsq, total: hits.total } };
    if (correctable.length === missing.length) return none;
  }
  const hits = await searchSubstring(db, q, sort, page, size);
  return { hits, route: hits.total > 0 ? { kind: 'substring', q, total: hits.total } : none.route };
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

/**
 * A page of candidates the in-process index found (search-index.ts), in sales order, that the index
 * cannot rank itself: PostgreSQL ranks them by the same `ts_rank` as `rankedPage` (the candidates
 * are its best sold SEARCH_RANKED, or as many as the page reaches), then reads the page's cards, in
 * one statement.
 */
export async function searchCandidates(
  db: Db,
  tsq: string,
  candidates: number[],
  total: number,
  page: number,
  size: number,
): Promise<SearchHits> {
  const offset = (page - 1) * size;
  const query = hiddenFromPlanner(sql`to_tsquery('simple', ${tsq})`);
  const ids = sql`ARRAY(SELECT asked.id FROM unnest(${arrayOf(candidates, 'integer')}) WITH ORDINALITY AS asked(id, n)
    JOIN ${searchIndex} r ON r.product_id = asked.id
    ORDER BY ts_rank(r.search_vector, ${query}) DESC, asked.n LIMIT ${size} OFFSET ${offset})`;
  const [row] = await queryRows<{ cards: CardRow[] }>(db, sql`SELECT ${cardsJson(ids)} AS cards`, { prepared: true });
  const cards = row?.cards ?? [];
  return { ids: cards.map((card) => Number(card.id)), cards, total };
}
