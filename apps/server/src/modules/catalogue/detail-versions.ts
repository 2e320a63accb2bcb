/**
 * A product page's version (issue 48): the database's own mark of every row the page shows, so that
 * a page whose few seconds in the short cache are over is kept again when none of them changed,
 * instead of being read and made anew (over varied products, 830 pages made again every 3 s cost
 * the shop 560 µs each). A row's mark is its `xmin`, the transaction that wrote this version of it:
 * any update or insert writes a new one, whatever column it touched (the stock of an item that does
 * not run out, a picture, an attribute, the shop's name); a removed row leaves the list. The
 * categories (the page's path) are marked as a whole: how many and the newest write.
 *
 * The pages due at the same moment have their versions read by one statement. A page that shows an
 * item expiring is made anew once that moment passes (its flags are the time's, not a row's).
 */
import type { SQL } from 'drizzle-orm';
import { arrayOf, type Db, queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { categories, items, merchants, productAttributes, productImages, products } from './tables.ts';

/** The version of the page of product `p` (an alias of the products table in the statement). */
export const DETAIL_VERSION: SQL = sql`concat_ws('/', p.xmin::text,
  (SELECT string_agg(i.xmin::text || ':' || i.id, ',' ORDER BY i.id) FROM ${items} i WHERE i.product_id = p.id),
  (SELECT string_agg(pi.xmin::text, ',' ORDER BY pi.image_id, pi.sort) FROM ${productImages} pi WHERE pi.product_id = p.id),
  (SELECT string_agg(a.xmin::text, ',' ORDER BY a.id) FROM ${productAttributes} a WHERE a.product_id = p.id),
  (SELECT m.xmin::text FROM ${merchants} m WHERE m.id = p.merchant_id),
  (SELECT count(*) || ':' || coalesce(max(c.xmin::text::bigint), 0) FROM ${categories} c))`;

type Kept = { productId: number; version: string; until: number };
type Due = { productId: number; resolve: (version: string | undefined) => void; reject: (error: unknown) => void };

export class DetailVersions {
  private readonly db: Db;
  private readonly kept = new WeakMap<object, Kept>();
  private due: Due[] = [];
  private reading = false;
  private keptAgain = 0;
  private madeAgain = 0;

  constructor(db: Db) {
    this.db = db;
  }

  /** The page `answer` was made from rows of `version`, and holds as it is until `until` (ms). */
  remember(answer: object, productId: number, version: string, until: number): void {
    this.kept.set(answer, { productId, version, until });
  }

  /** Whether `answer` still shows what the database holds (its version read now, with the others due). */
  async unchanged(answer: object): Promise<boolean> {
    const kept = this.kept.get(answer);
    if (!kept || Date.now() >= kept.until) return this.counted(false);
    return this.counted((await this.versionNow(kept.productId)) === kept.version);
  }

  /** Pages kept again and made again since the start (tests, operators). */
  figures() {
    return { keptAgain: this.keptAgain, madeAgain: this.madeAgain };
  }

  private counted(unchanged: boolean): boolean {
    if (unchanged) this.keptAgain++;
    else this.madeAgain++;
    return unchanged;
  }

  private versionNow(productId: number): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      this.due.push({ productId, resolve, reject });
      if (!this.reading) {
        this.reading = true;
        // The pages that fall due in this turn of the event loop share the statement.
        setImmediate(() => void this.readDue());
      }
    });
  }

  private async readDue() {
    while (this.due.length > 0) {
      const batch = this.due;
      this.due = [];
      try {
        const ids = [...new Set(batch.map((due) => due.productId))];
        const rows = await queryRows<{ id: number; version: string }>(
          this.db,
          sql`SELECT p.id, ${DETAIL_VERSION} AS version FROM ${products} p WHERE p.id = ANY(${arrayOf(ids, 'integer')})`,
          { prepared: true },
        );
        const byId = new Map(rows.map((row) => [Number(row.id), row.version]));
        for (const due of batch) due.resolve(byId.get(due.productId));
      } catch (error) {
        for (const due of batch) due.reject(error);
      }
    }
    this.reading = false;
  }
}
