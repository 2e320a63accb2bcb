import { Column, Name, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

export type BuiltQuery = { sql: string; params: unknown[] };

/** drizzle's keys for a table's name and schema (there at run time, not in its types). */
const TABLE = (Table as unknown as { Symbol: { Name: symbol; Schema: symbol } }).Symbol;
type TableKeys = Record<symbol, string | undefined>;

/**
 * The text and parameters of a `sql` template, as drizzle's `dialect.sqlToQuery` makes them, for the
 * chunks the hand-written statements use (text, nested templates, parameters, tables, columns,
 * names, lists). drizzle's own builder makes an object and an array per chunk and asks each chunk
 * what it is through a walk of its class chain: 7.9 % of the server's time under the checkout load
 * (75–95 µs for a state move's statement on this machine, 16–17 µs here; decision 0007). Anything else (a placeholder, a view, a
 * subquery, an enum, inlined parameters, a schema) is left to drizzle, so the answer is always
 * drizzle's; `sql-text.unit.test.ts` holds the two side by side.
 */
export function buildQuery(dialect: PgDialect, query: SQL): BuiltQuery {
  const out: Building = { sql: '', params: [], dialect };
  return append(query, out) ? { sql: out.sql, params: out.params } : (dialect.sqlToQuery(query) as BuiltQuery);
}

/** The query so far, and the dialect that quotes its names. */
type Building = BuiltQuery & { dialect: PgDialect };

/** Appends a template's chunks; false for a chunk this builder leaves to drizzle. */
function append(query: SQL, out: Building): boolean {
  if ((query as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of query.queryChunks as unknown[]) if (!appendChunk(chunk, out)) return false;
  return true;
}

function appendChunk(chunk: unknown, out: Building): boolean {
  if (chunk instanceof StringChunk) {
    const value = chunk.value;
    out.sql += value.length === 1 ? value[0] : value.join('');
    return true;
  }
  if (chunk instanceof SQL) return append(chunk, out);
  if (chunk instanceof Param) {
    if (chunk.value instanceof Placeholder) return false;
    const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
    if (value instanceof SQL) return append(value, out);
    return param(value, out);
  }
  if (chunk === undefined) return true;
  if (Array.isArray(chunk)) {
    out.sql += '(';
    for (let i = 0; i < chunk.length; i++) {
      if (i > 0) out.sql += ', ';
      if (!appendChunk(chunk[i], out)) return false;
    }
    out.sql += ')';
    return true;
  }
  if (chunk instanceof Table) {
    const table = chunk as unknown as TableKeys;
    if (table[TABLE.Schema] !== undefined) return false;
    out.sql += out.dialect.escapeName(table[TABLE.Name] as string);
    return true;
  }
  if (chunk instanceof Column) {
    const table = chunk.table as unknown as TableKeys;
    // Columns named by their key take drizzle's casing rules: left to drizzle.
    if (table[TABLE.Schema] !== undefined || (chunk as { keyAsName?: boolean }).keyAsName) return false;
    out.sql += `${out.dialect.escapeName(table[TABLE.Name] as string)}.${out.dialect.escapeName(chunk.name)}`;
    return true;
  }
  if (chunk instanceof Name) {
    out.sql += out.dialect.escapeName(chunk.value);
    return true;
  }
  if (chunk === null || typeof chunk !== 'object') return param(chunk, out);
  if (chunk instanceof Date || Buffer.isBuffer(chunk)) return param(chunk, out);
  // Other objects may be drizzle entities (a view, a subquery, an aliased field, an enum).
  return false;
}

function param(value: unknown, out: BuiltQuery): boolean {
  out.params.push(value);
  out.sql += `$${out.params.length}`;
  return true;
}
