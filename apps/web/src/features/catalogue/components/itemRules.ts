import type { ProductItem } from '@shop/contracts';

/** The most a shopper may take of an item (spec §5: within the maximum purchase and the stock). */
export function maxQuantity(item: ProductItem | undefined): number {
  if (!item) return 0;
  return Math.max(0, Math.min(item.stock, item.maxPurchase));
}

export function buyable(item: ProductItem | undefined): boolean {
  return Boolean(item && !item.flags.expired && !item.flags.unpublished && !item.flags.outOfStock);
}
