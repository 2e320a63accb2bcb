import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from '../src/platform/sql.ts';
import { shapeOfQuery, TextPieces } from '../src/platform/sql-text.ts';

/** `SELECT <n>::int AS n`, its number written in the text (no parameter). */
export const selectNumber = (n: number): SQL => sql`SELECT ${sql.raw(String(n))}::int AS n`;

/**
 * Two numbers whose `selectNumber` templates have one statement key (`shapeOfQuery`): a real
 * collision of the 32-bit hash, no stub (about 80,000 tries for even odds, a few tenths of a second).
 */
export function collidingNumbers(): [number, number] {
  const dialect = new PgDialect();
  const seen = new Map<number, number>();
  const pieces = new TextPieces();
  for (let n = 0; n < 2_000_000; n++) {
    const key = shapeOfQuery(dialect, selectNumber(n), pieces)?.key as number;
    const other = seen.get(key);
    if (other !== undefined) return [other, n];
    seen.set(key, n);
  }
  throw new Error('no two templates with one key');
}
