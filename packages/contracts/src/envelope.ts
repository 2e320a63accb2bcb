import { z } from 'zod';

/** Every answer of the API (DESIGN §4): code "0" on success, else a catalogue code. */
export type Envelope<T> = { code: string; msg: string; data: T };

export const SUCCESS_CODE = '0';

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), msg: z.string(), data });
}

/** Lists take `page` (from 1) and `size`, and answer `{ list, total, page, size }`. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}
