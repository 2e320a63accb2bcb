import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DrizzleQueryError, getTableColumns, getTableName, Param, SQL, StringChunk } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import {
  type PgColumn,
  type PgDatabase,
  type PgDialect,
  type PgQueryResultHKT,
  type PgSession,
  type PgTable,
  PgTransaction,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type DataDirLock, type LockRole, lockDataDir } from './data-lock.ts';
import { sql, templateOf } from './sql.ts';
import { type BuiltQuery, buildQuery, shapeOfQuery, type TextPiece, TextPieces, textOfPieces } from './sql-text.ts';

/** The typed query builder, the same for both drivers. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Runs `work` while holding a database-wide advisory lock (migrations, seeding). */
  withExclusiveLock<T>(key: number, work: (db: Db) => Promise<T>): Promise<T>;
  /** The embedded database's data folder lock (data-lock.ts), held while it is open; absent on PostgreSQL and in memory. */
  lock?: DataDirLock;
  /** PostgreSQL's connection pool now (the shop's `/metrics`); absent on PGlite, which has one connection. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

/**
 * How long a request waits for a connection to PostgreSQL (a new one, or a free one of the pool)
 * before it fails. While the server restarts, a call is answered with a catalogue
 * error within this bound instead of hanging; the pool opens new connections by itself once the
 * server is back (a connection the server dropped is discarded by node-postgres on its error).
 */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Whether a request failed because no connection to PostgreSQL could be had in time: every pooled
 * connection busy past CONNECT_TIMEOUT_MS (a rush), or the server refusing or not yet taking
 * connections (a restart, its connection limit). Nothing was written; the caller may ask again, so
 * the shop answers "busy, try again" (503, SYS00008), not a fault. Drizzle wraps the driver's error
 * in `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && cause && typeof cause === 'object'; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((words) => message.includes(words))) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
/** Refused by the operating system; PostgreSQL's cannot_connect_now (starting, shutting down) and too_many_connections. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', '57P03', '53300']);
/** node-postgres's own words: the pool's wait for a free connection, and a new connection's. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

/** Extensions the schema relies on; PGlite loads them from its own package, no download. */
export const pgliteExtensions = { pg_trgm };

/**
 * PGlite's own start settings with a smaller buffer cache: 16 MB instead of PostgreSQL's 128 MB. All
 * of it lives in this process's WebAssembly memory (the process's budget in PGlite mode is 500 MB,
 * issue 37); the operating system's page cache still keeps the data files. A bare PGlite on an
 * existing folder: 331 MB resident with 128 MB, 185 MB with 16 MB.
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) {
    await fs.mkdir(path.dirname(dataDir), { recursive: true });
    if (!loadDataDir) await makeDataDirApart(dataDir);
  }
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: pgliteExtensions, startParams: PGLITE_START });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    // PGlite has one connection and runs one statement at a time: it is always exclusive.
    withExclusiveLock: (_key, work) => work(db),
    close: () => client.close(),
  };
}

const runFile = promisify(execFile);

/**
 * A new data folder is made (PGlite's initdb) by a short process of its own. Made in this process,
 * initdb leaves the whole WebAssembly memory written (PGlite copies the heap before initdb and
 * writes it back after), 100+ MB kept for the life of the shop: a bare PGlite on a new folder is at
 * 439 MB, on a made one at 331 MB; closing and opening again in the same process does not give it back.
 */
async function makeDataDirApart(dataDir: string) {
  try {
    await fs.access(path.join(dataDir, 'PG_VERSION'));
    return;
  } catch {
    // Not made yet.
  }
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const make = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = await PGlite.create({ dataDir: process.argv[1] });
await db.close();`;
  await runFile(process.execPath, ['--input-type=module', '-e', make, dataDir]);
}

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client that loses its server must not crash the process: the pool drops it and opens
  // another on the next query (how the shop reconnects after PostgreSQL restarts).
  pool.on('error', () => {});
  // A connection in use (a transaction between two statements) that loses its server emits its
  // error on the client, which node-postgres leaves unheard: the process crashed when PostgreSQL
  // restarted (fleet issue §5). Heard here; the statement waiting gets the error, and the pool
  // drops the connection when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
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
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * The database of a configuration: PostgreSQL when `databaseUrl` is set, else the embedded one in
 * `dataDir`, locked for this process (`role`) while open: a second process gets DataDirBusyError
 * instead of corrupting it.
 */
