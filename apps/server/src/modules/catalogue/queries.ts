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
import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { arrayOf, type Db, queryRows, rowOf } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { DETAIL_VERSION, DetailVersions } from './detail-versions.ts';
import type { CountsByGeneration } from './search-answers.ts';
import { type CatalogueContext, imageUrl, itemFlags, specText, type TtlCache, tr } from './shared.ts';
import type { LocalizedText } from './tables.ts';
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
 * What a card reads of a product (not the search text and words, about a quarter of a row, which
 * only search reads: issue 37) and the product's items, as JSON in their order: one statement
 * instead of one for the products and one for their items (a round trip and a plan fewer for every
 * list, search page and favourites page). `p` is the product. The product's columns here are those
 * the index `catalogue_products_card` holds (migration 0013): an index-only scan, the rows unread.
 */
const CARD_SELECT = sql`p.id, p.name, p.published, p.sales_count AS "salesCount",
  p.min_price_cents AS "minPriceCents", p.cover_image_id AS "coverImageId",
  (SELECT coalesce(json_agg(i ORDER BY i.sort, i.id), '[]') FROM ${items} i WHERE i.product_id = p.id) AS items`;
/** The cards of the products whose ids the array `ids` holds, in its order. */
export const cardsIn = (ids: SQL) =>
  sql`SELECT ${CARD_SELECT} FROM unnest(${ids}) WITH ORDINALITY AS asked(id, n)
    JOIN ${products} p ON p.id = asked.id ORDER BY asked.n`;
type CardProduct = {
  id: number;
  name: LocalizedText;
  published: boolean;
  salesCount: number;
  minPriceCents: number;
  coverImageId: number | null;
};
/** A row of CARD_SELECT: the items as the database wrote them in JSON. */
export type CardRow = CardProduct & { items: Record<string, unknown>[] };
/**
 * The cards of the ids the array `ids` holds, in its order, as one JSON value of CARD_SELECT's rows:
 * for a statement that finds the ids and reads their cards at once (a search's page, issue 48).
 */
export const cardsJson = (ids: SQL) =>
  sql`(SELECT coalesce(json_agg(x ORDER BY x.n), '[]') FROM (SELECT ${CARD_SELECT}, asked.n
    FROM unnest(${ids}) WITH ORDINALITY AS asked(id, n) JOIN ${products} p ON p.id = asked.id) x)`;

/**
 * A product's page in one statement (issue 37: it was the item's product, then the product, then
 * five reads side by side: three round trips and seven plans): the card's columns, what the page
 * adds, its pictures, attributes and shop. `asked` finds the product: by its id or by an item's.
 */
const detailOf = (asked: SQL) => sql`SELECT ${CARD_SELECT}, ${DETAIL_VERSION} AS version, p.category_id AS "categoryId",
  p.description, p.manual, p.brand,
  (SELECT coalesce(json_agg(pi.image_id ORDER BY pi.sort, pi.image_id), '[]')
    FROM ${productImages} pi WHERE pi.product_id = p.id) AS images,
  (SELECT coalesce(json_agg(json_build_object('name', a.name, 'value', a.value) ORDER BY a.sort, a.id), '[]')
    FROM ${productAttributes} a WHERE a.product_id = p.id) AS attributes,
  (SELECT json_build_object('id', m.id, 'name', m.name) FROM ${merchants} m WHERE m.id = p.merchant_id) AS merchant
  FROM ${products} p WHERE ${asked}`;
type DetailRow = CardRow & {
  version: string;
  categoryId: number;
  description: LocalizedText;
  manual: LocalizedText | null;
  brand: string;
  images: number[];
  attributes: { name: LocalizedText; value: LocalizedText }[];
  merchant: { id: number; name: LocalizedText } | null;
};
const itemRowsOf = (raw: Record<string, unknown>[]): ItemRow[] => raw.map((r) => rowOf(items, r));
/** The first moment after `now` (ms) one of the items expires, else never: what shows them holds until then. */
function expiryAfter(itemRows: ItemRow[], now: number): number {
  let until = Number.POSITIVE_INFINITY;
  for (const item of itemRows) {
    const expires = item.expiresAt?.getTime();
    if (expires !== undefined && expires > now) until = Math.min(until, expires);
  }
  return until;
}

