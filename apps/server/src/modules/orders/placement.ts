// Placing an order from its preorder (the finish): the one-statement checkout with its refusals, the
// kept quote it may place from, and the answer to a second finish of the same preorder.
import { randomUUID } from 'node:crypto';
import { type Language, rielFromCents } from '@shop/contracts';
import { eq, type SQL } from 'drizzle-orm';
import {
  alongside,
  COMMIT_WITHOUT_WAITING,
  type Db,
  insertedRow,
  isTransaction,
  queryRows,
  refusalOf,
  refuseUnless,
  retryingDeadlocks,
  valuesOf,
} from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import type { OrderContext, OrderRow } from './context.ts';
import type { Ports } from './ports.ts';
import { type PreorderQuotes, payTypesFor } from './preorder.ts';
import { cartItems, orderHistory, orderItems, orders, preorders } from './tables.ts';
import { initialState, type PayType, type ShipType } from './transitions.ts';

/** The refusal of a finish whose preorder another finish placed first (answered with that order). */
const PREORDER_PLACED = 'preorder-placed';
/** The refusal of a finish placed from a kept quote that no longer holds (see QuoteMemo). */
const QUOTE_CHANGED = 'quote-changed';

/** "AM" + yyMMddHHmmss (Phnom Penh) + 6 random digits: sortable, unguessable enough for a receipt. */
/**
 * "AM", the Phnom Penh time to the second (yyMMddHHmmss), then six digits from the order sequence
 * multiplied by a prime modulo 10^6: a one-to-one shuffle, so a million orders in a row get six
 * different digits. Computed in the insert itself (no round trip).
 */
function newOrderNo(now = new Date()): SQL {
  const local = new Date(now.getTime() + 7 * 3600_000).toISOString();
  const stamp = local.slice(2, 19).replace(/\D/g, '');
  return sql`${`AM${stamp}`} || lpad(((nextval('orders_no_seq') * 7919 + 104729) % 1000000)::text, 6, '0')`;
}

export class OrderPlacement {
  private readonly shared: OrderContext;
  private readonly db: Db;
  private readonly ctx: PlatformContext;
  private readonly ports: () => Ports;
  private readonly preorders: PreorderQuotes;

  constructor(shared: OrderContext, preorders: PreorderQuotes) {
    this.shared = shared;
    this.db = shared.db;
    this.ctx = shared.ctx;
    this.ports = shared.ports;
    this.preorders = preorders;
  }

