// Shipping and tracking: staff hand an order to a carrier (the move, the notice, the carrier's job),
// and the tracking events from the console or the carrier feed.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { orderEvent, orderShippedEvent } from '../notifications/public.ts';
import type { OrderContext, OrderRow } from './context.ts';
import type { OrderMoves } from './moves.ts';
import type { Ports } from './ports.ts';
import { shippedNotice } from './shipped-notice.ts';
import { logisticsEvents, orders } from './tables.ts';

export class OrderShipping {
  private readonly db: Db;
  private readonly ports: () => Ports;
  private readonly moves: OrderMoves;

  constructor(shared: OrderContext, moves: OrderMoves) {
    this.db = shared.db;
    this.ports = shared.ports;
    this.moves = moves;
  }

  /**
   * Staff hand the parcel to a carrier: WS → WR with company and waybill; the shopper gets a notice
   * and the carrier integration registers the waybill (its events come back on its callback).
   */
  async ship(orderId: string, logisticsCompany: string, waybillNo: string): Promise<OrderRow> {
    return this.db.transaction(async (tx) => {
      const moved = await this.moves.move(orderId, 'ship', 'staff', {
        db: tx,
        note: `${logisticsCompany} ${waybillNo}`,
      });
      const [updated] = await tx
        .update(orders)
        .set({ logisticsCompany, waybillNo })
        .where(eq(orders.id, orderId))
        .returning();
      await tx
        .insert(logisticsEvents)
        .values({
          orderId,
          eventKey: `shipped:${waybillNo}`,
          status: 'SHIPPED',
          description: `Handed to ${logisticsCompany}`,
          location: 'Phnom Penh warehouse',
          at: moved.updatedAt,
        })
        .onConflictDoNothing();
      // The shopper hears of it in the same transaction: no notice for a move that rolled back.
      await this.ports().notices?.notify(
        updated.userId,
        shippedNotice({ id: updated.id, orderNo: updated.orderNo, logisticsCompany, waybillNo }),
        tx,
      );
      await this.ports().notifications?.emit(orderShippedEvent(updated, logisticsCompany, waybillNo), tx);
      // The carrier is told by a job queued in this transaction: a refused move registers nothing.
      await this.ports().carrier?.shipped(
        orderId,
        {
          orderNo: updated.orderNo,
          company: logisticsCompany,
          waybillNo,
          destination: (updated.address as { fullText?: string } | null)?.fullText ?? '',
        },
        tx,
      );
      return updated;
    });
  }

  /** A tracking event from the console or the carrier feed; the same event twice is kept once. */
  async addTrackingEvent(
    orderId: string,
    event: { key: string; status: string; description: string; location?: string; at: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .insert(logisticsEvents)
      .values({
        orderId,
        eventKey: event.key,
        status: event.status,
        description: event.description,
        location: event.location ?? null,
        at: event.at,
      })
      .onConflictDoNothing()
      .returning({ id: logisticsEvents.id });
    if (rows.length && (event.status === 'OUT_FOR_DELIVERY' || event.status === 'DELIVERED'))
      await this.tellTracking(orderId, event.status);
    return rows.length > 0;
  }

  /** The shopper hears that the parcel is out for delivery or delivered (issue 46). */
  private async tellTracking(orderId: string, status: 'OUT_FOR_DELIVERY' | 'DELIVERED') {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    const kind = status === 'DELIVERED' ? 'order.delivered' : 'order.out_for_delivery';
    if (order) await this.ports().notifications?.emit(orderEvent(kind, order));
  }

  async trackingEvents(orderId: string) {
    const rows = await this.db
      .select()
      .from(logisticsEvents)
      .where(eq(logisticsEvents.orderId, orderId))
      .orderBy(desc(logisticsEvents.at));
    return rows.map((r) => ({
      status: r.status,
      description: r.description,
      location: r.location,
      at: r.at.toISOString(),
    }));
  }
}
