// Reading placed orders (the shopper's lists, detail and unread counts; items, history and the
// operator console's listings) and the shopper's small actions on one (cancel, receive, hide, review).
import type { Language, OrderDetail, OrderSummary } from '@shop/contracts';
import { and, asc, count, desc, eq, gt, gte, inArray } from 'drizzle-orm';
import { lastPhnomPenhDays, perDay, phnomPenhDaySql } from '../../platform/days.ts';
import { type Db, retryingDeadlocks } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import type { OrderContext, OrderRow } from './context.ts';
import type { OrderMoves } from './moves.ts';
import type { OrderShipping } from './shipping.ts';
import type { StoreList } from './stores.ts';
import { orderHistory, orderItems, orderSeen, orders } from './tables.ts';
import {
  findTransition,
  type OrderAction,
  type OrderState,
  type PayType,
  type ShipType,
  TAB_STATES,
} from './transitions.ts';

/** Unread counts start from here when a tab was never opened (spec §4). */
export const NEVER_SEEN = new Date('2017-01-01T00:00:00+07:00');

export type Tab = keyof typeof TAB_STATES;

export class OrderQueries {
  private readonly db: Db;
  private readonly moves: OrderMoves;
  private readonly shipping: OrderShipping;
  private readonly stores: StoreList;
  private readonly ports: OrderContext['ports'];

  constructor(shared: OrderContext, moves: OrderMoves, shipping: OrderShipping, stores: StoreList) {
    this.db = shared.db;
    this.ports = shared.ports;
    this.moves = moves;
    this.shipping = shipping;
    this.stores = stores;
  }

  // Shopper reads and actions --------------------------------------------------------------

  async ownOrder(userId: string, orderId: string, db: Db = this.db): Promise<OrderRow> {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    if (!order) throw new AppError('ORD0001');
    return order;
  }

