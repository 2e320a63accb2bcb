import type {
  Activity,
  CategoryNode,
  ItemFlags,
  JumpItem,
  Language,
  ProductCard,
  ProductDetail,
  ProductSort,
  Tag,
} from '@shop/contracts';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { BoundedMap } from '../../platform/bounded-map.ts';
import { arrayOf, type Db, queryRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { sql } from '../../platform/sql.ts';
import {
  type ImageFeatures,
  NotAnImageError,
  prepareImage,
  resizeImage,
  snapWidth,
  visualDistance,
} from './imaging.ts';
import { KeywordCounter, searchFullText, searchFuzzy } from './search.ts';
import {
  normalizeKeyword,
  SEARCH_DOC_VERSION,
  searchDocument,
  searchText,
  toTsQuery,
  vocabulary,
} from './search-text.ts';
import {
  activities,
  activityProducts,
  banners,
  categories,
  images,
  items,
  type LocalizedText,
  merchants,
  productAttributes,
  productImages,
  products,
  productTags,
  type SpecPair,
  searchKeywords,
  searchWords,
  stockNotices,
  tags,
} from './tables.ts';

/** The rows of a raw query, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const STOCK_BACK_JOB = 'catalogue.stock-back';

/** What the buying module reads of an item (SKU). Flags as in spec §3. */
export type SkuInfo = {
  skuId: number;
  productId: number;
  name: string;
  specText: string;
  imageUrl: string | null;
  priceCents: number;
  marketPriceCents: number | null;
  stock: number;
  maxPurchase: number;
  published: boolean;
  productPublished: boolean;
  expired: boolean;
  outOfStock: boolean;
  /** Not buyable: expired, out of stock, or the item or its product unpublished. */
  unavailable: boolean;
};

export type Page<T> = { list: T[]; total: number; page: number; size: number };

export const imageUrl = (id: number | null | undefined): string | null => (id ? `/v1/catalogue/image/${id}` : null);

const tr = (text: LocalizedText | null | undefined, language: Language): string =>
  text ? text[language] || text['en-US'] : '';

export function specText(spec: SpecPair[], language: Language): string {
  return spec.map((s) => tr(s.value, language)).join(' / ');
}

export function itemFlags(
  item: { stock: number; published: boolean; expiresAt: Date | null },
  productPublished: boolean,
  now = new Date(),
): ItemFlags {
  return {
    expired: item.expiresAt !== null && item.expiresAt.getTime() <= now.getTime(),
    outOfStock: item.stock <= 0,
    unpublished: !item.published || !productPublished,
  };
}

/**
 * A few seconds of memory for answers every shopper asks for (home, categories, details). One load
 * per key at a time: when an entry expires under load, the waiting requests share the same load.
 */
class TtlCache {
  private readonly map: BoundedMap<string, { at: number; value: Promise<unknown> }>;
  private readonly ttlMs: number;
  constructor(ttlMs: number, max = 2000) {
    this.ttlMs = ttlMs;
    this.map = new BoundedMap(max);
  }
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.map.get(key);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    this.map.set(key, { at: now, value });
    // A failed load is not remembered.
    value.catch(() => {
      if (this.map.get(key)?.value === value) this.map.delete(key);
    });
    return value;
  }
  clear() {
    this.map.clear();
  }
}

type ProductRow = typeof products.$inferSelect;
type ItemRow = typeof items.$inferSelect;

/** What buying reads of an item: only the columns a SKU needs (the product row is wide). */
type SkuRow = {
  id: number;
  product_id: number;
  spec: SpecPair[];
  price_cents: number;
  market_price_cents: number | null;
  stock: number;
  max_purchase: number;
  published: boolean;
  expires_at: string | Date | null;
  image_id: number | null;
  product_name: LocalizedText;
  product_published: boolean;
  cover_image_id: number | null;
};
/**
 * Each item's product is fetched by its key (`OFFSET 0` keeps the lateral subquery from being
 * flattened into a join): as a plain join, the generic plan of a prepared read, which expects ten
 * ids, hashed the whole product table on every call (a checkout's preorder read: 55 buffers for one
 * SKU in a 200-product shop, growing with the catalogue; now 7, whatever its size).
 */
const SKU_SELECT = sql`SELECT i.id, i.product_id, i.spec, i.price_cents, i.market_price_cents, i.stock, i.max_purchase,
    i.published, i.expires_at, i.image_id, p.name AS product_name, p.published AS product_published,
    p.cover_image_id
  FROM ${items} i CROSS JOIN LATERAL (SELECT name, published, cover_image_id FROM ${products}
    WHERE id = i.product_id OFFSET 0) p`;

