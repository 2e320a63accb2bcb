import { sql as drizzleSql, SQL, type SQLChunk, StringChunk } from 'drizzle-orm';

/**
 * The project's `sql` template tag: drizzle's, with the same `raw`, `join`, `identifier`, `empty`,
 * `placeholder` and `param`, and the same templates as a result (drizzle builds, runs and migrates
 * them as its own). Two things differ, both for the checkout's hot statements (issue 5):
 *
 * - drizzle's constructor asks every chunk whether it is a table (a walk of its class chain, to
 *   note the tables a template uses for drizzle's query cache, which this project does not use):
 *   the server's costliest function under the checkout load. Here the chunks go in as they are.
 * - the text between the values is the same at every call of one template literal: its chunks are
 *   made once per literal (kept with the literal's own strings array) instead of once per call.
 *
 * Import `sql` from here, not from drizzle-orm (a lint rule says so).
 */
function tag(strings: TemplateStringsArray, ...params: unknown[]): SQL {
  let fixed = textChunks.get(strings);
  if (!fixed) {
    fixed = strings.map((s) => new StringChunk(s));
    textChunks.set(strings, fixed);
  }
  const chunks: unknown[] = [];
  // As drizzle's tag: a template of nothing but an empty string has no chunk at all.
  if (params.length > 0 || strings[0] !== '') chunks.push(fixed[0]);
  for (let i = 0; i < params.length; i++) chunks.push(params[i], fixed[i + 1]);
  return templateOf(chunks);
}

/**
 * A template of `chunks` as they are (text, values, other templates, tables, columns): made without
 * drizzle's constructor asking each chunk whether it is a table (its `is`, the server's costliest
 * function under the checkout load, issue 5). Only for drizzle's query cache, which this project
 * does not use, would the tables need noting. The tag and db.ts's statement helpers make theirs here.
 */
export function templateOf(chunks: unknown[]): SQL {
  const template = new SQL([]);
  template.queryChunks.push(...(chunks as SQLChunk[]));
  return template;
}

/** The text chunks of each template literal, by its strings array (the same object at every call). */
const textChunks = new WeakMap<TemplateStringsArray, StringChunk[]>();

export const sql = Object.assign(tag, {
  raw: drizzleSql.raw,
  join: drizzleSql.join,
  identifier: drizzleSql.identifier,
  empty: drizzleSql.empty,
  placeholder: drizzleSql.placeholder,
  param: drizzleSql.param,
}) as unknown as typeof drizzleSql;
