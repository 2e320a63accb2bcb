import { defineCall } from '../call.ts';
import { cents, int, queryInt, z } from '../schema.ts';
import { coupon } from './coupons.ts';

export const ORDER_STATE_CODES = ['WP', 'WS', 'WR', 'PAY', 'WPP', 'WPU', 'CANCEL', 'FINISH', 'REFUND'] as const;
export const orderStateCode = z.enum(ORDER_STATE_CODES);
export type OrderStateCode = z.infer<typeof orderStateCode>;
export const shipTypeCode = z.enum(['STORE', 'LOGISTICS']);
export const payTypeCode = z.enum(['CASH', 'ONLINE', 'COD']);
export type ShipTypeCode = z.infer<typeof shipTypeCode>;
export type PayTypeCode = z.infer<typeof payTypeCode>;

const id = () => z.string().check(z.minLength(1), z.maxLength(64));
const qty = () => z.int().check(z.minimum(1), z.maximum(999));

// Cart ---------------------------------------------------------------------------------------

export const cartLine = z.object({
  skuId: z.string(),
  productId: z.string(),
  name: z.string(),
  specText: z.string(),
  imageUrl: z.nullable(z.string()),
  priceCents: cents(),
  quantity: int(),
  chosen: z.boolean(),
  /** The most this line may hold: min(max purchase, stock). */
  maxQuantity: int(),
  /** Spec §3 cart item flags. */
  expired: z.boolean(),
  outOfStock: z.boolean(),
  unpublished: z.boolean(),
  subtotalCents: cents(),
});
export type CartLine = z.infer<typeof cartLine>;

export const cart = z.object({
  lines: z.array(cartLine),
  /** Pieces in the cart (badge). */
  count: int(),
  chosenCount: int(),
  chosenTotalCents: cents(),
  allChosen: z.boolean(),
});
export type Cart = z.infer<typeof cart>;

const cartCall = <P extends string, B extends z.ZodMiniObject>(path: P, summary: string, body: B) =>
  defineCall({ method: 'POST', path, auth: 'user', summary, tag: 'cart', body, data: cart });

export const queryCart = defineCall({
  method: 'GET',
  path: '/v1/shoppingcart/query',
  auth: 'user',
  summary: 'The cart',
  tag: 'cart',
  data: cart,
});
export const addToCart = cartCall(
  '/v1/shoppingcart/add',
  'Add a SKU to the cart',
  z.object({ skuId: id(), quantity: qty() }),
);
export const cartPlus1 = cartCall('/v1/shoppingcart/countplus1', 'One more of a line', z.object({ skuId: id() }));
export const cartMinus1 = cartCall(
  '/v1/shoppingcart/countminus1',
  'One less of a line (not below 1)',
  z.object({ skuId: id() }),
);
export const cartCount = cartCall(
  '/v1/shoppingcart/count',
  'Set a line’s quantity',
  z.object({ skuId: id(), quantity: qty() }),
);
export const cartChoose = cartCall(
  '/v1/shoppingcart/choose',
  'Tick or untick a line',
  z.object({ skuId: id(), chosen: z.boolean() }),
);
export const cartChooseAll = cartCall(
  '/v1/shoppingcart/chooseall',
  'Tick or untick every line',
  z.object({ chosen: z.boolean() }),
);
export const cartRemoveList = cartCall(
  '/v1/shoppingcart/removelist',
  'Remove lines',
  z.object({ skuIds: z.array(id()).check(z.minLength(1), z.maxLength(200)) }),
);
export const cartBuyAgain = cartCall(
  '/v1/shoppingcart/buyagain',
  'Put an order’s items back in the cart, chosen',
  z.object({ orderId: z.uuid() }),
);

// Preorder -----------------------------------------------------------------------------------

export const pickupStore = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  open: z.string(),
  close: z.string(),
  holdDays: int(),
});
export type PickupStore = z.infer<typeof pickupStore>;

export const orderLine = z.object({
  skuId: z.string(),
  productId: z.string(),
  name: z.string(),
  specText: z.string(),
  imageUrl: z.nullable(z.string()),
  priceCents: cents(),
  quantity: int(),
});
export type OrderLine = z.infer<typeof orderLine>;

export const deliveryAddress = z.object({
  addressId: z.string(),
  receiver: z.string(),
  mobile: z.string(),
  fullText: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
});

const amounts = {
  itemTotalCents: cents(),
  shippingFeeCents: cents(),
  serviceFeeCents: cents(),
  discountCents: cents(),
  payableCents: cents(),
};

