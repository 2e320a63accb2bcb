// Coupons at checkout (`v1/preorder/couponlist`, the order's payment and cancel): which coupons an
// item total can use, the discount of a coupon or promo code, redeemed once per order, released on cancel.
import type { Coupon, Language, Localized } from '@shop/contracts';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { formatUsd } from '../wallet/public.ts';
import { type CouponRow, couponView, normalizeCode } from './rules.ts';
import { couponBatches, coupons } from './tables.ts';

/** What checkout asks of the coupons' batches: a promo code exchanged into the shopper's coupon. */
export type Exchange = (userId: string, code: string, db: Db) => Promise<{ coupon: CouponRow }>;

/**
 * A coupon on an order: the picker's usable coupons, the quote at checkout, the redeem at payment
 * (checked again) and the release on cancel.
 */
export class CouponCheckout {
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly exchange: Exchange;

  constructor(db: Db, now: () => Date, exchange: Exchange) {
    this.db = db;
    this.now = now;
    this.exchange = exchange;
  }

  /**
   * Checkout's coupon picker (`v1/preorder/couponlist`): the shopper's valid coupons whose minimum
   * spend the item total reaches, the biggest discount first (then the soonest to expire).
   */
  async usableFor(userId: string, itemTotalCents: number, language: Language, db: Db = this.db): Promise<Coupon[]> {
    const now = this.now();
    const rows = await db
      .select({ coupon: coupons, title: couponBatches.title })
      .from(coupons)
      .innerJoin(couponBatches, eq(couponBatches.id, coupons.batchId))
      .where(
        and(
          eq(coupons.userId, userId),
          eq(coupons.status, 'valid'),
          gt(coupons.expiresAt, now),
          lte(coupons.minSpendCents, itemTotalCents),
        ),
      )
      .orderBy(desc(coupons.discountCents), asc(coupons.expiresAt), asc(coupons.id))
      .limit(50);
    return rows.map((r) => couponView(r.coupon, r.title as Localized, language, now));
  }

  private async usable(userId: string, couponId: number, itemTotalCents: number, db: Db): Promise<CouponRow> {
    const [row] = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, couponId), eq(coupons.userId, userId)));
    if (!row) throw new AppError('COUPONCODE0001');
    if (row.status === 'used') throw new AppError('COUPONCODE0004');
    if (row.expiresAt <= this.now()) throw new AppError('COUPONCODE0002');
    if (itemTotalCents < row.minSpendCents) throw new AppError('COUPONCODE0003', { min: formatUsd(row.minSpendCents) });
    return row;
  }

  /**
   * Checkout: the discount a coupon (by id) or a promo code gives on an item total. A promo code is
   * exchanged into the shopper's coupon on the way (once; entering it again finds that coupon).
   */
  async quote(
    userId: string,
    choice: { couponId?: number; code?: string },
    itemTotalCents: number,
    db: Db = this.db,
  ): Promise<{ couponId: number; discountCents: number }> {
    let couponId = choice.couponId;
    if (couponId === undefined) {
      if (!choice.code) throw new AppError('COUPONCODE0010');
      const normalized = normalizeCode(choice.code);
      const [batch] = await db.select().from(couponBatches).where(eq(couponBatches.code, normalized));
      if (!batch) throw new AppError('COUPONCODE0005');
      const [mine] = await db
        .select()
        .from(coupons)
        .where(
          and(
            eq(coupons.batchId, batch.id),
            eq(coupons.userId, userId),
            eq(coupons.status, 'valid'),
            gt(coupons.expiresAt, this.now()),
          ),
        )
        .orderBy(asc(coupons.expiresAt))
        .limit(1);
      couponId = mine ? mine.id : (await this.exchange(userId, normalized, db)).coupon.id;
    }
    const row = await this.usable(userId, couponId, itemTotalCents, db);
    return { couponId: row.id, discountCents: Math.min(row.discountCents, itemTotalCents) };
  }

  /**
   * Payment: marks the coupon used by the order, checking it again (owner, not used, not expired,
   * minimum spend). The same order redeeming again is a no-op; an order holds at most one coupon.
   */
  async redeem(
    userId: string,
    couponId: number,
    orderId: string,
    db: Db = this.db,
    options: { itemTotalCents?: number } = {},
  ): Promise<{ discountCents: number }> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, couponId), eq(coupons.userId, userId)))
        .for('update');
      if (!row) throw new AppError('COUPONCODE0001');
      if (row.status === 'used') {
        if (row.orderId === orderId) return { discountCents: row.discountCents };
        throw new AppError('COUPONCODE0004');
      }
      await this.usable(userId, couponId, options.itemTotalCents ?? row.minSpendCents, tx);
      const [other] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.orderId, orderId));
      if (other) throw new AppError('COUPONCODE0009');
      await tx.update(coupons).set({ status: 'used', orderId, usedAt: this.now() }).where(eq(coupons.id, couponId));
      return { discountCents: row.discountCents };
    });
  }

  /** Cancel of an unpaid or refunded order: its coupon becomes usable again (if not expired meanwhile). */
  async release(couponId: number, orderId: string, db: Db = this.db): Promise<boolean> {
    const rows = await db
      .update(coupons)
      .set({ status: 'valid', orderId: null, usedAt: null })
      .where(and(eq(coupons.id, couponId), eq(coupons.orderId, orderId), eq(coupons.status, 'used')))
      .returning({ id: coupons.id });
    return rows.length > 0;
  }
}
