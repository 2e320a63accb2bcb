import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { cents, int, z } from '../../schema.ts';
import { haitaoOrder, OVERSEAS_STATES } from '../overseas.ts';
import { listSearch, shopperContact, stateCounts } from './lists.ts';

const T = 'admin: overseas';

export const overseasSettings = z.object({
  /** CNY per USD × 1000. */
  rateMilli: int(),
  /** Service fee, basis points. */
  feeBp: int(),
  perKgCents: cents(),
  minimumCents: cents(),
  volumetricDivisor: int(),
  updatedAt: z.nullable(z.string()),
});
export type OverseasSettings = z.infer<typeof overseasSettings>;

export const consoleOverseasOrder = z.object({
  ...haitaoOrder.shape,
  userId: z.string(),
  shopper: shopperContact,
  failureCode: z.nullable(z.string()),
});
export type ConsoleOverseasOrder = z.infer<typeof consoleOverseasOrder>;

export const adminOverseasOrders = defineCall({
  method: 'GET',
  path: '/admin-api/v1/overseas/orders',
  auth: 'user',
  summary: 'Overseas orders by state, newest first, with how many are in each state',
  tag: T,
  query: z.object({ ...pageQuery, ...listSearch, state: z.optional(z.enum(OVERSEAS_STATES)) }),
  data: z.object({ ...pageSchema(consoleOverseasOrder).shape, counts: stateCounts }),
});

export const adminOverseasMarkBought = defineCall({
  method: 'POST',
  path: '/admin-api/v1/overseas/order/bought',
  auth: 'user',
  summary: 'Marks a paid order bought from the source, with each shop’s source order number',
  tag: T,
  body: z.object({
    id: z.uuid(),
    sourceOrders: z
      .array(
        z.object({
          shopId: z.string().check(z.regex(/^\d{1,15}$/)),
          sourceOrderNo: z.string().check(z.trim(), z.minLength(3), z.maxLength(40)),
        }),
      )
      .check(z.minLength(1), z.maxLength(50)),
  }),
  data: consoleOverseasOrder,
});
export const adminOverseasMove = defineCall({
  method: 'POST',
  path: '/admin-api/v1/overseas/order/move',
  auth: 'user',
  summary: 'Moves an order on: at the China warehouse, on the land freight, arrived in Cambodia, delivered',
  tag: T,
  body: z.object({
    id: z.uuid(),
    to: z.enum(['WAREHOUSE', 'FREIGHT', 'ARRIVED', 'DELIVERED']),
    note: z.optional(z.string().check(z.maxLength(200))),
  }),
  data: consoleOverseasOrder,
});
export const adminOverseasRefund = defineCall({
  method: 'POST',
  path: '/admin-api/v1/overseas/order/refund',
  auth: 'user',
  summary: 'Refunds a paid order that cannot be bought or sent (once; the shopper gets a notice)',
  tag: T,
  body: z.object({ id: z.uuid(), reason: z.string().check(z.trim(), z.minLength(2), z.maxLength(200)) }),
  data: consoleOverseasOrder,
});
export const adminOverseasSettings = defineCall({
  method: 'GET',
  path: '/admin-api/v1/overseas/settings',
  auth: 'user',
  summary: 'The exchange rate, service fee and freight rules',
  tag: T,
  data: overseasSettings,
});
export const adminOverseasSaveSettings = defineCall({
  method: 'POST',
  path: '/admin-api/v1/overseas/settings',
  auth: 'user',
  summary: 'Sets the rate, fee and freight rules (new quotes use them; quotes given keep theirs)',
  tag: T,
  body: z.object({
    rateMilli: z.int().check(z.minimum(1000), z.maximum(20000)),
    feeBp: z.int().check(z.minimum(0), z.maximum(5000)),
    perKgCents: z.int().check(z.minimum(0), z.maximum(100_000)),
    minimumCents: z.int().check(z.minimum(0), z.maximum(100_000)),
    volumetricDivisor: z.int().check(z.minimum(1000), z.maximum(10000)),
  }),
  data: overseasSettings,
});