export const preorder = z.object({
  id: z.string(),
  lines: z.array(orderLine),
  shipType: shipTypeCode,
  payType: payTypeCode,
  /** Pay types this delivery allows. */
  payTypes: z.array(payTypeCode),
  address: z.nullable(deliveryAddress),
  /** Set when the chosen address is in a province the shop does not serve. */
  addressProblem: z.nullable(z.string()),
  store: z.nullable(pickupStore),
  stores: z.array(pickupStore),
  couponId: z.nullable(z.string()),
  buyerComment: z.nullable(z.string()),
  ...amounts,
  expiresAt: z.string(),
});
export type Preorder = z.infer<typeof preorder>;

const preorderChoices = {
  shipType: z.optional(shipTypeCode),
  payType: z.optional(payTypeCode),
  addressId: z.optional(z.uuid()),
  storeId: z.optional(id()),
};

export const createDirectPreorder = defineCall({
  method: 'POST',
  path: '/v1/preorder/createdirect',
  auth: 'user',
  summary: 'Start an order for one SKU (buy now)',
  tag: 'preorder',
  body: z.object({ skuId: id(), quantity: qty(), ...preorderChoices }),
  data: preorder,
});
export const createPreorder = defineCall({
  method: 'POST',
  path: '/v1/preorder/create',
  auth: 'user',
  summary: 'Start an order from the chosen cart lines',
  tag: 'preorder',
  body: z.object({ ...preorderChoices }),
  data: preorder,
});
export const modifyPreorder = defineCall({
  method: 'POST',
  path: '/v1/preorder/modify',
  auth: 'user',
  summary: 'Change delivery, pay type, address, store, coupon or comment; answers the new totals',
  tag: 'preorder',
  body: z.object({
    preorderId: z.uuid(),
    ...preorderChoices,
    /** Empty string removes the coupon. */
    couponId: z.optional(z.string().check(z.maxLength(64))),
    couponCode: z.optional(z.string().check(z.maxLength(32))),
    buyerComment: z.optional(z.string().check(z.maxLength(200))),
  }),
  data: preorder,
});
/** The confirmation screen's first read: changes nothing (a page may ask for it, decision 0026). */
export const queryPreorder = defineCall({
  method: 'GET',
  path: '/v1/preorder/query',
  auth: 'user',
  summary: 'A preorder still to confirm, with its totals; a placed or expired one is gone',
  tag: 'preorder',
  query: z.object({ preorderId: z.uuid() }),
  data: preorder,
});
export const finishPreorder = defineCall({
  method: 'POST',
  path: '/v1/preorder/finish',
  auth: 'user',
  summary: 'Place the order: stock is taken, the coupon redeemed',
  tag: 'preorder',
  body: z.object({ preorderId: z.uuid() }),
  data: z.object({
    orderId: z.string(),
    orderNo: z.string(),
    state: orderStateCode,
    payableCents: cents(),
    needsPayment: z.boolean(),
  }),
});
export const preorderCouponList = defineCall({
  method: 'GET',
  path: '/v1/preorder/couponlist',
  auth: 'user',
  summary: 'Coupons usable on this preorder, the biggest discount first',
  tag: 'preorder',
  query: z.object({ preorderId: z.uuid() }),
  data: z.array(coupon),
});
export const preorderCouponCode = defineCall({
  method: 'GET',
  path: '/v1/preorder/couponcode',
  auth: 'user',
  summary: 'Apply a promo code to this preorder',
  tag: 'preorder',
  query: z.object({ preorderId: z.uuid(), code: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)) }),
  data: preorder,
});

// Orders -------------------------------------------------------------------------------------

