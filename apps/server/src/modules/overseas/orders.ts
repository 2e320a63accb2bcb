// Overseas orders after the quote: paid at the cashier (kind 'overseas'), bought from the source by
// a durable job (one purchase per shop), carried by staff through the warehouse and the land
// freight to delivery; a purchase the source refuses, or staff's refund, gives the money back once.
import {
  canMoveOverseas,
  type ErrorCode,
  errorMessage,
  type HaitaoOrder,
  type Language,
  OVERSEAS_DAYS,
  OVERSEAS_TABS,
  type OverseasState,
} from '@shop/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Channel } from '../../integrations/overseas-source/source.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { type StaffSearch, staffSearchPage } from '../../platform/staff-search.ts';
import { overseasEvent } from '../notifications/public.ts';
import { overseasOrderEvents, overseasOrderLines, overseasOrders } from './tables.ts';
import { type KeptLine, lineView } from './views.ts';

export type OrderRow = typeof overseasOrders.$inferSelect;
type Needed = Pick<Services, 'payments' | 'notices' | 'overseasSource' | 'notifications'>;
const DAY = 86_400_000;

/** What each state tells the shopper in the tracking list. */
const EVENT_TEXT: Record<OverseasState, Record<Language, string>> = {
  WP: {
    'en-US': 'Order placed, waiting for payment',
    chs: '订单已提交，等待付款',
    kh: 'បានដាក់ការបញ្ជាទិញ កំពុងរង់ចាំការទូទាត់',
  },
  PAID: {
    'en-US': 'Paid; we are buying your goods from the seller',
    chs: '已付款，正在向卖家采购',
    kh: 'បានទូទាត់ យើងកំពុងទិញទំនិញពីអ្នកលក់',
  },
  BOUGHT: { 'en-US': 'Bought from the seller in China', chs: '已向中国卖家下单采购', kh: 'បានទិញពីអ្នកលក់នៅប្រទេសចិន' },
  WAREHOUSE: { 'en-US': 'Arrived at our China warehouse', chs: '已到达中国仓库', kh: 'បានមកដល់ឃ្លាំងរបស់យើងនៅប្រទេសចិន' },
  FREIGHT: {
    'en-US': 'On the land freight to Cambodia (7 to 9 days)',
    chs: '陆运发往柬埔寨（7至9天）',
    kh: 'កំពុងដឹកតាមផ្លូវគោកទៅកម្ពុជា (7 ដល់ 9 ថ្ងៃ)',
  },
  ARRIVED: { 'en-US': 'Arrived in Cambodia', chs: '已到达柬埔寨', kh: 'បានមកដល់កម្ពុជា' },
  DELIVERED: { 'en-US': 'Delivered', chs: '已送达', kh: 'បានដឹកជញ្ជូនដល់' },
  CANCEL: { 'en-US': 'Cancelled: not paid in time', chs: '已取消：未按时付款', kh: 'បានលុបចោល៖ មិនបានទូទាត់ទាន់ពេល' },
  REFUNDED: { 'en-US': 'Refunded', chs: '已退款', kh: 'បានបង្វិលសង' },
};

export class Orders {
  private readonly ctx: PlatformContext;
  private readonly db: Db;
  private readonly needed: Needed;

  constructor(ctx: PlatformContext, needed: Needed) {
    this.ctx = ctx;
    this.db = ctx.db;
    this.needed = needed;
  }

  /**
   * The purchases of orders paid in [from, to), one per seller's shop under the source's reference
   * `<order number>-<shop id>`, for the daily reconciliation with the source.
   */
  async purchasesBetween(from: Date, to: Date) {
    const rows = await this.db
      .selectDistinct({
        orderNo: overseasOrders.orderNo,
        state: overseasOrders.state,
        shopId: overseasOrderLines.shopId,
        sourceOrderNo: overseasOrderLines.sourceOrderNo,
      })
      .from(overseasOrders)
      .innerJoin(overseasOrderLines, eq(overseasOrderLines.orderId, overseasOrders.id))
      .where(and(gte(overseasOrders.paidAt, from), lt(overseasOrders.paidAt, to)));
    return rows.map((r) => ({
      reference: `${r.orderNo}-${r.shopId}`,
      state: r.state,
      partyRef: r.sourceOrderNo,
    }));
  }

  async get(id: string, db: Db = this.db): Promise<OrderRow | null> {
    const [row] = await db.select().from(overseasOrders).where(eq(overseasOrders.id, id));
    return row ?? null;
  }

