// What the order use cases share: the platform, the database, the other modules' ports, what this
// process keeps (quotes, placed orders awaiting payment), the shop settings and the order deadlines.
import { BoundedMap } from '../../platform/bounded-map.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext } from '../../platform/module.ts';
import type { AddressService } from '../addresses/public.ts';
import type { Ports } from './ports.ts';
import { QuoteMemo } from './quote-memo.ts';
import type { orders } from './tables.ts';

export type OrderRow = typeof orders.$inferSelect;
export type Line = { skuId: string; quantity: number };
export type ShopSettings = {
  storeHours: { open: string; close: string };
  pickupHoldDays: number;
  shippingFromCents: number;
};
export type SystemGetter = () => Promise<{ config: ShopSettings }>;

/** A paid order as other modules hear of it (`whenPaid`). */
export type PaidOrder = { id: string; orderNo: string; userId: string; paidCents: number; paidAt: Date };
/**
 * Another module's interest in paid orders (campaigns' spend-and-get). `wants` is asked on every
 * payment from memory (no database: it runs on the payment's hot path, maybe inside its transaction);
 * only when it says yes does the payment take a transaction in which `onPaid` does its (small) work.
 */
export type PaidListener = { wants(order: PaidOrder): boolean; onPaid(order: PaidOrder, tx: Db): Promise<void> };

export const paidOrderOf = (order: OrderRow): PaidOrder => ({
  id: order.id,
  orderNo: order.orderNo,
  userId: order.userId,
  paidCents: order.paidCents,
  paidAt: order.paidAt ?? new Date(),
});

export class OrderContext {
  readonly ctx: PlatformContext;
  readonly db: Db;
  readonly addresses: AddressService;
  readonly ports: () => Ports;
  readonly quotes = new QuoteMemo();
  /** Orders this process just placed that wait for their payment (keptOrderForMove). */
  readonly awaitingPayment = new BoundedMap<string, OrderRow>(5000);
  /** Who is told of paid orders (`OrderService.whenPaid`). */
  readonly paidListeners: PaidListener[] = [];

  /** Whether a listener wants to hear of this paid order (from memory). */
  paidWanted(order: OrderRow): boolean {
    if (this.paidListeners.length === 0) return false;
    const paid = paidOrderOf(order);
    return this.paidListeners.some((l) => l.wants(paid));
  }

  constructor(ctx: PlatformContext, addresses: AddressService, ports: () => Ports) {
    this.ctx = ctx;
    this.db = ctx.db;
    this.addresses = addresses;
    this.ports = ports;
  }

  get catalogue() {
    const c = this.ports().catalogue;
    if (!c) throw new AppError('ORD0016');
    return c;
  }

  private systemGetter: SystemGetter | undefined;
  private settings: { at: number; value: { config: ShopSettings } } | undefined;
  private refreshing: Promise<unknown> | undefined;
  /** The system settings (store hours, hold days, shipping base) come from the system module. */
  useSystem(getter: SystemGetter) {
    this.systemGetter = getter;
  }
  /**
   * Settings as last read. Never waits on the pool once warm: code inside a transaction must not
   * ask for a second connection (a full pool of transactions waiting on one lock would deadlock).
   */
  async ctxSystem(): Promise<{ config: ShopSettings }> {
    const getter = this.systemGetter;
    if (!getter) throw new Error('system settings not wired');
    const refresh = () =>
      (this.refreshing ??= getter()
        .then((value) => {
          this.settings = { at: Date.now(), value };
        })
        .finally(() => {
          this.refreshing = undefined;
        }));
    if (!this.settings) await refresh();
    else if (Date.now() - this.settings.at > 5_000) void refresh().catch(() => {});
    return (this.settings as { value: { config: ShopSettings } }).value;
  }

  /** When an order's wait for its payment, its pickup or its receipt ends (the sweep acts then). */
  async deadlineAfter(wait: 'payment' | 'pickup' | 'receipt', now: Date): Promise<Date> {
    const minutes =
      wait === 'payment'
        ? this.ctx.config.unpaidOrderMinutes
        : wait === 'pickup'
          ? (await this.ctxSystem()).config.pickupHoldDays * 1440
          : this.ctx.config.autoReceiveDays * 1440;
    return new Date(now.getTime() + minutes * 60_000);
  }
}
