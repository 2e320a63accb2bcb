// The moves of an order (its state machine over transitions.ts): move under a row lock,
// moveInStatement in the caller's statement, the reads for them, and the hooks a move runs.
import { asc, eq, type SQL } from 'drizzle-orm';
import {
  alongside,
  COMMIT_WITHOUT_WAITING,
  columnsOf,
  type Db,
  queryRows,
  refuseUnless,
  retryingDeadlocks,
  rowOf,
  setOf,
  valuesOf,
} from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { type OrderContext, type OrderRow, paidOrderOf } from './context.ts';
import type { Ports } from './ports.ts';
import { orderHistory, orderItems, orders } from './tables.ts';
import {
  type Actor,
  findTransition,
  type Hook,
  type OrderAction,
  type OrderState,
  type PayType,
  type ShipType,
} from './transitions.ts';

/** The refusal of a move from a kept order that turned out to be its shopper's first paid one. */
const FIRST_PAID = 'first-paid';
/** The refusal of `moveInStatement` when the order left the state it was read in. */
const ORDER_MOVED = 'order-moved';
/** Hooks that run statements of their own (the others only set the move's deadline). */
const HOOKS_WITH_WORK = new Set<Hook>(['releaseStock', 'releaseCoupon', 'refundPayment', 'recordPaid']);

export type MoveOptions = {
  userId?: string;
  note?: string;
  channel?: string;
  onlyIf?: (order: OrderRow) => boolean;
  /** Statements of the caller's to run with the move, in its statement (see `alongside`). */
  alongside?: SQL[];
};