export async function openDatabase(
  options: { databaseUrl?: string; databasePoolSize?: number; dataDir: string },
  role: LockRole = 'shop',
): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.databasePoolSize);
  const lock = await lockDataDir(options.dataDir, role);
  try {
    const database = await openPglite(path.join(options.dataDir, 'pgdata'));
    return {
      ...database,
      lock,
      async close() {
        try {
          await database.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/**
 * Runs raw SQL and returns its rows, the same way on both drivers. `prepared`: as a named prepared
 * statement, parsed and planned once per connection instead of on every call, which halves the
 * database's CPU for a checkout's statements on this machine (issue 5: a ledger transfer 443 → 207
 * µs). Only for statements whose best plan does not depend on their values (a key lookup, an
 * insert): after five runs PostgreSQL may keep one generic plan for every value.
 */
export async function queryRows<T>(db: Db, query: SQL, options: { prepared?: boolean } = {}): Promise<T[]> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const prepared = options.prepared ? preparedStatement(dialect, query) : undefined;
  const built = prepared ?? buildQuery(dialect, query);
  const name = prepared?.name;
  const client = (session as unknown as { client: unknown }).client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    // node-postgres straight, as drizzle's session would call it but without what it adds per call
    // (issue 5: a config with two type-parser closures, tracing spans and a cache lookup per statement).
    try {
      const result = await client.query<T & pg.QueryResultRow>({
        name,
        text: built.sql,
        values: built.params,
        types: DRIZZLE_TYPES,
      });
      return result.rows;
    } catch (error) {
      throw new DrizzleQueryError(built.sql, built.params, error as Error);
    }
  }
  // PGlite: what `db.execute` does (drizzle's pg-core/db.js), with the text built by buildQuery.
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/**
 * The parsers drizzle's node-postgres session gives the driver: dates, times and intervals (and
 * their arrays) stay text, for the columns' own conversions (`rowOf`); the rest as the driver parses.
 */
const RAW_TEXT_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const asText = (value: string) => value;
const DRIZZLE_TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    RAW_TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

type PreparedStatement = BuiltQuery & { name: string };

/**
 * A prepared statement's name and text, by its template's key (`shapeOfQuery`): the text is made the
 * first time only, and the same string is handed to the driver every time after, which node-postgres
 * then compares with the one it prepared by identity, not character by character. A name always
 * means one text for the process's life; past MAX_STATEMENT_NAMES texts, statements go unnamed.
 *
 * A key is a 32-bit hash, and two texts may have one: a statement kept under a key is used only
 * when the template's pieces are the ones its text was made of (`TextPieces.are`, in production
 * too); else the next one kept under that key is tried, and a template none of them matches gets
 * its own, its text made from its own pieces. So a key that stands for two texts costs one
 * comparison more, and never runs the other text. The comparison is mostly by identity (a chunk's
 * text is the same string at every call: the tag's chunks are made once per literal, the helpers'
 * below once per text, `textChunk`). Keeping and comparing the pieces costs about what the number
 * key (a string of four numbers before) and the helpers' kept chunks save: docs/performance.md,
 * Checkout; `bench/statement-lookup.ts`.
 */
const preparedByKey = new Map<number, KeptStatement>();
type KeptStatement = { name: string; sql: string; pieces: TextPiece[]; sameKey: KeptStatement | undefined };
let keptStatements = 0;
const namesByText = new Map<string, string>();
const MAX_STATEMENT_NAMES = 1000;
/** Outside production a statement's text is also built the usual way the first time, and checked. */
const CHECK_TEXT_OF_PIECES = process.env.NODE_ENV !== 'production';
/**
 * The pieces of the template being looked up, in one buffer (nothing to allocate per lookup); a
 * lookup made while it is in use (from a value's conversion) gets its own.
 */
const lookupPieces = new TextPieces();
let lookupPiecesInUse = false;

/** Exported for the tests and `bench/statement-lookup.ts`; `queryRows` is the way to run one. */
export function preparedStatement(dialect: PgDialect, query: SQL): PreparedStatement | undefined {
  if (lookupPiecesInUse) return preparedStatementOf(dialect, query, new TextPieces());
  lookupPiecesInUse = true;
  try {
    return preparedStatementOf(dialect, query, lookupPieces);
  } finally {
    lookupPiecesInUse = false;
  }
}

function preparedStatementOf(dialect: PgDialect, query: SQL, pieces: TextPieces): PreparedStatement | undefined {
  const shape = shapeOfQuery(dialect, query, pieces);
  if (!shape) return undefined;
  const first = preparedByKey.get(shape.key);
  for (let kept = first; kept !== undefined; kept = kept.sameKey) {
    if (pieces.are(kept.pieces)) return { name: kept.name, sql: kept.sql, params: shape.params };
  }
  if (keptStatements >= 4 * MAX_STATEMENT_NAMES) return undefined;
  // The text is made of the pieces it will be matched by: the same pieces always mean this text.
  const keptPieces = pieces.copy();
  const text = textOfPieces(keptPieces);
  if (CHECK_TEXT_OF_PIECES) {
    const built = buildQuery(dialect, query).sql;
    if (text !== built) throw new Error(`a statement's pieces make another text:\n${text}\n${built}`);
  }
  // Two templates may share a text (the same text cut into other chunks): they share its name too.
  let name = namesByText.get(text);
  if (!name) {
    if (namesByText.size >= MAX_STATEMENT_NAMES) return undefined;
    name = `shop_${namesByText.size + 1}`;
    namesByText.set(text, name);
  }
  preparedByKey.set(shape.key, { name, sql: text, pieces: keptPieces, sameKey: first });
  keptStatements++;
  return { name, sql: text, params: shape.params };
}

/**
 * Runs `work` in `db`'s transaction when `db` already is one, else in a new transaction. A nested
 * `transaction()` would open a savepoint: two more round trips while the caller's row locks are
 * held (issue 5: four per wallet payment). Without it, an error thrown by `work` must end the
 * caller's transaction (rethrown, so it rolls back), never be caught and committed past: the
 * wallet's callers do so.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return isTransaction(db) ? work(db) : db.transaction(work);
}

/** Whether `db` is a transaction already (an error in it ends it: nothing more can be read there). */
export function isTransaction(db: Db): boolean {
  return db instanceof PgTransaction;
}

// Hand-written statements for the hot paths (issue 5) -------------------------------------
//
// Building a statement with drizzle's query builder costs 80–250 µs of CPU on this project's
// machine (`select()` of all 26 columns of orders: 160 µs; an insert returning them: 220 µs); a `sql`
// template costs about 15 µs. The checkout's statements are written as templates with these
// helpers, which keep drizzle's table definitions as the one source of column names and of the
// conversions to and from the driver.

type TableShape = { entries: [string, PgColumn][]; byKey: Map<string, PgColumn>; list: SQL };
const shapes = new WeakMap<PgTable, TableShape>();
function shapeOf(table: PgTable): TableShape {
  let shape = shapes.get(table);
  if (!shape) {
    const entries = Object.entries(getTableColumns(table)) as [string, PgColumn][];
    shape = {
      entries,
      byKey: new Map(entries),
      list: sql.raw(entries.map(([, c]) => `"${c.name}"`).join(', ')),
    };
    shapes.set(table, shape);
  }
  return shape;
}

/** The table's select list (`"id", "order_no", …`), made once. */
export function columnsOf(table: PgTable): SQL {
  return shapeOf(table).list;
}

/** A row as the driver gave it (database column names) as drizzle's typed row of `table`. */
export function rowOf<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of shapeOf(table).entries) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

/**
 * The row an INSERT of `values` writes, made here instead of read back with RETURNING (issue 5:
 * every column returned costs the database its output and the driver its parsing, 0.1 ms a
 * checkout). Columns left out take their static default or null; a column whose default the
 * database computes (`now()`, a sequence) must be given, or this throws.
 */
export function insertedRow<T extends PgTable>(table: T, values: RowValues<T>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of shapeOf(table).entries) {
    const given = (values as Record<string, unknown>)[key];
    if (given instanceof SQL) throw new Error(`${getTableName(table)}.${key} is computed by the database`);
    if (given !== undefined) out[key] = given;
    else if (!column.hasDefault) out[key] = null;
    else if (column.default !== undefined && !(column.default instanceof SQL)) out[key] = column.default;
    else throw new Error(`${getTableName(table)}.${key} takes the database's default: give it`);
  }
  return out as T['$inferSelect'];
}

function columnOf(table: PgTable, key: string): PgColumn {
  const column = shapeOf(table).byKey.get(key);
  if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
  return column;
}

/**
 * A value as a chunk of a template: an SQL expression as it is, anything else through its column's
 * conversion, as a parameter. Primitives go in bare (a template takes a bare value as a parameter);
 * other values (a Date, a Buffer) in a `Param`, so that no value is ever read as a list.
 */
function driverValue(column: PgColumn, value: unknown): unknown {
  if (value instanceof SQL) return value;
  const mapped = value === null || value === undefined ? null : column.mapToDriverValue(value);
  return mapped === null || typeof mapped !== 'object' ? mapped : new Param(mapped);
}

/** A partial row by property names; a value may be an SQL expression (`nextval(…)`). */
type RowValues<T extends PgTable> = { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL };

// valuesOf and setOf make one flat template each, not a template per value: every template drizzle
// makes asks each of its chunks whether it is a table (a walk of its class chain), and the checkout's
// inserts and updates have 50 values between them (issue 5: 9 % of the server's time).
const COMMA = new StringChunk(', ');
const NEXT_ROW = new StringChunk('), (');
const SPACE = new StringChunk(' ');

/**
 * The one text chunk of each text the helpers make (a column list, `, "state" = `): the same chunk,
 * and so the same string, at every call. Its hash is made once (kept on the chunk, `shapeOfQuery`),
 * and a prepared statement's pieces are compared with the kept ones by identity, not character by
 * character. A few dozen texts; past MAX_TEXT_CHUNKS, new ones get a chunk per call.
 */
const textChunks = new Map<string, StringChunk>();
const MAX_TEXT_CHUNKS = 10_000;
function textChunk(text: string): StringChunk {
  let chunk = textChunks.get(text);
  if (!chunk) {
    chunk = new StringChunk(text);
    if (textChunks.size < MAX_TEXT_CHUNKS) textChunks.set(text, chunk);
  }
  return chunk;
}

/** The columns of the keys `row` gives (undefined ones left out) and their quoted list. */
function columnsGiven<T extends PgTable>(table: T, row: RowValues<T>) {
  const keys = Object.keys(row).filter((k) => (row as Record<string, unknown>)[k] !== undefined);
  const columns = keys.map((k) => columnOf(table, k));
  return { keys, columns, list: `(${columns.map((c) => `"${c.name}"`).join(', ')})` };
}

/** Pushes a row's values, comma-separated, in the order of `columnsGiven`. */
function pushValues(chunks: unknown[], given: ReturnType<typeof columnsGiven>, row: Record<string, unknown>) {
  given.keys.forEach((k, i) => {
    if (i > 0) chunks.push(COMMA);
    chunks.push(driverValue(given.columns[i], row[k]));
  });
}

/**
 * `("a", "b") VALUES ($1, $2), ($3, $4)` of rows given by property names (the first row's names;
 * columns left out take their defaults).
 */
export function valuesOf<T extends PgTable>(table: T, rows: RowValues<T>[]): SQL {
  const given = columnsGiven(table, rows[0]);
  const chunks: unknown[] = [textChunk(`${given.list} VALUES (`)];
  rows.forEach((row, r) => {
    if (r > 0) chunks.push(NEXT_ROW);
    pushValues(chunks, given, row as Record<string, unknown>);
  });
  chunks.push(CLOSE);
  return templateOf(chunks);
}

/**
 * `("a", "b") SELECT $1, $2` of an INSERT whose row is written only when the caller's `FROM … WHERE`
 * that follows finds it should be (the database types the values by their columns).
 */
export function selectOf<T extends PgTable>(table: T, row: RowValues<T>): SQL {
  const given = columnsGiven(table, row);
  const chunks: unknown[] = [textChunk(`${given.list} SELECT `)];
  pushValues(chunks, given, row as Record<string, unknown>);
  return templateOf(chunks);
}

/** `"a" = $1, "b" = $2` of an UPDATE, from a partial row by property names. */
export function setOf<T extends PgTable>(table: T, patch: RowValues<T>): SQL {
  const chunks: unknown[] = [];
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    const column = columnOf(table, k);
    chunks.push(textChunk(`${chunks.length > 0 ? ', ' : ''}"${column.name}" = `), driverValue(column, v));
  }
  return templateOf(chunks);
}

