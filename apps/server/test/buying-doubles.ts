import type { Language } from '@shop/contracts';
import type { SkuRow } from '../src/modules/catalogue/stock.ts';
import type { WalletSide } from '../src/modules/payments/wallet-method.ts';
import type { TransferInput, TransferResult } from '../src/modules/wallet/ledger.ts';
import { arrayOf, type Db, refuseUnless } from '../src/platform/db.ts';
import { AppError } from '../src/platform/errors.ts';
import type { ServiceName, Services } from '../src/platform/module.ts';
import { sql } from '../src/platform/sql.ts';
import type { TestShop } from './harness.ts';

/** What buying uses of the catalogue service (orders/ports.ts adapts it to its string ids). */
type CatalogueSide = Pick<
  Services['catalogue'],
  'getSkus' | 'skusRead' | 'skusFrom' | 'sellableIn' | 'pricesStill' | 'stockTaking' | 'releaseStock'
>;

/**
 * Puts a stand-in in place of a built service. The modules read the services they need through a
 * live view, so from now on they call the stand-in; it has the service's own signatures.
 */
function standIn<K extends ServiceName>(shop: TestShop, name: K, double: Partial<Services[K]>) {
  Object.defineProperty(shop.services, name, { value: double, writable: true, enumerable: true, configurable: true });
}

/** A SKU of the stand-in catalogue, its id as buying carries it on the wire (digits). */
export type TestSku = {
  skuId: string;
  productId?: number;
  name?: string;
  priceCents?: number;
  stock?: number;
  maxPurchase?: number;
  published?: boolean;
  expired?: boolean;
};

/**
 * Stand-ins for the catalogue, wallet and accounts services, so that buying's tests need no
 * products, ledger or accounts. They keep those services' signatures and database rules
 * (conditional stock update, non-negative balance by CHECK, unique idempotency key), in tables of
 * their own created in the test database. The real services are tested with real data in
 * checkout.real.int.test.ts.
 */
