import { randomUUID } from 'node:crypto';
import type { Cart, CartLine, Language, OrderDetail, OrderSummary, PickupStore, Preorder } from '@shop/contracts';
import { and, asc, count, desc, eq, gt, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { BoundedMap } from '../../platform/bounded-map.ts';
import {
  alongside,
  COMMIT_WITHOUT_WAITING,
  columnsOf,
  type Db,
  insertedRow,
  isTransaction,
  queryRows,
  refusalOf,
  refuseUnless,
  retryingDeadlocks,
  rowOf,
  selectOf,
  setOf,
  valuesOf,
} from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import type { AddressService, AddressSnapshot } from '../addresses/service.ts';
import type { Ports, SkuInfo } from './ports.ts';
import { QuoteMemo } from './quote-memo.ts';
import { shippedNotice } from './shipped-notice.ts';
import {
  cartItems,
  logisticsEvents,
  orderHistory,
  orderItems,
  orderSeen,
  orders,
  pickupStores,
  preorders,
} from './tables.ts';
import {
  type Actor,
  findTransition,
  type Hook,
  initialState,
  type OrderAction,
  type OrderState,
  type PayType,
  type ShipType,
  TAB_STATES,
} from './transitions.ts';

/** Unread counts start from here when a tab was never opened (spec §4). */
export const NEVER_SEEN = new Date('2017-01-01T00:00:00+07:00');
/** A preorder (an order form not yet placed) lives this long. */
const PREORDER_MINUTES = 60;
/** The refusal of a finish whose preorder another finish placed first (answered with that order). */
const PREORDER_PLACED = 'preorder-placed';
/** The refusal of a finish placed from a kept quote that no longer holds (see QuoteMemo). */
const QUOTE_CHANGED = 'quote-changed';
/** The refusal of a move from a kept order that turned out to be its shopper's first paid one. */
const FIRST_PAID = 'first-paid';
/** The refusal of `moveInStatement` when the order left the state it was read in. */
const ORDER_MOVED = 'order-moved';
/** Hooks that run statements of their own (the others only set the move's deadline). */
const HOOKS_WITH_WORK = new Set<Hook>(['releaseStock', 'releaseCoupon', 'refundPayment', 'recordPaid']);

type MoveOptions = {
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
/** Cash on delivery costs the carrier cash handling: our service fee for it. */
export const COD_SERVICE_FEE_CENTS = 50;
export const CAPITAL_CODE = '12';

export type OrderRow = typeof orders.$inferSelect;
type Line = { skuId: string; quantity: number };
type Tab = keyof typeof TAB_STATES;
type ShopSettings = { storeHours: { open: string; close: string }; pickupHoldDays: number; shippingFromCents: number };

/** Shipping fee: from 1 USD (spec §9) in Phnom Penh, 1 USD more to the provinces. */
export function shippingFeeCents(shipType: ShipType, provinceCode: string | null, fromCents: number): number {
  if (shipType === 'STORE') return 0;
  return provinceCode && provinceCode !== CAPITAL_CODE ? fromCents + 100 : fromCents;
}

export function payTypesFor(shipType: ShipType): PayType[] {
  return shipType === 'STORE' ? ['ONLINE', 'CASH'] : ['ONLINE', 'COD'];
}

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

/** Where a page of the overdue sweep ends: an order and its deadline as the database writes it. */
type OverdueKey = { id: string; deadline: string };

export class OrderService {
  private readonly ctx: PlatformContext;
  private readonly db: Db;
  private readonly addresses: AddressService;
  private readonly ports: () => Ports;
  private readonly quotes = new QuoteMemo();
  /** Orders this process just placed that wait for their payment (keptOrderForMove). */
  private readonly awaitingPayment = new BoundedMap<string, OrderRow>(5000);

  constructor(ctx: PlatformContext, addresses: AddressService, ports: () => Ports) {
    this.ctx = ctx;
    this.db = ctx.db;
    this.addresses = addresses;
    this.ports = ports;
  }

  private get catalogue() {
    const c = this.ports().catalogue;
    if (!c) throw new AppError('ORD0016');
    return c;
  }

  // Cart -----------------------------------------------------------------------------------

  private lineLimit(sku: SkuInfo): number {
    return Math.max(0, Math.min(sku.maxPurchase > 0 ? sku.maxPurchase : sku.stock, sku.stock));
  }

  private checkSellable(sku: SkuInfo | undefined, quantity: number): SkuInfo {
    if (!sku?.published || !sku.productPublished || sku.expired) throw new AppError('ORD0004');
    if (sku.stock <= 0) throw new AppError('ORD0003');
    if (sku.maxPurchase > 0 && quantity > sku.maxPurchase) throw new AppError('ORD0006', { max: sku.maxPurchase });
    if (quantity > sku.stock) throw new AppError('ORD0005');
    return sku;
  }

  async cart(userId: string, language: Language, db: Db = this.db): Promise<Cart> {
    const rows = await db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(desc(cartItems.addedAt));
    const skus = rows.length
      ? await this.catalogue.getSkus(
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
      const [sku] = await this.catalogue.getSkus([skuId], language, tx);
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
    const order = await this.ownOrder(userId, orderId);
    const items = await this.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const skus = new Map(
      (
        await this.catalogue.getSkus(
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

  // Pickup stores --------------------------------------------------------------------------

  async ensureStores(): Promise<void> {
    await this.ctxSystem();
    await this.db
      .insert(pickupStores)
      .values({
        id: 'PP-BKK1',
        nameEn: 'Angkor Mall Store, BKK1',
        nameChs: 'Angkor Mall 门店（BKK1）',
        nameKh: 'ហាង Angkor Mall បឹងកេងកង១',
        address: 'No. 45, Street 302, Sangkat Boeng Keng Kang Ti Muoy, Khan Chamkar Mon, Phnom Penh',
        phone: '+85523900888',
        latitude: '11.5536',
        longitude: '104.9260',
      })
      .onConflictDoNothing();
  }

  /** The enabled stores, read at most every 5 s (a checkout lists them; staff rarely change them). */
  private storeRows: { at: number; rows: Promise<(typeof pickupStores.$inferSelect)[]> } | undefined;

  async stores(language: Language, onlyId?: string | null): Promise<PickupStore[]> {
    const { config } = await this.ctxSystem();
    if (!this.storeRows || Date.now() - this.storeRows.at > 5_000) {
      // Promise.resolve: a drizzle query runs again on every `then`; this one runs once.
      const rows = Promise.resolve(
        this.db.select().from(pickupStores).where(eq(pickupStores.enabled, true)).orderBy(asc(pickupStores.id)),
      );
      this.storeRows = { at: Date.now(), rows };
      rows.catch(() => {
        if (this.storeRows?.rows === rows) this.storeRows = undefined;
      });
    }
    const rows = (await this.storeRows.rows).filter((r) => !onlyId || r.id === onlyId);
    return rows.map((r) => ({
      id: r.id,
      name: language === 'kh' ? r.nameKh : language === 'chs' ? r.nameChs : r.nameEn,
      address: r.address,
      phone: r.phone,
      open: config.storeHours.open,
      close: config.storeHours.close,
      holdDays: config.pickupHoldDays,
    }));
  }

  private systemGetter: (() => Promise<{ config: ShopSettings }>) | undefined;
  private settings: { at: number; value: { config: ShopSettings } } | undefined;
  private refreshing: Promise<unknown> | undefined;
  /** The system settings (store hours, hold days, shipping base) come from the system module. */
  useSystem(getter: NonNullable<typeof this.systemGetter>) {
    this.systemGetter = getter;
  }
  /**
   * Settings as last read. Never waits on the pool once warm: code inside a transaction must not
   * ask for a second connection (a full pool of transactions waiting on one lock would deadlock).
   */
  private async ctxSystem(): Promise<{ config: ShopSettings }> {
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

  // Preorder -------------------------------------------------------------------------------

  async createPreorder(
    userId: string,
    language: Language,
    source: { direct: Line } | { cart: true },
    choices: { shipType?: ShipType; payType?: PayType; addressId?: string; storeId?: string },
  ): Promise<Preorder> {
    const shipType = choices.shipType ?? 'LOGISTICS';
    const payType = choices.payType ?? 'ONLINE';
    let lines: Line[] = [];
    if (!('direct' in source)) {
      const cart = await this.cart(userId, language);
      const chosen = cart.lines.filter((l) => l.chosen);
      if (chosen.length === 0) throw new AppError('ORD0007');
      lines = chosen.map((l) => ({ skuId: l.skuId, quantity: l.quantity }));
    }
    if (!payTypesFor(shipType).includes(payType)) throw new AppError('ORD0010');
    let addressId = choices.addressId ?? null;
    if (!addressId && shipType === 'LOGISTICS') {
      const [first] = await this.addresses.list(userId, language);
      if (first?.isDefault && first.reachable) addressId = first.id;
    }
    const stores = shipType === 'STORE' ? await this.stores(language) : [];
    const values = {
      id: randomUUID(),
      userId,
      lines: 'direct' in source ? [source.direct] : lines,
      fromCart: !('direct' in source),
      shipType,
      payType,
      addressId,
      storeId: choices.storeId ?? stores[0]?.id ?? null,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + PREORDER_MINUTES * 60_000),
    };
    const row = insertedRow(preorders, values);
    if (!('direct' in source)) {
      await this.writePreorder(values);
      return this.preorderView(row, language, { stores });
    }
    // A direct buy reads its item and writes the preorder in one statement (issue 5), the preorder
    // only if the item can be bought in that quantity (the item read tells which refusal it is),
    // without waiting for the disk as writePreorder.
    const { skuId, quantity } = source.direct;
    const [read] = await queryRows<{ skus: unknown; written: boolean }>(
      this.db,
      sql`WITH item AS (SELECT ${this.catalogue.skusRead(sql`ARRAY[${skuId}::text]`)} AS skus),
        written AS (INSERT INTO ${preorders} ${selectOf(preorders, values)}
          FROM item WHERE ${this.catalogue.sellableIn(sql`item.skus->0`, quantity)} RETURNING id)
        SELECT item.skus, EXISTS (SELECT 1 FROM written) AS written, ${COMMIT_WITHOUT_WAITING} FROM item`,
      { prepared: true },
    );
    const known = this.catalogue.skusFrom(read.skus, language);
    this.checkSellable(known[0], quantity);
    // The database's clock said otherwise at an expiry's very edge: write it now.
    if (!read.written) await this.writePreorder(values);
    // The view prices the lines just read and lists the stores just read: no second round trip.
    return this.preorderView(row, language, { skus: known, stores });
  }

  /**
   * A preorder is a quote the shopper can ask for again: written without waiting for the disk
   * (decision 0010); the order placed from it waits, and so makes it durable too.
   */
  private async writePreorder(values: typeof preorders.$inferInsert) {
    await queryRows(
      this.db,
      sql`INSERT INTO ${preorders} ${valuesOf(preorders, [values])} RETURNING ${COMMIT_WITHOUT_WAITING}`,
      { prepared: true },
    );
  }

  private async ownPreorder(userId: string, id: string, db: Db = this.db) {
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT ${columnsOf(preorders)} FROM ${preorders} WHERE id = ${id} AND user_id = ${userId}`,
      { prepared: true },
    );
    if (!row) throw new AppError('ORD0011');
    return rowOf(preorders, row);
  }

  /** The shopper's preorder and, read by the same statement, the SKUs of its lines. */
  private async ownPreorderAndSkus(userId: string, id: string, language: Language) {
    const skuIds = sql`ARRAY(SELECT l->>'skuId' FROM jsonb_array_elements(${preorders}.lines) l)`;
    const [row] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT ${columnsOf(preorders)}, ${this.catalogue.skusRead(skuIds)} AS skus
        FROM ${preorders} WHERE id = ${id} AND user_id = ${userId}`,
      { prepared: true },
    );
    if (!row) throw new AppError('ORD0011');
    return { row: rowOf(preorders, row), skus: this.catalogue.skusFrom(row.skus, language) };
  }

  async modifyPreorder(
    userId: string,
    language: Language,
    id: string,
    change: {
      shipType?: ShipType;
      payType?: PayType;
      addressId?: string;
      storeId?: string;
      couponId?: string;
      couponCode?: string;
      buyerComment?: string;
    },
  ): Promise<Preorder> {
    const row = await this.ownPreorder(userId, id);
    if (row.orderId || row.expiresAt < new Date()) throw new AppError('ORD0011');
    const shipType = change.shipType ?? (row.shipType as ShipType);
    let payType = change.payType ?? (row.payType as PayType);
    if (!payTypesFor(shipType).includes(payType)) {
      if (change.payType) throw new AppError('ORD0010');
      payType = 'ONLINE';
    }
    const patch: Partial<typeof preorders.$inferInsert> = { shipType, payType };
    if (change.addressId !== undefined) {
      await this.addresses.snapshotForOrder(userId, change.addressId, language); // owned and reachable
      patch.addressId = change.addressId;
    }
    if (change.storeId !== undefined) {
      if ((await this.stores(language, change.storeId)).length === 0) throw new AppError('ORD0012');
      patch.storeId = change.storeId;
    }
    if (shipType === 'STORE' && !row.storeId && !patch.storeId)
      patch.storeId = (await this.stores(language))[0]?.id ?? null;
    if (change.buyerComment !== undefined) patch.buyerComment = change.buyerComment.trim() || null;
    if (change.couponId !== undefined || change.couponCode !== undefined) {
      if (change.couponId === '' || change.couponCode === '') {
        patch.couponId = null;
        patch.couponCode = null;
      } else {
        const coupons = this.ports().coupons;
        if (!coupons) throw new AppError('ORD0016');
        const lines = await this.pricedLines(row.lines as Line[], language);
        const itemTotal = lines.reduce((n, l) => n + l.priceCents * l.quantity, 0);
        const quote = await coupons.quote(userId, { couponId: change.couponId, code: change.couponCode }, itemTotal);
        patch.couponId = quote.couponId;
        patch.couponCode = change.couponCode ?? null;
      }
    }
    const [updated] = await this.db
      .update(preorders)
      .set({ ...patch, revision: sql`${preorders.revision} + 1` })
      .where(eq(preorders.id, id))
      .returning();
    return this.preorderView(updated, language);
  }

  private async pricedLines(lines: Line[], language: Language, db: Db = this.db, known?: SkuInfo[]) {
    const skus = new Map(
      (
        known ??
        (await this.catalogue.getSkus(
          lines.map((l) => l.skuId),
          language,
          db,
        ))
      ).map((s) => [s.skuId, s]),
    );
    return lines.map((l) => {
      const sku = this.checkSellable(skus.get(l.skuId), l.quantity);
      return { ...l, sku, priceCents: sku.priceCents };
    });
  }

  /** The totals of a preorder, recomputed from current prices, address and coupon. */
  private async quote(
    row: typeof preorders.$inferSelect,
    language: Language,
    db: Db = this.db,
    known?: SkuInfo[],
  ): Promise<{
    lines: Awaited<ReturnType<OrderService['pricedLines']>>;
    address: AddressSnapshot | null;
    addressProblem: string | null;
    itemTotalCents: number;
    shippingFeeCents: number;
    serviceFeeCents: number;
    discountCents: number;
    payableCents: number;
  }> {
    const lines = await this.pricedLines(row.lines as Line[], language, db, known);
    const itemTotalCents = lines.reduce((n, l) => n + l.priceCents * l.quantity, 0);
    let address: AddressSnapshot | null = null;
    let addressProblem: string | null = null;
    if (row.shipType === 'LOGISTICS' && row.addressId) {
      try {
        address = await this.addresses.snapshotForOrder(row.userId, row.addressId, language, db);
      } catch (error) {
        if (error instanceof AppError) addressProblem = error.code;
        else throw error;
      }
    }
    const { config } = await this.ctxSystem();
    const shipping = shippingFeeCents(
      row.shipType as ShipType,
      address?.provinceCode ?? null,
      config.shippingFromCents,
    );
    const serviceFeeCents = row.payType === 'COD' ? COD_SERVICE_FEE_CENTS : 0;
    let discountCents = 0;
    if (row.couponId) {
      const coupons = this.ports().coupons;
      if (coupons)
        discountCents = (await coupons.quote(row.userId, { couponId: row.couponId }, itemTotalCents, db)).discountCents;
    }
    discountCents = Math.min(discountCents, itemTotalCents);
    return {
      lines,
      address,
      addressProblem,
      itemTotalCents,
      shippingFeeCents: shipping,
      serviceFeeCents,
      discountCents,
      payableCents: itemTotalCents + shipping + serviceFeeCents - discountCents,
    };
  }

  private async preorderView(
    row: typeof preorders.$inferSelect,
    language: Language,
    known: { skus?: SkuInfo[]; stores?: PickupStore[] } = {},
  ): Promise<Preorder> {
    const q = await this.quote(row, language, this.db, known.skus);
    // For a finish right after (QuoteMemo).
    this.quotes.keep(
      row,
      q.lines.map((l) => l.sku),
    );
    const stores = row.shipType !== 'STORE' ? [] : (known.stores ?? (await this.stores(language)));
    return {
      id: row.id,
      lines: q.lines.map((l) => ({
        skuId: l.skuId,
        productId: l.sku.productId,
        name: l.sku.name,
        specText: l.sku.specText,
        imageUrl: l.sku.imageUrl,
        priceCents: l.priceCents,
        quantity: l.quantity,
      })),
      shipType: row.shipType as ShipType,
      payType: row.payType as PayType,
      payTypes: payTypesFor(row.shipType as ShipType),
      address: q.address
        ? {
            addressId: q.address.addressId,
            receiver: q.address.receiver,
            mobile: q.address.mobile,
            fullText: q.address.fullText,
            latitude: q.address.latitude,
            longitude: q.address.longitude,
          }
        : null,
      addressProblem: q.addressProblem,
      store: stores.find((s) => s.id === row.storeId) ?? null,
      stores,
      couponId: row.couponId,
      buyerComment: row.buyerComment,
      itemTotalCents: q.itemTotalCents,
      shippingFeeCents: q.shippingFeeCents,
      serviceFeeCents: q.serviceFeeCents,
      discountCents: q.discountCents,
      payableCents: q.payableCents,
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  async viewPreorder(userId: string, id: string, language: Language): Promise<Preorder> {
    const { row, skus } = await this.ownPreorderAndSkus(userId, id, language);
    return this.preorderView(row, language, { skus });
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
    const kept = this.quotes.take(id, userId);
    const { row, skus } = kept ?? (await this.ownPreorderAndSkus(userId, id, language));
    if (row.orderId) return this.placedOrder(row.orderId);
    if (row.expiresAt < new Date()) throw new AppError('ORD0011');
    const shipType = row.shipType as ShipType;
    const payType = row.payType as PayType;
    if (!payTypesFor(shipType).includes(payType)) throw new AppError('ORD0010');
    if (shipType === 'LOGISTICS' && !row.addressId) throw new AppError('ORD0008');
    if (shipType === 'STORE' && !row.storeId) throw new AppError('ORD0012');
    const q = await this.quote(row, language, this.db, skus);
    if (q.addressProblem) throw new AppError(q.addressProblem as 'ADDR0002');
    const stock = this.catalogue.stockTaking(q.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity })));
    if (!stock) throw new AppError('ORD0005');
    const state = initialState(shipType, payType);
    const now = new Date();
    const deadlineAt =
      state === 'WP'
        ? await this.deadlineAfter('payment', now)
        : state === 'WPP'
          ? await this.deadlineAfter('pickup', now)
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
        this.catalogue.pricesStill(q.lines.map((l) => ({ skuId: l.skuId, priceCents: l.priceCents }))),
        QUOTE_CHANGED,
      )} AS priced,`;
    const cartLines =
      row.fromCart &&
      sql`DELETE FROM ${cartItems} WHERE user_id = ${userId} AND sku_id IN (${sql.join(
        q.lines.map((l) => sql`${l.skuId}`),
        sql`, `,
      )})`;
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
      if (state === 'WP' && !isTransaction(db)) this.awaitingPayment.set(orderId, placedRow);
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
        const again = await this.ownPreorder(userId, id);
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

  // The state machine ----------------------------------------------------------------------

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
    const order = this.awaitingPayment.take(orderId);
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
    const hooks = plan.t.hooks.filter((h) => h !== 'recordPaid' || firstPaid);
    // The row as moved: the one read, with the patch (the state guard means nothing else moved it;
    // not read back, see insertedRow).
    const updated = { ...order, ...plan.patch } as OrderRow;
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

  /** When an order's wait for its payment, its pickup or its receipt ends (the sweep acts then). */
  private async deadlineAfter(wait: 'payment' | 'pickup' | 'receipt', now: Date): Promise<Date> {
    const minutes =
      wait === 'payment'
        ? this.ctx.config.unpaidOrderMinutes
        : wait === 'pickup'
          ? (await this.ctxSystem()).config.pickupHoldDays * 1440
          : this.ctx.config.autoReceiveDays * 1440;
    return new Date(now.getTime() + minutes * 60_000);
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
    if (t.hooks.includes('startPickupHold')) patch.deadlineAt = await this.deadlineAfter('pickup', now);
    if (t.hooks.includes('startAutoReceive')) patch.deadlineAt = await this.deadlineAfter('receipt', now);
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
        for (const item of items) await this.catalogue.releaseStock(item.skuId, item.quantity, tx);
        return;
      }
      case 'releaseCoupon':
        if (order.couponId) await ports.coupons?.release(order.couponId, order.id, tx);
        return;
      case 'refundPayment':
        if (before.paidCents > 0 && before.payChannel === 'wallet') {
          if (!ports.wallet) throw new AppError('ORD0016');
          await ports.wallet.refundOrder(
            {
              userId: order.userId,
              orderId: order.id,
              amountCents: before.paidCents,
              idempotencyKey: `order-refund:${order.id}`,
            },
            tx,
          );
        } else if (before.paidCents > 0) {
          // Money taken by a gateway goes back through that gateway: payments queues the refund.
          await this.ctx.jobs.enqueue(
            'payments.refund',
            { orderId: order.id, amountCents: before.paidCents },
            { dedupeKey: `refund:${order.id}` },
            tx,
          );
        }
        return;
      case 'recordPaid':
        if (firstPaid) await ports.invitations?.onFirstPaidOrder(order.userId, order.id, tx);
        return;
      case 'startPickupHold':
      case 'startAutoReceive':
        return; // deadline set by move()
    }
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
      await this.move(orderId, action, 'system', { note: 'deadline', onlyIf: due });
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
      const page = await this.overdueQuery(now, batch, after);
      for (const { id } of page) await this.onDeadline(id, now);
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

  // Shopper reads and actions --------------------------------------------------------------

  async ownOrder(userId: string, orderId: string, db: Db = this.db): Promise<OrderRow> {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    if (!order) throw new AppError('ORD0001');
    return order;
  }

  async getOrderForUpdate(orderId: string, db: Db): Promise<OrderRow | undefined> {
    const [order] = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT ${columnsOf(orders)} FROM ${orders} WHERE id = ${orderId} FOR UPDATE`,
      { prepared: true },
    );
    return order && rowOf(orders, order);
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

  async detail(userId: string, orderId: string, language: Language): Promise<OrderDetail> {
    const order = await this.ownOrder(userId, orderId);
    const [summary] = await this.summaries([order]);
    const history = await this.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, orderId))
      .orderBy(asc(orderHistory.id));
    const events = await this.trackingEvents(orderId);
    const store = order.storeId ? ((await this.stores(language, order.storeId))[0] ?? null) : null;
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

  async cancel(userId: string, orderId: string): Promise<OrderSummary> {
    return this.summary(await this.move(orderId, 'cancel', 'user', { userId }));
  }

  async confirmReceipt(userId: string, orderId: string): Promise<OrderSummary> {
    return this.summary(await this.move(orderId, 'receive', 'user', { userId }));
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

  // Fulfilment (console and carrier) -------------------------------------------------------

  /**
   * Staff hand the parcel to a carrier: WS → WR with company and waybill; the shopper gets a notice
   * and the carrier integration registers the waybill (its events come back on its callback).
   */
  async ship(orderId: string, logisticsCompany: string, waybillNo: string): Promise<OrderRow> {
    return this.db.transaction(async (tx) => {
      const moved = await this.move(orderId, 'ship', 'staff', { db: tx, note: `${logisticsCompany} ${waybillNo}` });
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
    return rows.length > 0;
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
