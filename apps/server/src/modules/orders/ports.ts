import type { Coupon, Language, Localized, PaidBy } from '@shop/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';

/**
 * What buying needs from the other teams' modules, with the signatures they publish. The services
 * are looked up lazily on `services`, so a module that is not there yet fails only the calls that
 * need it (with a catalogue error), never the start-up.
 */
export type SkuInfo = {
  skuId: string;
  productId: string;
  name: string;
  specText: string;
  imageUrl: string | null;
  priceCents: number;
  stock: number;
  maxPurchase: number;
  published: boolean;
  productPublished: boolean;
  expired: boolean;
};

export type CataloguePort = {
  getSkus(skuIds: string[], language: Language, db?: Db): Promise<SkuInfo[]>;
  /** `getSkus` inside the caller's statement: the SKUs of a text[] expression, read by `skusFrom`. */
  skusRead(skuIds: SQL): SQL;
  skusFrom(value: unknown, language: Language): SkuInfo[];
  /** Whether an element of `skusRead`'s array can be bought in that quantity now, as SQL. */
  sellableIn(sku: SQL, quantity: number): SQL;
  /** Whether every SKU still sells at the given price, as SQL. */
  pricesStill(lines: { skuId: string; priceCents: number }[]): SQL;
  /**
   * The expression taking the stock of an order's lines inside the order's own statement: its value
   * is how many lines were taken (all or the statement is refused); null when a SKU id cannot be one.
   */
  stockTaking(lines: { skuId: string; quantity: number }[]): SQL | null;
  releaseStock(skuId: string, qty: number, db?: Db): Promise<void>;
};

export type CouponQuote = { couponId: string; discountCents: number };
export type CouponsPort = {
  quote(
    userId: string,
    pick: { couponId?: string; code?: string },
    itemTotalCents: number,
    db?: Db,
  ): Promise<CouponQuote>;
  redeem(userId: string, couponId: string, orderId: string, db?: Db): Promise<unknown>;
  release(couponId: string, orderId: string, db?: Db): Promise<unknown>;
  /** Optional listing of usable coupons for an amount (couponlist). */
  usableFor?(userId: string, itemTotalCents: number, language: Language): Promise<Coupon[]>;
};

export type InvitationsPort = { onFirstPaidOrder(userId: string, orderId: string, db?: Db): Promise<unknown> };
export type NoticesPort = {
  notify(
    userId: string,
    notice: { kind: string; title: Localized; body: Localized; link?: string | null },
    db?: Db,
  ): Promise<unknown>;
};
/** A review of an order as the review form gives it (`star`), with buying's string ids. */
export type OrderReview = {
  orderId: string;
  userId: string;
  text: string;
  star: number;
  packaging: number;
  speed: number;
  items: { skuId: string; productId: string }[];
};
export type ReviewsPort = {
  addForOrder(input: OrderReview, db?: Db): Promise<unknown>;
  querybyorder(orderId: string, userId: string, language: Language): Promise<unknown>;
};

/** The carrier integration (integrations/carrier): told of a parcel in the shipping transaction. */
export type CarrierPort = {
  shipped(
    orderId: string,
    shipment: { orderNo: string; company: string; waybillNo: string; destination: string },
    db?: Db,
  ): Promise<unknown>;
};
/** The cashier (payments): a paid order's money given back the way it came. */
export type PaymentsPort = {
  refund(
    input: { kind: string; id: string; userId: string; amountCents: number; channel: string | null },
    tx: Db,
  ): Promise<void>;
  /** How a paid payable was paid (channel, gift and cash parts); null while unpaid. */
  paidBy(kind: string, id: string): Promise<PaidBy | null>;
  /** Whether a payment of it is still at a bank, a KHQR code or the wallet app (its answer may come). */
  inFlight(kind: string, id: string, db?: Db): Promise<boolean>;
};
/** The day's riel rate (currency): cash on delivery and at the store ask riel at it (issue 47). */
export type CurrencyPort = Pick<Services['currency'], 'current'>;
export type Ports = {
  payments?: PaymentsPort;
  currency?: CurrencyPort;
  catalogue?: CataloguePort;
  coupons?: CouponsPort;
  invitations?: InvitationsPort;
  notices?: NoticesPort;
  notifications?: Services['notifications'];
  reviews?: ReviewsPort;
  carrier?: CarrierPort;
};

/** The services buying reaches, as their modules publish them (integer catalogue ids). */
export type BuyingNeeds = Pick<
  Services,
  | 'catalogue'
  | 'coupons'
  | 'reviews'
  | 'payments'
  | 'invitations'
  | 'notices'
  | 'carrier'
  | 'notifications'
  | 'currency'