export async function installDoubles(shop: TestShop): Promise<{
  addSku(sku: TestSku): Promise<void>;
  fund(userId: string, cents: number): Promise<void>;
  stock(skuId: string): Promise<number>;
  balance(userId: string): Promise<number>;
  setPayPassword(userId: string, pw: string): Promise<void>;
}> {
  const db = shop.db;
  await db.execute(sql`CREATE TABLE IF NOT EXISTS t_skus (sku_id int PRIMARY KEY, product_id int NOT NULL, name text NOT NULL, price_cents int NOT NULL,
    stock int NOT NULL CHECK (stock >= 0), max_purchase int NOT NULL, published boolean NOT NULL DEFAULT true, expired boolean NOT NULL DEFAULT false)`);
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS t_wallet (user_id text PRIMARY KEY, cash_cents bigint NOT NULL CHECK (cash_cents >= 0), pay_password text)`,
  );
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS t_ledger (id bigserial PRIMARY KEY, idempotency_key text UNIQUE NOT NULL, user_id text NOT NULL, order_id text NOT NULL, amount_cents bigint NOT NULL)`,
  );
  // The catalogue's rule (migration 0005): one conditional update per line, in SKU order; the
  // number of lines taken, stopping at the first that cannot be.
  await db.execute(sql`CREATE OR REPLACE FUNCTION t_take_stock(ids integer[], quantities integer[]) RETURNS integer
    LANGUAGE plpgsql AS $$
    DECLARE line record; taken integer := 0;
    BEGIN
      FOR line IN SELECT l.id, l.q FROM unnest(ids, quantities) AS l(id, q) ORDER BY l.id LOOP
        UPDATE t_skus SET stock = stock - line.q WHERE sku_id = line.id AND stock >= line.q AND line.q > 0;
        IF NOT FOUND THEN RETURN taken; END IF;
        taken := taken + 1;
      END LOOP;
      RETURN taken;
    END $$`);

  const rows = async <T>(q: ReturnType<typeof sql>, d: Db = db) =>
    ((await d.execute(q)) as unknown as { rows: T[] }).rows;

  type TestSkuRow = {
    sku_id: number;
    product_id: number;
    name: string;
    price_cents: number;
    stock: number;
    max_purchase: number;
    published: boolean;
    expired: boolean;
  };
  const skuOf = (r: TestSkuRow) => ({
    skuId: r.sku_id,
    productId: r.product_id,
    name: r.name,
    specText: 'Default',
    imageUrl: null,
    priceCents: r.price_cents,
    marketPriceCents: null,
    stock: r.stock,
    maxPurchase: r.max_purchase,
    published: r.published,
    productPublished: r.published,
    expired: r.expired,
    outOfStock: r.stock <= 0,
    unavailable: r.expired || !r.published || r.stock <= 0,
  });
  const catalogue: CatalogueSide = {
    async getSkus(skuIds: number[], _language: Language, d: Db = db) {
      if (skuIds.length === 0) return [];
      const found = await rows<TestSkuRow>(
        sql`SELECT * FROM t_skus WHERE sku_id IN (${sql.join(
          skuIds.map((s) => sql`${s}`),
          sql`, `,
        )})`,
        d,
      );
      return found.map(skuOf);
    },
    skusRead(skuIds) {
      return sql`(SELECT COALESCE(json_agg(t_skus), '[]'::json) FROM t_skus WHERE sku_id::text = ANY(${skuIds}))`;
    },
    skusFrom(value: SkuRow[]) {
      // The rows are this stand-in's own (from `skusRead`), not the catalogue's.
      return (value as unknown as TestSkuRow[]).map(skuOf);
    },
    pricesStill(lines) {
      return sql`((SELECT count(*) FROM t_skus s JOIN unnest(${arrayOf(
        lines.map((l) => l.skuId),
        'integer',
      )}, ${arrayOf(
        lines.map((l) => l.priceCents),
        'integer',
      )}) AS q(id, price) ON s.sku_id = q.id AND s.price_cents = q.price) = ${lines.length})`;
    },
    sellableIn(sku, quantity) {
      return sql`COALESCE((${sku}->>'published')::boolean AND NOT (${sku}->>'expired')::boolean
        AND (${sku}->>'stock')::int >= ${quantity}::int
        AND ((${sku}->>'max_purchase')::int <= 0 OR ${quantity}::int <= (${sku}->>'max_purchase')::int), false)`;
    },
    stockTaking(lines) {
      const ids = arrayOf(
        lines.map((l) => l.skuId),
        'integer',
      );
      return sql`t_take_stock(${ids}, ${arrayOf(
        lines.map((l) => l.quantity),
        'integer',
      )})`;
    },
    async releaseStock(skuId, qty, d: Db = db) {
      await d.execute(sql`UPDATE t_skus SET stock = stock + ${qty} WHERE sku_id = ${skuId}`);
    },
  };

  const wallet: WalletSide['wallet'] & {
    transfer(input: TransferInput, d?: Db): Promise<TransferResult>;
  } = {
    // The refund path's move of money a gateway or KHQR took into the shopper's cash: once per key.
    async transfer(input, d: Db = db) {
      const userId = 'userId' in input.to ? input.to.userId : '';
      const [moved] = await rows<{ id: number }>(
        sql`INSERT INTO t_ledger (idempotency_key, user_id, order_id, amount_cents)
          VALUES (${input.idempotencyKey}, ${userId}, '', 0)
          ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
        d,
      );
      if (!moved) return { transferId: 0, replayed: true };
      await d.execute(
        sql`UPDATE t_wallet SET cash_cents = cash_cents + ${input.amountCents} WHERE user_id = ${userId}`,
      );
      return { transferId: Number(moved.id), replayed: false };
    },
    balancesRead(userId) {
      return sql`(SELECT cash_cents FROM t_wallet WHERE user_id = ${userId})`;
    },
    // The stand-ins keep nothing: every payment reads.
    async keptOrderPaymentParts() {
      return null;
    },
    async orderPaymentParts(input) {
      // The same rules as the real wallet's parts: once per key, never below zero.
      return {
        ctes: {
          t_paid: sql`INSERT INTO t_ledger (idempotency_key, user_id, order_id, amount_cents)
            VALUES (${input.idempotencyKey}, ${input.userId}, ${input.orderId}, ${-input.amountCents})
            ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
          t_debit: sql`UPDATE t_wallet SET cash_cents = cash_cents - ${input.amountCents}
            WHERE user_id = ${input.userId} AND cash_cents >= ${input.amountCents} AND EXISTS (SELECT 1 FROM t_paid)
            RETURNING user_id`,
        },
        refusals: [
          refuseUnless(sql`EXISTS (SELECT 1 FROM t_paid)`, 'double-paid'),
          refuseUnless(sql`EXISTS (SELECT 1 FROM t_debit)`, 'PAY0005'),
        ],
        split: { giftCents: 0, cashCents: input.amountCents },
      };
    },
    async payOrder(input, d: Db = db) {
      // The same rules in a caller's transaction: once per key, never below zero.
      const [paid] = await rows<{ id: string }>(
        sql`INSERT INTO t_ledger (idempotency_key, user_id, order_id, amount_cents)
          VALUES (${input.idempotencyKey}, ${input.userId}, ${input.orderId}, ${-input.amountCents})
          ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
        d,
      );
      if (!paid) throw new AppError('WAL00007');
      const debited = await rows(
        sql`UPDATE t_wallet SET cash_cents = cash_cents - ${input.amountCents}
          WHERE user_id = ${input.userId} AND cash_cents >= ${input.amountCents} RETURNING user_id`,
        d,
      );
      if (debited.length === 0) throw new AppError('WAL00001');
      return { giftCents: 0, cashCents: input.amountCents, replayed: false };
    },
    async refundOrder(input, d: Db = db) {
      await d.execute(
        sql`INSERT INTO t_ledger (idempotency_key, user_id, order_id, amount_cents) VALUES (${input.idempotencyKey}, ${input.userId}, ${input.orderId}, ${input.amountCents})`,
      );
      await d.execute(
        sql`UPDATE t_wallet SET cash_cents = cash_cents + ${input.amountCents} WHERE user_id = ${input.userId}`,
      );
      return { giftCents: 0, cashCents: input.amountCents, replayed: false };
    },
    async balances(userId) {
      const [r] = await rows<{ cash_cents: string }>(sql`SELECT cash_cents FROM t_wallet WHERE user_id = ${userId}`);
      const none = { frozenCents: 0, giftCents: 0, points: 0, ecashCents: 0, bonusCents: 0, loanCreditCents: 0 };
      return { ...none, cashCents: Number(r?.cash_cents ?? 0) };
    },
    async orderMoves(orderId) {
      // This stand-in has no gift balance: whatever its ledger moved for the order was cash.
      const [r] = await rows<{ paid: string; refunded: string }>(
        sql`SELECT COALESCE(SUM(-amount_cents) FILTER (WHERE amount_cents < 0), 0) AS paid,
          COALESCE(SUM(amount_cents) FILTER (WHERE amount_cents > 0), 0) AS refunded
          FROM t_ledger WHERE order_id = ${orderId}`,
      );
      return { paidCents: Number(r?.paid ?? 0), paidGiftCents: 0, refundedCents: Number(r?.refunded ?? 0) };
    },
  };

  const accounts: WalletSide['accounts'] = {
    async hasPayPassword(userId) {
      const [r] = await rows<{ pay_password: string | null }>(
        sql`SELECT pay_password FROM t_wallet WHERE user_id = ${userId}`,
      );
      return !!r?.pay_password;
    },
    async payPasswordKept() {
      return null;
    },
    payPasswordRead(userId) {
      return sql`(SELECT pay_password FROM t_wallet WHERE user_id = ${userId})`;
    },
    async verifyPayPassword(userId, password, _d, read) {
      const stored =
        read !== undefined
          ? (read as string | null)
          : (
              await rows<{ pay_password: string | null }>(
                sql`SELECT pay_password FROM t_wallet WHERE user_id = ${userId}`,
              )
            )[0]?.pay_password;
      if (!stored) throw new AppError('USR00031'); // as the accounts module says it
      if (stored !== password) throw new AppError('PAY0002');
    },
  };

  standIn(shop, 'catalogue', catalogue);
  standIn(shop, 'wallet', wallet);
  // No shoppers' phones here: the notification service finds none (messages go in the shop only).
  standIn(shop, 'accounts', { ...accounts, getUser: async () => null });

  return {
    async addSku(s) {
      await db.execute(sql`INSERT INTO t_skus (sku_id, product_id, name, price_cents, stock, max_purchase, published, expired)
        VALUES (${Number(s.skuId)}, ${s.productId ?? 1_000_000 + Number(s.skuId)}, ${s.name ?? `Item ${s.skuId}`}, ${s.priceCents ?? 1000}, ${s.stock ?? 10}, ${s.maxPurchase ?? 5}, ${s.published ?? true}, ${s.expired ?? false})`);
    },
    async fund(userId, cents) {
      await db.execute(
        sql`INSERT INTO t_wallet (user_id, cash_cents) VALUES (${userId}, ${cents}) ON CONFLICT (user_id) DO UPDATE SET cash_cents = t_wallet.cash_cents + ${cents}`,
      );
    },
    async setPayPassword(userId, pw) {
      await db.execute(
        sql`INSERT INTO t_wallet (user_id, cash_cents, pay_password) VALUES (${userId}, 0, ${pw}) ON CONFLICT (user_id) DO UPDATE SET pay_password = ${pw}`,
      );
    },
    async stock(skuId) {
      const [r] = await rows<{ stock: number }>(sql`SELECT stock FROM t_skus WHERE sku_id = ${Number(skuId)}`);
      return r.stock;
    },
    async balance(userId) {
      const [r] = await rows<{ cash_cents: string }>(sql`SELECT cash_cents FROM t_wallet WHERE user_id = ${userId}`);
      return Number(r?.cash_cents ?? 0);
    },
  };
}
