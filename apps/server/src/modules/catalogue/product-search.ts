/**
 * The shopper's search: ranked keyword search with typo correction, hot keywords and suggestions,
 * and look-alike search (similar products, search by photo) over the pictures' perceptual hashes.
 */
import type { Language, ProductCard, ProductSort } from '@shop/contracts';
import { desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { CardReads } from './card-reads.ts';
import type { CatalogueImages } from './images.ts';
import { type ImageFeatures, visualDistance } from './imaging.ts';
import type { CardRow, CatalogueQueries } from './queries.ts';
import {
  KeywordCounter,
  NOTHING,
  SEARCH_RANKED,
  type SearchHits,
  type SearchRoute,
  searchByRoute,
  searchCandidates,
  searchFullText,
  searchFuzzy,
  type WordQuery,
} from './search.ts';
import { KeptByGeneration } from './search-answers.ts';
import { SearchIndex } from './search-index.ts';
import { normalizeKeyword, toTsQuery, words } from './search-text.ts';
import { type CatalogueContext, rowsOf, type TtlCache } from './shared.ts';
import { images, productImages, products, searchKeywords } from './tables.ts';
import type { Page } from './types.ts';

/** What the questions' routes may hold: some 10,000 questions. */
const QUESTIONS_BYTES = 2 * 1024 * 1024;
/** What the kept card rows may hold: some 5,000 products. */
const CARDS_BYTES = 4 * 1024 * 1024;

/** A card row's bytes, by estimate: its object, names and items (each item's row some 500 bytes). */
function cardRowBytes(row: CardRow): number {
  const { name } = row;
  const letters = (name['en-US'] ?? '').length + (name.chs ?? '').length + (name.kh ?? '').length;
  return 300 + 2 * letters + row.items.length * 500;
}

/** Each word of a keyword with its own full-text query (which words match nothing alone). */
function wordQueries(q: string): WordQuery[] {
  return words(q)
    .map((word) => ({ word, tsq: toTsQuery(word) }))
    .filter((w) => w.tsq);
}

/** A search's answer with what keeping it needs: until when its cards hold, what a hit still does. */
export type Kept = { answer: Page<ProductCard>; until: number; onServe?: () => void };

export class ProductSearch {
  /** Searches under way (searchOnce), by generation and what they ask. */
  private readonly underWay = new Map<string, Promise<Kept>>();
  private readonly db: Db;
  private readonly cache: TtlCache;
  private readonly keywordCounts: KeywordCounter;
  private readonly queries: CatalogueQueries;
  private readonly pictures: CatalogueImages;
  /** The search table's words in this process, for the generation it was built under (search-index.ts). */
  readonly index: SearchIndex;
  /** Index pages ranked here, ranked by PostgreSQL, and that read cards not kept (tests). */
  readonly pages = { ranked: 0, rankedByDatabase: 0, cardReads: 0 };
  /** Cards not kept, read for many pages at once. */
  private readonly cardReads: CardReads;
  /** The rows of the cards search pages showed, by product, while the generation holds (CARDS_BYTES). */
  private readonly cardRows = new KeptByGeneration<CardRow>(CARDS_BYTES, (_key, row) => cardRowBytes(row));
  /** How each question was answered, and its total, while the generation holds (QUESTIONS_BYTES). */
  private readonly questions = new KeptByGeneration<SearchRoute>(
    QUESTIONS_BYTES,
    (_key, route) =>
      64 + (route.kind === 'text' ? route.tsq.length * 2 : route.kind === 'substring' ? route.q.length * 2 : 0),
  );

  constructor(ctx: CatalogueContext, queries: CatalogueQueries, pictures: CatalogueImages) {
    ctx.caches?.add(
      'search questions',
      () => this.questions.figures(),
      () => this.questions.clear(),
    );
    ctx.caches?.add(
      'search cards',
      () => this.cardRows.figures(),
      () => this.cardRows.clear(),
    );
    this.db = ctx.db;
    this.index = new SearchIndex(ctx.db, ctx.databaseGeneration, ctx.caches);
    this.cache = ctx.cache;
    this.keywordCounts = new KeywordCounter(ctx.db);
    this.queries = queries;
    this.pictures = pictures;
    this.cardReads = new CardReads((ids) => queries.cardRows(ids));
  }

  /**
   * Ranked search over every language: full-text (word prefixes, Chinese and Khmer substrings)
   * first; when that finds nothing, typos are corrected (search.ts). Page 1 searches that find
   * something count towards the hot keywords. Never kept: what the database holds now.
   */
  async search(
    keyword: string,
    sort: ProductSort,
    page: number,
    size: number,
    language: Language,
  ): Promise<Page<ProductCard>> {
    const found = await this.searchForKeeping(keyword, sort, page, size, language);
    return found.answer;
  }

  /**
   * The same search, with what keeping its answer needs (search-answers.ts): until when its cards
   * hold (an item's expiry), and what a search answered from the kept bytes still does (count the
   * keyword towards the hot ones).
   */
  async searchForKeeping(
    keyword: string,
    sort: ProductSort,
    page: number,
    size: number,
    language: Language,
    generation?: number,
  ): Promise<Kept> {
    const q = normalizeKeyword(keyword);
    if (!q) throw new AppError('CAT00005');
    const tsq = toTsQuery(q);
    // A question seen under this generation: its statement and total are known (issue 48).
    const known = generation === undefined ? undefined : this.questions.get(generation, q);
    let result: SearchHits;
    let route: SearchRoute;
    const indexed = generation !== undefined && (await this.index.readyFor(generation));
    // A new question the in-process index answers (decision 0082), else PostgreSQL's steps.
    const answered = !known && indexed && tsq ? await this.indexAnswers(generation, q, tsq, sort, page, size) : null;
    if (known) {
      route = known;
      result =
        (indexed && known.kind === 'text' && (await this.fromIndex(generation, known.tsq, sort, page, size))) ||
        (await searchByRoute(this.db, known, sort, page, size));
    } else if (answered) {
      // Not kept: the index answers the question's other pages as cheaply as the route would.
      ({ result, route } = answered);
    } else {
      const asked = tsq ? wordQueries(q) : [];
      result = tsq
        ? await searchFullText(this.db, tsq, sort, page, size, asked.length > 1 ? { words: asked } : {})
        : NOTHING;
      route = { kind: 'text', tsq, total: result.total };
      if (result.total === 0) {
        // A one-word question that found nothing: its word matched nothing alone.
        const unmatched = result.unmatched ?? (asked.length === 1 ? [asked[0].word] : undefined);
        ({ hits: result, route } = await searchFuzzy(this.db, q, sort, page, size, unmatched));
      }
      if (generation !== undefined) this.questions.set(generation, q, route);
    }
    // Only keywords spelled as the catalogue spells them become hot keywords, not their typos.
    const spelledRight = route.kind === 'text' && route.tsq === tsq && route.total > 0;
    const counted = page === 1 && spelledRight ? () => this.keywordCounts.add(q) : undefined;
    counted?.();
    const { cards, until } = this.queries.cardsOf(result.cards, language);
    return { answer: { list: cards, total: result.total, page, size }, until, onServe: counted };
  }

  /**
   * A page by the in-process index (search-index.ts), or null when it cannot read the query. The
   * index finds the matches, orders them (the default order by PostgreSQL's text rank, computed
   * here: search-rank.ts) and the page's cards come from those kept (`pageOf`): a question the shop
   * has not seen costs no statement. A query the index cannot rank is ranked by PostgreSQL.
   */
  private async fromIndex(
    generation: number,
    tsq: string,
    sort: ProductSort,
    page: number,
    size: number,
  ): Promise<SearchHits | null> {
    const hits = this.index.find(generation, tsq);
    if (!hits) return null;
    if (hits.total === 0) return NOTHING;
    let ordered: number[] | null;
    if (sort !== 'default') ordered = this.index.idsInOrder(generation, hits.places, sort);
    else {
      const candidates = hits.places.subarray(0, Math.max(SEARCH_RANKED, page * size));
      ordered = this.index.rankedIds(generation, tsq, candidates);
      if (ordered) this.pages.ranked++;
      else {
        this.pages.rankedByDatabase++;
        const inSalesOrder = this.index.idsInOrder(generation, candidates, 'candidates');
        return searchCandidates(this.db, tsq, inSalesOrder, hits.total, page, size);
      }
    }
    const offset = (page - 1) * size;
    return this.pageOf(generation, ordered.slice(offset, offset + size), hits.total);
  }

  /**
   * A page's cards, in the order of `ids`: each product's row is kept while the generation holds
   * (a change a card shows moves it), so a new question over products already shown reads nothing;
   * the others are read with the other pages waiting for cards (card-reads.ts). An item's expiry
   * is applied when the cards are made.
   */
  private async pageOf(generation: number, ids: number[], total: number): Promise<SearchHits> {
    const rows = ids.map((id) => this.cardRows.get(generation, String(id)));
    const missing = ids.filter((_, k) => rows[k] === undefined);
    if (missing.length > 0) {
      this.pages.cardReads++;
      const read = await this.cardReads.rows(missing);
      ids.forEach((id, k) => {
        const row = read.get(id);
        if (rows[k] !== undefined || !row) return;
        rows[k] = row;
        this.cardRows.set(generation, String(id), row);
      });
    }
    const cards = rows.filter((row): row is CardRow => row !== undefined);
    return { ids: cards.map((card) => Number(card.id)), cards, total };
  }

  /**
   * A new question answered by the index when it can be, as PostgreSQL's steps would (search.ts):
   * found, its own query; nothing found while each word matches alone, nothing (no typo step). A
   * word that matches nothing alone goes to PostgreSQL's typo and substring steps (null).
   */
  private async indexAnswers(
    generation: number,
    q: string,
    tsq: string,
    sort: ProductSort,
    page: number,
    size: number,
  ): Promise<{ result: SearchHits; route: SearchRoute } | null> {
    const result = await this.fromIndex(generation, tsq, sort, page, size);
    if (!result) return null;
    if (result.total > 0) return { result, route: { kind: 'text', tsq, total: result.total } };
    const alone = wordQueries(q).map((w) => this.index.find(generation, w.tsq));
    if (alone.length < 2 || alone.some((hits) => !hits || hits.total === 0)) return null;
    return { result: NOTHING, route: { kind: 'none', total: 0 } };
  }

  /**
   * `searchForKeeping`, made once for the searches asking the same at once under the same
   * generation (search-answers.ts): a rush that finds a page not kept yet waits for one search of
   * it, not fifty. They all started after the generation was read, so the one answer is as fresh as
   * each needs.
   */
  searchOnce(
    generation: number | undefined,
    keyword: string,
    sort: ProductSort,
    page: number,
    size: number,
    language: Language,
  ): Promise<Kept> {
    if (generation === undefined) return this.searchForKeeping(keyword, sort, page, size, language);
    const key = JSON.stringify([generation, keyword, sort, page, size, language]);
    const underWay = this.underWay.get(key);
    if (underWay) {
      // Each search counts towards the hot keywords, as it would alone.
      return underWay.then((found) => {
        found.onServe?.();
        return found;
      });
    }
    const found = this.searchForKeeping(keyword, sort, page, size, language, generation).finally(() =>
      this.underWay.delete(key),
    );
    this.underWay.set(key, found);
    return found;
  }

  /** The most searched keywords, and those that start with (or look like) what is typed. */
  async searchKeywords(typed: string | undefined): Promise<{ hot: string[]; suggestions: string[] }> {
    await this.keywordCounts.flush();
    const hot = await this.cache.get('hot', async () => {
      const rows = await this.db
        .select({ keyword: searchKeywords.keyword })
        .from(searchKeywords)
        .orderBy(desc(searchKeywords.count), desc(searchKeywords.lastAt))
        .limit(10);
      return rows.map((r) => r.keyword);
    });
    const q = normalizeKeyword(typed ?? '');
    if (!q) return { hot, suggestions: [] };
    const like = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.db
      .select({ keyword: searchKeywords.keyword })
      .from(searchKeywords)
      .where(or(sql`${searchKeywords.keyword} ILIKE ${like}`, sql`similarity(${searchKeywords.keyword}, ${q}) > 0.4`))
      .orderBy(desc(searchKeywords.count))
      .limit(10);
    return { hot, suggestions: rows.map((r) => r.keyword) };
  }

  // ---------------------------------------------------------------- look-alike search

  /** Products ranked by how alike their pictures look to `features` (best picture per product). */
  private async lookAlike(features: ImageFeatures, limit: number, excludeProductId?: number) {
    // Pre-select by Hamming distance in the database, then rank with the colours as well.
    const rows = await this.db.execute<{ product_id: number; dhash: string; ahash: string; histogram: number[] }>(sql`
      SELECT pi.product_id, i.dhash::text AS dhash, i.ahash::text AS ahash, i.histogram
      FROM ${images} i JOIN ${productImages} pi ON pi.image_id = i.id JOIN ${products} p ON p.id = pi.product_id
      WHERE p.published ${excludeProductId ? sql`AND p.id <> ${excludeProductId}` : sql``}
      ORDER BY bit_count((i.dhash # ${features.dhash.toString()}::bigint)::bit(64)) + bit_count((i.ahash # ${features.ahash.toString()}::bigint)::bit(64))
      LIMIT ${limit * 8}`);
    const best = new Map<number, number>();
    for (const row of rowsOf<{ product_id: number; dhash: string; ahash: string; histogram: number[] }>(rows)) {
      const d = visualDistance(features, {
        dhash: BigInt(row.dhash),
        ahash: BigInt(row.ahash),
        histogram: row.histogram.map(Number),
      });
      const id = Number(row.product_id);
      if (!best.has(id) || d < (best.get(id) as number)) best.set(id, d);
    }
    return [...best.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]).slice(0, limit);
  }

  async similarProducts(productId: number, limit: number, language: Language): Promise<ProductCard[]> {
    return this.cache.get(`similar:${productId}:${limit}:${language}`, async () => {
      const [cover] = await this.db
        .select({ dhash: images.dhash, ahash: images.ahash, histogram: images.histogram })
        .from(products)
        .innerJoin(images, eq(images.id, products.coverImageId))
        .where(eq(products.id, productId));
      if (!cover) throw new AppError('CAT00001');
      const ranked = await this.lookAlike(cover, limit, productId);
      return this.queries.productCards(
        ranked.map(([id]) => id),
        language,
      );
    });
  }

  async searchByImage(photo: Buffer, limit: number, language: Language) {
    const prepared = await this.pictures.prepare(photo);
    const ranked = await this.lookAlike(prepared, limit);
    const cards = await this.queries.productCards(
      ranked.map(([id]) => id),
      language,
    );
    const distance = new Map(ranked);
    return cards.map((c) => ({ ...c, distance: Math.round((distance.get(c.productId) ?? 0) * 100) / 100 }));
  }
}
