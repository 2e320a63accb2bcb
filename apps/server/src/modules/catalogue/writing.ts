/**
 * Writing the catalogue: adding categories, shops, tags, activities, banners and products (one or
 * many at a time: demo shop, imports, benchmarks), publishing, and the id look-ups seeds need.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { addVocabulary } from './search-documents.ts';
import { SEARCH_DOC_VERSION, searchDocument, searchText, vocabulary } from './search-text.ts';
import type { CatalogueContext } from './shared.ts';
import {
  activities,
  activityProducts,
  banners,
  categories,
  items,
  type LocalizedText,
  merchants,
  productAttributes,
  productImages,
  products,
  productTags,
  tags,
} from './tables.ts';
import type { NewActivity, NewBanner, NewCategory, NewProduct } from './types.ts';

export class CatalogueWriting {
  private readonly ctx: CatalogueContext;
  private readonly db: Db;

  constructor(ctx: CatalogueContext) {
    this.ctx = ctx;
    this.db = ctx.db;
  }

  async addCategory(input: NewCategory, db: Db = this.db) {
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
    this.ctx.invalidate();
    return row.id;
  }

  async addMerchant(name: LocalizedText, logoImageId: number | null = null, db: Db = this.db) {
    const [row] = await db.insert(merchants).values({ name, logoImageId }).returning({ id: merchants.id });
    return row.id;
  }

  async addTag(name: LocalizedText, color: string, sort = 0, db: Db = this.db) {
    const [row] = await db.insert(tags).values({ name, color, sort }).returning({ id: tags.id });
    this.ctx.invalidate();
    return row.id;
  }

  async addActivity(input: NewActivity, db: Db = this.db) {
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
    this.ctx.invalidate();
    return row.id;
  }

  async addBanner(input: NewBanner, db: Db = this.db) {
    const [row] = await db.insert(banners).values(input).returning({ id: banners.id });
    this.ctx.invalidate();
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
      await addVocabulary(
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
    this.ctx.invalidate();
    return out;
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
    this.ctx.invalidate();
  }

  async setItemPublished(skuId: number, published: boolean, db: Db = this.db) {
    await db.update(items).set({ published }).where(eq(items.id, skuId));
    this.ctx.invalidate();
  }

  async productExists(productId: number, db: Db = this.db): Promise<boolean> {
    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
    return Boolean(row);
  }

  async countProducts(): Promise<number> {
    const [{ count }] = await this.db.select({ count: sql<number>`count(*)::int` }).from(products);
    return Number(count);
  }
}
