/**
 * The shopper's reads: the category tree, lists of product cards (by category, tag or activity),
 * tags, activities, banners and a product's page, each kept a few seconds in the shared cache.
 */
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
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import type { CountsByGeneration } from './search-answers.ts';
import { type CatalogueContext, imageUrl, itemFlags, specText, type TtlCache, tr } from './shared.ts';
import {
  activities,
  activityProducts,
  banners,
  categories,
  categoryCounts,
  items,
  merchants,
  productAttributes,
  productImages,
  products,
  productTags,
  tags,
} from './tables.ts';
import type { Page } from './types.ts';

type ItemRow = typeof items.$inferSelect;

/**
 * The product columns a card reads, and those a product's page adds: not the search text and words
 * (about a quarter of a row), which only search reads (issue 37: a million products).
 */
const CARD_COLUMNS = {
  id: products.id,
  name: products.name,
  published: products.published,
  salesCount: products.salesCount,
  minPriceCents: products.minPriceCents,
  coverImageId: products.coverImageId,
};
const DETAIL_COLUMNS = {
  ...CARD_COLUMNS,
  categoryId: products.categoryId,
  merchantId: products.merchantId,
  description: products.description,
  manual: products.manual,
  brand: products.brand,
};
type CardProduct = { [K in keyof typeof CARD_COLUMNS]: (typeof products.$inferSelect)[K] };

const ORDER: Record<ProductSort, SQL[]> = {
  default: [desc(products.sort), desc(products.salesCount), asc(products.id)],
  sales: [desc(products.salesCount), asc(products.id)],
  priceAsc: [asc(products.minPriceCents), asc(products.id)],
  priceDesc: [desc(products.minPriceCents), asc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
};

export class CatalogueQueries {
  private readonly db: Db;
  private readonly cache: TtlCache;
  private readonly counts: CountsByGeneration;

  constructor(ctx: CatalogueContext) {
    this.db = ctx.db;
    this.cache = ctx.cache;
    this.counts = ctx.counts;
  }

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
  async categoryScope(categoryId: number, language: Language) {
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
    return (await this.productCardsUntil(productIds, language, db)).cards;
  }

  /**
   * The cards, and until when they hold as they are (ms): the next moment one of their items
   * expires (a card shows its cheapest item not expired), else never.
   */
  async productCardsUntil(
    productIds: number[],
    language: Language,
    db: Db = this.db,
  ): Promise<{ cards: ProductCard[]; until: number }> {
    if (productIds.length === 0) return { cards: [], until: Number.POSITIVE_INFINITY };
    const [rows, itemRows] = await Promise.all([
      db.select(CARD_COLUMNS).from(products).where(inArray(products.id, productIds)),
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
    let until = Number.POSITIVE_INFINITY;
    for (const item of itemRows) {
      const expires = item.expiresAt?.getTime();
      if (expires !== undefined && expires > now.getTime()) until = Math.min(until, expires);
    }
    const cards = productIds.flatMap((id) => {
      const product = byId.get(id);
      if (!product) return [];
      return [this.card(product, itemsOf.get(id) ?? [], language, now)];
    });
    return { cards, until };
  }

  private card(product: CardProduct, productItems: ItemRow[], language: Language, now: Date): ProductCard {
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

  /**
   * A page of published products' cards, in `sort`'s order (shops.ts pages with it too); `counted`,
   * when given, gives the total instead of counting the products `where` keeps.
   */
  async pageOf(
    countKey: string | null,
    where: SQL | undefined,
    sort: ProductSort,
    page: number,
    size: number,
    language: Language,
    counted?: () => Promise<number>,
  ): Promise<Page<ProductCard>> {
    const base = and(eq(products.published, true), where);
    const countOf = async () => {
      if (counted) return counted();
      const [{ total }] = await this.db.select({ total: sql<number>`count(*)::int` }).from(products).where(base);
      return Number(total);
    };
    const [ids, total] = await Promise.all([
      this.db
        .select({ id: products.id })
        .from(products)
        .where(base)
        .orderBy(...ORDER[sort])
        .limit(size)
        .offset((page - 1) * size),
      // A category's or the feed's count is kept while the catalogue's generation holds (the same
      // whatever the sort or page); `countKey` null: what else the list depends on (a tag's or an
      // activity's products, a shop's) does not move the generation, so it is counted each time.
      countKey === null ? countOf() : this.counts.count(countKey, countOf),
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
        return { ...(await this.pageOf('feed', undefined, sort, page, size, language)), category: null };
      const scope = await this.categoryScope(categoryId, language);
      // Its published products are its categories' kept counts added up (migration 0011), not counted.
      const counted = async () => {
        const [{ total }] = await this.db
          .select({ total: sql<number>`coalesce(sum(${categoryCounts.published}), 0)::int` })
          .from(categoryCounts)
          .where(inArray(categoryCounts.categoryId, scope.ids));
        return Number(total);
      };
      const result = await this.pageOf(
        `category:${scope.ids.join(',')}`,
        inArray(products.categoryId, scope.ids),
        sort,
        page,
        size,
        language,
        counted,
      );
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
      const result = await this.pageOf(null, inTag, sort, page, size, language);
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
      const result = await this.pageOf(null, inActivity, sort, page, size, language);
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
    const [product] = await this.db.select(DETAIL_COLUMNS).from(products).where(eq(products.id, productId));
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
}
