// The overseas channel (spec §1 haitao, §7 /v1/haitao/): taobao and alibaba goods bought for the
// shopper, priced in USD cents from the source's CNY at the console's rate and fee.
import { defineCall } from '../call.ts';
import { pageQuery, pageSchema } from '../envelope.ts';
import { cents, int, rowId, z } from '../schema.ts';
import { cashier } from './payments.ts';

export const HAITAO_CHANNELS = ['taobao', 'alibaba'] as const;
export const haitaoChannel = z.enum(HAITAO_CHANNELS);
export type HaitaoChannel = z.infer<typeof haitaoChannel>;
/** Spec §2: channel sort 0 is taobao, 1 alibaba (kept on the phone). */
export const HAITAO_CHANNEL_SORT: Record<HaitaoChannel, number> = { taobao: 0, alibaba: 1 };

/** Spec §1, §9: overseas goods arrive in 7 to 12 days; the land freight takes 7 to 9. */
export const OVERSEAS_DAYS = { min: 7, max: 12 } as const;
export const LAND_FREIGHT_DAYS = { min: 7, max: 9 } as const;

/**
 * An overseas order's states: to pay (WP) → paid (PAID) → bought from the source (BOUGHT) → at the
 * China warehouse (WAREHOUSE) → on the land freight (FREIGHT) → arrived in Cambodia (ARRIVED) →
 * delivered (DELIVERED); WP → CANCEL when not paid in time; a paid order that cannot be bought, or
 * that staff refund before it leaves China, → REFUNDED (the money back once).
 */
export const OVERSEAS_STATES = [
  'WP',
  'PAID',
  'BOUGHT',
  'WAREHOUSE',
  'FREIGHT',
  'ARRIVED',
  'DELIVERED',
  'CANCEL',
  'REFUNDED',
] as const;
export type OverseasState = (typeof OVERSEAS_STATES)[number];
export const overseasState = z.enum(OVERSEAS_STATES);

/** The one table of allowed moves (the server refuses any other; the console offers these). */
export const OVERSEAS_MOVES: Record<OverseasState, readonly OverseasState[]> = {
  WP: ['PAID', 'CANCEL'],
  PAID: ['BOUGHT', 'REFUNDED'],
  BOUGHT: ['WAREHOUSE', 'REFUNDED'],
  WAREHOUSE: ['FREIGHT', 'REFUNDED'],
  FREIGHT: ['ARRIVED'],
  ARRIVED: ['DELIVERED'],
  DELIVERED: [],
  CANCEL: [],
  REFUNDED: [],
};
export const canMoveOverseas = (from: OverseasState, to: OverseasState) => OVERSEAS_MOVES[from].includes(to);

/** The order lists' tabs (spec §7: all, wait send, wait product, finish, cancel). */
export const OVERSEAS_TABS: Record<'all' | 'waitsend' | 'waitproduct' | 'finish' | 'cancel', readonly OverseasState[]> =
  {
    all: OVERSEAS_STATES,
    waitsend: ['WP', 'PAID', 'BOUGHT', 'WAREHOUSE'],
    waitproduct: ['FREIGHT', 'ARRIVED'],
    finish: ['DELIVERED'],
    cancel: ['CANCEL', 'REFUNDED'],
  };

/** The longest keyword a product search takes (the shop's search box stops there). */
export const HAITAO_KEYWORD_MAX = 60;
/** The longest link or share text the url check takes. */
export const HAITAO_LINK_TEXT_MAX = 2000;

/**
 * A taobao, tmall or 1688 product link, or share text containing one → the channel and the
 * product id, or null. One helper: the server's url check and the shop's search and link boxes.
 */
