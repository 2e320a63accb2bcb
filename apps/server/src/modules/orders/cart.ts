// The shopper's cart: its lines priced and checked against the catalogue, quantities within max
// purchase and stock, choosing and removing lines, and buying an order's items again.
import type { Cart, CartLine, Language } from '@shop/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { OrderContext } from './context.ts';
import type { SkuInfo } from './ports.ts';
import type { OrderQueries } from './queries.ts';
import { cartItems, orderItems } from './tables.ts';

export class ShopperCart {
  private readonly shared: OrderContext;
  private readonly db: Db;
  private readonly queries: OrderQueries;

  constructor(shared: OrderContext, queries: OrderQueries) {
    this.shared = shared;
    this.db = shared.db;
    this.queries = queries;
  }

  private lineLimit(sku: SkuInfo): number {
    return Math.max(0, Math.min(sku.maxPurchase > 0 ? sku.maxPurchase : sku.stock, sku.stock));
  }

  checkSellable(sku: SkuInfo | undefined, quantity: number): SkuInfo {
    if (!sku?.published || !sku.productPublished || sku.expired) throw new AppError('ORD0004');
    if (sku.stock <= 0) throw new AppError('ORD0003');
    if (sku.maxPurchase > 0 && quantity > sku.maxPurchase) throw new AppError('ORD0006', { max: sku.maxPurchase });
    if (quantity > sku.stock) throw new AppError('ORD0005');
    return sku;
  }

  async cart(userId: string, language: Language, db: Db = this.db): Promise<Cart> {
    const rows = await db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(desc(cartItems.addedAt));
    const skus = rows.length
      ? await this.shared.catalogue.getSkus(
          rows.map((r) => r.skuId),
          language,
          db,
        )
      : [];
    const bySku = new Map(skus.map((s) => [s.skuId, s]));
    const lines: CartLine[] = rows.map((row) => {
      const sku = bySku.get(row.skuId);
      const unpublished = !sku?.published || !sku.productPublished;
      const expired = !!sku?.expired;
      const outOfStock = !!sku && sku.stock < row.quantity;
      const usable = !unpublished && !expired && !outOfStock;
      return {
        skuId: row.skuId,
        productId: sku?.productId ?? '',
        name: sku?.name ?? '',
        specText: sku?.specText ?? '',
        imageUrl: sku?.imageUrl ?? null,
        priceCents: sku?.priceCents ?? 0,
        quantity: row.quantity,
        chosen: row.chosen && usable,
        maxQuantity: sku ? this.lineLimit(sku) : 0,
        expired,
        outOfStock,
        unpublished,
        subtotalCents: (sku?.priceCents ?? 0) * row.quantity,
      };
    });
    const chosen = lines.filter((l) => l.chosen);
    const usable = lines.filter((l) => !l.expired && !l.outOfStock && !l.unpublished);
    return {
      lines,
      count: lines.reduce((n, l) => n + l.quantity, 0),
      chosenCount: chosen.reduce((n, l) => n + l.quantity, 0),
      chosenTotalCents: chosen.reduce((n, l) => n + l.subtotalCents, 0),
      allChosen: usable.length > 0 && usable.every((l) => l.chosen),
    };
  }

  /** Sets a line to `quantity` (absolute or relative to what is there), within max purchase and stock. */
  async setCartQuantity(
    userId: string,
    skuId: string,
    language: Language,
    change: { set?: number; add?: number },
  ): Promise<Cart> {
    await this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.skuId, skuId)))
        .for('update');
      if (!current && change.set === undefined && (change.add ?? 0) < 0) throw new AppError('ORD0007');
      const quantity = change.set ?? (current?.quantity ?? 0) + (change.add ?? 0);
      if (quantity < 1) throw new AppError('ORD0015');
      const [sku] = await this.shared.catalogue.getSkus([skuId], language, tx);
      this.checkSellable(sku, quantity);
      await tx
        .insert(cartItems)
        .values({ userId, skuId, quantity, chosen: true })
        .onConflictDoUpdate({ target: [cartItems.userId, cartItems.skuId], set: { quantity } });
    });
    return this.cart(userId, language);
  }

  async chooseCart(userId: string, language: Language, skuId: string | null, chosen: boolean): Promise<Cart> {
    const where = skuId ? and(eq(cartItems.userId, userId), eq(cartItems.skuId, skuId)) : eq(cartItems.userId, userId);
    const updated = await this.db.update(cartItems).set({ chosen }).where(where).returning({ skuId: cartItems.skuId });
    if (skuId && updated.length === 0) throw new AppError('ORD0007');
    return this.cart(userId, language);
  }

  async removeCartLines(userId: string, skuIds: string[], language: Language): Promise<Cart> {
    await this.db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.skuId, skuIds)));
    return this.cart(userId, language);
  }

  /** Puts an order's items back in the cart, chosen, each within what can still be bought. */
  async buyAgain(userId: string, orderId: string, language: Language): Promise<Cart> {
    const order = await this.queries.ownOrder(userId, orderId);
    const items = await this.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const skus = new Map(
      (
        await this.shared.catalogue.getSkus(
          items.map((i) => i.skuId),
          language,
        )
      ).map((s) => [s.skuId, s]),
    );
    let added = 0;
    await this.db.transaction(async (tx) => {
      await tx.update(cartItems).set({ chosen: false }).where(eq(cartItems.userId, userId));
      for (const item of items) {
        const sku = skus.get(item.skuId);
        if (!sku?.published || !sku.productPublished || sku.expired || sku.stock <= 0) continue;
        const quantity = Math.min(item.quantity, this.lineLimit(sku));
        if (quantity < 1) continue;
        await tx
          .insert(cartItems)
          .values({ userId, skuId: item.skuId, quantity, chosen: true })
          .onConflictDoUpdate({ target: [cartItems.userId, cartItems.skuId], set: { quantity, chosen: true } });
        added++;
      }
    });
    if (added === 0) throw new AppError('ORD0004');
    return this.cart(userId, language);
  }
}
