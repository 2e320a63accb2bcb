/**
 * Items (SKUs) as buying reads and takes them: the reads and SQL pieces of a checkout, taking and
 * releasing stock, the sales fold, and the "back in stock" notices.
 */
import type { Language } from '@shop/contracts';
import { and, eq, getTableName, type SQL } from 'drizzle-orm';
import { arrayOf, type Db, queryRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { sql } from '../../platform/sql.ts';
import { type CatalogueContext, imageUrl, itemFlags, rowsOf, specText, tr } from './shared.ts';
import { items, type LocalizedText, products, type SpecPair, stockNotices } from './tables.ts';
import type { SkuInfo } from './types.ts';

export const STOCK_BACK_JOB = 'catalogue.stock-back';

/** What buying reads of an item: only the columns a SKU needs (the product row is wide). */
export type SkuRow = {
  id: number;
  product_id: number;
  spec: SpecPair[];
  price_cents: number;
  market_price_cents: number | null;
  stock: number;
  max_purchase: number;
  published: boolean;
  expires_at: string | Date | null;
  image_id: number | null;
  product_name: LocalizedText;
  product_published: boolean;
  cover_image_id: number | null;
};
/**
 * Each item's product is fetched by its key (`OFFSET 0` keeps the lateral subquery from being
 * flattened into a join): as a plain join, the generic plan of a prepared read, which expects ten
 * ids, hashed the whole product table on every call (a checkout's preorder read: 55 buffers for one
 * SKU in a 200-product shop, growing with the catalogue; now 7, whatever its size).
 */
const SKU_SELECT = sql`SELECT i.id, i.product_id, i.spec, i.price_cents, i.market_price_cents, i.stock, i.max_purchase,
    i.published, i.expires_at, i.image_id, p.name AS product_name, p.published AS product_published,
    p.cover_image_id
  FROM ${items} i CROSS JOIN LATERAL (SELECT name, published, cover_image_id FROM ${products}
    WHERE id = i.product_id OFFSET 0) p`;

/** Folds skipped in a row at most (a minute at one fold every 5 s) before one runs regardless. */
const FOLD_ANYWAY_AFTER = 11;

export class CatalogueStock {
  private readonly ctx: CatalogueContext;
  private readonly db: Db;
  private readonly jobs: JobRunner;
  /** The items' row changes counted when the last fold began, and the folds skipped since (foldSalesWhenChanged). */
  private countedAtFold: string | null = null;
  private skippedFolds = 0;

  constructor(ctx: CatalogueContext) {
    this.ctx = ctx;
    this.db = ctx.db;
    this.jobs = ctx.jobs;
  }

  // ---------------------------------------------------------------- items for the buying module

  async getSkus(skuIds: number[], language: Language, db: Db = this.db): Promise<SkuInfo[]> {
    const ids = [...new Set(skuIds.map(Number))].filter((id) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31);
    if (ids.length === 0) return [];
    // Every checkout reads its items twice: only the columns a SKU needs (the product row is wide),
    // as a prepared statement (one text for any number of ids: `arrayOf`). One id, the usual direct
    // buy, has a text of its own: for `= ANY($1)` PostgreSQL
    // guesses ten ids and so plans it again on every call (114 µs of its CPU, issue 5), for `= $1`
    // it keeps one plan.
    const rows = await queryRows<SkuRow>(db, this.skusQuery(ids), { prepared: true });
    const byId = new Map(this.skusFrom(rows, language).map((info) => [info.skuId, info]));
    return skuIds.flatMap((id) => {
      const info = byId.get(id);
      return info ? [info] : [];
    });
  }

  /** `getSkus`'s statement for valid, distinct ids (its plan is tested with EXPLAIN). */
  skusQuery(ids: number[]): SQL {
    return sql`${SKU_SELECT}
      WHERE ${ids.length === 1 ? sql`i.id = ${ids[0]}` : sql`i.id = ANY(${arrayOf(ids, 'integer')})`}`;
  }

  /**
   * `getSkus` as an expression of the caller's statement (one round trip for the caller's row and its
   * items, issue 5): the items whose ids the text[] expression `skuIds` gives (ids that cannot be an
   * item's are skipped), as a JSON array for `skusFrom`.
   */
  skusRead(skuIds: SQL): SQL {
    return sql`(SELECT COALESCE(json_agg(s), '[]'::json) FROM (${SKU_SELECT}
      WHERE i.id = ANY(ARRAY(SELECT x::int FROM unnest(${skuIds}) x WHERE x ~ '^[0-9]{1,9}$'))) s)`;
  }

  /**
   * Whether an item of `skusRead`'s array (`sku`, a JSON expression) can be bought `quantity` at a
   * time now: the condition `itemFlags` and the item's limits make in the buying module's checks, as
   * SQL, for a statement that writes only when they would pass (a direct buy's preorder, issue 5).
   */
  sellableIn(sku: SQL, quantity: number): SQL {
    // The fields taken out of the JSON once, typed (each `->>` would parse the item's text again).
    return sql`COALESCE((SELECT s.published AND s.product_published
        AND (s.expires_at IS NULL OR s.expires_at > now())
        AND s.stock >= ${quantity}::int AND (s.max_purchase <= 0 OR ${quantity}::int <= s.max_purchase)
      FROM json_to_record(${sku}) AS s(published boolean, product_published boolean, expires_at timestamptz,
        stock int, max_purchase int)), false)`;
  }

  /**
   * Whether every item still sells at the price a quote was made with, as SQL: a finish placed from a
   * quote the server kept (issue 5) refuses itself when a price moved since.
   */
  pricesStill(lines: { skuId: number; priceCents: number }[]): SQL {
    // No line without its item at that price (an anti-join: no aggregate to set up, issue 5).
    return sql`NOT EXISTS (SELECT 1 FROM unnest(${arrayOf(
      lines.map((l) => l.skuId),
      'integer',
    )}, ${arrayOf(
      lines.map((l) => l.priceCents),
      'integer',
    )}) AS q(id, price) WHERE NOT EXISTS (SELECT 1 FROM ${items} i WHERE i.id = q.id AND i.price_cents = q.price))`;
  }

  /** The items of `getSkus` from its rows (or `skusRead`'s JSON array of them), in any order. */
  skusFrom(rows: SkuRow[], language: Language): SkuInfo[] {
    const now = new Date();
    return rows.map((row) => {
      const expiresAt = row.expires_at === null ? null : new Date(row.expires_at);
      const flags = itemFlags({ stock: row.stock, published: row.published, expiresAt }, row.product_published, now);
      return {
        skuId: row.id,
        productId: row.product_id,
        name: tr(row.product_name, language),
        specText: specText(row.spec, language),
        imageUrl: imageUrl(row.image_id ?? row.cover_image_id),
        priceCents: row.price_cents,
        marketPriceCents: row.market_price_cents,
        stock: row.stock,
        maxPurchase: row.max_purchase,
        published: row.published,
        productPublished: row.product_published,
        expired: flags.expired,
        outOfStock: flags.outOfStock,
        unavailable: flags.expired || flags.outOfStock || flags.unpublished,
      };
    });
  }

  /**
   * Takes `quantity` from an item's stock in one conditional update: succeeds only when the item
   * and its product are on sale, not expired, and hold enough. Never read-then-write.
   */
  async takeStock(skuId: number, quantity: number, db: Db = this.db): Promise<boolean> {
    if (!Number.isInteger(quantity) || quantity <= 0) return false;
    const [row] = await queryRows<{ taken: number }>(
      db,
      sql`SELECT ${this.stockTaking([{ skuId, quantity }])} AS taken`,
      { prepared: true },
    );
    return row.taken === 1;
  }

  /**
   * The expression that takes the stock of an order's lines inside the caller's statement (one
   * round trip for the whole order; catalogue migration 0005): each line by one conditional update
   * as in `takeStock`, in SKU id order, and the sale counted on the item's row (`sold`, carried to
   * the product's count by foldSales: the product row is not touched here). Its value is how many
   * lines it took, stopping at the first it could not; the caller refuses its statement unless that
   * is all of them.
   */
  stockTaking(lines: { skuId: number; quantity: number }[]): SQL {
    return sql`catalogue_take_stock(${arrayOf(
      lines.map((l) => l.skuId),
      'integer',
    )}, ${arrayOf(
      lines.map((l) => l.quantity),
      'integer',
    )})`;
  }

  /** Puts stock back (order cancelled or expired). Stock coming back from 0 wakes the subscribers. */
  async releaseStock(skuId: number, quantity: number, db: Db = this.db): Promise<void> {
    if (!Number.isInteger(quantity) || quantity <= 0) return;
    const rows = await db.execute<{ stock: number }>(sql`
      UPDATE ${items} SET stock = stock + ${quantity}, sold = sold - ${quantity}
      WHERE id = ${skuId} RETURNING stock`);
    const after = rowsOf<{ stock: number }>(rows)[0]?.stock;
    if (after !== undefined && Number(after) - quantity <= 0 && Number(after) > 0) await this.stockCameBack(skuId, db);
  }

  /**
   * Carries the sales counted on the items (`sold`) to their products' `sales_count`, in one
   * statement: each product moves by its items' sum less what it took in before
   * (`items_sold_folded`). It reads the items and locks none (checkouts never wait for it); a sale
   * committed meanwhile waits for the next fold. A second fold at once moves a product by what the
   * first left (its SET is evaluated again on the row the first wrote): by nothing when both read
   * the same sums, back to its own older sum when its snapshot is older, which the next fold moves
   * on again. No clamp at zero, so nothing is lost on the way. Its value is how many products moved.
   * It reads every item: a few milliseconds every 5 s for tens of thousands.
   */
  async foldSales(db: Db = this.db): Promise<number> {
    const rows = await db.execute(sql`
      UPDATE ${products} p SET sales_count = p.sales_count + (per_product.sold - p.items_sold_folded),
        items_sold_folded = per_product.sold
      FROM (SELECT product_id, sum(sold)::int AS sold FROM ${items} GROUP BY product_id) per_product
      WHERE p.id = per_product.product_id AND p.items_sold_folded <> per_product.sold
      RETURNING p.id`);
    return rowsOf(rows).length;
  }

  /**
   * `foldSales`, when the items may have changed since the last fold: PostgreSQL's own count of the
   * items' row changes (its statistics) is read first, and an unchanged count skips the fold. The
   * fold reads every item: at 100,000 products, 500 ms of the database's CPU every 5 s, sales or
   * not (issue 48, pg_stat_statements under the long tail; decision 0084). A backend reports its
   * counts within seconds of its transactions, so a sale still reaches `sales_count` a fold or two
   * later; every FOLD_ANYWAY_AFTER skips it folds regardless (statistics off, or reset). Null: skipped.
   */
  async foldSalesWhenChanged(): Promise<number | null> {
    const [row] = await queryRows<{ counted: string | null }>(
      this.db,
      sql`SELECT (n_tup_ins + n_tup_upd + n_tup_del)::text AS counted FROM pg_stat_user_tables
        WHERE relid = to_regclass(${getTableName(items)})`,
    );
    const counted = row?.counted ?? null;
    if (counted !== null && counted === this.countedAtFold && this.skippedFolds < FOLD_ANYWAY_AFTER) {
      this.skippedFolds++;
      return null;
    }
    this.skippedFolds = 0;
    const moved = await this.foldSales();
    // The count read before the fold: a change the fold missed shows in a later count.
    this.countedAtFold = counted;
    return moved;
  }

  /** Sets an item's stock (operator, restock). From 0 to more wakes the subscribers. */
  async setStock(skuId: number, stock: number, db: Db = this.db): Promise<void> {
    const rows = await db.execute<{ before: number; after: number }>(sql`
      UPDATE ${items} i SET stock = ${stock} FROM (SELECT id, stock FROM ${items} WHERE id = ${skuId} FOR UPDATE) old
      WHERE i.id = old.id RETURNING old.stock AS before, i.stock AS after`);
    const row = rowsOf<{ before: number; after: number }>(rows)[0];
    if (row && Number(row.before) <= 0 && Number(row.after) > 0) await this.stockCameBack(skuId, db);
    this.ctx.invalidate();
  }

  private async stockCameBack(skuId: number, db: Db) {
    const waiting = await db
      .select({ userId: stockNotices.userId })
      .from(stockNotices)
      .where(and(eq(stockNotices.itemId, skuId), eq(stockNotices.status, 'waiting')))
      .limit(1);
    if (waiting.length > 0) await this.jobs.enqueue(STOCK_BACK_JOB, { skuId }, {}, db);
  }

  // ---------------------------------------------------------------- stock-out notices

  async subscribeStockNotice(userId: string, skuId: number): Promise<void> {
    const [sku] = await this.getSkus([skuId], 'en-US');
    if (!sku?.published || !sku.productPublished || sku.expired) throw new AppError('CAT00001');
    if (sku.stock > 0) throw new AppError('CAT00008');
    await this.db
      .insert(stockNotices)
      .values({ userId, itemId: skuId })
      .onConflictDoUpdate({
        target: [stockNotices.userId, stockNotices.itemId],
        set: { status: 'waiting', createdAt: sql`now()`, dueAt: null, sentAt: null },
      });
  }

  /**
   * The job run when an item's stock came back: each waiting subscriber becomes due, and is handed
   * to `deliver` (the notices module) when there is one; without it the notice stays due.
   */
  async deliverStockBack(
    skuId: number,
    deliver: ((userId: string, sku: SkuInfo) => Promise<void>) | undefined,
    db: Db = this.db,
  ): Promise<{ due: number; sent: number }> {
    const [sku] = await this.getSkus([skuId], 'en-US', db);
    if (!sku || sku.stock <= 0) return { due: 0, sent: 0 };
    const due = await db
      .update(stockNotices)
      .set({ status: 'due', dueAt: sql`now()` })
      .where(and(eq(stockNotices.itemId, skuId), eq(stockNotices.status, 'waiting')))
      .returning({ userId: stockNotices.userId });
    let sent = 0;
    if (deliver) {
      const pending = await db
        .select({ userId: stockNotices.userId })
        .from(stockNotices)
        .where(and(eq(stockNotices.itemId, skuId), eq(stockNotices.status, 'due')));
      for (const { userId } of pending) {
        await deliver(userId, sku);
        await db
          .update(stockNotices)
          .set({ status: 'sent', sentAt: sql`now()` })
          .where(and(eq(stockNotices.itemId, skuId), eq(stockNotices.userId, userId)));
        sent++;
      }
    }
    return { due: due.length, sent };
  }

  async stockNoticesOf(userId: string) {
    return this.db.select().from(stockNotices).where(eq(stockNotices.userId, userId));
  }
}
