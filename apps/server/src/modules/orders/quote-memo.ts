import { BoundedMap } from '../../platform/bounded-map.ts';
import type { SkuInfo } from './ports.ts';
import type { preorders } from './tables.ts';

type PreorderRow = typeof preorders.$inferSelect;

/**
 * The last quote this process showed for each preorder: its row and the SKUs it was priced with.
 * A finish right after (the usual checkout: create, then finish on the confirm page) places the
 * order from it instead of reading both again (issue 5: a statement of five). It is only a guess:
 * the finish's statement checks that the preorder is still at that revision and every price still
 * the same, and refuses itself otherwise, and then the finish reads them as without it. Another
 * instance, a restart or a full memo only mean that read.
 */
export class QuoteMemo {
  private readonly quotes: BoundedMap<string, { row: PreorderRow; skus: SkuInfo[] }>;

  constructor(max = 5000) {
    this.quotes = new BoundedMap(max);
  }

  /** Keeps a quote; one with a coupon is not kept (its finish redeems the coupon in a transaction). */
  keep(row: PreorderRow, skus: SkuInfo[]): void {
    if (row.couponId || row.orderId) return;
    this.quotes.set(row.id, { row, skus });
  }

  /** The quote of the shopper's preorder, once (a second finish reads). */
  take(preorderId: string, userId: string): { row: PreorderRow; skus: SkuInfo[] } | undefined {
    const kept = this.quotes.take(preorderId);
    return kept && kept.row.userId === userId && kept.row.expiresAt.getTime() > Date.now() ? kept : undefined;
  }

  get size(): number {
    return this.quotes.size;
  }
}