>;
type RawCatalogue = Pick<
  Services['catalogue'],
  'getSkus' | 'skusRead' | 'skusFrom' | 'sellableIn' | 'pricesStill' | 'stockTaking' | 'releaseStock'
>;
type RawCoupons = Pick<Services['coupons'], 'quote' | 'redeem' | 'release' | 'usableFor'>;
type RawReviews = Pick<Services['reviews'], 'addForOrder' | 'querybyorder'>;
type RawSku = ReturnType<RawCatalogue['skusFrom']>[number];

const numericId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : null);

const wireSku = (r: RawSku): SkuInfo => ({ ...r, skuId: String(r.skuId), productId: String(r.productId) });

/** The catalogue's ids are integers; buying carries them as strings on the wire and in its tables. */
export function adaptCatalogue(raw: RawCatalogue): CataloguePort {
  return {
    async getSkus(skuIds, language, db) {
      const ids = skuIds.map(numericId).filter((n): n is number => n !== null);
      const rows = await raw.getSkus(ids, language, db);
      return rows.map(wireSku);
    },
    skusRead(skuIds) {
      return raw.skusRead(skuIds);
    },
    skusFrom(value, language) {
      return raw.skusFrom(value as Parameters<RawCatalogue['skusFrom']>[0], language).map(wireSku);
    },
    sellableIn(sku, quantity) {
      return raw.sellableIn(sku, quantity);
    },
    pricesStill(lines) {
      const numeric = lines.map((l) => ({ skuId: numericId(l.skuId), priceCents: l.priceCents }));
      if (numeric.some((l) => l.skuId === null)) return sql`false`;
      return raw.pricesStill(numeric as { skuId: number; priceCents: number }[]);
    },
    stockTaking(lines) {
      const numeric = lines.map((l) => ({ skuId: numericId(l.skuId), quantity: l.quantity }));
      if (numeric.some((l) => l.skuId === null)) return null;
      return raw.stockTaking(numeric as { skuId: number; quantity: number }[]);
    },
    async releaseStock(skuId, qty, db) {
      const id = numericId(skuId);
      if (id !== null) await raw.releaseStock(id, qty, db);
    },
  };
}

export function adaptCoupons(raw: RawCoupons): CouponsPort {
  return {
    async quote(userId, pick, itemTotalCents, db) {
      const couponId = pick.couponId !== undefined ? numericId(pick.couponId) : undefined;
      if (couponId === null) throw new AppError('COUPONCODE0005');
      const q = await raw.quote(userId, { couponId, code: pick.code }, itemTotalCents, db);
      return { couponId: String(q.couponId), discountCents: q.discountCents };
    },
    redeem: (userId, couponId, orderId, db) => raw.redeem(userId, Number(couponId), orderId, db),
    release: (couponId, orderId, db) => raw.release(Number(couponId), orderId, db),
    usableFor: (userId, itemTotalCents, language) => raw.usableFor(userId, itemTotalCents, language),
  };
}

/**
 * The review form says `star` and carries buying's string ids; the reviews module stores `stars`
 * with the catalogue's integer ids.
 */
export function adaptReviews(raw: RawReviews): ReviewsPort {
  return {
    async addForOrder({ star, items, ...rest }, db) {
      const ids = items.map((i) => ({ skuId: numericId(i.skuId), productId: numericId(i.productId) }));
      if (ids.some((i) => i.skuId === null || i.productId === null)) throw new AppError('CAT00001');
      return raw.addForOrder({ ...rest, stars: star, items: ids as { skuId: number; productId: number }[] }, db);
    },
    querybyorder: (orderId, userId, language) => raw.querybyorder(orderId, userId, language),
  };
}

/**
 * Buying's ports over the services it needs. `needed` is a live view: the ports are made again only
 * when a service in it was replaced (a test's stand-in, test/buying-doubles.ts), not on every call.
 */
export function portsOf(needed: BuyingNeeds): () => Ports {
  let made: { from: readonly unknown[]; ports: Ports } | null = null;
  return () => {
    const from = [
      needed.catalogue,
      needed.coupons,
      needed.reviews,
      needed.payments,
      needed.invitations,
      needed.notices,
      needed.carrier,
      needed.notifications,
      needed.currency,
    ];
    if (made && from.every((service, i) => service === made?.from[i])) return made.ports;
    const ports: Ports = {
      catalogue: adaptCatalogue(needed.catalogue),
      coupons: adaptCoupons(needed.coupons),
      reviews: adaptReviews(needed.reviews),
      payments: needed.payments,
      invitations: needed.invitations,
      notices: needed.notices,
      carrier: needed.carrier,
      notifications: needed.notifications,
      currency: needed.currency,
    };
    made = { from, ports };
    return ports;
  };
}