/** Whether an order would be its shopper's first paid one (as the rows are before the statement). */
const firstPaidProbe = (userId: SQL, orderId: SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM ${orders} o WHERE o.user_id = ${userId} AND o.paid_cents > 0 AND o.id <> ${orderId})`;

export class OrderMoves {
  private readonly shared: OrderContext;
  private readonly db: Db;
  private readonly ctx: PlatformContext;
  private readonly ports: () => Ports;

  constructor(shared: OrderContext) {
    this.shared = shared;
    this.db = shared.db;
    this.ctx = shared.ctx;
    this.ports = shared.ports;
  }

  /**
   * The one way an order changes state: row lock, transition table, state update, history row and
   * the row's hooks, all in one transaction (the caller's when `db` is given). `moveInStatement` is
   * the same move without the lock, for a caller whose own work goes in the move's statement.
   */
  async move(
    orderId: string,
    action: OrderAction,
    by: Actor,
    options: MoveOptions & {
      db?: Db;
      /** The order as the caller read it `FOR UPDATE` in `db` (saves reading it again). */
      locked?: OrderRow;
    } = {},
  ): Promise<OrderRow> {
    const work = async (tx: Db) => {
      const [order] =
        options.db && options.locked?.id === orderId ? [options.locked] : [await this.getOrderForUpdate(orderId, tx)];
      if (!order) throw new AppError('ORD0001');
      const plan = await this.planMove(order, action, by, options);
      // recordPaid asks whether this is the shopper's first paid order: answered by the same
      // statement (the sub-select sees the rows as they were before it).
      const firstPaid = plan.t.hooks.includes('recordPaid')
        ? sql`, ${firstPaidProbe(sql`${order.userId}`, sql`${orderId}`)} AS first_paid`
        : sql``;
      const [moved] = await queryRows<Record<string, unknown>>(
        tx,
        sql`${alongside(plan.statements)}
        UPDATE ${orders} SET ${setOf(orders, plan.patch)} WHERE id = ${orderId}
        RETURNING ${columnsOf(orders)}${firstPaid}`,
        { prepared: true },
      );
      const updated = rowOf(orders, moved);
      for (const hook of plan.t.hooks) await this.runHook(hook, updated, order, tx, moved.first_paid === true);
      return updated;
    };
    return options.db ? work(options.db) : retryingDeadlocks(() => this.db.transaction(work));
  }

  /**
   * The order as `moveInStatement` wants it: read without a lock, with whether it would be the
   * shopper's first paid order, and the caller's own expressions (`with`, by name) read alongside.
   */
  async orderForMove(
    orderId: string,
    with_: Record<string, SQL> = {},
  ): Promise<{ order: OrderRow; firstPaid: boolean; read: Record<string, unknown> } | undefined> {
    const extra = Object.entries(with_).map(([name, expression]) => sql`, ${expression} AS ${sql.identifier(name)}`);
    const [row] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT ${columnsOf(orders)}, ${firstPaidProbe(sql`${orders}.user_id`, sql`${orders}.id`)} AS first_paid
        ${sql.join(extra, sql``)}
        FROM ${orders} WHERE id = ${orderId}`,
      { prepared: true },
    );
    if (!row) return undefined;
    const read = Object.fromEntries(Object.keys(with_).map((name) => [name, row[name]]));
    return { order: rowOf(orders, row), firstPaid: row.first_paid === true, read };
  }

  /**
   * `orderForMove` without the read (issue 5): the order this process just placed, if it did, taken
   * once, as not its shopper's first paid order; `guard` (a refusal for the move's statement) checks
   * that, since a first paid order has hooks with work of their own and must be read. The move's
   * statement checks the state as always; nothing else of an order waiting for payment changes.
   */
  keptOrderForMove(orderId: string, userId: string) {
    const order = this.shared.awaitingPayment.take(orderId);
    if (!order || order.userId !== userId) return undefined;
    const guard = refuseUnless(sql`NOT ${firstPaidProbe(sql`${userId}`, sql`${orderId}`)}`, FIRST_PAID);
    return { order, firstPaid: false, guard };
  }

  /**
   * A move of an order read without a lock (`orderForMove`), made by one statement together with the
   * caller's parts (their CTEs and refusals): the order is updated only if it is still in the state
   * it was read in, else the statement refuses with ORDER_MOVED and nothing of it stays; then the
   * caller's refusals. No transaction, unless a hook of the move has work of its own (a first paid
   * order's invitation, stock or coupons given back): then the statement and the hooks share one.
   * Issue 5: a wallet payment is this move with the wallet's parts, one round trip.
   */
  async moveInStatement(
    read: { order: OrderRow; firstPaid: boolean },
    action: OrderAction,
    by: Actor,
    options: MoveOptions & { parts?: { ctes: Record<string, SQL>; refusals: SQL[] } } = {},
  ): Promise<OrderRow> {
    const { order, firstPaid } = read;
    const plan = await this.planMove(order, action, by, options);
    const statement = sql`${alongside(plan.statements, {
      moved: sql`UPDATE ${orders} SET ${setOf(orders, plan.patch)} WHERE id = ${order.id} AND state = ${order.state}
        RETURNING id`,
      ...options.parts?.ctes,
    })}
      SELECT moved.id, ${sql.join(
        [refuseUnless(sql`EXISTS (SELECT 1 FROM moved)`, ORDER_MOVED), ...(options.parts?.refusals ?? [])],
        sql`, `,
      )}, ${COMMIT_WITHOUT_WAITING}
      FROM (SELECT 1) AS one LEFT JOIN moved ON true`;
    // The row as moved: the one read, with the patch (the state guard means nothing else moved it;
    // not read back, see insertedRow).
    const updated = { ...order, ...plan.patch } as OrderRow;
    // A paid order has work of its own only when it is the shopper's first or a listener wants it.
    const hooks = plan.t.hooks.filter((h) => h !== 'recordPaid' || firstPaid || this.shared.paidWanted(updated));
    const work = async (db: Db) => {
      await queryRows(db, statement, { prepared: true });
      for (const hook of hooks) await this.runHook(hook, updated, order, db, firstPaid);
      return updated;
    };
    const moved = await retryingDeadlocks(() =>
      hooks.some((h) => HOOKS_WITH_WORK.has(h)) ? this.db.transaction(work) : work(this.db),
    );
    // Committed without waiting for the disk (the order's, the shopper's and the platform's rows
    // free at once): the caller is answered once it is there (decision 0012).
    await this.ctx.durability.afterCommit();
    return moved;
  }

  /** The transition, the row's new values (its deadline among them) and the statements that go with a move. */
  private async planMove(order: OrderRow, action: OrderAction, by: Actor, options: MoveOptions) {
    if (options.userId && order.userId !== options.userId) throw new AppError('ORD0001');
    const t = findTransition(
      action,
      { state: order.state as OrderState, shipType: order.shipType as ShipType, payType: order.payType as PayType },
      by,
    );
    if (!t || (options.onlyIf && !options.onlyIf(order))) throw new AppError('ORD0002', { action });
    const now = new Date();
    const patch: Partial<typeof orders.$inferInsert> = { state: t.to, updatedAt: now, deadlineAt: null };
    if (t.to === 'FINISH') patch.finishedAt = now;
    if (t.hooks.includes('recordPaid')) {
      patch.paidCents = order.payableCents;
      patch.paidAt = now;
      if (options.channel) patch.payChannel = options.channel;
    }
    if (t.hooks.includes('startPickupHold')) patch.deadlineAt = await this.shared.deadlineAfter('pickup', now);
    if (t.hooks.includes('startAutoReceive')) patch.deadlineAt = await this.shared.deadlineAfter('receipt', now);
    const history = sql`INSERT INTO ${orderHistory} ${valuesOf(orderHistory, [
      { orderId: order.id, action, fromState: order.state, toState: t.to, actor: by, note: options.note ?? null },
    ])}`;
    return { t, patch, statements: [history, ...(options.alongside ?? [])] };
  }

  private async runHook(hook: Hook, order: OrderRow, before: OrderRow, tx: Db, firstPaid: boolean) {
    const ports = this.ports();
    switch (hook) {
      case 'releaseStock': {
        const items = await tx
          .select()
          .from(orderItems)
          .where(eq(orderItems.orderId, order.id))
          .orderBy(asc(orderItems.skuId));
        for (const item of items) await this.shared.catalogue.releaseStock(item.skuId, item.quantity, tx);
        return;
      }
      case 'releaseCoupon':
        if (order.couponId) await ports.coupons?.release(order.couponId, order.id, tx);
        return;
      case 'refundPayment':
        // The cashier gives the money back the way it came (the wallet at once, a gateway by a job).
        if (before.paidCents > 0) {
          if (!ports.payments) throw new AppError('ORD0016');
          await ports.payments.refund(
            {
              kind: 'order',
              id: order.id,
              userId: order.userId,
              amountCents: before.paidCents,
              channel: before.payChannel,
            },
            tx,
          );
        }
        return;
      case 'recordPaid': {
        if (firstPaid) await ports.invitations?.onFirstPaidOrder(order.userId, order.id, tx);
        const paid = paidOrderOf(order);
        for (const listener of this.shared.paidListeners) if (listener.wants(paid)) await listener.onPaid(paid, tx);
        return;
      }
      case 'startPickupHold':
      case 'startAutoReceive':
        return; // deadline set by move()
    }
  }

  async getOrderForUpdate(orderId: string, db: Db): Promise<OrderRow | undefined> {
    const [order] = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT ${columnsOf(orders)} FROM ${orders} WHERE id = ${orderId} FOR UPDATE`,
      { prepared: true },
    );
    return order && rowOf(orders, order);
  }
}