/**
 * Each order of a list: the columns it reads and its ORDER BY, as written for the indexes of
 * tables.ts (a category's list by each order, the feed's default), so that a page is read off an
 * index, not sorted (issue 37).
 */
const SORTS: Record<ProductSort, { columns: SQL; order: SQL }> = {
  default: { columns: sql.raw('id, sort, sales_count'), order: sql.raw('sort DESC, sales_count DESC, id') },
  sales: { columns: sql.raw('id, sales_count'), order: sql.raw('sales_count DESC, id') },
  priceAsc: { columns: sql.raw('id, min_price_cents'), order: sql.raw('min_price_cents, id') },
  priceDesc: { columns: sql.raw('id, min_price_cents'), order: sql.raw('min_price_cents DESC, id') },
  newest: { columns: sql.raw('id, created_at'), order: sql.raw('created_at DESC, id DESC') },
};

/** Which products a list shows: those of some categories (a category and those under it), or of a filter. */
type ListOf = { categoryIds: number[] } | { where: SQL | undefined };

/**
 * The ids of one page of a list's published products, in `sort`'s order, as an array.
 *
 * Products of several categories (a level-1 or level-2 category and those under it) are read as one
 * index range per category, each cut at the page's end and merged in order (a Merge Append): with
 * `category_id = ANY(…)` PostgreSQL reads every product of the categories and sorts them all, 26 ms
 * for 96,000 products of a level-1 category at 1,000,000 against 0.3 ms.
 */
function pageIds(list: ListOf, sort: ProductSort, page: number, size: number): SQL {
  const { columns, order } = SORTS[sort];
  const offset = (page - 1) * size;
  if ('where' in list) {
    const where = list.where ? sql` AND ${list.where}` : sql``;
    return sql`ARRAY(SELECT id FROM ${products} WHERE published${where}
      ORDER BY ${order} LIMIT ${size} OFFSET ${offset})`;
  }
  const ranges = list.categoryIds.map(
    (id) => sql`(SELECT ${columns} FROM ${products} WHERE published AND category_id = ${id}
      ORDER BY ${order} LIMIT ${offset + size})`,
  );
  return sql`ARRAY(SELECT id FROM (${sql.join(ranges, sql` UNION ALL `)}) ranges
    ORDER BY ${order} LIMIT ${size} OFFSET ${offset})`;
}

export class CatalogueQueries {
  private readonly db: Db;
  private readonly cache: TtlCache;
  private readonly counts: CountsByGeneration;
  /** Product pages' versions: a page whose rows did not change is kept again (detail-versions.ts). */
  readonly versions: DetailVersions;

  constructor(ctx: CatalogueContext) {
    this.db = ctx.db;
    this.cache = ctx.cache;
    this.counts = ctx.counts;
    this.versions = new DetailVersions(ctx.db);
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
    return this.cardsOf(await this.cardRows(productIds, db), language);
  }

  /** CARD_SELECT's rows of the products, in the order asked (those that exist). */
  cardRows(productIds: number[], db: Db = this.db): Promise<CardRow[]> {
    return queryRows<CardRow>(db, cardsIn(arrayOf(productIds, 'integer')), { prepared: true });
  }

