import type { Db } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { pageViews } from './tables.ts';

export type PageViewRow = {
  at: Date;
  day: string;
  userId: string | null;
  route: string;
  source: string | null;
  language: string;
};
type Row = PageViewRow;
type Waiting = { rows: Row[]; resolve: () => void; reject: (error: unknown) => void };

/** Rows in one insert at most (about 100 kB of JSON: a short statement, a short hold of the event loop). */
export const WRITE_MAX_ROWS = 1000;

/**
 * One insert of many rows as one JSON parameter, which PostgreSQL unpacks (`jsonb_to_recordset`):
 * building it is one `JSON.stringify`, not a parameter per value, so a large write barely holds the
 * event loop the other calls share.
 */
const insertOf = (rows: Row[]) =>
  sql`INSERT INTO ${pageViews} (at, day, user_id, route, source, language)
    SELECT at, day, user_id, route, source, language
    FROM jsonb_to_recordset(${JSON.stringify(
      rows.map((r) => ({
        at: r.at.toISOString(),
        day: r.day,
        user_id: r.userId,
        route: r.route,
        source: r.source,
        language: r.language,
      })),
    )}::jsonb) AS x(at timestamptz, day date, user_id text, route text, source text, language text)`;

/**
 * Writes the collector's views through one connection at a time (docs/analytics.md): batches that
 * arrive while a write runs wait in memory and go together in the next insert. A burst of batches
 * then holds one pool connection, not all of them, so the calls beside it never wait for one. Each
 * caller is answered once its rows are written (or the insert failed): nothing is acknowledged
 * before it is in the database.
 */
export class PageViewWriter {
  private readonly db: Db;
  private waiting: Waiting[] = [];
  private writing = false;
  /** Inserts made (for the tests and the figures). */
  inserts = 0;

  constructor(db: Db) {
    this.db = db;
  }

  write(rows: Row[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      void this.drain();
    });
  }

  private async drain() {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const taken: Waiting[] = [];
        let count = 0;
        while (
          this.waiting.length > 0 &&
          (count === 0 || count + (this.waiting[0] as Waiting).rows.length <= WRITE_MAX_ROWS)
        ) {
          const next = this.waiting.shift() as Waiting;
          taken.push(next);
          count += next.rows.length;
        }
        try {
          await this.db.execute(insertOf(taken.flatMap((w) => w.rows)));
          this.inserts += 1;
          for (const w of taken) w.resolve();
        } catch (error) {
          for (const w of taken) w.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
