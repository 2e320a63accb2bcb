import { z } from 'zod/mini';

/**
 * Contracts use zod/mini: the same validation as zod, tree-shakable, so the web bundle carries
 * only the schemas a screen uses (see docs/decisions/0003). Small helpers for common shapes:
 */

/** A whole number (counts, ids, cents). */
export const int = () => z.int();

/**
 * The largest value of PostgreSQL's `integer` (int4), the type of every serial id: an input past it
 * is refused by its schema (SYS00001), not by the database as a 500 (issue 19, the fuzz run).
 */
export const INT4_MAX = 2_147_483_647;

/** The id of a row with a serial key, as a call's input: 1 to INT4_MAX. */
export const rowId = () => z.int().check(z.minimum(1), z.maximum(INT4_MAX));

/** A whole number that may arrive as a query-string text (ids and pages: at most INT4_MAX unless told). */
export const queryInt = (min: number, max = INT4_MAX) =>
  z.pipe(z.coerce.number(), z.int().check(z.minimum(min), z.maximum(max)));

/** Money: integer cents of USD (DESIGN §4). */
export const cents = () => z.int();

/** "HH:MM" on a 24-hour clock. */
export const clock = () => z.string().check(z.regex(/^\d{2}:\d{2}$/));

export { z };
