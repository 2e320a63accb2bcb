import type { Language } from '@shop/contracts';
import type { Db } from '../../platform/db.ts';

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
  takeStock(skuId: string, qty: number, db?: Db): Promise<boolean>;
  releaseStock(skuId: string, qty: number, db?: Db): Promise<void>;
};

export type WalletPort = {
  payOrder(
    input: { userId: string; orderId: string; amountCents: number; idempotencyKey: string },
    db?: Db,
  ): Promise<unknown>;
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
  usableFor?(userId: string, itemTotalCents: number, db?: Db): Promise<unknown[]>;
};

export type AccountsPort = {
  verifyPayPassword(userId: string, password: string): Promise<unknown>;
  hasPayPassword(userId: string): Promise<boolean>;
};

export type InvitationsPort = { onFirstPaidOrder(userId: string, orderId: string, db?: Db): Promise<unknown> };
export type NoticesPort = { notify(userId: string, notice: Record<string, unknown>): Promise<unknown> };
export type ReviewsPort = {
  add(input: Record<string, unknown>, db?: Db): Promise<unknown>;
  querybyorder?(orderId: string, language: Language): Promise<unknown>;
};

export type Ports = {
  catalogue?: CataloguePort;
  wallet?: WalletPort;
  coupons?: CouponsPort;
  accounts?: AccountsPort;
  invitations?: InvitationsPort;
  notices?: NoticesPort;
  reviews?: ReviewsPort;
};

/** Reads the other modules' services on each use (they may be built after ours). */
export function lazyPorts(services: object): () => Ports {
  return () => services as Ports;
}