export function parseProductLink(text: string): { channel: HaitaoChannel; id: string } | null {
  // Without the URL class (the contracts run where there is none): scheme, authority, path, query.
  const found = text.match(/https?:\/\/([^/?#\s"'<>，。]+)([^?#\s"'<>，。]*)(\?[^#\s"'<>，。]*)?/i);
  if (!found) return null;
  const host = (found[1].split('@').pop() ?? '').replace(/:\d*$/, '').toLowerCase();
  const path = found[2];
  const param = (name: string) => {
    const value = found[3]?.match(new RegExp(`[?&]${name}=([^&]*)`))?.[1];
    return value === undefined ? null : value;
  };
  const id = param('id') ?? param('offerId');
  if (/(^|\.)(taobao|tmall)\.com$/.test(host) && id && /^\d{6,15}$/.test(id)) return { channel: 'taobao', id };
  if (/(^|\.)1688\.com$/.test(host)) {
    const offer = path.match(/\/offer\/(\d{6,15})\.html/)?.[1] ?? id;
    if (offer && /^\d{6,15}$/.test(offer)) return { channel: 'alibaba', id: offer };
  }
  return null;
}

/** Why a price changed since the line was put in the cart: the seller's price, or only the shop's exchange rate and fee. */
export const haitaoPriceChange = z.enum(['price', 'rate']);
export type HaitaoPriceChange = z.infer<typeof haitaoPriceChange>;

const productId = z.string().check(z.regex(/^\d{6,15}$/));
const shopId = z.string().check(z.regex(/^\d{1,15}$/));
const skuId = z.string().check(z.regex(/^\d{6,20}$/));

/** A text shown in the shopper's language where the source gives one, with its Chinese original. */
const title = { title: z.string(), titleZh: z.string(), translated: z.boolean() };

export const haitaoCard = z.object({
  channel: haitaoChannel,
  productId: z.string(),
  ...title,
  priceCents: cents(),
  picture: z.string(),
  shopId: z.string(),
  sold: int(),
});
export type HaitaoCard = z.infer<typeof haitaoCard>;

const attr = z.object({ name: z.string(), nameZh: z.string(), value: z.string(), valueZh: z.string() });
export const haitaoSku = z.object({
  skuId: z.string(),
  attrs: z.array(attr),
  priceCents: cents(),
  /** The source's price in CNY fen, shown beside. */
  priceFen: int(),
  stock: int(),
});
export const haitaoShop = z.object({
  channel: haitaoChannel,
  shopId: z.string(),
  name: z.string(),
  location: z.string(),
  rating: z.number(),
});
export const haitaoQuote = z.object({
  /** CNY per USD × 1000 (7.2 is 7200). */
  rateMilli: int(),
  /** The service fee in basis points (500 is 5%). */
  feeBp: int(),
});
export const haitaoProduct = z.object({
  ...haitaoCard.shape,
  pictures: z.array(z.string()),
  categoryId: z.string(),
  shop: haitaoShop,
  skus: z.array(haitaoSku),
  weightG: int(),
  volumeCm3: int(),
  url: z.string(),
  quote: haitaoQuote,
  estimateDays: z.object({ min: int(), max: int() }),
});
export type HaitaoProduct = z.infer<typeof haitaoProduct>;

const channelQuery = { channel: haitaoChannel };
const T = 'overseas';

export const haitaoChannels = defineCall({
  method: 'GET',
  path: '/v1/haitao/channel/list',
  auth: 'optional',
  summary: 'The overseas channels (sort 0 taobao, 1 alibaba) with their names in the caller’s language',
  tag: T,
  data: z.array(z.object({ channel: haitaoChannel, sort: int(), name: z.string() })),
});

export const haitaoCategories = defineCall({
  method: 'GET',
  path: '/v1/haitao/category/list',
  auth: 'optional',
  summary: 'A channel’s categories (translated name and Chinese original)',
  tag: T,
  query: z.object(channelQuery),
  data: z.array(z.object({ id: z.string(), name: z.string(), nameZh: z.string() })),
});

export const HAITAO_SORTS = ['default', 'sales', 'priceAsc', 'priceDesc'] as const;
export const haitaoProducts = defineCall({
  method: 'GET',
  path: '/v1/haitao/product/list',
  auth: 'optional',
  summary: 'Products of a channel by keyword, category or shop (the source’s answers, kept a while)',
  tag: T,
  query: z.object({
    ...channelQuery,
    ...pageQuery,
    keyword: z.optional(z.string().check(z.maxLength(HAITAO_KEYWORD_MAX))),
    categoryId: z.optional(z.string().check(z.regex(/^\d{1,12}$/))),
    shopId: z.optional(shopId),
    sort: z.optional(z.enum(HAITAO_SORTS)),
  }),
  data: pageSchema(haitaoCard),
});

export const haitaoHotList = defineCall({
  method: 'GET',
  path: '/v1/haitao/product/hotlist',
  auth: 'optional',
  summary: 'A channel’s best sellers',
  tag: T,
  query: z.object(channelQuery),
  data: z.array(haitaoCard),
});

export const haitaoRecommend = defineCall({
  method: 'GET',
  path: '/v1/haitao/recommend/product/query',
  auth: 'optional',
  summary: 'Recommended products of a channel, page by page',
  tag: T,
  query: z.object({ ...channelQuery, ...pageQuery }),
  data: pageSchema(haitaoCard),
});

export const haitaoProductDetail = defineCall({
  method: 'GET',
  path: '/v1/haitao/product/detail',
  auth: 'optional',
  summary: 'A product with its SKUs priced in USD cents (the quote’s rate and fee), its shop and pictures',
  tag: T,
  query: z.object({ ...channelQuery, productId }),
  data: haitaoProduct,
});

export const haitaoSimilar = defineCall({
  method: 'GET',
  path: '/v1/haitao/product/similar',
  auth: 'optional',
  summary: 'Products like this one',
  tag: T,
  query: z.object({ ...channelQuery, productId }),
  data: z.array(haitaoCard),
});

export const haitaoShopDetail = defineCall({
  method: 'GET',
  path: '/v1/haitao/shop/detail',
  auth: 'optional',
  summary: 'A source shop (its products: product/list with shopId)',
  tag: T,
  query: z.object({ ...channelQuery, shopId }),
  data: haitaoShop,
});

export const haitaoUrlCheck = defineCall({
  method: 'POST',
  path: '/v1/haitao/url/check',
  auth: 'optional',
  summary: 'A pasted taobao/tmall/1688 link, or share text with one: the product it opens',
  tag: T,
  body: z.object({ text: z.string().check(z.minLength(1), z.maxLength(HAITAO_LINK_TEXT_MAX)) }),
  data: z.object({ channel: haitaoChannel, productId: z.string() }),
});

export const haitaoPicUpload = defineCall({
  method: 'POST',
  path: '/v1/haitao/product/pic/upload',
  auth: 'optional',
  summary: 'A picture to search by (multipart field "file"); answers its id for /v2/haitao/product/pic/get',
  tag: T,
  data: z.object({ picId: z.string() }),
});

export const haitaoPicGet = defineCall({
  method: 'GET',
  path: '/v2/haitao/product/pic/get',
  auth: 'optional',
  summary: 'Products of a channel that look like an uploaded picture',
  tag: T,
  query: z.object({ ...channelQuery, picId: z.uuid() }),
  data: z.array(haitaoCard),
});

export const haitaoFreightRules = defineCall({
  method: 'GET',
  path: '/v1/haitao/freight/rules',
  auth: 'optional',
  summary: 'The land freight rules (by weight and volume) and the delivery times',
  tag: T,
  data: z.object({
    perKgCents: cents(),
    minimumCents: cents(),
    /** cm³ per chargeable kg (volumetric weight). */
    volumetricDivisor: int(),
    landDays: z.object({ min: int(), max: int() }),
    estimateDays: z.object({ min: int(), max: int() }),
  }),
});

// Cart ---------------------------------------------------------------------------------------

export const haitaoCartItem = z.object({
  id: int(),
  channel: haitaoChannel,
  productId: z.string(),
  skuId: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  ...title,
  attrs: z.string(),
  attrsZh: z.string(),
  picture: z.string(),
  count: int(),
  chosen: z.boolean(),
  /** The price now (USD cents), and the one it was added at. */
  priceCents: cents(),
  addedCents: cents(),
  /** The source changed its price since it was added. */
  changed: z.boolean(),
  /** Why, when changed: the seller's price, or only the shop's exchange rate. */
  changeCause: z.nullable(haitaoPriceChange),
  /** Gone from the source, or no stock left for the count. */
  available: z.boolean(),
  stock: int(),
});
export type HaitaoCartItem = z.infer<typeof haitaoCartItem>;
export const haitaoCart = z.object({
  items: z.array(haitaoCartItem),
  chosenCount: int(),
  chosenCents: cents(),
});
export type HaitaoCart = z.infer<typeof haitaoCart>;

const cartCall = <P extends string, B extends z.ZodMiniObject>(path: P, summary: string, body: B) =>
  defineCall({ method: 'POST', path, auth: 'user', summary, tag: T, body, data: haitaoCart });
const itemBody = z.object({ id: rowId() });

export const haitaoCartQuery = defineCall({
  method: 'GET',
  path: '/v1/haitao/shoppingcart/query',
  auth: 'user',
  summary: 'The overseas cart, re-priced from the source (changed lines flagged)',
  tag: T,
  data: haitaoCart,
});
export const haitaoCartAdd = cartCall(
  '/v1/haitao/shoppingcart/add',
  'Adds a SKU to the overseas cart',
  z.object({ ...channelQuery, productId, skuId, count: z.int().check(z.minimum(1), z.maximum(999)) }),
);
export const haitaoCartChoose = cartCall(
  '/v1/haitao/shoppingcart/choose',
  'Chooses or unchooses lines',
  z.object({ ids: z.array(rowId()).check(z.minLength(1), z.maxLength(200)), chosen: z.boolean() }),
);
export const haitaoCartChooseAll = cartCall(
  '/v1/haitao/shoppingcart/chooseall',
  'Chooses or unchooses every line',
  z.object({ chosen: z.boolean() }),
);
export const haitaoCartRemove = cartCall(
  '/v1/haitao/shoppingcart/removelist',
  'Removes lines',
  z.object({ ids: z.array(rowId()).check(z.minLength(1), z.maxLength(200)) }),
);
export const haitaoCartPlus = cartCall('/v1/haitao/shoppingcart/countplus1', 'One more of a line', itemBody);
export const haitaoCartMinus = cartCall(
  '/v1/haitao/shoppingcart/countminus1',
  'One fewer of a line (at least 1)',
  itemBody,
);
export const haitaoCartCount = cartCall(
  '/v1/haitao/shoppingcart/count',
  'Sets a line’s count',
  z.object({ id: rowId(), count: z.int().check(z.minimum(1), z.maximum(999)) }),
);

// Preorder and orders ------------------------------------------------------------------------

export const haitaoLine = z.object({
  channel: haitaoChannel,
  productId: z.string(),
  skuId: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  ...title,
  attrs: z.string(),
  attrsZh: z.string(),
  picture: z.string(),
  count: int(),
  unitCents: cents(),
  /** The price it was added to the cart at, when it changed since (shown as changed). */
  previousCents: z.nullable(cents()),
  /** Why it changed: the seller's price, or only the shop's exchange rate (null: unchanged). */
  changeCause: z.nullable(haitaoPriceChange),
});
export type HaitaoLine = z.infer<typeof haitaoLine>;

const addressView = z.nullable(
  z.object({ addressId: z.string(), receiver: z.string(), mobile: z.string(), fullText: z.string() }),
);

export const haitaoPreorder = z.object({
  id: z.string(),
  lines: z.array(haitaoLine),
  goodsCents: cents(),
  freightCents: cents(),
  totalCents: cents(),
  /** The parcel's real weight and its volume weight (grams); the freight is charged on the heavier. */
  weightG: int(),
  volumeWeightG: int(),
  chargedBy: z.enum(['weight', 'volume']),
  address: addressView,
  quote: haitaoQuote,
  expiresAt: z.string(),
  estimateDays: z.object({ min: int(), max: int() }),
  /** Some line's price changed since it was put in the cart. */
  changed: z.boolean(),
  /** Why the lines changed: the seller's price, the shop's exchange rate, or both. */
  changeCauses: z.array(haitaoPriceChange),
});
export type HaitaoPreorder = z.infer<typeof haitaoPreorder>;

export const haitaoCreateDirect = defineCall({
  method: 'POST',
  path: '/v1/haitao/preorder/createdirect',
  auth: 'user',
  summary: 'A quote to buy one SKU now',
  tag: T,
  body: z.object({ ...channelQuery, productId, skuId, count: z.int().check(z.minimum(1), z.maximum(999)) }),
  data: haitaoPreorder,
});
export const haitaoCreatePreorder = defineCall({
  method: 'POST',
  path: '/v1/haitao/preorder/create',
  auth: 'user',
  summary: 'A quote of the cart’s chosen lines, re-priced from the source',
  tag: T,
  body: z.object({}),
  data: haitaoPreorder,
});
export const haitaoModifyPreorder = defineCall({
  method: 'POST',
  path: '/v1/haitao/preorder/modify',
  auth: 'user',
  summary: 'Sets the quote’s delivery address (a served Cambodian address)',
  tag: T,
  body: z.object({ preorderId: z.uuid(), addressId: z.uuid() }),
  data: haitaoPreorder,
});
export const haitaoFinishPreorder = defineCall({
  method: 'POST',
  path: '/v1/haitao/preorder/finish',
  auth: 'user',
  summary: 'The quote becomes an order to pay (online only) at its prices',
  tag: T,
  body: z.object({ preorderId: z.uuid(), remark: z.optional(z.string().check(z.maxLength(200))) }),
  data: z.object({ orderId: z.string(), orderNo: z.string(), totalCents: cents() }),
});

export const haitaoEvent = z.object({ state: overseasState, text: z.string(), at: z.string() });
export const haitaoSourceOrder = z.object({
  shopId: z.string(),
  shopName: z.string(),
  channel: haitaoChannel,
  sourceOrderNo: z.nullable(z.string()),
  lines: z.array(haitaoLine),
  goodsCents: cents(),
});
export const haitaoOrder = z.object({
  id: z.string(),
  orderNo: z.string(),
  state: overseasState,
  goodsCents: cents(),
  freightCents: cents(),
  totalCents: cents(),
  paidCents: cents(),
  payChannel: z.nullable(z.string()),
  quote: haitaoQuote,
  address: addressView,
  remark: z.nullable(z.string()),
  /** One order may be several source orders (one per shop). */
  sourceOrders: z.array(haitaoSourceOrder),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  deadlineAt: z.nullable(z.string()),
  /** When it should arrive: from payment, 7 to 12 days. */
  estimate: z.nullable(z.object({ from: z.string(), to: z.string() })),
  /** Why it was refunded, in the caller's language. */
  failure: z.nullable(z.string()),
  events: z.array(haitaoEvent),
});
export type HaitaoOrder = z.infer<typeof haitaoOrder>;
export const haitaoOrderSummary = z.object({
  id: z.string(),
  orderNo: z.string(),
  state: overseasState,
  totalCents: cents(),
  count: int(),
  pictures: z.array(z.string()),
  createdAt: z.string(),
});

const listCall = <P extends string>(path: P, summary: string) =>
  defineCall({
    method: 'GET',
    path,
    auth: 'user',
    summary,
    tag: T,
    query: z.object({ ...pageQuery }),
    data: pageSchema(haitaoOrderSummary),
  });
export const haitaoOrdersAll = listCall('/v1/haitao/order/queryall', 'Overseas orders, newest first');
export const haitaoOrdersWaitSend = listCall(
  '/v1/haitao/order/querywaitsend',
  'Overseas orders not yet on the freight',
);
export const haitaoOrdersWaitProduct = listCall('/v1/haitao/order/querywaitproduct', 'Overseas orders on their way');
export const haitaoOrdersFinish = listCall('/v1/haitao/order/queryfinish', 'Delivered overseas orders');
export const haitaoOrdersCancel = listCall('/v1/haitao/order/querycancel', 'Cancelled and refunded overseas orders');

const orderQuery = z.object({ orderId: z.uuid() });
export const haitaoOrderDetail = defineCall({
  method: 'GET',
  path: '/v1/haitao/order/detail',
  auth: 'user',
  summary: 'One overseas order with its source orders and tracking',
  tag: T,
  query: orderQuery,
  data: haitaoOrder,
});
export const haitaoOrderEndPage = defineCall({
  method: 'GET',
  path: '/v1/haitao/order/endpage',
  auth: 'user',
  summary: 'After paying: the order’s state, total and arrival estimate',
  tag: T,
  query: orderQuery,
  data: z.object({
    orderId: z.string(),
    orderNo: z.string(),
    state: overseasState,
    totalCents: cents(),
    estimate: z.nullable(z.object({ from: z.string(), to: z.string() })),
  }),
});
export const haitaoOrderLogistics = defineCall({
  method: 'GET',
  path: '/v1/haitao/order/logistics',
  auth: 'user',
  summary: 'An overseas order’s tracking events, newest first',
  tag: T,
  query: orderQuery,
  data: z.object({
    orderNo: z.string(),
    state: overseasState,
    events: z.array(haitaoEvent),
    estimate: z.nullable(z.object({ from: z.string(), to: z.string() })),
  }),
});
export const haitaoMerchantOrder = defineCall({
  method: 'GET',
  path: '/v1/haitao/merchantorder/detail',
  auth: 'user',
  summary: 'One shop’s part of an overseas order (its source order)',
  tag: T,
  query: z.object({ orderId: z.uuid(), shopId }),
  data: haitaoSourceOrder,
});
export const haitaoOrderPay = defineCall({
  method: 'POST',
  path: '/v1/haitao/order/pay',
  auth: 'user',
  summary: 'Pays an overseas order online (wallet with pay password, or a gateway); no cash, no COD',
  tag: T,
  body: z.object({
    orderId: z.uuid(),
    channel: z.enum(['wallet', 'sandbox', 'payway', 'mpgs', 'khqr', 'bridge']),
    payPassword: z.optional(z.string().check(z.regex(/^\d{6}$/))),
  }),
  data: z.object({
    paymentId: z.string(),
    status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
    redirectUrl: z.nullable(z.string()),
  }),
});

export const haitaoCashierRefresh = defineCall({
  method: 'GET',
  path: '/v1/haitao/cashier/refresh',
  auth: 'user',
  summary: 'The cashier of an overseas order (online channels only)',
  tag: T,
  query: orderQuery,
  data: cashier,
});
