// OrderService, the orders module's one service: a facade that builds the use cases (cart, stores,
// preorders, placement, moves, sweeps, queries, shipping) over one shared context and delegates to them.
import type { Language } from '@shop/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { PlatformContext } from '../../platform/module.ts';
import type { AddressService } from '../addresses/public.ts';
import { ShopperCart } from './cart.ts';
import { type Line, OrderContext, type OrderRow, type PaidListener, type SystemGetter } from './context.ts';
import { type MoveOptions, OrderMoves } from './moves.ts';
import { OrderPlacement } from './placement.ts';
import type { Ports } from './ports.ts';
import { type PreorderChange, PreorderQuotes } from './preorder.ts';
import { OrderQueries, type Tab } from './queries.ts';
import { OrderShipping } from './shipping.ts';
import { StoreList } from './stores.ts';
import { OrderSweeps, type OverdueKey } from './sweeps.ts';
import type { Actor, OrderAction, PayType, ShipType } from './transitions.ts';

export type { OrderRow } from './context.ts';
export { CAPITAL_CODE, COD_SERVICE_FEE_CENTS, payTypesFor, shippingFeeCents } from './preorder.ts';
export { NEVER_SEEN } from './queries.ts';

export class OrderService {
  private readonly shared: OrderContext;
  private readonly shopperCart: ShopperCart;
  private readonly storeList: StoreList;
  private readonly preorders: PreorderQuotes;
  private readonly placement: OrderPlacement;
  private readonly moves: OrderMoves;
  private readonly sweeps: OrderSweeps;
  private readonly queries: OrderQueries;
  private readonly shipping: OrderShipping;

  constructor(ctx: PlatformContext, addresses: AddressService, ports: () => Ports) {
    this.shared = new OrderContext(ctx, addresses, ports);
    this.storeList = new StoreList(this.shared);
    this.moves = new OrderMoves(this.shared);
    this.shipping = new OrderShipping(this.shared, this.moves);
    this.queries = new OrderQueries(this.shared, this.moves, this.shipping, this.storeList);
    this.shopperCart = new ShopperCart(this.shared, this.queries);
    this.preorders = new PreorderQuotes(this.shared, this.shopperCart, this.storeList);
    this.placement = new OrderPlacement(this.shared, this.preorders);
    this.sweeps = new OrderSweeps(this.shared, this.moves, this);
  }

  // Cart (cart.ts) -------------------------------------------------------------------------

  cart(userId: string, language: Language, db?: Db) {
    return this.shopperCart.cart(userId, language, db);
  }

  setCartQuantity(userId: string, skuId: string, language: Language, change: { set?: number; add?: number }) {
    return this.shopperCart.setCartQuantity(userId, skuId, language, change);
  }

  chooseCart(userId: string, language: Language, skuId: string | null, chosen: boolean) {
    return this.shopperCart.chooseCart(userId, language, skuId, chosen);
  }

  removeCartLines(userId: string, skuIds: string[], language: Language) {
    return this.shopperCart.removeCartLines(userId, skuIds, language);
  }

  buyAgain(userId: string, orderId: string, language: Language) {
    return this.shopperCart.buyAgain(userId, orderId, language);
  }

  // Pickup stores (stores.ts) and shop settings (context.ts) -------------------------------

  ensureStores() {
    return this.storeList.ensureStores();
  }

  stores(language: Language, onlyId?: string | null) {
    return this.storeList.stores(language, onlyId);
  }

  useSystem(getter: SystemGetter) {
    this.shared.useSystem(getter);
  }

  // Preorder (preorder.ts) and finish (placement.ts) ---------------------------------------

  createPreorder(
    userId: string,
    language: Language,
    source: { direct: Line } | { cart: true },
    choices: { shipType?: ShipType; payType?: PayType; addressId?: string; storeId?: string },
  ) {
    return this.preorders.createPreorder(userId, language, source, choices);
  }

  modifyPreorder(userId: string, language: Language, id: string, change: PreorderChange) {
    return this.preorders.modifyPreorder(userId, language, id, change);
  }

  openPreorder(userId: string, id: string, language: Language) {
    return this.preorders.openPreorder(userId, id, language);
  }
  viewPreorder(userId: string, id: string, language: Language) {
    return this.preorders.viewPreorder(userId, id, language);
  }

  finishPreorder(userId: string, id: string, language: Language) {
    return this.placement.finishPreorder(userId, id, language);
  }

  // The state machine (moves.ts) -----------------------------------------------------------

