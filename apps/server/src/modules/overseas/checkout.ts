// Quotes (preorders) and their orders: the cart's chosen lines (or one SKU) priced from the source
// at the rate and fee of the moment; the order keeps the quote's prices through payment.
import { type HaitaoChannel, type HaitaoPreorder, type Language, OVERSEAS_DAYS } from '@shop/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { freightCents, priceChangeCause, usdCents, volumetricGrams } from './pricing.ts';
import type { Shopping } from './shopping.ts';
import {
  overseasCartItems,
  overseasOrderEvents,
  overseasOrderLines,
  overseasOrders,
  overseasPreorders,
} from './tables.ts';
import { type KeptLine, lineView } from './views.ts';

/** How long a quote holds, and an order waits for its payment. */
export const QUOTE_MINUTES = 30;
export const PAY_MINUTES = 30;
/** A quote reads products at most this old. */
const FRESH_MS = 10_000;

type AddressSnapshot = Awaited<ReturnType<Services['addresses']['snapshotForOrder']>>;
type PreorderRow = typeof overseasPreorders.$inferSelect;

function newOrderNo(now = new Date()): SQL {
  const local = new Date(now.getTime() + 7 * 3600_000).toISOString();
  const stamp = local.slice(2, 19).replace(/\D/g, '');
  return sql`${`H${stamp}`} || lpad(((nextval('overseas_orders_no_seq') * 7919 + 104729) % 1000000)::text, 6, '0')`;
}

export class Checkout {
  private readonly db: Db;
  private readonly shopping: Shopping;
  private readonly addresses: Services['addresses'];

  constructor(db: Db, shopping: Shopping, addresses: Services['addresses']) {
    this.db = db;
    this.shopping = shopping;
    this.addresses = addresses;
  }

  /** A quote for one SKU, bought now. */
  async createDirect(
    userId: string,
    input: { channel: HaitaoChannel; productId: string; skuId: string; count: number },
    language: Language,
  ) {
    return this.quote(userId, [{ ...input, cartItemId: null, addedCents: null, addedFen: null }], language);
  }

  /** A quote of the cart's chosen lines. */
  async create(userId: string, language: Language) {
    const rows = await this.db
      .select()
      .from(overseasCartItems)
      .where(and(eq(overseasCartItems.userId, userId), eq(overseasCartItems.chosen, true)));
    if (rows.length === 0) throw new AppError('HAI00006');
    return this.quote(
      userId,
      rows.map((r) => ({
        channel: r.channel as HaitaoChannel,
        productId: r.productId,
        skuId: r.skuId,
        count: r.count,
        cartItemId: r.id,
        addedCents: r.addedCents,
        addedFen: r.addedFen,
      })),
      language,
    );
  }

  private async quote(
    userId: string,
    wanted: {
      channel: HaitaoChannel;
      productId: string;
      skuId: string;
      count: number;
      cartItemId: number | null;
      addedCents: number | null;
      addedFen: number | null;
    }[],
    language: Language,
  ) {
    const rate = await this.shopping.settings();
    const lines: KeptLine[] = await Promise.all(
      wanted.map(async (w) => {
        const product = await this.shopping.productOrGone(w.channel, w.productId, FRESH_MS);
        const sku = product.skus.find((s) => s.id === w.skuId);
        if (!sku) throw new AppError('HAI00003');
        if (sku.stock < w.count) throw new AppError('HAI00004');
        const unitCents = usdCents(sku.priceFen, rate);
        const cause =
          w.addedCents === null
            ? null
            : priceChangeCause({ cents: w.addedCents, fen: w.addedFen }, { cents: unitCents, fen: sku.priceFen });
        return {
          channel: w.channel,
          productId: product.id,
          skuId: sku.id,
          shopId: product.shop.id,
          shopName: product.shop.name,
          title: product.title,
          attrs: sku.attrs,
          picture: product.picture,
          count: w.count,
          unitCents,
          unitFen: sku.priceFen,
          previousCents: cause ? w.addedCents : null,
          previousCause: cause,
          weightG: product.weightG,
          volumeCm3: product.volumeCm3,
          cartItemId: w.cartItemId,
        };
      }),
    );
    const weightG = lines.reduce((n, l) => n + l.weightG * l.count, 0);
    const volume = lines.reduce((n, l) => n + l.volumeCm3 * l.count, 0);
    const address = await this.defaultAddress(userId, language);
    const [row] = await this.db
      .insert(overseasPreorders)
      .values({
        userId,
        lines,
        cartItemIds: lines.flatMap((l) => (l.cartItemId ? [l.cartItemId] : [])),
        goodsCents: lines.reduce((n, l) => n + l.unitCents * l.count, 0),
        freightCents: freightCents(weightG, volume, rate),
        weightG,
        volumeWeightG: volumetricGrams(volume, rate),
        rateMilli: rate.rateMilli,
        feeBp: rate.feeBp,
        address,
        expiresAt: new Date(Date.now() + QUOTE_MINUTES * 60_000),
      })
      .returning();
    return this.view(row, language);
  }

