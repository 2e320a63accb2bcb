import type { Coupon, Language, Localized } from '@shop/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
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

export type WalletPort = {
  /**
   * A wallet payment of an order as parts of the order move's statement (`moveInStatement`): its
   * CTEs and refusals (WAL00001 when the money is not there; a refusal when the key was used).
   */
  orderPaymentParts(
    input: { userId: string; orderId: string; amountCents: number; idempotencyKey: string },
    db?: Db,
    balancesRead?: unknown,
  ): Promise<{ ctes: Record<string, SQL>; refusals: SQL[] }>;
  /** The same parts split by what this process kept of the balances, checked; null without (then read). */
  keptOrderPaymentParts(input: {
    userId: string;
    orderId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ ctes: Record<string, SQL>; refusals: SQL[] } | null>;
  /** The balances as an expression of the caller's read, passed back to `orderPaymentParts`. */
  balancesRead(userId: string): SQL;
  refundOrder(
    input: { userId: string; orderId: string; amountCents: number; idempotencyKey: string },
    db?: Db,
  ): Promise<unknown>;
  balances(userId: string): Promise<unknown>;
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

export type AccountsPort = {
  /** `read`: what `payPasswordRead` gave in the caller's statement (else it is read here). */
  verifyPayPassword(userId: string, password: string, db?: Db, read?: unknown): Promise<unknown>;
  payPasswordRead(userId: string): SQL;
  /** The check of a pay password verified against what this process kept, as SQL; null without (then read). */
  payPasswordKept(userId: string, password: string): Promise<SQL | null>;
  hasPayPassword(userId: string): Promise<boolean>;
};

export type InvitationsPort = { onFirstPaidOrder(userId: string, orderId: string, db?: Db): Promise<unknown> };
export type NoticesPort = {
  notify(
    userId: string,
    notice: { kind: string; title: Localized; body: Localized; link?: string | null },
    db?: Db,
  ): Promise<unknown>;
};
export type ReviewsPort = {
  addForOrder(input: Record<string, unknown>, db?: Db): Promise<unknown>;
  querybyorder?(orderId: string, userId: string, language: Language): Promise<unknown>;
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
};
export type Ports = {
  payments?: PaymentsPort;
  catalogue?: CataloguePort;
  wallet?: WalletPort;
  coupons?: CouponsPort;
  accounts?: AccountsPort;
  invitations?: InvitationsPort;
  notices?: NoticesPort;
  reviews?: ReviewsPort;
  carrier?: CarrierPort;
};

type RawSku = Omit<SkuInfo, 'skuId' | 'productId'> & { skuId: number; productId: number };
type RawCatalogue = {
  getSkus(skuIds: number[], language: Language, db?: Db): Promise<RawSku[]>;
  skusRead(skuIds: SQL): SQL;
  skusFrom(rows: never[], language: Language): RawSku[];
  sellableIn(sku: SQL, quantity: number): SQL;
  pricesStill(lines: { skuId: number; priceCents: number }[]): SQL;
  stockTaking(lines: { skuId: number; quantity: number }[]): SQL;
  releaseStock(skuId: number, qty: number, db?: Db): Promise<void>;
};
type RawCoupons = {
  quote(
    userId: string,
    pick: { couponId?: number; code?: string },
    itemTotalCents: number,
    db?: Db,
  ): Promise<{ couponId: number; discountCents: number }>;
  redeem(userId: string, couponId: number, orderId: string, db?: Db): Promise<unknown>;
  release(couponId: number, orderId: string, db?: Db): Promise<unknown>;
  usableFor(userId: string, itemTotalCents: number, language: Language): Promise<Coupon[]>;
};

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
      return raw.skusFrom(value as never[], language).map(wireSku);
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

type RawReviews = {
  addForOrder(
    input: {
      orderId: string;
      userId: string;
      text: string;
      stars: number;
      packaging: number;
      speed: number;
      items: { skuId: number; productId: number }[];
    },
    db?: Db,
  ): Promise<unknown>;
  querybyorder(orderId: string, userId: string, language: Language): Promise<unknown>;
};

/**
 * The review form says `star` and carries buying's string ids; the reviews module stores `stars`
 * with the catalogue's integer ids.
 */
export function adaptReviews(raw: RawReviews): ReviewsPort {
  return {
    async addForOrder(input, db) {
      const { star, items, ...rest } = input as {
        star: number;
        items: { skuId: string; productId: string }[];
        orderId: string;
        userId: string;
        text: string;
        packaging: number;
        speed: number;
      };
      const ids = items.map((i) => ({ skuId: numericId(i.skuId), productId: numericId(i.productId) }));
      if (ids.some((i) => i.skuId === null || i.productId === null)) throw new AppError('CAT00001');
      return raw.addForOrder({ ...rest, stars: star, items: ids as { skuId: number; productId: number }[] }, db);
    },
    querybyorder: (orderId, userId, language) => raw.querybyorder(orderId, userId, language),
  };
}

/** Marks a service as already speaking buying's port (the test stand-ins do). */
export const SPEAKS_PORT = Symbol.for('buying.port');

/**
 * Reads the other modules' services on each use (they may be built after ours, or land later),
 * adapted to buying's ports.
 */
export function lazyPorts(services: Record<string, unknown>): () => Ports {
  return () => {
    const s = services as Record<string, (Record<string | symbol, unknown> & object) | undefined>;
    const speaks = (x: object | undefined) => !!x && (x as Record<symbol, unknown>)[SPEAKS_PORT] === true;
    return {
      catalogue: s.catalogue
        ? speaks(s.catalogue)
          ? (s.catalogue as unknown as CataloguePort)
          : adaptCatalogue(s.catalogue as unknown as RawCatalogue)
        : undefined,
      coupons: s.coupons
        ? speaks(s.coupons)
          ? (s.coupons as unknown as CouponsPort)
          : adaptCoupons(s.coupons as unknown as RawCoupons)
        : undefined,
      wallet: s.wallet as unknown as WalletPort | undefined,
      payments: s.payments as unknown as PaymentsPort | undefined,
      accounts: s.accounts as unknown as AccountsPort | undefined,
      invitations: s.invitations as unknown as InvitationsPort | undefined,
      notices: s.notices as unknown as NoticesPort | undefined,
      carrier: s.carrier as unknown as CarrierPort | undefined,
      reviews: s.reviews
        ? speaks(s.reviews)
          ? (s.reviews as unknown as ReviewsPort)
          : adaptReviews(s.reviews as unknown as RawReviews)
        : undefined,
    };
  };
}
