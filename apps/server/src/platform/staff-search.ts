// The search of a console list (decision 0028): a module's staff list filtered by the shopper and
// by a reference, one page of it, and how many rows of the same search are in each state (the
// list's tab counts). Modules call it over their own table; the console never reads their tables.
import { and, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db.ts';
import { sql } from './sql.ts';

export type StaffSearch = {
  state?: string;
  /** The shopper the staff member searched by phone (the console resolves the phone first). */
  userId?: string;
  /** Part of the row's order number or reference. */
  reference?: string;
  page: number;
  size: number;
};

/** `%part%` for ILIKE with the pattern's own characters escaped. */
export function containing(part: string): string {
  return `%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function staffSearchPage<T extends PgTable>(
  db: Db,
  table: T,
  columns: { state: AnyPgColumn; userId: AnyPgColumn; reference: AnyPgColumn; exactReference?: boolean },
  filter: StaffSearch,
  orderBy: (SQL | AnyPgColumn)[],
  /** A module's own search condition in place of the shopper's (a top-up's number or its shopper). */
  match?: SQL,
): Promise<{ rows: T['$inferSelect'][]; total: number; counts: Record<string, number> }> {
  const search: SQL[] = [];
  if (match) search.push(match);
  else if (filter.userId) search.push(eq(columns.userId, filter.userId));
  const reference = filter.reference?.trim();
  if (reference)
    search.push(
      columns.exactReference
        ? eq(sql`${columns.reference}::text`, reference)
        : ilike(columns.reference, containing(reference)),
    );
  const base = search.length ? and(...search) : undefined;
  const where = filter.state ? and(base, eq(columns.state, filter.state)) : base;
  const [rows, [{ total }], counts] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
    db
      .select({ state: columns.state, n: count() })
      .from(table as PgTable)
      .where(base)
      .groupBy(columns.state),
  ]);
  return {
    rows: rows as T['$inferSelect'][],
    total,
    counts: Object.fromEntries(counts.map((c) => [String(c.state), c.n])),
  };
}