/**
 * For the select or RETURNING list of a statement that is its own transaction (or of any statement
 * of a transaction): it commits without waiting for its WAL to reach the disk (PostgreSQL's
 * asynchronous commit). A crash of the database within the next fraction of a second may lose it
 * (never half of it, and never a later commit that waited), so only for rows that may be lost and
 * made again (decision 0010), or whose writer tells no one of them before `DurabilityBarrier`
 * says they are on disk (decision 0012).
 */
export const COMMIT_WITHOUT_WAITING = sql`set_config('synchronous_commit', 'off', true)`;

/**
 * Statements that run with a main statement as its data-modifying CTEs: `sql\`${alongside([a, b])}
 * UPDATE …\`` gives `WITH alongside_0 AS (a), alongside_1 AS (b) UPDATE …`. One round trip instead
 * of one per statement, and all of them or none (one statement). PostgreSQL runs every such CTE to
 * completion whether or not the main statement reads it; none of them sees the others' rows, so
 * each must stand on values known beforehand. Falsy entries are skipped. `named` ones get their own
 * name, for the main statement to read (their RETURNING rows), e.g. in a `refuseUnless`.
 */
export function alongside(
  statements: (SQL | null | undefined | false)[],
  named: Record<string, SQL | null | undefined | false> = {},
): SQL {
  const kept = [
    ...statements.filter((s): s is SQL => Boolean(s)).map((s, i) => [`alongside_${i}`, s] as const),
    ...Object.entries(named).filter((e): e is [string, SQL] => Boolean(e[1])),
  ];
  if (kept.length === 0) return sql``;
  const chunks: unknown[] = [];
  kept.forEach(([name, statement], i) => {
    chunks.push(textChunk(`${i === 0 ? 'WITH ' : ', '}${name} AS (`), statement, CLOSE);
  });
  chunks.push(SPACE);
  return templateOf(chunks);
}

