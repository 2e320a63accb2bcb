/**
 * The operator console's side of the catalogue: reads that include what shoppers do not see
 * (unpublished, disabled), the editors' writes, and the dashboard's low-stock count.
 */
import { and, asc, desc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { addVocabulary } from './search-documents.ts';
import { SEARCH_DOC_VERSION, searchDocument, searchText, vocabulary } from './search-text.ts';
import type { CatalogueContext } from './shared.ts';
import type { CatalogueStock } from './stock.ts';
import {
  activities,
  activityProducts,
  banners,
  categories,
  items,
  type LocalizedText,
  productImages,
  products,
  productTags,
  tags,
} from './tables.ts';
import type { ActivityEdit, BannerEdit, CategoryEdit, ProductEdit, TagEdit } from './types.ts';

/** The operator's product search counts its matches up to this many. */
const CONSOLE_COUNTED = 1_000;

export class CatalogueConsole {
  private readonly ctx: CatalogueContext;
  private readonly db: Db;
  private readonly stock: CatalogueStock;

  constructor(ctx: CatalogueContext, stock: CatalogueStock) {
    this.ctx = ctx;
    this.db = ctx.db;
    this.stock = stock;
  }

  // ---------------------------------------------------------------- operator console (reads incl. unpublished)

  /** Every category with its names in all languages, for the console's editors. */
  async categoryRows() {
    return this.db.select().from(categories).orderBy(asc(categories.level), asc(categories.sort), asc(categories.id));
  }

  /** Products for the console: published or not, newest first, optionally by a word of the name. */
  async consoleProducts(query: { page: number; size: number; keyword?: string }) {
    const word = query.keyword?.trim().toLowerCase();
    // A keyword is looked for in the names of every language and the brand (search_text, lower
    // case, trigram-indexed), never by reading every row: at a million products a scan of the
    // names took seconds. Its count stops at CONSOLE_COUNTED ("1,000 or more": counting a brand's
    // 20,000 products at a million read them all, 0.4 s); the whole catalogue's is kept while the
    // catalogue's generation holds (a count of a million rows is 55 ms).
    const like = word ? `%${word.replace(/[%_\\]/g, '\\$&')}%` : undefined;
    const matching = like
      ? sql`SELECT id FROM ${products} WHERE ${products.searchText} ILIKE (SELECT ${like}::text)`
      : undefined;
    const countOf = async (query: SQL) => Number((await queryRows<{ total: number }>(this.db, query))[0].total);
    const total = matching
      ? await countOf(sql`SELECT count(*)::int AS total FROM (${matching} LIMIT ${CONSOLE_COUNTED}) m`)
      : await this.ctx.counts.count('console:all', () => countOf(sql`SELECT count(*)::int AS total FROM ${products}`));
    const rows = await this.db
      .select()
      .from(products)
      .where(matching ? sql`${products.id} IN (${matching})` : undefined)
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
    this.ctx.invalidate();
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
  async updateProduct(productId: number, input: ProductEdit): Promise<void> {
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
          await this.stock.setStock(item.id, item.stock, tx);
        } else {
          await tx.insert(items).values({ ...values, productId, stock: item.stock });
        }
      }
      const dropped = existing.filter((i) => !kept.has(i.id)).map((i) => i.id);
      if (dropped.length) await tx.update(items).set({ published: false }).where(inArray(items.id, dropped));
      const published = input.items.filter((i) => i.published !== false);
      const minPrice = Math.min(...(published.length ? published : input.items).map((i) => i.priceCents));
      await addVocabulary(vocabulary(input.name, input.brand ?? '', categoryNames), tx as unknown as Db);
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
    this.ctx.invalidate();
  }

  async updateCategory(id: number, patch: CategoryEdit) {
    const [row] = await this.db.update(categories).set(patch).where(eq(categories.id, id)).returning();
    this.ctx.invalidate();
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
  async saveTag(input: TagEdit): Promise<number | null> {
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
    this.ctx.invalidate();
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
  async saveActivity(input: ActivityEdit): Promise<number | null> {
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
    this.ctx.invalidate();
    return id;
  }

  /** Replaces a banner's fields (the console checked its jump); the new row, or null when unknown. */
  async updateBanner(id: number, input: BannerEdit) {
    const [row] = await this.db.update(banners).set(input).where(eq(banners.id, id)).returning();
    this.ctx.invalidate();
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
