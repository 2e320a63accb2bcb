import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { z } from '../../schema.ts';
import { ORDER_STATE_CODES } from '../orders.ts';

/**
 * What staff may do to an order: hand it to a carrier (its own call, with the waybill), ready a
 * pickup order, hand it over at the store, confirm a delivered parcel received, cancel or refund it.
 * Which of these an order allows is its state's (the orders module's transition table): the server
 * sends them as `actions` and refuses the others (ORD0002), and the console offers only those.
 */
export const CONSOLE_ORDER_ACTIONS = ['ship', 'ready', 'pickup', 'receive', 'cancel', 'refund'] as const;
export type ConsoleOrderAction = (typeof CONSOLE_ORDER_ACTIONS)[number];
/** The moves of `adminOrderAction` (ship has its own call). */
export const CONSOLE_ORDER_MOVES = ['ready', 'pickup', 'receive', 'cancel', 'refund'] as const;
export type ConsoleOrderMove = (typeof CONSOLE_ORDER_MOVES)[number];

export const consoleOrder = z.object({
  id: z.string(),
  orderNo: z.string(),
  userId: z.string(),
  userPhone: z.nullable(z.string()),
  state: z.string(),
  shipType: z.string(),
  payType: z.string(),
  payableCents: z.int(),
  paidCents: z.int(),
  payChannel: z.nullable(z.string()),
  /** The currency the settled payment was made in (issue 47), with its riel and locked rate for KHR. */
  paidIn: z.optional(
    z.nullable(
      z.object({
        currency: z.enum(['USD', 'KHR']),
        amountRiel: z.nullable(z.int()),
        khrPerUsd: z.nullable(z.int()),
      }),
    ),
  ),
  /** Cash on delivery or at the store: the riel to collect, locked when the order was placed. */
  cashRiel: z.optional(z.nullable(z.object({ amountRiel: z.int(), khrPerUsd: z.int() }))),
  logisticsCompany: z.nullable(z.string()),
  waybillNo: z.nullable(z.string()),
  buyerComment: z.nullable(z.string()),
  address: z.unknown(),
  createdAt: z.string(),
  /** The moves the order's state allows staff now, in CONSOLE_ORDER_ACTIONS' order. */
  actions: z.array(z.enum(CONSOLE_ORDER_ACTIONS)),
});
export type ConsoleOrder = z.infer<typeof consoleOrder>;

export const adminOrders = defineCall({
  method: 'GET',
  path: '/admin-api/v1/orders',
  auth: 'user',
  summary: 'Orders in one state (or all), newest first; search by order number or the buyer’s phone',
  tag: 'admin: orders',
  query: z.object({
    ...pageQuery,
    state: z.optional(z.enum(ORDER_STATE_CODES)),
    keyword: z.optional(z.string().check(z.maxLength(40))),
  }),
  data: pageSchema(consoleOrder),
});

export const adminOrderDetail = defineCall({
  method: 'GET',
  path: '/admin-api/v1/orders/detail',
  auth: 'user',
  summary: 'One order with its items, state history and tracking events',
  tag: 'admin: orders',
  query: z.object({ orderId: z.string().check(z.minLength(1), z.maxLength(64)) }),
  data: z.object({
    order: consoleOrder,
    items: z.array(
      z.object({ skuId: z.string(), name: z.string(), specText: z.string(), priceCents: z.int(), quantity: z.int() }),
    ),
    history: z.array(
      z.object({
        action: z.string(),
        fromState: z.nullable(z.string()),
        toState: z.string(),
        actor: z.string(),
        note: z.nullable(z.string()),
        at: z.string(),
      }),
    ),
    tracking: z.array(
      z.object({ status: z.string(), description: z.string(), location: z.nullable(z.string()), at: z.string() }),
    ),
  }),
});

export const adminOrderShip = defineCall({
  method: 'POST',
  path: '/admin-api/v1/orders/ship',
  auth: 'user',
  summary: 'Hands a paid order to a carrier with its waybill number (WS → WR)',
  tag: 'admin: orders',
  body: z.object({
    orderId: z.string().check(z.minLength(1), z.maxLength(64)),
    logisticsCompany: z.string().check(z.maxLength(60)),
    waybillNo: z.string().check(z.maxLength(60)),
  }),
  data: consoleOrder,
});

export const adminOrderTrack = defineCall({
  method: 'POST',
  path: '/admin-api/v1/orders/track',
  auth: 'user',
  summary: 'Adds a tracking event to a shipped order',
  tag: 'admin: orders',
  body: z.object({
    orderId: z.string().check(z.minLength(1), z.maxLength(64)),
    status: z.string().check(z.maxLength(40)),
    description: z.string().check(z.maxLength(300)),
    location: z.optional(z.string().check(z.maxLength(120))),
  }),
  data: z.object({ added: z.boolean() }),
});

export const adminOrderAction = defineCall({
  method: 'POST',
  path: '/admin-api/v1/orders/action',
  auth: 'user',
  summary:
    'Staff moves the order’s state allows (its `actions`): ready for pickup, picked up (cash paid) at the store, received (a delivered parcel), cancel (with a reason), refund to the wallet (with a reason)',
  tag: 'admin: orders',
  body: z.object({
    orderId: z.string().check(z.minLength(1), z.maxLength(64)),
    action: z.enum(CONSOLE_ORDER_MOVES),
    reason: z.optional(z.string().check(z.maxLength(300))),
  }),
  data: consoleOrder,
});