/**
 * A list of values as one array parameter: `$1::<type>[]` bound to an array literal (`{1,2}`,
 * `{"a","b"}`). One statement text for any number of values (a prepared statement is parsed once),
 * coded the same way by both drivers; drizzle would make a bare JS array a `($1, $2)` list.
 */
export function arrayOf(values: (string | number)[], type: 'integer' | 'text'): SQL {
  const items = values.map((v) => (type === 'integer' ? String(v) : `"${String(v).replace(/[\\"]/g, '\\$&')}"`));
  return templateOf([`{${items.join(',')}}`, textChunk(`::${type}[]`)]);
}

/**
 * SQLSTATEs after which the same work can simply run again: PostgreSQL chose it as the victim of a
 * deadlock (`40P01`) or a serialization failure (`40001`), and nothing of it stayed.
 */
const RETRYABLE_STATES = new Set(['40P01', '40001']);

/**
 * Runs `work` (its own statement or transaction, never inside a caller's transaction) again when
 * the database aborted it as a deadlock's victim: two checkouts whose rows make a cycle are rare
 * but possible (a payment and an invitation reward crossing on a clearing shard), and the shopper
 * should get the answer, not an error. At most `attempts` runs.
 */
export async function retryingDeadlocks<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !RETRYABLE_STATES.has(databaseErrorOf(error)?.code ?? '')) throw error;
    }
  }
}

