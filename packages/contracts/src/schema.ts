import { z } from 'zod/mini';

/**
 * Contracts use zod/mini: the same validation as zod, tree-shakable, so the web bundle carries
 * only the schemas a screen uses (see docs/decisions/0003). Small helpers for common shapes:
 */

/** A whole number (counts, ids, cents). */
export const int = () => z.int();

/** A whole number that may arrive as a query-string text. */
export const queryInt = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.pipe(z.coerce.number(), z.int().check(z.minimum(min), z.maximum(max)));

/** Money: integer cents of USD (DESIGN §4). */
export const cents = () => z.int();

/** "HH:MM" on a 24-hour clock. */
export const clock = () => z.string().check(z.regex(/^\d{2}:\d{2}$/));

export { z };
