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
  const out = building(dialect);
  return append(query, out) ? { sql: out.sql, params: out.params } : (dialect.sqlToQuery(query) as BuiltQuery);
}

/**
 * A template's parameters and the key of its text, and the pieces its text is made of in `pieces`,
 * without making the text: two templates have one key when their texts are the same (the same
 * chunks of text, names and lists, the same number of parameters in the same places), whatever
 * their values. Undefined for a template `buildQuery` leaves to drizzle.
 *
 * Why: a prepared statement is found by its text, and a checkout's statements are 2 to 7 KB of text
 * made of a few hundred pieces. Joining the pieces (V8 flattens the rope when the text is hashed or
 * compared) and hashing the result cost 10 to 30 µs a statement, more than the rest of the building
 * (issue 5: `statementName` 4.8% of the server's own time under the checkout load). The key mixes
 * each text chunk's hash, made once per chunk, into one 32-bit number.
 *
 * A key is a hash: two texts may have one. What tells texts apart is their pieces (each text in
 * order, `PARAMETER` where a parameter's `$n` goes): `textOfPieces` makes the text from them, and
 * two templates with the same pieces (`TextPieces.are`) have the same text. Each piece is the string
 * kept with its chunk or name, so a template's pieces are mostly the same strings at every call,
 * compared by identity.
 */
export function shapeOfQuery(dialect: PgDialect, query: SQL, pieces: TextPieces): QueryShape | undefined {
  pieces.count = 0;
  const out = building(dialect, pieces);
  if (!append(query, out)) return undefined;
  return { key: out.hash, params: out.params };
}

export type QueryShape = { key: number; params: unknown[] };
/** A piece of a template's text: a text, or `PARAMETER` for a parameter's `$n`. */
export type TextPiece = string | typeof PARAMETER;
export const PARAMETER = null;

/**
 * The pieces of the last template `shapeOfQuery` was given, in a buffer kept from one template to
 * the next (filling it allocates nothing once it is large enough): read or copy them before the
 * next template.
 */
export class TextPieces {
  items: TextPiece[] = [];
  count = 0;

  /**
   * Whether these are `kept` (a copy made by `copy`), so that their text is `kept`'s: piece by
   * piece, by identity first (a chunk's text is the same string at every call), by content otherwise.
   */
  are(kept: readonly TextPiece[]): boolean {
    if (kept.length !== this.count) return false;
    const items = this.items;
    for (let i = 0; i < kept.length; i++) if (kept[i] !== items[i]) return false;
    return true;
  }

  copy(): TextPiece[] {
    return this.items.slice(0, this.count);
  }
}

/** The text of a template's pieces: the text `buildQuery` makes of that template. */
export function textOfPieces(pieces: readonly TextPiece[]): string {
  let text = '';
  let n = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    text += piece === PARAMETER ? `$${++n}` : piece;
  }
  return text;
}

/**
 * The query so far: its text, or (given `pieces`) only its key and pieces; and the dialect that
 * quotes its names.
 */
type Building = BuiltQuery & { dialect: PgDialect; keyOnly: boolean; hash: number; pieces: TextPieces };

const building = (dialect: PgDialect, pieces?: TextPieces): Building => ({
  sql: '',
  params: [],
  dialect,
  keyOnly: pieces !== undefined,
  hash: 0x6a09e667,
  pieces: pieces ?? NO_PIECES,
});
const NO_PIECES = new TextPieces();

/** A text's 32-bit hash (FNV-1a), and the text. */
type TextHash = { hash: number; text: string };
function hashText(text: string): TextHash {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return { hash, text };
}

/**
 * Each text chunk's hash, kept on the chunk at its first use (the tag's chunks are made once per
 * literal): a property read, where a WeakMap's lookup per chunk would cost what the key saves.
 */
const CHUNK_HASH = Symbol('textHash');
type HashedChunk = StringChunk & { [CHUNK_HASH]?: TextHash };
/** Hashes of the other texts that go in: quoted names and list punctuation (a few dozen). */
const textHashes = new Map<string, TextHash>();
const PARAMETER_HASH = 0x2545f491;

const textOf = (chunk: StringChunk) => (chunk.value.length === 1 ? chunk.value[0] : chunk.value.join(''));

/** Appends text that is not a chunk of its own: a quoted name, a list's punctuation. */
function addText(out: Building, text: string): void {
  if (!out.keyOnly) {
    out.sql += text;
    return;
  }
  let hash = textHashes.get(text);
  if (!hash) {
    hash = hashText(text);
    if (textHashes.size < 10_000) textHashes.set(text, hash);
  }
  addPiece(out, hash.hash, hash.text);
}

/** Mixes a piece's hash into the key (rotate, xor, multiply: the order counts) and keeps the piece. */
function addPiece(out: Building, hash: number, piece: TextPiece): void {
  out.hash = Math.imul(((out.hash << 5) | (out.hash >>> 27)) ^ hash, 0x9e3779b1);
  const pieces = out.pieces;
  pieces.items[pieces.count++] = piece;
}

/** Appends a template's chunks; false for a chunk this builder leaves to drizzle. */
function append(query: SQL, out: Building): boolean {
  if ((query as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of query.queryChunks as unknown[]) if (!appendChunk(chunk, out)) return false;
  return true;
}

function appendChunk(chunk: unknown, out: Building): boolean {
  if (chunk instanceof StringChunk) {
    if (!out.keyOnly) {
      out.sql += textOf(chunk);
      return true;
    }
    let hash = (chunk as HashedChunk)[CHUNK_HASH];
    if (!hash) {
      hash = hashText(textOf(chunk));
      (chunk as HashedChunk)[CHUNK_HASH] = hash;
    }
    addPiece(out, hash.hash, hash.text);
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
    addText(out, '(');
    for (let i = 0; i < chunk.length; i++) {
      if (i > 0) addText(out, ', ');
      if (!appendChunk(chunk[i], out)) return false;
    }
    addText(out, ')');
    return true;
  }
  if (chunk instanceof Table) {
    const table = chunk as unknown as TableKeys;
    if (table[TABLE.Schema] !== undefined) return false;
    addText(out, out.dialect.escapeName(table[TABLE.Name] as string));
    return true;
  }
  if (chunk instanceof Column) {
    const table = chunk.table as unknown as TableKeys;
    // Columns named by their key take drizzle's casing rules: left to drizzle.
    if (table[TABLE.Schema] !== undefined || (chunk as { keyAsName?: boolean }).keyAsName) return false;
    const name = `${out.dialect.escapeName(table[TABLE.Name] as string)}.${out.dialect.escapeName(chunk.name)}`;
    addText(out, name);
    return true;
  }
  if (chunk instanceof Name) {
    addText(out, out.dialect.escapeName(chunk.value));
    return true;
  }
  if (chunk === null || typeof chunk !== 'object') return param(chunk, out);
  if (chunk instanceof Date || Buffer.isBuffer(chunk)) return param(chunk, out);
  // Other objects may be drizzle entities (a view, a subquery, an aliased field, an enum).
  return false;
}

function param(value: unknown, out: Building): boolean {
  out.params.push(value);
  if (out.keyOnly) addPiece(out, PARAMETER_HASH, PARAMETER);
  else out.sql += `$${out.params.length}`;
  return true;
}
