// Preorders (the order form before it is placed): creating, changing and viewing one, and its quote
// (prices, shipping and service fees, coupon discount) as the view shows it and a finish places it.
import { randomUUID } from 'node:crypto';
import type { Language, PickupStore, Preorder } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import {
  COMMIT_WITHOUT_WAITING,
  columnsOf,
  type Db,
  insertedRow,
  queryRows,
  rowOf,
  selectOf,
  valuesOf,
} from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import type { AddressSnapshot } from '../addresses/public.ts';
import type { ShopperCart } from './cart.ts';
import type { Line, OrderContext } from './context.ts';
import type { Ports, SkuInfo } from './ports.ts';
import type { StoreList } from './stores.ts';
import { preorders } from './tables.ts';
import type { PayType, ShipType } from './transitions.ts';

/** A preorder (an order form not yet placed) lives this long. */
const PREORDER_MINUTES = 60;
/** Cash on delivery costs the carrier cash handling: our service fee for it. */
export const COD_SERVICE_FEE_CENTS = 50;
export const CAPITAL_CODE = '12';

/** Shipping fee: from 1 USD (spec §9) in Phnom Penh, 1 USD more to the provinces. */
export function shippingFeeCents(shipType: ShipType, provinceCode: string | null, fromCents: number): number {
  if (shipType === 'STORE') return 0;
  return provinceCode && provinceCode !== CAPITAL_CODE ? fromCents + 100 : fromCents;
}

export function payTypesFor(shipType: ShipType): PayType[] {
  return shipType === 'STORE' ? ['ONLINE', 'CASH'] : ['ONLINE', 'COD'];
}

/** What the shopper may change on a preorder (modifypreorder). */
export type PreorderChange = {
  shipType?: ShipType;
  payType?: PayType;
  addressId?: string;
  storeId?: string;
  couponId?: string;
  couponCode?: string;
  buyerComment?: string;
};

export class PreorderQuotes {
  private readonly shared: OrderContext;
  private readonly db: Db;
  private readonly ports: () => Ports;
  private readonly cart: ShopperCart;
  private readonly stores: StoreList;

  constructor(shared: OrderContext, cart: ShopperCart, stores: StoreList) {
    this.shared = shared;
    this.db = shared.db;
    this.ports = shared.ports;
    this.cart = cart;
    this.stores = stores;
  }

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
      const cart = await this.cart.cart(userId, language);
      const chosen = cart.lines.filter((l) => l.chosen);
      if (chosen.length === 0) throw new AppError('ORD0007');
      lines = chosen.map((l) => ({ skuId: l.skuId, quantity: l.quantity }));
    }
    if (!payTypesFor(shipType).includes(payType)) throw new AppError('ORD0010');
    let addressId = choices.addressId ?? null;
    if (!addressId && shipType === 'LOGISTICS') {
      const [first] = await this.shared.addresses.list(userId, language);
      if (first?.isDefault && first.reachable) addressId = first.id;
    }
    const stores = shipType === 'STORE' ? await this.stores.stores(language) : [];
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
      sql`WITH item AS (SELECT ${this.shared.catalogue.skusRead(sql`ARRAY[${skuId}::text]`)} AS skus),
        written AS (INSERT INTO ${preorders} ${selectOf(preorders, values)}
          FROM item WHERE ${this.shared.catalogue.sellableIn(sql`item.skus->0`, quantity)} RETURNING id)
        SELECT item.skus, EXISTS (SELECT 1 FROM written) AS written, ${COMMIT_WITHOUT_WAITING} FROM item`,
      { prepared: true },
    );
    const known = this.shared.catalogue.skusFrom(read.skus, language);
    this.cart.checkSellable(known[0], quantity);
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

  async ownPreorder(userId: string, id: string, db: Db = this.db) {
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT ${columnsOf(preorders)} FROM ${preorders} WHERE id = ${id} AND user_id = ${userId}`,
      { prepared: true },
    );
    if (!row) throw new AppError('ORD0011');
    return rowOf(preorders, row);
  }

  /** The shopper's preorder and, read by the same statement, the SKUs of its lines. */
  async ownPreorderAndSkus(userId: string, id: string, language: Language) {
    const skuIds = sql`ARRAY(SELECT l->>'skuId' FROM jsonb_array_elements(${preorders}.lines) l)`;
    const [row] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT ${columnsOf(preorders)}, ${this.shared.catalogue.skusRead(skuIds)} AS skus
        FROM ${preorders} WHERE id = ${id} AND user_id = ${userId}`,
      { prepared: true },
    );
    if (!row) throw new AppError('ORD0011');
    return { row: rowOf(preorders, row), skus: this.shared.catalogue.skusFrom(row.skus, language) };
  }

  async modifyPreorder(userId: string, language: Language, id: string, change: PreorderChange): Promise<Preorder> {
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
      await this.shared.addresses.snapshotForOrder(userId, change.addressId, language); // owned and reachable
      patch.addressId = change.addressId;
    }
    if (change.storeId !== undefined) {
      if ((await this.stores.stores(language, change.storeId)).length === 0) throw new AppError('ORD0012');
      patch.storeId = change.storeId;
    }
    if (shipType === 'STORE' && !row.storeId && !patch.storeId)
      patch.storeId = (await this.stores.stores(language))[0]?.id ?? null;
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
        (await this.shared.catalogue.getSkus(
          lines.map((l) => l.skuId),
          language,
          db,
        ))
      ).map((s) => [s.skuId, s]),
    );
    return lines.map((l) => {
      const sku = this.cart.checkSellable(skus.get(l.skuId), l.quantity);
      return { ...l, sku, priceCents: sku.priceCents };
    });
  }

  /** The totals of a preorder, recomputed from current prices, address and coupon. */
  async quote(
    row: typeof preorders.$inferSelect,
    language: Language,
    db: Db = this.db,
    known?: SkuInfo[],
  ): Promise<{
    lines: Awaited<ReturnType<PreorderQuotes['pricedLines']>>;
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
        address = await this.shared.addresses.snapshotForOrder(row.userId, row.addressId, language, db);
      } catch (error) {
        if (error instanceof AppError) addressProblem = error.code;
        else throw error;
      }
    }
    const { config } = await this.shared.ctxSystem();
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
    this.shared.quotes.keep(
      row,
      q.lines.map((l) => l.sku),
    );
    const stores = row.shipType !== 'STORE' ? [] : (known.stores ?? (await this.stores.stores(language)));
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

  /** A preorder still to confirm, as modifyPreorder would answer it without a change, writing nothing. */
  async openPreorder(userId: string, id: string, language: Language): Promise<Preorder> {
    const { row, skus } = await this.ownPreorderAndSkus(userId, id, language);
    if (row.orderId || row.expiresAt < new Date()) throw new AppError('ORD0011');
    return this.preorderView(row, language, { skus });
  }

  async viewPreorder(userId: string, id: string, language: Language): Promise<Preorder> {
    const { row, skus } = await this.ownPreorderAndSkus(userId, id, language);
    return this.preorderView(row, language, { skus });
  }
}