  /** The numbers of some of the shopper's orders, by id (ids not theirs are left out). */
  async orderNumbers(userId: string, orderIds: string[]): Promise<Map<string, string>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: orders.id, orderNo: orders.orderNo })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.id, [...new Set(orderIds)])));
    return new Map(rows.map((r) => [r.id, r.orderNo]));
  }

  async getOrder(orderId: string, db: Db = this.db): Promise<OrderRow | undefined> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    return order;
  }

  private actionsOf(o: OrderRow): string[] {
    const a: string[] = [];
    const probe = (action: OrderAction) =>
      !!findTransition(
        action,
        { state: o.state as OrderState, shipType: o.shipType as ShipType, payType: o.payType as PayType },
        'user',
      );
    if (probe('pay')) a.push('pay');
    if (probe('cancel')) a.push('cancel');
    if (probe('receive')) a.push('receive');
    if (o.waybillNo) a.push('track');
    if (['CANCEL', 'FINISH', 'REFUND'].includes(o.state)) a.push('hide', 'buyagain');
    if (o.state === 'FINISH' && !o.reviewedAt) a.push('comment');
    return a;
  }

  private async summaries(rows: OrderRow[]): Promise<OrderSummary[]> {
    const items = rows.length
      ? await this.db
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(orderItems.id))
      : [];
    return rows.map((o) => ({
      id: o.id,
      orderNo: o.orderNo,
      state: o.state as OrderState,
      shipType: o.shipType as ShipType,
      payType: o.payType as PayType,
      payChannel: o.payChannel,
      cashRiel: o.cashRiel && o.cashKhrPerUsd ? { amountRiel: o.cashRiel, khrPerUsd: o.cashKhrPerUsd } : null,
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({
          skuId: i.skuId,
          productId: i.productId,
          name: i.name,
          specText: i.specText,
          imageUrl: i.imageUrl,
          priceCents: i.priceCents,
          quantity: i.quantity,
        })),
      itemTotalCents: o.itemTotalCents,
      shippingFeeCents: o.shippingFeeCents,
      serviceFeeCents: o.serviceFeeCents,
      discountCents: o.discountCents,
      payableCents: o.payableCents,
      paidCents: o.paidCents,
      createdAt: o.createdAt.toISOString(),
      deadlineAt: o.deadlineAt?.toISOString() ?? null,
      reviewed: !!o.reviewedAt,
      actions: this.actionsOf(o),
    }));
  }

  async summary(order: OrderRow): Promise<OrderSummary> {
    return (await this.summaries([order]))[0];
  }

  async list(userId: string, tab: Tab, page: number, size: number) {
    const states = TAB_STATES[tab];
    const where = and(
      eq(orders.userId, userId),
      eq(orders.hidden, false),
      states ? inArray(orders.state, states) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ total: count() }).from(orders).where(where),
    ]);
    if (tab !== 'all') {
      await this.db
        .insert(orderSeen)
        .values({ userId, tab, seenAt: new Date() })
        .onConflictDoUpdate({ target: [orderSeen.userId, orderSeen.tab], set: { seenAt: new Date() } });
    }
    return { list: await this.summaries(rows), total, page, size };
  }

  async unreadCounts(userId: string) {
    const seen = await this.db.select().from(orderSeen).where(eq(orderSeen.userId, userId));
    const out = { waitpay: 0, waitproduct: 0, finish: 0, cancel: 0 };
    for (const tab of Object.keys(out) as (keyof typeof out)[]) {
      const since = seen.find((s) => s.tab === tab)?.seenAt ?? NEVER_SEEN;
      const [{ n }] = await this.db
        .select({ n: count() })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.hidden, false),
            inArray(orders.state, TAB_STATES[tab] as string[]),
            gt(orders.updatedAt, since),
          ),
        );
      out[tab] = n;
    }
    return out;
  }

  async detail(userId: string, orderId: string, language: Language): Promise<Omit<OrderDetail, 'paidBy'>> {
    const order = await this.ownOrder(userId, orderId);
    const [summary] = await this.summaries([order]);
    const history = await this.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, orderId))
      .orderBy(asc(orderHistory.id));
    const events = await this.shipping.trackingEvents(orderId);
    const store = order.storeId ? ((await this.stores.stores(language, order.storeId))[0] ?? null) : null;
    return {
      ...summary,
      address: (order.address as OrderDetail['address']) ?? null,
      store,
      buyerComment: order.buyerComment,
      logisticsCompany: order.logisticsCompany,
      waybillNo: order.waybillNo,
      paidAt: order.paidAt?.toISOString() ?? null,
      history: history.map((h) => ({
        action: h.action,
        fromState: h.fromState,
        toState: h.toState,
        at: h.at.toISOString(),
      })),
      logistics: events,
    };
  }

  /**
   * The shopper cancels an order, never while one of its payments is in flight (ORD0080): the
   * bank may still take the money. Checked under the order's lock, as the payment's settling locks it.
   */
  async cancel(userId: string, orderId: string): Promise<OrderSummary> {
    const moved = await retryingDeadlocks(() =>
      this.db.transaction(async (tx) => {
        const order = await this.moves.getOrderForUpdate(orderId, tx);
        if (order?.userId === userId && (await this.ports().payments?.inFlight('order', orderId, tx)))
          throw new AppError('ORD0080');
        return this.moves.move(orderId, 'cancel', 'user', { userId, db: tx, locked: order });
      }),
    );
    return this.summary(moved);
  }

  async confirmReceipt(userId: string, orderId: string): Promise<OrderSummary> {
    return this.summary(await this.moves.move(orderId, 'receive', 'user', { userId }));
  }

  async hide(userId: string, orderId: string): Promise<void> {
    const updated = await this.db
      .update(orders)
      .set({ hidden: true })
      .where(
        and(eq(orders.id, orderId), eq(orders.userId, userId), inArray(orders.state, ['CANCEL', 'FINISH', 'REFUND'])),
      )
      .returning({ id: orders.id });
    if (updated.length === 0) {
      await this.ownOrder(userId, orderId);
      throw new AppError('ORD0002', { action: 'hide' });
    }
  }

  /** Reviews: only a finished, not yet reviewed order of the shopper; marked in the same transaction. */
  async markReviewed(
    userId: string,
    orderId: string,
    write: (order: OrderRow, db: Db) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
        .for('update');
      if (!order) throw new AppError('ORD0001');
      if (order.state !== 'FINISH') throw new AppError('ORD0014');
      if (order.reviewedAt) throw new AppError('ORD0013');
      await write(order, tx);
      await tx.update(orders).set({ reviewedAt: new Date() }).where(eq(orders.id, orderId));
    });
  }

  async items(orderId: string, db: Db = this.db) {
    return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  }

  async history(orderId: string) {
    return this.db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(asc(orderHistory.id));
  }

  /** For the crash test and the console: orders whose history disagrees with their state. */
  async inconsistentOrders(): Promise<string[]> {
    const rows = await this.db.execute<{ id: string }>(sql`
      SELECT o.id FROM ${orders} o
      WHERE o.state <> (SELECT h.to_state FROM ${orderHistory} h WHERE h.order_id = o.id ORDER BY h.id DESC LIMIT 1)
         OR NOT EXISTS (SELECT 1 FROM ${orderItems} i WHERE i.order_id = o.id)`);
    return (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  }

  // ---------------------------------------------------------------- operator console

  /** For the operator console: orders of one state (or all), newest first, by order number or user ids. */
  async consoleOrders(query: { state?: string; orderNo?: string; userIds?: string[]; page: number; size: number }) {
    const where = and(
      query.state ? eq(orders.state, query.state) : undefined,
      query.orderNo ? eq(orders.orderNo, query.orderNo) : undefined,
      query.userIds ? (query.userIds.length ? inArray(orders.userId, query.userIds) : sql`false`) : undefined,
    );
    const [{ total }] = await this.db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where);
    const list = await this.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt))
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    return { list, total, page: query.page, size: query.size };
  }

  /**
   * For the console dashboard's charts: orders placed and money paid per Phnom Penh day over the
   * last `count` days (oldest first), each counted by its own time (placed, paid).
   */
  async consoleDays(count: number, now = new Date()) {
    const { days, since } = lastPhnomPenhDays(count, now);
    const placedDay = phnomPenhDaySql(orders.createdAt);
    const paidDay = phnomPenhDaySql(orders.paidAt);
    const placed = await this.db
      .select({ day: sql<string>`${placedDay}`, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(gte(orders.createdAt, since))
      .groupBy(placedDay);
    const paid = await this.db
      .select({ day: sql<string>`${paidDay}`, n: sql<string>`COALESCE(SUM(${orders.paidCents}), 0)` })
      .from(orders)
      .where(gte(orders.paidAt, since))
      .groupBy(paidDay);
    return { days, orders: perDay(days, placed), salesCents: perDay(days, paid) };
  }

  /** For the console dashboard: orders placed and money paid since midnight in Phnom Penh (UTC+7, no DST). */
  async consoleToday(now = new Date()): Promise<{ count: number; paidCents: number }> {
    const offset = 7 * 3_600_000;
    const start = new Date(Math.floor((now.getTime() + offset) / 86_400_000) * 86_400_000 - offset);
    const [placed] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(gte(orders.createdAt, start));
    const [paid] = await this.db
      .select({ sum: sql<string>`COALESCE(SUM(${orders.paidCents}), 0)` })
      .from(orders)
      .where(gte(orders.paidAt, start));
    return { count: placed.n, paidCents: Number(paid.sum) };
  }
}
