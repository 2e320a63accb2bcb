import { queryInt, z } from './schema.ts';

/** Every answer of the API (DESIGN §4): code "0" on success, else a catalogue code. */
export type Envelope<T> = { code: string; msg: string; data: T };

export const SUCCESS_CODE = '0';

export function envelopeSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({ code: z.string(), msg: z.string(), data });
}

/** Lists take `page` (from 1) and `size`, and answer `{ list, total, page, size }`. */
export const pageQuery = {
  page: z._default(queryInt(1), 1),
  size: z._default(queryInt(1, 100), 20),
};

export function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({ list: z.array(item), total: z.int(), page: z.int(), size: z.int() });
}

export type Page<T> = { list: T[]; total: number; page: number; size: number };
