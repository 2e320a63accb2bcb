import type { Language, Review } from '@shop/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { reviews } from './tables.ts';

export type NewReview = {
  orderId: string;
  userId: string;
  productId: number;
  skuId: number;
  text: string;
  stars: number;
  packaging: number;
  speed: number;
};

const MAX_TEXT = 500;

/** Shown instead of a name: enough to tell reviewers apart, not enough to identify them. */
export function maskUser(userId: string): string {
  const tail = userId.replace(/[^0-9a-z]/gi, '').slice(-2) || '00';
  return `${userId.slice(0, 1) || '*'}***${tail}`;
}

function rating(value: number, field: string) {
  if (!Number.isInteger(value) || value < 1 || value > 5)
    throw new AppError('SYS00001', { detail: `${field}: 1 to 5` });
}

/**
 * Reviews of items. The buying module checks that the order is the shopper's and finished, then
 * calls `add` inside its transaction; reads are public per product and private per order.
 */
export class ReviewService {
  private readonly db: Db;
  private readonly needed: Pick<Services, 'catalogue'>;

  /** `needed` is read on use, like every module's view of the others (a test may stand in for one). */
  constructor(db: Db, needed: Pick<Services, 'catalogue'>) {
    this.db = db;
    this.needed = needed;
  }

  private get catalogue() {
    return this.needed.catalogue;
  }

  async add(input: NewReview, db: Db = this.db): Promise<{ id: number }> {
    const text = input.text?.trim() ?? '';
    if (!text) throw new AppError('REV00001');
    if (text.length > MAX_TEXT) throw new AppError('SYS00001', { detail: `text: at most ${MAX_TEXT} characters` });
    rating(input.stars, 'stars');
    rating(input.packaging, 'packaging');
    rating(input.speed, 'speed');
    const [sku] = await this.catalogue.getSkus([input.skuId], 'en-US', db);
    if (!sku || sku.productId !== input.productId) throw new AppError('CAT00001');
    const rows = await db
      .insert(reviews)
      .values({ ...input, text })
      .onConflictDoNothing({ target: [reviews.orderId, reviews.skuId] })
      .returning({ id: reviews.id });
    if (rows.length === 0) throw new AppError('REV00002');
    return rows[0];
  }

  /**
   * One review of a whole order, as the shopper writes it on /orderComment: a row per item of the
   * order, all or none (the caller's transaction).
   */
  async addForOrder(
    input: Omit<NewReview, 'productId' | 'skuId'> & { items: { skuId: number; productId: number }[] },
    db: Db = this.db,
  ): Promise<{ ids: number[] }> {
    const ids: number[] = [];
    const seen = new Set<number>();
    for (const item of input.items) {
      if (seen.has(item.skuId)) continue;
      seen.add(item.skuId);
      const { items: _items, ...review } = input;
      ids.push((await this.add({ ...review, skuId: item.skuId, productId: item.productId }, db)).id);
    }
    return { ids };
  }

  private async out(
    rows: (typeof reviews.$inferSelect)[],
    language: Language,
  ): Promise<(Review & { productId: number; skuId: number })[]> {
    const skus = new Map(
      (await this.catalogue.getSkus([...new Set(rows.map((r) => r.skuId))], language)).map((s) => [s.skuId, s]),
    );
    return rows.map((r) => ({
      id: r.id,
      userName: maskUser(r.userId),
      text: r.text,
      stars: r.stars,
      packaging: r.packaging,
      speed: r.speed,
      specText: skus.get(r.skuId)?.specText ?? '',
      createdAt: r.createdAt.toISOString(),
      productId: r.productId,
      skuId: r.skuId,
    }));
  }

  /** The shopper's own reviews of one order (an order of someone else reads as none). */
  async querybyorder(orderId: string, userId: string, language: Language = 'en-US', db: Db = this.db) {
    const rows = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.orderId, orderId), eq(reviews.userId, userId)))
      .orderBy(asc(reviews.id));
    return this.out(rows, language);
  }

  async byProduct(productId: number, page: number, size: number, language: Language) {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(reviews)
        .where(eq(reviews.productId, productId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ total: sql<number>`count(*)::int` }).from(reviews).where(eq(reviews.productId, productId)),
    ]);
    const list = (await this.out(rows, language)).map(({ productId: _p, skuId: _s, ...review }) => review);
    return { list, total: Number(total), page, size };
  }

  async countByProduct(productId: number) {
    const rows = await this.db
      .select({ stars: reviews.stars, count: sql<number>`count(*)::int` })
      .from(reviews)
      .where(eq(reviews.productId, productId))
      .groupBy(reviews.stars);
    const byStars = [0, 0, 0, 0, 0];
    for (const r of rows) byStars[r.stars - 1] = Number(r.count);
    const total = byStars.reduce((s, v) => s + v, 0);
    const sum = byStars.reduce((s, v, i) => s + v * (i + 1), 0);
    return {
      total,
      averageStars: total ? Math.round((sum / total) * 10) / 10 : 0,
      goodRate: total ? Math.round(((byStars[3] + byStars[4]) / total) * 100) : 0,
      byStars,
    };
  }
}