  /** Tells `listener` of every paid order it wants, in the payment's transaction (context.ts, PaidListener). */
  whenPaid(listener: PaidListener): void {
    this.shared.paidListeners.push(listener);
  }

  move(orderId: string, action: OrderAction, by: Actor, options?: MoveOptions & { db?: Db; locked?: OrderRow }) {
    return this.moves.move(orderId, action, by, options);
  }

  orderForMove(orderId: string, with_?: Record<string, SQL>) {
    return this.moves.orderForMove(orderId, with_);
  }

  keptOrderForMove(orderId: string, userId: string) {
    return this.moves.keptOrderForMove(orderId, userId);
  }

  moveInStatement(
    read: { order: OrderRow; firstPaid: boolean },
    action: OrderAction,
    by: Actor,
    options?: MoveOptions & { parts?: { ctes: Record<string, SQL>; refusals: SQL[] } },
  ) {
    return this.moves.moveInStatement(read, action, by, options);
  }

  getOrderForUpdate(orderId: string, db: Db) {
    return this.moves.getOrderForUpdate(orderId, db);
  }

  // Deadlines and sweeps (sweeps.ts) -------------------------------------------------------

  onDeadline(orderId: string, now?: Date) {
    return this.sweeps.onDeadline(orderId, now);
  }

  purgePreorders(now?: Date, keepDays?: number, batch?: number) {
    return this.sweeps.purgePreorders(now, keepDays, batch);
  }

  /** Goes through this service's onDeadline and overdueQuery, page after page. */
  sweepOverdue(now?: Date, batch?: number) {
    return this.sweeps.sweepOverdue(now, batch);
  }

  overdueQuery(now: Date, limit: number, after?: OverdueKey) {
    return this.sweeps.overdueQuery(now, limit, after);
  }

  // Shopper reads and actions, console reads (queries.ts) ----------------------------------

  ownOrder(userId: string, orderId: string, db?: Db) {
    return this.queries.ownOrder(userId, orderId, db);
  }

  orderNumbers(userId: string, orderIds: string[]) {
    return this.queries.orderNumbers(userId, orderIds);
  }

  getOrder(orderId: string, db?: Db) {
    return this.queries.getOrder(orderId, db);
  }

  summary(order: OrderRow) {
    return this.queries.summary(order);
  }

  list(userId: string, tab: Tab, page: number, size: number) {
    return this.queries.list(userId, tab, page, size);
  }

  unreadCounts(userId: string) {
    return this.queries.unreadCounts(userId);
  }

  async detail(userId: string, orderId: string, language: Language) {
    const detail = await this.queries.detail(userId, orderId, language);
    const paidBy =
      detail.paidCents > 0 ? ((await this.shared.ports().payments?.paidBy('order', orderId)) ?? null) : null;
    return { ...detail, paidBy };
  }

  cancel(userId: string, orderId: string) {
    return this.queries.cancel(userId, orderId);
  }

  confirmReceipt(userId: string, orderId: string) {
    return this.queries.confirmReceipt(userId, orderId);
  }

  hide(userId: string, orderId: string) {
    return this.queries.hide(userId, orderId);
  }

  markReviewed(userId: string, orderId: string, write: (order: OrderRow, db: Db) => Promise<void>) {
    return this.queries.markReviewed(userId, orderId, write);
  }

  items(orderId: string, db?: Db) {
    return this.queries.items(orderId, db);
  }

  history(orderId: string) {
    return this.queries.history(orderId);
  }

  inconsistentOrders() {
    return this.queries.inconsistentOrders();
  }

  consoleOrders(query: { state?: string; orderNo?: string; userIds?: string[]; page: number; size: number }) {
    return this.queries.consoleOrders(query);
  }

  consoleDays(count: number, now?: Date) {
    return this.queries.consoleDays(count, now);
  }

  consoleToday(now?: Date) {
    return this.queries.consoleToday(now);
  }

  // Shipping and tracking (shipping.ts) ----------------------------------------------------

  ship(orderId: string, logisticsCompany: string, waybillNo: string) {
    return this.shipping.ship(orderId, logisticsCompany, waybillNo);
  }

  addTrackingEvent(
    orderId: string,
    event: { key: string; status: string; description: string; location?: string; at: Date },
  ) {
    return this.shipping.addTrackingEvent(orderId, event);
  }

  trackingEvents(orderId: string) {
    return this.shipping.trackingEvents(orderId);
  }
}
