// The coupons' shared words: a batch's input and rows, a promo code as it is compared, whether a
// batch gives coupons now, and a coupon as the shopper reads it.
import type { Coupon, CouponState, Language, Localized } from '@shop/contracts';
import type { couponBatches, coupons } from './tables.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

export type BatchInput = {
  title: Localized;
  minSpendCents: number;
  discountCents: number;
  validDays?: number;
  code?: string | null;
  campaign?: string | null;
  totalLimit?: number | null;
  perUserLimit?: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  staffId: string;
  slug?: string;
};

export type BatchRow = typeof couponBatches.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Whether a batch gives coupons now: active, and within its dates. */
export function running(batch: BatchRow, now: Date): boolean {
  return batch.active && (!batch.startsAt || batch.startsAt <= now) && (!batch.endsAt || batch.endsAt > now);
}

/** A coupon as the shopper reads it: used, past its date (invalid) or valid. */
export function couponView(row: CouponRow, title: Localized, language: Language, now: Date): Coupon {
  const status: CouponState = row.status === 'used' ? 'used' : row.expiresAt <= now ? 'invalid' : 'valid';
  return {
    id: row.id,
    title: title[language],
    minSpendCents: row.minSpendCents,
    discountCents: row.discountCents,
    validFrom: row.validFrom.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status,
    orderId: row.orderId,
    usedAt: row.usedAt?.toISOString() ?? null,
  };
}
