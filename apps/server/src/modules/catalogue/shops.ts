/**
 * Shops: a merchant's catalogue (its categories with counts, level by level) and its products.
 */
import type { Language, ProductSort } from '@shop/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import type { CatalogueQueries } from './queries.ts';
import { type CatalogueContext, imageUrl, type TtlCache, tr } from './shared.ts';
import { categories, merchants, products } from './tables.ts';

export class CatalogueShops {
  private readonly db: Db;
  private readonly cache: TtlCache;
  private readonly queries: CatalogueQueries;

  constructor(ctx: CatalogueContext, queries: CatalogueQueries) {
    this.db = ctx.db;
    this.cache = ctx.cache;
    this.queries = queries;
  }

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
    await this.queries.categoryScope(categoryId, language);
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
    const scope = categoryId !== undefined ? await this.queries.categoryScope(categoryId, language) : null;
    const where = and(eq(products.merchantId, merchantId), scope ? inArray(products.categoryId, scope.ids) : undefined);
    return { ...(await this.queries.pageOf(null, { where }, sort, page, size, language)), merchant };
  }
}