  async getForUpdate(id: string, tx: Db): Promise<OrderRow | null> {
    const [row] = await tx.select().from(overseasOrders).where(eq(overseasOrders.id, id)).for('update');
    return row ?? null;
  }

  async own(userId: string, id: string): Promise<OrderRow> {
    const row = await this.get(id);
    if (!row || row.userId !== userId) throw new AppError('HAI00010');
    return row;
  }

  private async pageOf(where: SQL | undefined, page: number, size: number) {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(overseasOrders)
        .where(where)
        .orderBy(desc(overseasOrders.createdAt))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ total: count() }).from(overseasOrders).where(where),
    ]);
    return { rows, total };
  }

  async list(userId: string, tab: keyof typeof OVERSEAS_TABS, page: number, size: number) {
    const { rows, total } = await this.pageOf(
      and(eq(overseasOrders.userId, userId), inArray(overseasOrders.state, [...OVERSEAS_TABS[tab]])),
      page,
      size,
    );
    const lines = rows.length
      ? await this.db
          .select()
          .from(overseasOrderLines)
          .where(
            inArray(
              overseasOrderLines.orderId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    return {
      list: rows.map((r) => {
        const mine = lines.filter((l) => l.orderId === r.id);
        return {
          id: r.id,
          orderNo: r.orderNo,
          state: r.state as OverseasState,
          totalCents: r.totalCents,
          count: mine.reduce((n, l) => n + l.count, 0),
          pictures: mine.slice(0, 4).map((l) => (l.line as KeptLine).picture),
          createdAt: r.createdAt.toISOString(),
        };
      }),
      total,
      page,
      size,
    };
  }

  estimate(row: OrderRow) {
    if (!row.paidAt) return null;
    const from = row.paidAt.getTime();
    return {
      from: new Date(from + OVERSEAS_DAYS.min * DAY).toISOString(),
      to: new Date(from + OVERSEAS_DAYS.max * DAY).toISOString(),
    };
  }

  async events(orderId: string, language: Language) {
    const rows = await this.db
      .select()
      .from(overseasOrderEvents)
      .where(eq(overseasOrderEvents.orderId, orderId))
      .orderBy(desc(overseasOrderEvents.id));
    return rows.map((e) => ({
      state: e.state as OverseasState,
      text: e.note
        ? `${EVENT_TEXT[e.state as OverseasState][language]} · ${e.note}`
        : EVENT_TEXT[e.state as OverseasState][language],
      at: e.at.toISOString(),
    }));
  }

  async view(row: OrderRow, language: Language): Promise<HaitaoOrder> {
    const [lines, events] = await Promise.all([
      this.db
        .select()
        .from(overseasOrderLines)
        .where(eq(overseasOrderLines.orderId, row.id))
        .orderBy(asc(overseasOrderLines.id)),
      this.events(row.id, language),
    ]);
    const shops = [...new Set(lines.map((l) => l.shopId))];
    const address = row.address as { addressId: string; receiver: string; mobile: string; fullText: string };
    return {
      id: row.id,
      orderNo: row.orderNo,
      state: row.state as OverseasState,
      goodsCents: row.goodsCents,
      freightCents: row.freightCents,
      totalCents: row.totalCents,
      paidCents: row.paidCents,
      payChannel: row.payChannel,
      quote: { rateMilli: row.rateMilli, feeBp: row.feeBp },
      address: {
        addressId: address.addressId,
        receiver: address.receiver,
        mobile: address.mobile,
        fullText: address.fullText,
      },
      remark: row.remark,
      sourceOrders: shops.map((shopId) => {
        const mine = lines.filter((l) => l.shopId === shopId);
        const first = mine[0].line as KeptLine;
        return {
          shopId,
          shopName: first.shopName,
          channel: first.channel,
          sourceOrderNo: mine[0].sourceOrderNo,
          lines: mine.map((l) => lineView(l.line as KeptLine, language)),
          goodsCents: mine.reduce((n, l) => n + l.unitCents * l.count, 0),
        };
      }),
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      deadlineAt: row.state === 'WP' ? row.deadlineAt.toISOString() : null,
      estimate: this.estimate(row),
      failure: row.failureCode
        ? errorMessage(row.failureCode as ErrorCode, language, (row.failureParams ?? {}) as Record<string, string>)
        : null,
      events,
    };
  }

  // Moves ----------------------------------------------------------------------------------

  /** One move of the transitions table, with its event, in the caller's transaction. */
  private async move(
    tx: Db,
    order: OrderRow,
    to: OverseasState,
    actor: string,
    note: string | null,
    patch: Partial<OrderRow> = {},
  ) {
    if (!canMoveOverseas(order.state as OverseasState, to)) throw new AppError('HAI00012', { from: order.state, to });
    const [row] = await tx
      .update(overseasOrders)
      .set({ ...patch, state: to })
      .where(and(eq(overseasOrders.id, order.id), eq(overseasOrders.state, order.state)))
      .returning();
    if (!row) throw new AppError('HAI00012', { from: order.state, to });
    await tx.insert(overseasOrderEvents).values({ orderId: order.id, state: to, note, actor });
    const told = overseasEvent(to, row);
    if (told) await this.needed.notifications.emit(told, tx);
    return row;
  }

  /** The cashier's settlement: paid, and the purchase job queued in the same transaction. */
  async markPaid(id: string, channel: string, tx: Db): Promise<void> {
    const order = await this.getForUpdate(id, tx);
    if (order?.state !== 'WP') throw new AppError('HAI00011');
    await this.move(tx, order, 'PAID', 'cashier', null, {
      payChannel: channel,
      paidCents: order.totalCents,
      paidAt: new Date(),
    });
    await this.ctx.jobs.enqueue(
      'overseas.buy',
      { orderId: id },
      { dedupeKey: `overseas-buy:${id}`, maxAttempts: 8 },
      tx,
    );
  }

  /**
   * Job: buys a paid order from the source, one purchase per shop under the reference
   * `<orderNo>-<shopId>` (asking again answers the first purchase). Every shop sold: BOUGHT with the
   * source order numbers. A shop refused (gone, no stock, the seller said no): the order is refunded.
   * Throws when the source cannot be reached: the job tries again; after its last try staff buy by
   * hand (mark bought) or refund.
   */
  async buy(orderId: string): Promise<void> {
    const order = await this.get(orderId);
    if (order?.state !== 'PAID') return;
    const lines = await this.db.select().from(overseasOrderLines).where(eq(overseasOrderLines.orderId, orderId));
    const shops = [...new Set(lines.map((l) => l.shopId))];
    const bought: Record<string, string> = {};
    for (const shopId of shops) {
      const mine = lines.filter((l) => l.shopId === shopId);
      const outcome = await this.needed.overseasSource.purchase({
        reference: `${order.orderNo}-${shopId}`,
        channel: mine[0].channel as Channel,
        shopId,
        items: mine.map((l) => ({
          productId: (l.line as KeptLine).productId,
          skuId: (l.line as KeptLine).skuId,
          count: l.count,
        })),
      });
      if (outcome.status === 'REFUSED') {
        await this.refund(orderId, `source:${outcome.reason}`, 'HAI00013', {}, null);
        return;
      }
      bought[shopId] = outcome.sourceOrderNo;
    }
    await this.recordBought(orderId, bought, 'source');
  }

  private async recordBought(orderId: string, bought: Record<string, string>, actor: string) {
    return inTransaction(this.db, async (tx) => {
      const order = await this.getForUpdate(orderId, tx);
      if (!order) throw new AppError('HAI00010');
      const lines = await tx.select().from(overseasOrderLines).where(eq(overseasOrderLines.orderId, orderId));
      if (lines.some((l) => !bought[l.shopId])) throw new AppError('HAI00016');
      const row = await this.move(tx, order, 'BOUGHT', actor, Object.values(bought).join(', '));
      for (const [shopId, no] of Object.entries(bought))
        await tx
          .update(overseasOrderLines)
          .set({ sourceOrderNo: no })
          .where(and(eq(overseasOrderLines.orderId, orderId), eq(overseasOrderLines.shopId, shopId)));
      return row;
    });
  }

  /** Staff bought it by hand: each shop's source order number. */
  async markBought(orderId: string, sourceOrders: { shopId: string; sourceOrderNo: string }[], actor: string) {
    return this.recordBought(
      orderId,
      Object.fromEntries(sourceOrders.map((s) => [s.shopId, s.sourceOrderNo.trim()])),
      actor,
    );
  }

  /** Staff move it on: warehouse, freight, arrived, delivered. */
  async staffMove(
    orderId: string,
    to: 'WAREHOUSE' | 'FREIGHT' | 'ARRIVED' | 'DELIVERED',
    actor: string,
    note: string | null,
  ) {
    const row = await inTransaction(this.db, async (tx) => {
      const order = await this.getForUpdate(orderId, tx);
      if (!order) throw new AppError('HAI00010');
      const moved = await this.move(tx, order, to, actor, note, to === 'DELIVERED' ? { doneAt: new Date() } : {});
      if (to === 'ARRIVED' || to === 'DELIVERED')
        await this.needed.notices.notify(order.userId, stateNotice(moved), tx);
      return moved;
    });
    return row;
  }

  /**
   * The money back, once: the order locked, moved to REFUNDED only from a paid state (a second call
   * finds it refunded and changes nothing), the refund under the kind's key in the same transaction,
   * and a notice.
   */
  async refund(orderId: string, actor: string, code: string, params: Record<string, string>, note: string | null) {
    return inTransaction(this.db, async (tx) => {
      const order = await this.getForUpdate(orderId, tx);
      if (!order) throw new AppError('HAI00010');
      if (order.state === 'REFUNDED') return order;
      const row = await this.move(tx, order, 'REFUNDED', actor, note, {
        failureCode: code,
        failureParams: params,
        doneAt: new Date(),
      });
      await this.needed.payments.refund(
        {
          kind: 'overseas',
          id: order.id,
          userId: order.userId,
          amountCents: order.paidCents,
          channel: order.payChannel,
        },
        tx,
      );
      await this.needed.notices.notify(order.userId, refundNotice(order, code, params), tx);
      return row;
    });
  }

  /** Job: orders not paid in time are cancelled. */
  async expireUnpaid(now = new Date()): Promise<number> {
    const due = await this.db
      .select()
      .from(overseasOrders)
      .where(and(eq(overseasOrders.state, 'WP'), lt(overseasOrders.deadlineAt, now)))
      .limit(200);
    let n = 0;
    for (const order of due) {
      await inTransaction(this.db, async (tx) => {
        const locked = await this.getForUpdate(order.id, tx);
        if (locked?.state !== 'WP' || locked.deadlineAt >= now) return;
        await this.move(tx, locked, 'CANCEL', 'system', null, { doneAt: now });
        n += 1;
      });
    }
    return n;
  }

  // The console ----------------------------------------------------------------------------

  async staffList(filter: { state?: string; page: number; size: number }) {
    return this.pageOf(filter.state ? eq(overseasOrders.state, filter.state) : undefined, filter.page, filter.size);
  }

  async stateCounts(): Promise<Record<string, number>> {
    const rows = await this.db
      .select({ state: overseasOrders.state, n: sql<number>`count(*)::int` })
      .from(overseasOrders)
      .groupBy(overseasOrders.state);
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  }
  /** The console's list: by state, the shopper and the order number; tab counts alike. */
  staffSearch(filter: StaffSearch) {
    const t = overseasOrders;
    return staffSearchPage(this.db, t, { state: t.state, userId: t.userId, reference: t.orderNo }, filter, [
      desc(t.createdAt),
    ]);
  }
}

const money = (cents: number) => `USD ${(cents / 100).toFixed(2)}`;

function refundNotice(order: OrderRow, code: string, params: Record<string, string>) {
  return {
    kind: 'overseas',
    title: { 'en-US': 'Overseas order refunded', chs: '海淘订单已退款', kh: 'ការបញ្ជាទិញពីបរទេសត្រូវបានបង្វិលសង' },
    body: {
      'en-US': `${money(order.paidCents)} of order ${order.orderNo} has been returned. ${errorMessage(code as ErrorCode, 'en-US', params)}`,
      chs: `订单 ${order.orderNo} 的 ${money(order.paidCents)} 已退回。${errorMessage(code as ErrorCode, 'chs', params)}`,
      kh: `${money(order.paidCents)} នៃការបញ្ជាទិញ ${order.orderNo} ត្រូវបានបង្វិលសងវិញ។ ${errorMessage(code as ErrorCode, 'kh', params)}`,
    },
    link: `/Smilebuy/orderDetail?orderId=${order.id}`,
  };
}

function stateNotice(order: OrderRow) {
  const state = order.state as OverseasState;
  return {
    kind: 'overseas',
    title: { 'en-US': `Order ${order.orderNo}`, chs: `订单 ${order.orderNo}`, kh: `ការបញ្ជាទិញ ${order.orderNo}` },
    body: EVENT_TEXT[state],
    link: `/Smilebuy/logisticsInfo?orderId=${order.id}`,
  };
}
