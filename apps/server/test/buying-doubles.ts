import type { Language } from '@shop/contracts';
import {
  type AccountsPort,
  type CataloguePort,
  type Ports,
  type ReviewsPort,
  type SkuInfo,
  SPEAKS_PORT,
  type WalletPort,
} from '../src/modules/orders/ports.ts';
import { arrayOf, type Db, refuseUnless } from '../src/platform/db.ts';
import { AppError } from '../src/platform/errors.ts';
import { sql } from '../src/platform/sql.ts';
import type { TestShop } from './harness.ts';

/**
 * Stand-ins for the catalogue, wallet, accounts and reviews services while those modules are not
 * on main yet. They keep the published signatures and the same database rules (conditional stock
 * update, non-negative balance by CHECK, unique idempotency key), in tables of their own created
 * in the test database. `installDoubles` only fills what the app does not provide itself.
 */
export async function installDoubles(
  shop: TestShop,
  options: { force?: boolean } = { force: true },
): Promise<{
  addSku(sku: Partial<SkuInfo> & { skuId: string }): Promise<void>;
  fund(userId: string, cents: number): Promise<void>;
  stock(skuId: string): Promise<number>;
  balance(userId: string): Promise<number>;
  setPayPassword(userId: string, pw: string): Promise<void>;
}> {
  const db = shop.db;
  await db.execute(sql`CREATE TABLE IF NOT EXISTS t_skus (sku_id text PRIMARY KEY, product_id text NOT NULL, name text NOT NULL, price_cents int NOT NULL,
    stock int NOT NULL CHECK (stock >= 0), max_purchase int NOT NULL, published boolean NOT NULL DEFAULT true, expired boolean NOT NULL DEFAULT false)`);
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS t_wallet (user_id text PRIMARY KEY, cash_cents bigint NOT NULL CHECK (cash_cents >= 0), pay_password text)`,
  );
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS t_ledger (id bigserial PRIMARY KEY, idempotency_key text UNIQUE NOT NULL, user_id text NOT NULL, order_id text NOT NULL, amount_cents bigint NOT NULL)`,
  );
  // The catalogue's rule (migration 0005): one conditional update per line, in SKU order; the
  // number of lines taken, stopping at the first that cannot be.
  await db.execute(sql`CREATE OR REPLACE FUNCTION t_take_stock(ids text[], quantities integer[]) RETURNS integer
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
  await db.execute(sql`CREATE TABLE IF NOT EXISTS t_reviews (order_id text PRIMARY KEY, body jsonb NOT NULL)`);

  const rows = async <T>(q: ReturnType<typeof sql>, d: Db = db) =>
    ((await d.execute(q)) as unknown as { rows: T[] }).rows;

  type SkuRow = {
    sku_id: string;
    product_id: string;
    name: string;
    price_cents: number;
    stock: number;
    max_purchase: number;
    published: boolean;
    expired: boolean;
  };
  const skuOf = (r: SkuRow) => ({
    skuId: r.sku_id,
    productId: r.product_id,
    name: r.name,
    specText: 'Default',
    imageUrl: null,
    priceCents: r.price_cents,
    stock: r.stock,
    maxPurchase: r.max_purchase,
    published: r.published,
    productPublished: r.published,
    expired: r.expired,
  });
  const catalogue: CataloguePort = {
    async getSkus(skuIds: string[], _language: Language, d: Db = db) {
      if (skuIds.length === 0) return [];
      const found = await rows<SkuRow>(
        sql`SELECT * FROM t_skus WHERE sku_id IN (${sql.join(
          skuIds.map((s) => sql`${s}`),
          sql`, `,
        )})`,
        d,
      );
      return found.map(skuOf);
    },
    skusRead(skuIds) {
      return sql`(SELECT COALESCE(json_agg(t_skus), '[]'::json) FROM t_skus WHERE sku_id = ANY(${skuIds}))`;
    },
    skusFrom(value) {
      return (value as SkuRow[]).map(skuOf);
    },
    pricesStill(lines) {
      return sql`((SELECT count(*) FROM t_skus s JOIN unnest(${arrayOf(
        lines.map((l) => l.skuId),
        'text',
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
        'text',
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

  const wallet: WalletPort = {
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
      };
    },
    async refundOrder(input, d: Db = db) {
      await d.execute(
        sql`INSERT INTO t_ledger (idempotency_key, user_id, order_id, amount_cents) VALUES (${input.idempotencyKey}, ${input.userId}, ${input.orderId}, ${input.amountCents})`,
      );
      await d.execute(
        sql`UPDATE t_wallet SET cash_cents = cash_cents + ${input.amountCents} WHERE user_id = ${input.userId}`,
      );
    },
    async balances(userId) {
      const [r] = await rows<{ cash_cents: string }>(sql`SELECT cash_cents FROM t_wallet WHERE user_id = ${userId}`);
      return { cashCents: Number(r?.cash_cents ?? 0) };
    },
  };

  const accounts: AccountsPort = {
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

  const reviews: ReviewsPort = {
    async addForOrder(input, d: Db = db) {
      await d.execute(
        sql`INSERT INTO t_reviews (order_id, body) VALUES (${String(input.orderId)}, ${JSON.stringify(input)}::jsonb)`,
      );
    },
    async querybyorder(orderId, _userId) {
      const [r] = await rows<{ body: unknown }>(sql`SELECT body FROM t_reviews WHERE order_id = ${orderId}`);
      return r?.body ?? null;
    },
  };

  // The stand-ins replace the real services in this test shop only (the real ones are tested with
  // real data in checkout.real.int.test.ts); they speak buying's ports directly.
  const services = shop.services as unknown as Record<string, unknown>;
  const doubles: Ports = { catalogue, wallet, accounts, reviews };
  for (const [key, value] of Object.entries(doubles)) {
    Object.assign(value as object, { [SPEAKS_PORT]: true });
    if (options.force || !services[key]) services[key] = value;
  }

  return {
    async addSku(s) {
      await db.execute(sql`INSERT INTO t_skus (sku_id, product_id, name, price_cents, stock, max_purchase, published, expired)
        VALUES (${s.skuId}, ${s.productId ?? `p-${s.skuId}`}, ${s.name ?? `Item ${s.skuId}`}, ${s.priceCents ?? 1000}, ${s.stock ?? 10}, ${s.maxPurchase ?? 5}, ${s.published ?? true}, ${s.expired ?? false})`);
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
      const [r] = await rows<{ stock: number }>(sql`SELECT stock FROM t_skus WHERE sku_id = ${skuId}`);
      return r.stock;
    },
    async balance(userId) {
      const [r] = await rows<{ cash_cents: string }>(sql`SELECT cash_cents FROM t_wallet WHERE user_id = ${userId}`);
      return Number(r?.cash_cents ?? 0);
    },
  };
}
