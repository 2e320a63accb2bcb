// What runs on the clock: an order's deadline (onDeadline), the overdue sweep that finds the orders
// past theirs, and the purge of expired preorders.
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import type { OrderContext, OrderRow } from './context.ts';
import type { OrderMoves } from './moves.ts';
import { orders, preorders } from './tables.ts';
import type { OrderAction } from './transitions.ts';

/** Where a page of the overdue sweep ends: an order and its deadline as the database writes it. */
export type OverdueKey = { id: string; deadline: string };

/** The order service's own onDeadline and overdueQuery (it re-exports this file: no import back). */
type SweptThrough = Pick<OrderSweeps, 'onDeadline' | 'overdueQuery'>;

export class OrderSweeps {
  private readonly db: Db;
  private readonly moves: OrderMoves;
  /**
   * The service itself: the sweep calls onDeadline and overdueQuery through it, as it did when all
   * was one class (a test stubs them on the service).
   */
  private readonly service: SweptThrough;

  constructor(shared: OrderContext, moves: OrderMoves, service: SweptThrough) {
    this.db = shared.db;
    this.moves = moves;
    this.service = service;
  }

  /**
   * What happens at an order's deadline (`deadline_at`, set by each move): an unpaid order is
   * cancelled (its stock given back), a pickup hold ends, a received order is confirmed. Acts only if
   * the order is still past its deadline when it is moved.
   */
  async onDeadline(orderId: string, now = new Date()): Promise<void> {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    const due = (o: OrderRow) => !!o.deadlineAt && o.deadlineAt <= now;
    if (!order || !due(order)) return;
    const action: OrderAction | null = ['WP', 'WPP', 'WPU'].includes(order.state)
      ? 'expire'
      : order.state === 'WR'
        ? 'receive'
        : null;
    if (!action) return;
    try {
      await this.moves.move(orderId, action, 'system', { note: 'deadline', onlyIf: due });
    } catch (error) {
      // Moved by someone else in the meantime (paid just now, received by hand): nothing to do.
      if (!(error instanceof AppError && error.code === 'ORD0002')) throw error;
    }
  }

  /**
   * Deletes the preorders that expired more than `keepDays` ago (`orders.purge-preorders`, hourly):
   * every checkout writes one and nothing reads it after its time (a finish of one answers ORD0011,
   * as when it had just expired). In batches by physical position, with no index of their own to
   * keep up on each checkout: the oldest rows lie first in the table, so each batch's scan ends soon.
   * Returns how many it deleted.
   */
  async purgePreorders(now = new Date(), keepDays = 1, batch = 5000): Promise<number> {
    const before = new Date(now.getTime() - keepDays * 86_400_000);
    let deleted = 0;
    for (;;) {
      const rows = await queryRows<{ id: string }>(
        this.db,
        sql`DELETE FROM ${preorders} WHERE ctid = ANY(ARRAY(
          SELECT ctid FROM ${preorders} WHERE expires_at < ${before.toISOString()}::timestamptz LIMIT ${batch}))
          RETURNING id`,
      );
      deleted += rows.length;
      if (rows.length < batch) return deleted;
    }
  }

  /**
   * The durable deadline job (`orders.overdue-sweep`, every minute): every order past its deadline,
   * found by the deadline index, is moved by `onDeadline`, batch after batch until none is left. One
   * indexed query a minute instead of a job row per order and state (issue 5: the row and its three
   * indexes were a quarter of an order's writes, and each job was claimed and closed again later).
   * Returns how many orders it looked at.
   */
  async sweepOverdue(now = new Date(), batch = 100): Promise<number> {
    let seen = 0;
    // Keyset pages in deadline order: an order that cannot move (a transition the table does not
    // allow) is passed over, not read again and again.
    for (let after: OverdueKey | undefined; ; ) {
      const page = await this.service.overdueQuery(now, batch, after);
      for (const { id } of page) await this.service.onDeadline(id, now);
      seen += page.length;
      if (page.length < batch) return seen;
      after = page[page.length - 1];
    }
  }

  /**
   * The sweep's query (by the deadline index: tested with EXPLAIN), after `after` in deadline order.
   * The deadline comes back as the database's text of it: a JS Date would drop its microseconds and
   * the page after would start before it.
   */
  overdueQuery(now: Date, limit: number, after?: OverdueKey) {
    return this.db
      .select({ id: orders.id, deadline: sql<string>`${orders.deadlineAt}::text` })
      .from(orders)
      .where(
        and(
          inArray(orders.state, ['WP', 'WPP', 'WPU', 'WR']),
          lte(orders.deadlineAt, now),
          after && sql`(${orders.deadlineAt}, ${orders.id}) > (${after.deadline}::timestamptz, ${after.id})`,
        ),
      )
      .orderBy(asc(orders.deadlineAt), asc(orders.id))
      .limit(limit);
  }
}