/** The database's error inside `error` (drizzle wraps it as the cause): its SQLSTATE and message. */
function databaseErrorOf(error: unknown): { code: string; message: unknown } | undefined {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, message: e.message };
  }
  return undefined;
}

const CLOSE = new StringChunk(')');
const REFUSE_OPEN = new StringChunk('shop_refuse_unless(');
const REFUSE_CLOSE = new StringChunk('::text)');

/** SQLSTATE of a refusal raised by `refuseUnless` (platform migration 0001). */
const REFUSAL_STATE = 'AM001';

/**
 * A condition checked inside a statement: when it is not true the database aborts the whole
 * statement, so work that must be all or nothing can be one statement (one round trip, no
 * BEGIN/COMMIT) instead of a transaction that checks between statements. `code` comes back from
 * `refusalOf` (a catalogue error code, or a caller's own word). The expression is true otherwise;
 * put it where the statement surely evaluates it: the RETURNING list of a row it surely writes, or
 * the select list of a statement that always yields one row (a WHERE that matches nothing never
 * evaluates it, while the data-modifying CTEs still run).
 */
export function refuseUnless(condition: SQL, code: string): SQL {
  return templateOf([REFUSE_OPEN, condition, COMMA, code, REFUSE_CLOSE]);
}

/** The code a statement was refused with by `refuseUnless`, or null for any other error. */
export function refusalOf(error: unknown): string | null {
  const found = databaseErrorOf(error);
  return found?.code === REFUSAL_STATE && typeof found.message === 'string' ? found.message : null;
}