  /** Cards of CARD_SELECT's rows (`cardsJson`'s too), and until when they hold (`productCardsUntil`). */
  cardsOf(rows: CardRow[], language: Language): { cards: ProductCard[]; until: number } {
    const now = new Date();
    let until = Number.POSITIVE_INFINITY;
    const cards = rows.map((row) => {
      const itemRows = itemRowsOf(row.items);
      until = Math.min(until, expiryAfter(itemRows, now.getTime()));
      return this.card(row, itemRows, language, now);
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
   * A page of published products' cards, in `sort`'s order (shops.ts pages with it too). `countKey`
   * names the list's total kept while the catalogue's generation holds (the same whatever the sort
   * or page); null: what else the list depends on (a tag's or an activity's products, a shop's) does
   * not move the generation, so it is counted each time. Categories' and the whole feed's totals are
   * the kept category counts added up; a filter's are counted.
   */
  async pageOf(
    countKey: string | null,
    list: ListOf,
    sort: ProductSort,
    page: number,
    size: number,
    language: Language,
  ): Promise<Page<ProductCard>> {
    const countOf = async () => {
      if ('categoryIds' in list) return this.keptCount(list.categoryIds);
      if (!list.where) return this.keptCount();
      const [{ total }] = await this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(products)
        .where(and(eq(products.published, true), list.where));
      return Number(total);
    };
    const [rows, total] = await Promise.all([
      queryRows<CardRow>(this.db, cardsIn(pageIds(list, sort, page, size))),
      countKey === null ? countOf() : this.counts.count(countKey, countOf),
    ]);
    return { list: this.cardsOf(rows, language).cards, total: Number(total), page, size };
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
        return { ...(await this.pageOf('feed', { where: undefined }, sort, page, size, language)), category: null };
      const scope = await this.categoryScope(categoryId, language);
      const result = await this.pageOf(
        `category:${scope.ids.join(',')}`,
        { categoryIds: scope.ids },
        sort,
        page,
        size,
        language,
      );
      return { ...result, category: scope.category };
    });
  }

  /**
   * Published products of some categories, or of all, from the categories' kept counts (migration
   * 0011) added up: not counted (the feed's count(*) read 1,000,000 rows in 150 ms at every change
   * of the catalogue's generation).
   */
  private async keptCount(categoryIds?: number[]): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: sql<number>`coalesce(sum(${categoryCounts.published}), 0)::int` })
      .from(categoryCounts)
      .where(categoryIds ? inArray(categoryCounts.categoryId, categoryIds) : undefined);
    return Number(total);
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
      const result = await this.pageOf(null, { where: inTag }, sort, page, size, language);
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
      const result = await this.pageOf(null, { where: inActivity }, sort, page, size, language);
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

  /** A product's page, by the product or one of its items; the same answer object for a few seconds. */
  async productDetail(
    query: { productId?: number; productItemId?: number },
    language: Language,
  ): Promise<ProductDetail> {
    const itemId = query.productItemId;
    const asked = itemId !== undefined ? `item:${itemId}` : `product:${query.productId}`;
    const load = async () => {
      const where =
        itemId !== undefined
          ? sql`p.id = (SELECT product_id FROM ${items} WHERE id = ${itemId})`
          : query.productId !== undefined
            ? sql`p.id = ${query.productId}`
            : null;
      const [row] = where ? await queryRows<DetailRow>(this.db, detailOf(where), { prepared: true }) : [];
      if (!row) throw new AppError('CAT00001');
      const detail = await this.detailAnswer(row, language);
      const selected =
        itemId !== undefined && detail.items.some((i) => i.productItemId === itemId) ? itemId : detail.selectedItemId;
      const answer = { ...detail, selectedItemId: selected };
      this.versions.remember(answer, row.id, row.version, expiryAfter(itemRowsOf(row.items), Date.now()));
      return answer;
    };
    return this.cache.get(`detail-answer:${asked}:${language}`, load, (kept) => this.versions.unchanged(kept));
  }

  /** The page of a product from its row of `detailOf`. */
  private async detailAnswer(product: DetailRow, language: Language): Promise<ProductDetail> {
    const itemRows = itemRowsOf(product.items);
    const scope = await this.categoryScope(product.categoryId, language).catch(() => null);
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
      merchant: product.merchant ? { id: product.merchant.id, name: tr(product.merchant.name, language) } : null,
      category: scope
        ? { id: scope.category.id, name: scope.category.name, path: scope.category.path }
        : { id: product.categoryId, name: '', path: [] },
      images: product.images.map((id) => ({ id, url: imageUrl(id) as string })),
      attributes: product.attributes.map((a) => ({ name: tr(a.name, language), value: tr(a.value, language) })),
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