export const orderSummary = z.object({
  id: z.string(),
  orderNo: z.string(),
  state: orderStateCode,
  shipType: shipTypeCode,
  payType: payTypeCode,
  payChannel: z.nullable(z.string()),
  /**
   * Cash on delivery or at the store (issue 47): the riel to collect, rounded to the 100-riel note
   * at the rate locked when the order was placed. Null without a rate or for an order paid online.
   */
  cashRiel: z.optional(z.nullable(z.object({ amountRiel: int(), khrPerUsd: int() }))),
  items: z.array(orderLine),
  ...amounts,
  paidCents: cents(),
  createdAt: z.string(),
  deadlineAt: z.nullable(z.string()),
  reviewed: z.boolean(),
  /** What the shopper may do now: pay, cancel, hide, receive, track, buyagain, comment. */
  actions: z.array(z.string()),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const logisticsEvent = z.object({
  status: z.string(),
  description: z.string(),
  location: z.nullable(z.string()),
  at: z.string(),
});
export type LogisticsEvent = z.infer<typeof logisticsEvent>;
/** How a paid order was paid (spec §3, amount paid): its channel and the wallet's gift and cash parts. */
export const paidBy = z.object({
  channel: z.string(),
  /** From the gift balance (shopping money). */
  giftCents: cents(),
  /** From the wallet's cash balance. */
  cashCents: cents(),
  /** Through a bank, KHQR or the wallet app. */
  otherCents: cents(),
  /** Paid by a KHQR in riel (issue 47): the riel the code carried and its locked rate; null in USD. */
  riel: z.optional(z.nullable(z.object({ amountRiel: int(), khrPerUsd: int() }))),
});
export type PaidBy = z.infer<typeof paidBy>;

export const orderDetail = z.extend(orderSummary, {
  paidBy: z.nullable(paidBy),
  address: z.nullable(deliveryAddress),
  store: z.nullable(pickupStore),
  buyerComment: z.nullable(z.string()),
  logisticsCompany: z.nullable(z.string()),
  waybillNo: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  history: z.array(
    z.object({ action: z.string(), fromState: z.nullable(z.string()), toState: z.string(), at: z.string() }),
  ),
  logistics: z.array(logisticsEvent),
});
export type OrderDetail = z.infer<typeof orderDetail>;

const page = z.object({ page: z.optional(queryInt(1, 10_000)), size: z.optional(queryInt(1, 50)) });
const orderPage = z.object({ list: z.array(orderSummary), total: int(), page: int(), size: int() });
const listCall = <P extends string>(path: P, summary: string) =>
  defineCall({ method: 'GET', path, auth: 'user', summary, tag: 'order', query: page, data: orderPage });

export const queryAllOrders = listCall('/v1/order/queryall', 'All orders (tab all)');
export const queryWaitPayOrders = listCall('/v1/order/querywaitpay', 'Orders waiting for payment');
export const queryWaitProductOrders = listCall(
  '/v1/order/querywaitproduct',
  'Orders on their way (wait ship, wait receive, pickup)',
);
export const queryFinishedOrders = listCall('/v1/order/queryfinish', 'Finished orders');
export const queryCancelledOrders = listCall('/v1/order/querycancel', 'Cancelled and refunded orders');

export const queryOrderDetail = defineCall({
  method: 'GET',
  path: '/v1/order/detail',
  auth: 'user',
  summary: 'One order with its address, history and tracking',
  tag: 'order',
  query: z.object({ orderId: z.uuid() }),
  data: orderDetail,
});
export const queryUnreadOrderCount = defineCall({
  method: 'GET',
  path: '/v1/order/queryunreadcount',
  auth: 'user',
  summary: 'Orders changed since each tab was last seen (first time: since 2017-01-01 00:00:00)',
  tag: 'order',
  data: z.object({ waitpay: int(), waitproduct: int(), finish: int(), cancel: int() }),
});
const orderIdBody = z.object({ orderId: z.uuid() });
export const cancelOrder = defineCall({
  method: 'POST',
  path: '/v1/order/cancel',
  auth: 'user',
  summary: 'Cancel an unpaid order',
  tag: 'order',
  body: orderIdBody,
  data: orderSummary,
});
export const hideOrder = defineCall({
  method: 'POST',
  path: '/v1/order/hide',
  auth: 'user',
  summary: 'Delete a closed order from the lists',
  tag: 'order',
  body: orderIdBody,
  data: z.object({ hidden: z.boolean() }),
});
export const finishOrder = defineCall({
  method: 'POST',
  path: '/v1/order/finish',
  auth: 'user',
  summary: 'Confirm receipt',
  tag: 'order',
  body: orderIdBody,
  data: orderSummary,
});
export const queryOrderLogistics = defineCall({
  method: 'GET',
  path: '/v1/order/logistics',
  auth: 'user',
  summary: 'Carrier, waybill and tracking events of an order',
  tag: 'order',
  query: z.object({ orderId: z.uuid() }),
  data: z.object({
    logisticsCompany: z.nullable(z.string()),
    waybillNo: z.nullable(z.string()),
    events: z.array(logisticsEvent),
  }),
});

// Reviews (buying owns the calls; the catalogue keeps the reviews) ---------------------------

export const addReview = defineCall({
  method: 'POST',
  path: '/v1/appraise/add',
  auth: 'user',
  summary: 'Review a finished order',
  tag: 'review',
  body: z.object({
    orderId: z.uuid(),
    text: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
    star: z.int().check(z.minimum(1), z.maximum(5)),
    packaging: z.int().check(z.minimum(1), z.maximum(5)),
    speed: z.int().check(z.minimum(1), z.maximum(5)),
  }),
  data: z.object({ reviewed: z.boolean() }),
});
export const queryReviewByOrder = defineCall({
  method: 'GET',
  path: '/v1/appraise/querybyorder',
  auth: 'user',
  summary: 'The review of an order, or null',
  tag: 'review',
  query: z.object({ orderId: z.uuid() }),
  data: z.unknown(),
});