const ORDER: Record<ProductSort, SQL[]> = {
  default: [desc(products.sort), desc(products.salesCount), asc(products.id)],
  sales: [desc(products.salesCount), asc(products.id)],
  priceAsc: [asc(products.minPriceCents), asc(products.id)],
  priceDesc: [desc(products.minPriceCents), asc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
};

export type NewProduct = {
  categoryId: number;
  merchantId?: number | null;
  name: LocalizedText;
  description: LocalizedText;
  manual?: LocalizedText | null;
  brand?: string;
  published?: boolean;
  salesCount?: number;
  sort?: number;
  imageIds: number[];
  attributes?: { name: LocalizedText; value: LocalizedText }[];
  items: {
    spec: SpecPair[];
    priceCents: number;
    marketPriceCents?: number | null;
    stock: number;
    maxPurchase?: number;
    published?: boolean;
    expiresAt?: Date | null;
    imageId?: number | null;
  }[];
  tagIds?: number[];
};

/**
 * The catalogue: categories, products and their items (SKUs), pictures, banners, tags,
 * promotions, search (full text + trigram) and look-alike search (perceptual hashes).
 */
export class CatalogueService {
  private readonly db: Db;
  private readonly jobs: JobRunner;
  private readonly cache = new TtlCache(3_000);
  private readonly imageCache = new TtlCache(10 * 60_000, 600);
  private readonly keywordCounts: KeywordCounter;

  constructor(db: Db, jobs: JobRunner) {
    this.db = db;
    this.jobs = jobs;
    this.keywordCounts = new KeywordCounter(db);
  }

  private generation = 0;
  /** Changes whenever the cached answers are forgotten: ready answers made from them go too. */
  get cacheGeneration(): number {
    return this.generation;
  }

  /** Forget cached answers (after an operator change; tests). */
  invalidate(): void {
    this.cache.clear();
    this.generation++;
  }

  // ---------------------------------------------------------------- items for the buying module

  async getSkus(skuIds: number[], language: Language, db: Db = this.db): Promise<SkuInfo[]> {
    const ids = [...new Set(skuIds.map(Number))].filter((id) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31);
    if (ids.length === 0) return [];
    // Every checkout reads its items twice: only the columns a SKU needs (the product row is wide),
    // as a prepared statement (one text for any number of ids: `arrayOf`). One id, the usual direct
    // buy, has a text of its own: for `= ANY($1)` PostgreSQL
    // guesses ten ids and so plans it again on every call (114 µs of its CPU, issue 5), for `= $1`
    // it keeps one plan.
    const rows = await queryRows<SkuRow>(db, this.skusQuery(ids), { prepared: true });
    const byId = new Map(this.skusFrom(rows, language).map((info) => [info.skuId, info]));
    return skuIds.flatMap((id) => {
      const info = byId.get(id);
      return info ? [info] : [];
    });
  }

  /** `getSkus`'s statement for valid, distinct ids (its plan is tested with EXPLAIN). */
  skusQuery(ids: number[]): SQL {
    return sql`${SKU_SELECT}
      WHERE ${ids.length === 1 ? sql`i.id = ${ids[0]}` : sql`i.id = ANY(${arrayOf(ids, 'integer')})`}`;
  }

  /**
   * `getSkus` as an expression of the caller's statement (one round trip for the caller's row and its
   * items, issue 5): the items whose ids the text[] expression `skuIds` gives (ids that cannot be an
   * item's are skipped), as a JSON array for `skusFrom`.
   */
  skusRead(skuIds: SQL): SQL {
    return sql`(SELECT COALESCE(json_agg(s), '[]'::json) FROM (${SKU_SELECT}
      WHERE i.id = ANY(ARRAY(SELECT x::int FROM unnest(${skuIds}) x WHERE x ~ '^[0-9]{1,9}$'))) s)`;
  }

  /**
   * Whether an item of `skusRead`'s array (`sku`, a JSON expression) can be bought `quantity` at a
   * time now: the condition `itemFlags` and the item's limits make in the buying module's checks, as
   * SQL, for a statement that writes only when they would pass (a direct buy's preorder, issue 5).
   */
  sellableIn(sku: SQL, quantity: number): SQL {
    // The fields taken out of the JSON once, typed (each `->>` would parse the item's text again).
    return sql`COALESCE((SELECT s.published AND s.product_published
        AND (s.expires_at IS NULL OR s.expires_at > now())
        AND s.stock >= ${quantity}::int AND (s.max_purchase <= 0 OR ${quantity}::int <= s.max_purchase)
      FROM json_to_record(${sku}) AS s(published boolean, product_published boolean, expires_at timestamptz,
        stock int, max_purchase int)), false)`;
  }

  /**
   * Whether every item still sells at the price a quote was made with, as SQL: a finish placed from a
   * quote the server kept (issue 5) refuses itself when a price moved since.
   */
  pricesStill(lines: { skuId: number; priceCents: number }[]): SQL {
    // No line without its item at that price (an anti-join: no aggregate to set up, issue 5).
    return sql`NOT EXISTS (SELECT 1 FROM unnest(${arrayOf(
      lines.map((l) => l.skuId),
      'integer',
    )}, ${arrayOf(
      lines.map((l) => l.priceCents),
      'integer',
    )}) AS q(id, price) WHERE NOT EXISTS (SELECT 1 FROM ${items} i WHERE i.id = q.id AND i.price_cents = q.price))`;
  }

  /** The items of `getSkus` from its rows (or `skusRead`'s JSON array of them), in any order. */
  skusFrom(rows: SkuRow[], language: Language): SkuInfo[] {
    const now = new Date();
    return rows.map((row) => {
      const expiresAt = row.expires_at === null ? null : new Date(row.expires_at);
      const flags = itemFlags({ stock: row.stock, published: row.published, expiresAt }, row.product_published, now);
      return {
        skuId: row.id,
        productId: row.product_id,
        name: tr(row.product_name, language),
        specText: specText(row.spec, language),
        imageUrl: imageUrl(row.image_id ?? row.cover_image_id),
        priceCents: row.price_cents,
        marketPriceCents: row.market_price_cents,
        stock: row.stock,
        maxPurchase: row.max_purchase,
        published: row.published,
        productPublished: row.product_published,
        expired: flags.expired,
        outOfStock: flags.outOfStock,
        unavailable: flags.expired || flags.outOfStock || flags.unpublished,
      };
    });
  }

  /**
   * Takes `quantity` from an item's stock in one conditional update: succeeds only when the item
   * and its product are on sale, not expired, and hold enough. Never read-then-write.
   */
  async takeStock(skuId: number, quantity: number, db: Db = this.db): Promise<boolean> {
    if (!Number.isInteger(quantity) || quantity <= 0) return false;
    const [row] = await queryRows<{ taken: number }>(
      db,
      sql`SELECT ${this.stockTaking([{ skuId, quantity }])} AS taken`,
      { prepared: true },
    );
    return row.taken === 1;
  }

  /**
   * The expression that takes the stock of an order's lines inside the caller's statement (one
   * round trip for the whole order; catalogue migration 0005): each line by one conditional update
   * as in `takeStock`, in SKU id order, and the sale counted on the item's row (`sold`, carried to
   * the product's count by foldSales: the product row is not touched here). Its value is how many
   * lines it took, stopping at the first it could not; the caller refuses its statement unless that
   * is all of them.
   */
  stockTaking(lines: { skuId: number; quantity: number }[]): SQL {
    return sql`catalogue_take_stock(${arrayOf(
      lines.map((l) => l.skuId),
      'integer',
    )}, ${arrayOf(
      lines.map((l) => l.quantity),
      'integer',
    )})`;
  }

  /** Puts stock back (order cancelled or expired). Stock coming back from 0 wakes the subscribers. */
  async releaseStock(skuId: number, quantity: number, db: Db = this.db): Promise<void> {
    if (!Number.isInteger(quantity) || quantity <= 0) return;
    const rows = await db.execute<{ stock: number }>(sql`
      UPDATE ${items} SET stock = stock + ${quantity}, sold = sold - ${quantity}
      WHERE id = ${skuId} RETURNING stock`);
    const after = rowsOf<{ stock: number }>(rows)[0]?.stock;
    if (after !== undefined && Number(after) - quantity <= 0 && Number(after) > 0) await this.stockCameBack(skuId, db);
  }

  /**
   * Carries the sales counted on the items (`sold`) to their products' `sales_count`, in one
   * statement: each product moves by its items' sum less what it took in before
   * (`items_sold_folded`). It reads the items and locks none (checkouts never wait for it); a sale
   * committed meanwhile waits for the next fold. A second fold at once moves a product by what the
   * first left (its SET is evaluated again on the row the first wrote): by nothing when both read
   * the same sums, back to its own older sum when its snapshot is older, which the next fold moves
   * on again. No clamp at zero, so nothing is lost on the way. Its value is how many products moved.
   * It reads every item: a few milliseconds every 5 s for tens of thousands.
   */
  async foldSales(db: Db = this.db): Promise<number> {
    const rows = await db.execute(sql`
      UPDATE ${products} p SET sales_count = p.sales_count + (per_product.sold - p.items_sold_folded),
        items_sold_folded = per_product.sold
      FROM (SELECT product_id, sum(sold)::int AS sold FROM ${items} GROUP BY product_id) per_product
      WHERE p.id = per_product.product_id AND p.items_sold_folded <> per_product.sold
      RETURNING p.id`);
    return rowsOf(rows).length;
  }

  /** Sets an item's stock (operator, restock). From 0 to more wakes the subscribers. */
  async setStock(skuId: number, stock: number, db: Db = this.db): Promise<void> {
    const rows = await db.execute<{ before: number; after: number }>(sql`
      UPDATE ${items} i SET stock = ${stock} FROM (SELECT id, stock FROM ${items} WHERE id = ${skuId} FOR UPDATE) old
      WHERE i.id = old.id RETURNING old.stock AS before, i.stock AS after`);
    const row = rowsOf<{ before: number; after: number }>(rows)[0];
    if (row && Number(row.before) <= 0 && Number(row.after) > 0) await this.stockCameBack(skuId, db);
    this.invalidate();
  }

  private async stockCameBack(skuId: number, db: Db) {
    const waiting = await db
      .select({ userId: stockNotices.userId })
      .from(stockNotices)
      .where(and(eq(stockNotices.itemId, skuId), eq(stockNotices.status, 'waiting')))
      .limit(1);
    if (waiting.length > 0) await this.jobs.enqueue(STOCK_BACK_JOB, { skuId }, {}, db);
  }

  // ---------------------------------------------------------------- stock-out notices

  async subscribeStockNotice(userId: string, skuId: number): Promise<void> {
    const [sku] = await this.getSkus([skuId], 'en-US');
    if (!sku?.published || !sku.productPublished || sku.expired) throw new AppError('CAT00001');
    if (sku.stock > 0) throw new AppError('CAT00008');
    await this.db
      .insert(stockNotices)
      .values({ userId, itemId: skuId })
      .onConflictDoUpdate({
        target: [stockNotices.userId, stockNotices.itemId],
        set: { status: 'waiting', createdAt: sql`now()`, dueAt: null, sentAt: null },
      });
  }

  /**
   * The job run when an item's stock came back: each waiting subscriber becomes due, and is handed
   * to `deliver` (the notices module) when there is one; without it the notice stays due.
   */
  async deliverStockBack(
    skuId: number,
    deliver: ((userId: string, sku: SkuInfo) => Promise<void>) | undefined,
    db: Db = this.db,
  ): Promise<{ due: number; sent: number }> {
    const [sku] = await this.getSkus([skuId], 'en-US', db);
    if (!sku || sku.stock <= 0) return { due: 0, sent: 0 };
    const due = await db
      .update(stockNotices)
      .set({ status: 'due', dueAt: sql`now()` })
      .where(and(eq(stockNotices.itemId, skuId), eq(stockNotices.status, 'waiting')))
      .returning({ userId: stockNotices.userId });
    let sent = 0;
    if (deliver) {
      const pending = await db
        .select({ userId: stockNotices.userId })
        .from(stockNotices)
        .where(and(eq(stockNotices.itemId, skuId), eq(stockNotices.status, 'due')));
      for (const { userId } of pending) {
        await deliver(userId, sku);
        await db
          .update(stockNotices)
          .set({ status: 'sent', sentAt: sql`now()` })
          .where(and(eq(stockNotices.itemId, skuId), eq(stockNotices.userId, userId)));
        sent++;
      }
    }
    return { due: due.length, sent };
  }

  async stockNoticesOf(userId: string) {
    return this.db.select().from(stockNotices).where(eq(stockNotices.userId, userId));
  }

  // ---------------------------------------------------------------- pictures

  /** Stores a picture (re-encoded, features computed). Throws CAT00006 for anything not an image. */
  async saveImage(input: Buffer, db: Db = this.db, options: { trusted?: boolean } = {}): Promise<number> {
    const prepared = await this.prepare(input, options);
    const [row] = await db
      .insert(images)
      .values({
        width: prepared.width,
        height: prepared.height,
        bytes: prepared.bytes,
        digest: prepared.digest,
        dhash: prepared.dhash,
        ahash: prepared.ahash,
        histogram: prepared.histogram,
      })
      .returning({ id: images.id });
    return row.id;
  }

  private async prepare(input: Buffer, options: { trusted?: boolean } = {}) {
    if (!input || input.length === 0) throw new AppError('CAT00006');
    try {
      return await prepareImage(input, options);
    } catch (error) {
      if (error instanceof NotAnImageError) throw new AppError('CAT00006');
      throw error;
    }
  }

  /** A picture at one of the served widths; null when unknown. Made once, then kept a while. */
  async imageAt(id: number, width: number | undefined): Promise<{ bytes: Buffer; etag: string } | null> {
    const w = snapWidth(width);
    return this.imageCache.get(`${id}:${w}`, async () => {
      const [row] = await this.db
        .select({ bytes: images.bytes, digest: images.digest, width: images.width })
        .from(images)
        .where(eq(images.id, id));
      if (!row) return null;
      const bytes = row.width <= w ? row.bytes : await resizeImage(row.bytes, w);
      return { bytes, etag: `"${row.digest}-${w}"` };
    });
  }

  // ---------------------------------------------------------------- reads for the screens

  async categoryTree(language: Language): Promise<CategoryNode[]> {
    return this.cache.get(`tree:${language}`, async () => {
      const rows = await this.db
        .select()
        .from(categories)
        .where(eq(categories.enabled, true))
        .orderBy(asc(categories.sort), asc(categories.id));
      const nodes = new Map<number, CategoryNode>();
      for (const row of rows) {
        nodes.set(row.id, {
          id: row.id,
          name: tr(row.name, language),
          level: row.level,
          imageUrl: imageUrl(row.imageId),
          children: [],
        });
      }
      const roots: CategoryNode[] = [];
      for (const row of rows) {
        const node = nodes.get(row.id) as CategoryNode;
        if (row.parentId === null) roots.push(node);
        else nodes.get(row.parentId)?.children.push(node);
      }
      return roots;
    });
  }

  /** A category, its path from the top, and every level-3 category under it (itself included). */
  private async categoryScope(categoryId: number, language: Language) {
    const rows = await this.cache.get('categories:all', () => this.db.select().from(categories));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const category = byId.get(categoryId);
    if (!category?.enabled) throw new AppError('CAT00002');
    const path: { id: number; name: string }[] = [];
    for (let c: typeof category | undefined = category; c; c = c.parentId ? byId.get(c.parentId) : undefined) {
      path.unshift({ id: c.id, name: tr(c.name, language) });
    }
    const ids = new Set([categoryId]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const r of rows) {
        if (r.parentId !== null && ids.has(r.parentId) && !ids.has(r.id) && r.enabled) {
          ids.add(r.id);
          grew = true;
        }
      }
    }
    return {
      category: { id: category.id, name: tr(category.name, language), level: category.level, path },
      ids: [...ids],
    };
  }

  /** Cards of the given products in the given order (unpublished ones too: favourites show them). */
  async productCards(productIds: number[], language: Language, db: Db = this.db): Promise<ProductCard[]> {
    if (productIds.length === 0) return [];
    const [rows, itemRows] = await Promise.all([
      db.select().from(products).where(inArray(products.id, productIds)),
      db.select().from(items).where(inArray(items.productId, productIds)).orderBy(asc(items.sort), asc(items.id)),
    ]);
    const itemsOf = new Map<number, ItemRow[]>();
    for (const item of itemRows) {
      const list = itemsOf.get(item.productId) ?? [];
      list.push(item);
      itemsOf.set(item.productId, list);
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    const now = new Date();
    return productIds.flatMap((id) => {
      const product = byId.get(id);
      if (!product) return [];
      return [this.card(product, itemsOf.get(id) ?? [], language, now)];
    });
  }

  private card(product: ProductRow, productItems: ItemRow[], language: Language, now: Date): ProductCard {
    const onSale = productItems.filter((i) => {
      const f = itemFlags(i, product.published, now);
      return !f.expired && !f.unpublished;
    });
    const inStock = onSale.filter((i) => i.stock > 0);
    const pool = inStock.length ? inStock : onSale.length ? onSale : productItems;
    const chosen = pool.reduce<ItemRow | undefined>(
      (best, i) => (!best || i.priceCents < best.priceCents ? i : best),
      undefined,
    );
    const flags: ItemFlags = chosen
      ? { ...itemFlags(chosen, product.published, now), outOfStock: inStock.length === 0 }
      : { expired: false, outOfStock: true, unpublished: true };
    return {
      productId: product.id,
      productItemId: chosen?.id ?? 0,
      name: tr(product.name, language),
      imageUrl: imageUrl(product.coverImageId),
      priceCents: chosen?.priceCents ?? product.minPriceCents,
      marketPriceCents: chosen?.marketPriceCents ?? null,
      salesCount: product.salesCount,
      flags,
    };
  }

  private async pageOf(
    where: SQL | undefined,
    sort: ProductSort,
    page: number,
    size: number,
    language: Language,
  ): Promise<Page<ProductCard>> {
    const base = and(eq(products.published, true), where);
    const [ids, [{ total }]] = await Promise.all([
      this.db
        .select({ id: products.id })
        .from(products)
        .where(base)
        .orderBy(...ORDER[sort])
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ total: sql<number>`count(*)::int` }).from(products).where(base),
    ]);
    return {
      list: await this.productCards(
        ids.map((r) => r.id),
        language,
      ),
      total: Number(total),
      page,
      size,
    };
  }

  async categoryProducts(
    categoryId: number | undefined,
    sort: ProductSort,
    page: number,
    size: number,
    language: Language,
  ) {
    return this.cache.get(`cat:${categoryId}:${sort}:${page}:${size}:${language}`, async () => {
      if (categoryId === undefined)
        return { ...(await this.pageOf(undefined, sort, page, size, language)), category: null };
      const scope = await this.categoryScope(categoryId, language);
      const result = await this.pageOf(inArray(products.categoryId, scope.ids), sort, page, size, language);
      return { ...result, category: scope.category };
    });
  }

  async tagProducts(tagId: number, sort: ProductSort, page: number, size: number, language: Language) {
    return this.cache.get(`tag:${tagId}:${sort}:${page}:${size}:${language}`, async () => {
      const [row] = await this.db
        .select()
        .from(tags)
        .where(and(eq(tags.id, tagId), eq(tags.enabled, true)));
      if (!row) throw new AppError('CAT00003');
      const inTag = inArray(
        products.id,
        this.db.select({ id: productTags.productId }).from(productTags).where(eq(productTags.tagId, tagId)),
      );
      const result = await this.pageOf(inTag, sort, page, size, language);
      return { ...result, tag: { id: row.id, name: tr(row.name, language), color: row.color } };
    });
  }

  async activityProducts(activityId: number, sort: ProductSort, page: number, size: number, language: Language) {
    return this.cache.get(`act:${activityId}:${sort}:${page}:${size}:${language}`, async () => {
      const [row] = await this.db
        .select()
        .from(activities)
        .where(
          and(
            eq(activities.id, activityId),
            eq(activities.enabled, true),
            lte(activities.startsAt, sql`now()`),
            gt(activities.endsAt, sql`now()`),
          ),
        );
      if (!row) throw new AppError('CAT00004');
      const inActivity = inArray(
        products.id,
        this.db
          .select({ id: activityProducts.productId })
          .from(activityProducts)
          .where(eq(activityProducts.activityId, activityId)),
      );
      const result = await this.pageOf(inActivity, sort, page, size, language);
      return { ...result, activity: this.activityOut(row, language) };
    });
  }

  private activityOut(row: typeof activities.$inferSelect, language: Language): Activity {
    return {
      id: row.id,
      name: tr(row.name, language),
      subtitle: tr(row.subtitle, language),
      imageUrl: imageUrl(row.imageId),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    };
  }

  async activities(language: Language): Promise<Activity[]> {
    return this.cache.get(`activities:${language}`, async () => {
      const rows = await this.db
        .select()
        .from(activities)
        .where(
          and(eq(activities.enabled, true), lte(activities.startsAt, sql`now()`), gt(activities.endsAt, sql`now()`)),
        )
        .orderBy(asc(activities.sort), asc(activities.id));
      return rows.map((r) => this.activityOut(r, language));
    });
  }

  async tags(language: Language): Promise<Tag[]> {
    return this.cache.get(`tags:${language}`, async () => {
      const rows = await this.db
        .select()
        .from(tags)
        .where(eq(tags.enabled, true))
        .orderBy(asc(tags.sort), asc(tags.id));
      return rows.map((r) => ({ id: r.id, name: tr(r.name, language), color: r.color }));
    });
  }

  /** Banners of one position that are on now. */
  async banners(position: string, language: Language): Promise<JumpItem[]> {
    return this.cache.get(`banners:${position}:${language}`, async () => {
      const rows = await this.db
        .select()
        .from(banners)
        .where(
          and(
            eq(banners.position, position),
            eq(banners.enabled, true),
            or(isNull(banners.startsAt), lte(banners.startsAt, sql`now()`)),
            or(isNull(banners.endsAt), gt(banners.endsAt, sql`now()`)),
          ),
        )
        .orderBy(asc(banners.sort), asc(banners.id));
      return rows.map((r) => ({
        id: r.id,
        name: tr(r.name, language),
        imageUrl: imageUrl(r.imageId),
        jumpType: r.jumpType,
        jumpValue: r.jumpValue,
        productItemID: r.productItemId,
        url: r.url,
        urlKh: r.urlKh,
        urlChs: r.urlChs,
        upperid: r.upperid,
        channel: r.channel,
        carouselType: r.carouselType,
        jumpReason: r.jumpReason,
      }));
    });
  }

  /** A product's page; the same answer object for a few seconds per item (or product) and language. */
  async productDetail(
    query: { productId?: number; productItemId?: number },
    language: Language,
  ): Promise<ProductDetail> {
    const asked = query.productItemId !== undefined ? `item:${query.productItemId}` : `product:${query.productId}`;
    return this.cache.get(`detail-answer:${asked}:${language}`, async () => {
      let productId = query.productId;
      if (query.productItemId !== undefined) {
        const itemId = query.productItemId;
        const [item] = await this.db.select({ productId: items.productId }).from(items).where(eq(items.id, itemId));
        if (!item) throw new AppError('CAT00001');
        productId = item.productId;
      }
      if (productId === undefined) throw new AppError('CAT00001');
      const id = productId;
      const detail = await this.cache.get(`detail:${id}:${language}`, () => this.loadDetail(id, language));
      const selected =
        query.productItemId !== undefined && detail.items.some((i) => i.productItemId === query.productItemId)
          ? query.productItemId
          : detail.selectedItemId;
      return { ...detail, selectedItemId: selected };
    });
  }

  private async loadDetail(productId: number, language: Language): Promise<ProductDetail> {
    const [product] = await this.db.select().from(products).where(eq(products.id, productId));
    if (!product) throw new AppError('CAT00001');
    const [itemRows, imageRows, attributeRows, merchantRows, scope] = await Promise.all([
      this.db.select().from(items).where(eq(items.productId, productId)).orderBy(asc(items.sort), asc(items.id)),
      this.db
        .select()
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.sort)),
      this.db
        .select()
        .from(productAttributes)
        .where(eq(productAttributes.productId, productId))
        .orderBy(asc(productAttributes.sort)),
      product.merchantId
        ? this.db.select().from(merchants).where(eq(merchants.id, product.merchantId))
        : Promise.resolve([]),
      this.categoryScope(product.categoryId, language).catch(() => null),
    ]);
    const now = new Date();
    const specs: { name: string; values: string[] }[] = [];
    for (const item of itemRows) {
      item.spec.forEach((pair, index) => {
        const name = tr(pair.name, language);
        const value = tr(pair.value, language);
        specs[index] ??= { name, values: [] };
        const dim = specs[index];
        if (!dim.values.includes(value)) dim.values.push(value);
      });
    }
    const card = this.card(product, itemRows, language, now);
    return {
      productId: product.id,
      name: tr(product.name, language),
      description: tr(product.description, language),
      manual: product.manual ? tr(product.manual, language) : null,
      brand: product.brand,
      published: product.published,
      salesCount: product.salesCount,
      merchant: merchantRows[0] ? { id: merchantRows[0].id, name: tr(merchantRows[0].name, language) } : null,
      category: scope
        ? { id: scope.category.id, name: scope.category.name, path: scope.category.path }
        : { id: product.categoryId, name: '', path: [] },
      images: imageRows.map((r) => ({ id: r.imageId, url: imageUrl(r.imageId) as string })),
      attributes: attributeRows.map((a) => ({ name: tr(a.name, language), value: tr(a.value, language) })),
      specs,
      items: itemRows.map((item) => ({
        productItemId: item.id,
        spec: item.spec.map((p) => ({ name: tr(p.name, language), value: tr(p.value, language) })),
        specText: specText(item.spec, language),
        priceCents: item.priceCents,
        marketPriceCents: item.marketPriceCents,
        stock: Math.max(item.stock, 0),
        maxPurchase: item.maxPurchase,
        imageUrl: imageUrl(item.imageId ?? product.coverImageId),
        flags: itemFlags(item, product.published, now),
      })),
      selectedItemId: card.productItemId,
    };
  }

  // ---------------------------------------------------------------- shops (merchant catalogue)

  private async merchantInfo(merchantId: number, language: Language) {
    const [row] = await this.db
      .select()
      .from(merchants)
      .where(and(eq(merchants.id, merchantId), eq(merchants.enabled, true)));
    if (!row) throw new AppError('CAT00007');
    const [{ count }] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.published, true)));
    return {
      id: row.id,
      name: tr(row.name, language),
      logoUrl: imageUrl(row.logoImageId),
      productCount: Number(count),
    };
  }

  /** Categories of one level under `parentId` (or the top) that hold the shop's products, with counts. */
  private async merchantCategories(merchantId: number, parentId: number | null, language: Language) {
    const all = await this.cache.get('categories:all', () => this.db.select().from(categories));
    const counts = await this.db
      .select({ categoryId: products.categoryId, count: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.published, true)))
      .groupBy(products.categoryId);
    const byId = new Map(all.map((c) => [c.id, c]));
    const totals = new Map<number, number>();
    for (const { categoryId, count } of counts) {
      for (let c = byId.get(categoryId); c; c = c.parentId ? byId.get(c.parentId) : undefined) {
        totals.set(c.id, (totals.get(c.id) ?? 0) + Number(count));
      }
    }
    return all
      .filter((c) => c.enabled && c.parentId === parentId && (totals.get(c.id) ?? 0) > 0)
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((c) => ({
        id: c.id,
        name: tr(c.name, language),
        level: c.level,
        imageUrl: imageUrl(c.imageId),
        productCount: totals.get(c.id) ?? 0,
      }));
  }

  async merchantCatalog(merchantId: number, language: Language) {
    return this.cache.get(`mcat:${merchantId}:${language}`, async () => ({
      merchant: await this.merchantInfo(merchantId, language),
      categories: await this.merchantCategories(merchantId, null, language),
    }));
  }

  async merchantNextLevel(merchantId: number, categoryId: number, language: Language) {
    await this.merchantInfo(merchantId, language);
    await this.categoryScope(categoryId, language);
    return this.merchantCategories(merchantId, categoryId, language);
  }

  async merchantProducts(
    merchantId: number,
    categoryId: number | undefined,
    sort: ProductSort,
    page: number,
    size: number,
    language: Language,
  ) {
    const merchant = await this.merchantInfo(merchantId, language);
    const scope = categoryId !== undefined ? await this.categoryScope(categoryId, language) : null;
    const where = and(eq(products.merchantId, merchantId), scope ? inArray(products.categoryId, scope.ids) : undefined);
    return { ...(await this.pageOf(where, sort, page, size, language)), merchant };
  }

  // ---------------------------------------------------------------- search

  /**
   * Ranked search over every language: full-text (word prefixes, Chinese and Khmer substrings)
   * first; when that finds nothing, typos are corrected (search.ts). Page 1 searches that find
   * something count towards the hot keywords.
   */
  async search(
    keyword: string,
    sort: ProductSort,
    page: number,
    size: number,
    language: Language,
  ): Promise<Page<ProductCard>> {
    const q = normalizeKeyword(keyword);
    if (!q) throw new AppError('CAT00005');
    const tsq = toTsQuery(q);
    let result = tsq ? await searchFullText(this.db, tsq, sort, page, size) : { ids: [], total: 0 };
    // Only keywords spelled as the catalogue spells them become hot keywords, not their typos.
    const spelledRight = result.total > 0;
    if (!spelledRight) result = await searchFuzzy(this.db, q, sort, page, size);
    if (page === 1 && spelledRight) this.keywordCounts.add(q);
    return { list: await this.productCards(result.ids, language), total: result.total, page, size };
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
      return this.productCards(
        ranked.map(([id]) => id),
        language,
      );
    });
  }

  async searchByImage(photo: Buffer, limit: number, language: Language) {
    const prepared = await this.prepare(photo);
    const ranked = await this.lookAlike(prepared, limit);
    const cards = await this.productCards(
      ranked.map(([id]) => id),
      language,
    );
    const distance = new Map(ranked);
    return cards.map((c) => ({ ...c, distance: Math.round((distance.get(c.productId) ?? 0) * 100) / 100 }));
  }

  // ---------------------------------------------------------------- writing the catalogue

  async addCategory(
    input: { parentId: number | null; name: LocalizedText; imageId?: number | null; sort?: number },
    db: Db = this.db,
  ) {
    let level = 1;
    if (input.parentId !== null) {
      const [parent] = await db.select().from(categories).where(eq(categories.id, input.parentId));
      if (!parent) throw new AppError('CAT00002');
      if (parent.level >= 3) throw new AppError('CAT00002');
      level = parent.level + 1;
    }
    const [row] = await db
      .insert(categories)
      .values({
        parentId: input.parentId,
        level,
        name: input.name,
        imageId: input.imageId ?? null,
        sort: input.sort ?? 0,
      })
      .returning({ id: categories.id });
    this.invalidate();
    return row.id;
  }

  async addMerchant(name: LocalizedText, logoImageId: number | null = null, db: Db = this.db) {
    const [row] = await db.insert(merchants).values({ name, logoImageId }).returning({ id: merchants.id });
    return row.id;
  }

  async addTag(name: LocalizedText, color: string, sort = 0, db: Db = this.db) {
    const [row] = await db.insert(tags).values({ name, color, sort }).returning({ id: tags.id });
    this.invalidate();
    return row.id;
  }

  async addActivity(
    input: {
      name: LocalizedText;
      subtitle: LocalizedText;
      imageId?: number | null;
      startsAt: Date;
      endsAt: Date;
      sort?: number;
      productIds: number[];
    },
    db: Db = this.db,
  ) {
    const [row] = await db
      .insert(activities)
      .values({
        name: input.name,
        subtitle: input.subtitle,
        imageId: input.imageId ?? null,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        sort: input.sort ?? 0,
      })
      .returning({ id: activities.id });
    if (input.productIds.length) {
      await db
        .insert(activityProducts)
        .values(input.productIds.map((productId, sort) => ({ activityId: row.id, productId, sort })));
    }
    this.invalidate();
    return row.id;
  }

  async addBanner(input: typeof banners.$inferInsert, db: Db = this.db) {
    const [row] = await db.insert(banners).values(input).returning({ id: banners.id });
    this.invalidate();
    return row.id;
  }

  /** Adds a product with its items, pictures, attributes and tags; computes its search words. */
  async addProduct(input: NewProduct, db: Db = this.db): Promise<{ productId: number; itemIds: number[] }> {
    const [created] = await this.addProducts([input], db);
    return created;
  }

  /** Adds many products in a few statements (demo shop, imports, benchmarks). */
  async addProducts(inputs: NewProduct[], db: Db = this.db): Promise<{ productId: number; itemIds: number[] }[]> {
    if (inputs.length === 0) return [];
    const all = await db.select().from(categories);
    const byId = new Map(all.map((c) => [c.id, c]));
    const rows = inputs.map((input) => {
      const category = byId.get(input.categoryId);
      if (!category) throw new AppError('CAT00002');
      const categoryNames: LocalizedText[] = [];
      for (let c: typeof category | undefined = category; c; c = c.parentId ? byId.get(c.parentId) : undefined)
        categoryNames.push(c.name);
      const published = input.items.filter((i) => i.published !== false);
      const minPrice = Math.min(...(published.length ? published : input.items).map((i) => i.priceCents));
      return {
        categoryId: input.categoryId,
        merchantId: input.merchantId ?? null,
        name: input.name,
        description: input.description,
        manual: input.manual ?? null,
        brand: input.brand ?? '',
        published: input.published ?? true,
        salesCount: input.salesCount ?? 0,
        sort: input.sort ?? 0,
        minPriceCents: Number.isFinite(minPrice) ? minPrice : 0,
        coverImageId: input.imageIds[0] ?? null,
        searchText: searchText(input.name, input.brand ?? '', categoryNames),
        searchDoc: searchDocument(input.name, input.brand ?? '', categoryNames),
        searchVersion: SEARCH_DOC_VERSION,
        vocabulary: vocabulary(input.name, input.brand ?? '', categoryNames),
      };
    });
    const out: { productId: number; itemIds: number[] }[] = [];
    const CHUNK = 500;
    for (let start = 0; start < inputs.length; start += CHUNK) {
      const chunk = inputs.slice(start, start + CHUNK);
      // Serial ids follow the order of VALUES: sorting the returned ids lines them up with the inputs.
      const ids = (
        await db
          .insert(products)
          .values(rows.slice(start, start + CHUNK).map(({ vocabulary: _, ...row }) => row))
          .returning({ id: products.id })
      )
        .map((r) => r.id)
        .sort((a, b) => a - b);
      const imageRows = chunk.flatMap((input, k) =>
        input.imageIds.map((imageId, sort) => ({ productId: ids[k], imageId, sort })),
      );
      const attributeRows = chunk.flatMap((input, k) =>
        (input.attributes ?? []).map((a, sort) => ({ productId: ids[k], name: a.name, value: a.value, sort })),
      );
      const tagRows = chunk.flatMap((input, k) => (input.tagIds ?? []).map((tagId) => ({ tagId, productId: ids[k] })));
      const itemRows = chunk.flatMap((input, k) =>
        input.items.map((i, sort) => ({
          productId: ids[k],
          spec: i.spec,
          priceCents: i.priceCents,
          marketPriceCents: i.marketPriceCents ?? null,
          stock: i.stock,
          maxPurchase: i.maxPurchase ?? 99,
          published: i.published ?? true,
          expiresAt: i.expiresAt ?? null,
          imageId: i.imageId ?? null,
          sort,
        })),
      );
      await this.addVocabulary(
        rows.slice(start, start + CHUNK).flatMap((r) => r.vocabulary),
        db,
      );
      if (imageRows.length) await db.insert(productImages).values(imageRows);
      if (attributeRows.length) await db.insert(productAttributes).values(attributeRows);
      if (tagRows.length) await db.insert(productTags).values(tagRows);
      const itemIds = (await db.insert(items).values(itemRows).returning({ id: items.id }))
        .map((r) => r.id)
        .sort((a, b) => a - b);
      let next = 0;
      chunk.forEach((input, k) => {
        out.push({ productId: ids[k], itemIds: itemIds.slice(next, next + input.items.length) });
        next += input.items.length;
      });
    }
    this.invalidate();
    return out;
  }

  private async addVocabulary(words: string[], db: Db) {
    const vocab = [...new Set(words)];
    for (let v = 0; v < vocab.length; v += 5000) {
      await db
        .insert(searchWords)
        .values(vocab.slice(v, v + 5000).map((word) => ({ word })))
        .onConflictDoNothing();
    }
  }

  /**
   * Writes again the search documents written by an older `searchDocument` (SEARCH_DOC_VERSION),
   * a batch at a time; run when the shop starts. Instances starting together write the same words.
   */
  async refreshSearchDocuments(db: Db = this.db): Promise<number> {
    const all = await db.select().from(categories);
    const byId = new Map(all.map((c) => [c.id, c]));
    let done = 0;
    for (;;) {
      const batch = await db
        .select({ id: products.id, name: products.name, brand: products.brand, categoryId: products.categoryId })
        .from(products)
        .where(lt(products.searchVersion, SEARCH_DOC_VERSION))
        .orderBy(asc(products.id))
        .limit(2000);
      if (batch.length === 0) break;
      const docs = batch.map((p) => {
        const names: LocalizedText[] = [];
        for (let c = byId.get(p.categoryId); c; c = c.parentId ? byId.get(c.parentId) : undefined) names.push(c.name);
        return { id: p.id, doc: searchDocument(p.name, p.brand, names), words: vocabulary(p.name, p.brand, names) };
      });
      await db.execute(sql`
        UPDATE ${products} p SET search_doc = d.doc, search_version = ${SEARCH_DOC_VERSION}
        FROM json_to_recordset(${JSON.stringify(docs.map(({ id, doc }) => ({ id, doc })))}::json) AS d(id int, doc text)
        WHERE p.id = d.id`);
      await this.addVocabulary(
        docs.flatMap((d) => d.words),
        db,
      );
      done += batch.length;
    }
    if (done > 0) this.invalidate();
    return done;
  }

  /** Every item of the given products, grouped by product (in item order). */
  async itemIdsOf(productIds: number[], db: Db = this.db): Promise<Map<number, number[]>> {
    const rows = productIds.length
      ? await db
          .select({ id: items.id, productId: items.productId })
          .from(items)
          .where(inArray(items.productId, productIds))
          .orderBy(asc(items.sort), asc(items.id))
      : [];
    const map = new Map<number, number[]>();
    for (const r of rows) map.set(r.productId, [...(map.get(r.productId) ?? []), r.id]);
    return map;
  }

  /** The ids of every product (demo data, benchmarks). */
  async productIds(db: Db = this.db): Promise<number[]> {
    return (await db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id);
  }

  async setProductPublished(productId: number, published: boolean, db: Db = this.db) {
    await db.update(products).set({ published }).where(eq(products.id, productId));
    this.invalidate();
  }

  async setItemPublished(skuId: number, published: boolean, db: Db = this.db) {
    await db.update(items).set({ published }).where(eq(items.id, skuId));
    this.invalidate();
  }

  async productExists(productId: number, db: Db = this.db): Promise<boolean> {
    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
    return Boolean(row);
  }

  async countProducts(): Promise<number> {
    const [{ count }] = await this.db.select({ count: sql<number>`count(*)::int` }).from(products);
    return Number(count);
  }

  // ---------------------------------------------------------------- operator console (reads incl. unpublished)

  /** Every category with its names in all languages, for the console's editors. */
  async categoryRows() {
    return this.db.select().from(categories).orderBy(asc(categories.level), asc(categories.sort), asc(categories.id));
  }

  /** Products for the console: published or not, newest first, optionally by a word of the name. */
  async consoleProducts(query: { page: number; size: number; keyword?: string }) {
    const word = query.keyword?.trim();
    const where = word ? sql`${products.name}::text ILIKE ${`%${word.replace(/[%_\\]/g, '\\$&')}%`}` : undefined;
    const [{ total }] = await this.db.select({ total: sql<number>`count(*)::int` }).from(products).where(where);
    const rows = await this.db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    const ids = rows.map((r) => r.id);
    const itemRows = ids.length
      ? await this.db.select().from(items).where(inArray(items.productId, ids)).orderBy(asc(items.sort), asc(items.id))
      : [];
    return {
      list: rows.map((p) => ({ product: p, items: itemRows.filter((i) => i.productId === p.id) })),
      total,
      page: query.page,
      size: query.size,
    };
  }

  /** One product's row and items for the console (null when unknown). */
  async consoleProduct(productId: number) {
    const [product] = await this.db.select().from(products).where(eq(products.id, productId));
    if (!product) return null;
    const itemRows = await this.db
      .select()
      .from(items)
      .where(eq(items.productId, productId))
      .orderBy(asc(items.sort), asc(items.id));
    return { product, items: itemRows };
  }

  /** One item (SKU) row for the console (null when unknown). */
  async consoleItem(skuId: number) {
    const [row] = await this.db.select().from(items).where(eq(items.id, skuId));
    return row ?? null;
  }

  /** Banners of every position (or one), enabled or not, for the console. */
  async consoleBanners(position?: string) {
    return this.db
      .select()
      .from(banners)
      .where(position ? eq(banners.position, position) : undefined)
      .orderBy(asc(banners.position), asc(banners.sort), asc(banners.id));
  }

  async setBannerEnabled(id: number, enabled: boolean, db: Db = this.db) {
    const [row] = await db.update(banners).set({ enabled }).where(eq(banners.id, id)).returning();
    this.invalidate();
    return row ?? null;
  }

  // ---------------------------------------------------------------- operator console (edits)

  /** A product's pictures (in order) and tags, for the console's editor. */
  async consoleProductExtras(productId: number) {
    const pictures = await this.db
      .select({ id: productImages.imageId })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.sort));
    const tagRows = await this.db
      .select({ id: productTags.tagId })
      .from(productTags)
      .where(eq(productTags.productId, productId));
    return { imageIds: pictures.map((r) => r.id), tagIds: tagRows.map((r) => r.id).sort((a, b) => a - b) };
  }

  /**
   * Rewrites a product from the console: texts, category, pictures, tags and items. Items with an
   * id are changed (they must be this product's), items without are added, and the product's other
   * items are unpublished, never deleted (orders and carts name them). Stock goes through setStock
   * so "back in stock" notices still fire.
   */
  async updateProduct(
    productId: number,
    input: Omit<NewProduct, 'items' | 'merchantId' | 'salesCount' | 'attributes' | 'manual'> & {
      items: (NewProduct['items'][number] & { id?: number })[];
    },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const all = await tx.select().from(categories);
      const byId = new Map(all.map((c) => [c.id, c]));
      const category = byId.get(input.categoryId);
      if (!category) throw new AppError('CAT00002');
      const categoryNames: LocalizedText[] = [];
      for (let c: typeof category | undefined = category; c; c = c.parentId ? byId.get(c.parentId) : undefined)
        categoryNames.push(c.name);
      const existing = await tx.select().from(items).where(eq(items.productId, productId));
      const kept = new Set<number>();
      for (const [sort, item] of input.items.entries()) {
        const values = {
          spec: item.spec,
          priceCents: item.priceCents,
          marketPriceCents: item.marketPriceCents ?? null,
          maxPurchase: item.maxPurchase ?? 99,
          published: item.published ?? true,
          sort,
        };
        if (item.id !== undefined) {
          kept.add(item.id);
          await tx
            .update(items)
            .set(values)
            .where(and(eq(items.id, item.id), eq(items.productId, productId)));
          await this.setStock(item.id, item.stock, tx);
        } else {
          await tx.insert(items).values({ ...values, productId, stock: item.stock });
        }
      }
      const dropped = existing.filter((i) => !kept.has(i.id)).map((i) => i.id);
      if (dropped.length) await tx.update(items).set({ published: false }).where(inArray(items.id, dropped));
      const published = input.items.filter((i) => i.published !== false);
      const minPrice = Math.min(...(published.length ? published : input.items).map((i) => i.priceCents));
      await this.addVocabulary(vocabulary(input.name, input.brand ?? '', categoryNames), tx as unknown as Db);
      await tx
        .update(products)
        .set({
          categoryId: input.categoryId,
          name: input.name,
          description: input.description,
          brand: input.brand ?? '',
          published: input.published ?? true,
          minPriceCents: Number.isFinite(minPrice) ? minPrice : 0,
          coverImageId: input.imageIds[0] ?? null,
          searchText: searchText(input.name, input.brand ?? '', categoryNames),
          searchDoc: searchDocument(input.name, input.brand ?? '', categoryNames),
          searchVersion: SEARCH_DOC_VERSION,
        })
        .where(eq(products.id, productId));
      await tx.delete(productImages).where(eq(productImages.productId, productId));
      if (input.imageIds.length)
        await tx.insert(productImages).values(input.imageIds.map((imageId, sort) => ({ productId, imageId, sort })));
      if (input.tagIds) {
        await tx.delete(productTags).where(eq(productTags.productId, productId));
        if (input.tagIds.length)
          await tx.insert(productTags).values(input.tagIds.map((tagId) => ({ tagId, productId })));
      }
    });
    this.invalidate();
  }

  async updateCategory(id: number, patch: { name: LocalizedText; sort: number; enabled: boolean }) {
    const [row] = await this.db.update(categories).set(patch).where(eq(categories.id, id)).returning();
    this.invalidate();
    return row ?? null;
  }

  /** Which of `productIds` exist (the console checks the products it attaches). */
  async existingProductIds(productIds: number[]): Promise<Set<number>> {
    if (productIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, [...new Set(productIds)]));
    return new Set(rows.map((r) => r.id));
  }

  /** Every tag (shown or not) with its products, for the console. */
  async consoleTags() {
    const rows = await this.db.select().from(tags).orderBy(asc(tags.sort), asc(tags.id));
    const links = await this.db.select().from(productTags).orderBy(asc(productTags.sort), asc(productTags.productId));
    return rows.map((t) => ({ ...t, productIds: links.filter((l) => l.tagId === t.id).map((l) => l.productId) }));
  }

  /** Adds (no id) or changes a tag and replaces its products; the tag's id, or null when unknown. */
  async saveTag(input: {
    id?: number;
    name: LocalizedText;
    color: string;
    sort: number;
    enabled: boolean;
    productIds: number[];
  }): Promise<number | null> {
    const id = await this.db.transaction(async (tx) => {
      const values = { name: input.name, color: input.color, sort: input.sort, enabled: input.enabled };
      const [row] =
        input.id === undefined
          ? await tx.insert(tags).values(values).returning({ id: tags.id })
          : await tx.update(tags).set(values).where(eq(tags.id, input.id)).returning({ id: tags.id });
      if (!row) return null;
      await tx.delete(productTags).where(eq(productTags.tagId, row.id));
      if (input.productIds.length)
        await tx
          .insert(productTags)
          .values(input.productIds.map((productId, sort) => ({ tagId: row.id, productId, sort })));
      return row.id;
    });
    this.invalidate();
    return id;
  }

  /** Every activity (past, running, coming) with its products, for the console. */
  async consoleActivities() {
    const rows = await this.db.select().from(activities).orderBy(desc(activities.startsAt), asc(activities.id));
    const links = await this.db
      .select()
      .from(activityProducts)
      .orderBy(asc(activityProducts.sort), asc(activityProducts.productId));
    return rows.map((a) => ({
      ...a,
      productIds: links.filter((l) => l.activityId === a.id).map((l) => l.productId),
    }));
  }

  /** Adds (no id) or changes an activity and replaces its products; its id, or null when unknown. */
  async saveActivity(input: {
    id?: number;
    name: LocalizedText;
    subtitle: LocalizedText;
    imageId: number | null;
    startsAt: Date;
    endsAt: Date;
    sort: number;
    enabled: boolean;
    productIds: number[];
  }): Promise<number | null> {
    const { id: given, productIds, ...values } = input;
    const id = await this.db.transaction(async (tx) => {
      const [row] =
        given === undefined
          ? await tx.insert(activities).values(values).returning({ id: activities.id })
          : await tx.update(activities).set(values).where(eq(activities.id, given)).returning({ id: activities.id });
      if (!row) return null;
      await tx.delete(activityProducts).where(eq(activityProducts.activityId, row.id));
      if (productIds.length)
        await tx
          .insert(activityProducts)
          .values(productIds.map((productId, sort) => ({ activityId: row.id, productId, sort })));
      return row.id;
    });
    this.invalidate();
    return id;
  }

  /** Replaces a banner's fields (the console checked its jump); the new row, or null when unknown. */
  async updateBanner(id: number, input: Omit<typeof banners.$inferInsert, 'id' | 'enabled'>) {
    const [row] = await this.db.update(banners).set(input).where(eq(banners.id, id)).returning();
    this.invalidate();
    return row ?? null;
  }

  /** Published items at or below `threshold` in stock (dashboard). */
  async lowStockCount(threshold: number): Promise<number> {
    const [{ count }] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(items)
      .innerJoin(products, eq(products.id, items.productId))
      .where(and(eq(items.published, true), eq(products.published, true), lte(items.stock, threshold)));
    return Number(count);
  }
}