  private async defaultAddress(userId: string, language: Language): Promise<AddressSnapshot | null> {
    const list = await this.addresses.list(userId, language);
    const first = list.find((a) => a.isDefault) ?? list[0];
    if (!first) return null;
    return this.addresses.snapshotForOrder(userId, first.id, language).catch(() => null);
  }

  private async own(userId: string, id: string, db: Db = this.db, lock = false): Promise<PreorderRow> {
    const query = db.select().from(overseasPreorders).where(eq(overseasPreorders.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row || row.userId !== userId) throw new AppError('HAI00008');
    return row;
  }

  async modify(userId: string, input: { preorderId: string; addressId: string }, language: Language) {
    const row = await this.own(userId, input.preorderId);
    if (row.orderId || row.expiresAt < new Date()) throw new AppError('HAI00008');
    const address = await this.addresses.snapshotForOrder(userId, input.addressId, language);
    const [updated] = await this.db
      .update(overseasPreorders)
      .set({ address })
      .where(eq(overseasPreorders.id, row.id))
      .returning();
    return this.view(updated, language);
  }

  /** The quote becomes an order to pay, once (asking again answers the same order). */
  async finish(userId: string, input: { preorderId: string; remark?: string }) {
    return inTransaction(this.db, async (tx) => {
      const row = await this.own(userId, input.preorderId, tx, true);
      if (row.orderId) {
        const [order] = await tx.select().from(overseasOrders).where(eq(overseasOrders.id, row.orderId));
        return { orderId: order.id, orderNo: order.orderNo, totalCents: order.totalCents };
      }
      if (row.expiresAt < new Date()) throw new AppError('HAI00008');
      if (!row.address) throw new AppError('HAI00009');
      const lines = row.lines as KeptLine[];
      const now = new Date();
      const [order] = await tx
        .insert(overseasOrders)
        .values({
          orderNo: newOrderNo(now),
          userId,
          preorderId: row.id,
          goodsCents: row.goodsCents,
          freightCents: row.freightCents,
          totalCents: row.goodsCents + row.freightCents,
          rateMilli: row.rateMilli,
          feeBp: row.feeBp,
          address: row.address,
          remark: input.remark?.trim() || null,
          deadlineAt: new Date(now.getTime() + PAY_MINUTES * 60_000),
        })
        .returning();
      await tx.insert(overseasOrderLines).values(
        lines.map((l) => ({
          orderId: order.id,
          channel: l.channel,
          shopId: l.shopId,
          line: l,
          count: l.count,
          unitCents: l.unitCents,
        })),
      );
      await tx.insert(overseasOrderEvents).values({ orderId: order.id, state: 'WP', actor: `user:${userId}` });
      await tx.update(overseasPreorders).set({ orderId: order.id }).where(eq(overseasPreorders.id, row.id));
      if (row.cartItemIds.length > 0)
        await tx
          .delete(overseasCartItems)
          .where(and(eq(overseasCartItems.userId, userId), inArray(overseasCartItems.id, row.cartItemIds)));
      return { orderId: order.id, orderNo: order.orderNo, totalCents: order.totalCents };
    });
  }

  view(row: PreorderRow, language: Language): HaitaoPreorder {
    const lines = row.lines as KeptLine[];
    const address = row.address as AddressSnapshot | null;
    return {
      id: row.id,
      lines: lines.map((l) => lineView(l, language)),
      goodsCents: row.goodsCents,
      freightCents: row.freightCents,
      totalCents: row.goodsCents + row.freightCents,
      weightG: row.weightG,
      volumeWeightG: row.volumeWeightG,
      chargedBy: row.volumeWeightG > row.weightG ? 'volume' : 'weight',
      address: address
        ? {
            addressId: address.addressId,
            receiver: address.receiver,
            mobile: address.mobile,
            fullText: address.fullText,
          }
        : null,
      quote: { rateMilli: row.rateMilli, feeBp: row.feeBp },
      expiresAt: row.expiresAt.toISOString(),
      estimateDays: { ...OVERSEAS_DAYS },
      changed: lines.some((l) => l.previousCents !== null),
      changeCauses: (['price', 'rate'] as const).filter((cause) =>
        lines.some((l) => lineView(l, language).changeCause === cause),
      ),
    };
  }
}
