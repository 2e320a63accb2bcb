import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** The typed query builder, the same for both drivers. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Runs `work` while holding a database-wide advisory lock (migrations, seeding). */
  withExclusiveLock<T>(key: number, work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** Extensions the schema relies on; PGlite loads them from its own package, no download. */
export const pgliteExtensions = { pg_trgm };

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: pgliteExtensions });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    // PGlite has one connection and runs one statement at a time: it is always exclusive.
    withExclusiveLock: (_key, work) => work(db),
    close: () => client.close(),
  };
}

export function openPostgres(url: string, poolSize = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    driver: 'pg',
    async withExclusiveLock(key, work) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        return await work(drizzlePg(client) as unknown as Db);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(path.join(options.dataDir, 'pgdata'));
}

/** Runs raw SQL and returns its rows, the same way on both drivers. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs `work` in `db`'s transaction when `db` already is one, else in a new transaction. A nested
 * `transaction()` would open a savepoint: two more round trips while the caller's row locks are
 * held (issue 5: four per wallet payment). Without it, an error thrown by `work` must end the
 * caller's transaction (rethrown, so it rolls back), never be caught and committed past: the
 * wallet's callers do so.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? work(db as unknown as Db) : db.transaction(work);
}

/**
 * Statements that run with a main statement as its data-modifying CTEs (`WITH a AS (INSERT …)
 * UPDATE …`): `db.with(...alongside(db, [insertA, insertB])).update(table)…`. One round trip instead
 * of one per statement, and all of them or none (one statement). PostgreSQL runs every such CTE to
 * completion whether or not the main statement reads it; none of them sees the others' rows, so
 * each must stand on values known beforehand. Falsy entries are skipped.
 */
export function alongside(db: Db, statements: (SQLWrapper | null | undefined | false)[]) {
  return statements
    .filter((s): s is SQLWrapper => Boolean(s))
    .map((statement, i) => db.$with(`alongside_${i}`, {}).as(statement.getSQL()));
}