  /**
   * Places the order of a preorder, all or nothing, in one statement (no transaction unless a
   * coupon is redeemed with it): the order, its items, its first history row, the preorder's link
   * to it, the cart lines it took, and the stock of every line taken by one
   * conditional update each in SKU order (so two buyers never wait on each other in a cycle). The
   * statement refuses itself when a line's stock could not be taken or the preorder was placed
   * meanwhile; a second call answers the same order.
   */
  async finishPreorder(userId: string, id: string, language: Language): Promise<OrderRow> {
    // The quote this process just showed, if it did: then no read (the statement checks it held).
    const kept = this.shared.quotes.take(id, userId);
    const { row, skus } = kept ?? (await this.preorders.ownPreorderAndSkus(userId, id, language));
    if (row.orderId) return this.placedOrder(row.orderId);
    if (row.expiresAt < new Date()) throw new AppError('ORD0011');
    const shipType = row.shipType as ShipType;
    const payType = row.payType as PayType;
    if (!payTypesFor(shipType).includes(payType)) throw new AppError('ORD0010');
    if (shipType === 'LOGISTICS' && !row.addressId) throw new AppError('ORD0008');
    if (shipType === 'STORE' && !row.storeId) throw new AppError('ORD0012');
    const q = await this.preorders.quote(row, language, this.db, skus);
    if (q.addressProblem) throw new AppError(q.addressProblem as 'ADDR0002');
    const stock = this.shared.catalogue.stockTaking(q.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity })));
    if (!stock) throw new AppError('ORD0005');
    const state = initialState(shipType, payType);
    const now = new Date();
    const deadlineAt =
      state === 'WP'
        ? await this.shared.deadlineAfter('payment', now)
        : state === 'WPP'
          ? await this.shared.deadlineAfter('pickup', now)
          : null;
    const orderId = randomUUID();
    const items = sql`INSERT INTO ${orderItems} ${valuesOf(
      orderItems,
      q.lines.map((l) => ({
        orderId,
        skuId: String(l.skuId),
        productId: String(l.sku.productId),
        name: l.sku.name,
        specText: l.sku.specText,
        imageUrl: l.sku.imageUrl,
        priceCents: l.priceCents,
        quantity: l.quantity,
      })),
    )}`;
    const history = sql`INSERT INTO ${orderHistory} ${valuesOf(orderHistory, [
      { orderId, action: 'create', fromState: null, toState: state, actor: 'user' },
    ])}`;
    const link = sql`UPDATE ${preorders} SET order_id = ${orderId} WHERE id = ${row.id} AND order_id IS NULL
      ${kept ? sql`AND revision = ${row.revision}` : sql``} RETURNING id`;
    const priced =
      kept &&
      sql`${refuseUnless(
        this.shared.catalogue.pricesStill(q.lines.map((l) => ({ skuId: l.skuId, priceCents: l.priceCents }))),
        QUOTE_CHANGED,
      )} AS priced,`;
    const cartLines =
      row.fromCart &&
      sql`DELETE FROM ${cartItems} WHERE user_id = ${userId} AND sku_id IN (${sql.join(
        q.lines.map((l) => sql`${l.skuId}`),
        sql`, `,
      )})`;
    const cashRiel = payType === 'ONLINE' ? null : await this.cashRielOf(q.payableCents);
    const order = {
      id: orderId,
      userId,
      state,
      shipType,
      payType,
      itemTotalCents: q.itemTotalCents,
      shippingFeeCents: q.shippingFeeCents,
      serviceFeeCents: q.serviceFeeCents,
      discountCents: q.discountCents,
      payableCents: q.payableCents,
      payChannel: payType === 'COD' ? 'cod' : payType === 'CASH' ? 'cash' : null,
      cashRiel: cashRiel?.amountRiel ?? null,
      cashKhrPerUsd: cashRiel?.khrPerUsd ?? null,
      couponId: row.couponId,
      buyerComment: row.buyerComment,
      address: q.address,
      storeId: shipType === 'STORE' ? row.storeId : null,
      deadlineAt,
      createdAt: now,
      updatedAt: now,
    };
    // The row is known here but for its number: only that comes back (see insertedRow).
    // The refusals are in RETURNING, which the database surely evaluates, in this order: the
    // preorder's link first (a second finish waits there for the first and takes no stock), then a
    // kept quote's prices, the stock last (its rows stay locked only until the statement ends).
    const place = sql`${alongside([items, history, cartLines], { link })}
      INSERT INTO ${orders} ${valuesOf(orders, [{ ...order, orderNo: newOrderNo(now) }])}
      RETURNING order_no,
        ${refuseUnless(sql`EXISTS (SELECT 1 FROM link)`, PREORDER_PLACED)} AS linked, ${priced || sql``}
        ${refuseUnless(sql`${stock} = ${q.lines.length}`, 'ORD0005')} AS stocked, ${COMMIT_WITHOUT_WAITING}`;
    const placeOrder = async (db: Db) => {
      if (row.couponId) {
        const coupons = this.ports().coupons;
        if (!coupons) throw new AppError('ORD0016');
        await coupons.redeem(userId, row.couponId, orderId, db);
      }
      const [placed] = await queryRows<{ order_no: string }>(db, place, { prepared: true });
      const placedRow = insertedRow(orders, { ...order, orderNo: placed.order_no });
      // Kept for its payment (keptOrderForMove); not from inside a transaction that may yet roll back.
      if (state === 'WP' && !isTransaction(db)) this.shared.awaitingPayment.set(orderId, placedRow);
      return placedRow;
    };
    try {
      // A coupon is redeemed by the coupons module's own statement: then both go in one transaction.
      const placed = await retryingDeadlocks(() =>
        row.couponId ? this.db.transaction(placeOrder) : placeOrder(this.db),
      );
      // Committed without waiting for the disk (its stock rows free for the next buyer at once):
      // the shopper hears of the order once it is there (decision 0012).
      await this.ctx.durability.afterCommit();
      return placed;
    } catch (error) {
      const refusal = refusalOf(error);
      // The kept quote did not hold (changed, repriced, placed by another finish, or the stock is
      // gone): the finish again, reading the preorder, says which.
      if (kept && refusal) return this.finishPreorder(userId, id, language);
      if (refusal === PREORDER_PLACED) {
        const again = await this.preorders.ownPreorder(userId, id);
        if (again.orderId) return this.placedOrder(again.orderId);
      }
      if (refusal === 'ORD0005') throw new AppError('ORD0005');
      throw error;
    }
  }

  /** An order placed before, as a second finish answers it: on disk first, as the first finish would. */
  private async placedOrder(orderId: string): Promise<OrderRow> {
    const [existing] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    await this.ctx.durability.afterCommit();
    return existing;
  }

  /**
   * The riel a rider or the store asks for an order paid in cash (issue 47), at the day's rate as
   * the currency module answers it now, rounded to the note; kept with the order. None without a rate.
   */
  private async cashRielOf(cents: number): Promise<{ amountRiel: number; khrPerUsd: number } | null> {
    const rate = await this.ports().currency?.current();
    if (!rate) return null;
    const amountRiel = rielFromCents(cents, rate.khrPerUsd);
    return amountRiel > 0 ? { amountRiel, khrPerUsd: rate.khrPerUsd } : null;
  }
}
