import { defineCall } from '../call.ts';
import { pageQuery, pageSchema } from '../envelope.ts';
import { cents, int, rowId, z } from '../schema.ts';

/** valid (usable), invalid (expired), used (spec §4). */
export const COUPON_STATES = ['valid', 'invalid', 'used'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

export const coupon = z.object({
  id: int(),
  /** In the caller's language. */
  title: z.string(),
  minSpendCents: cents(),
  discountCents: cents(),
  validFrom: z.string(),
  expiresAt: z.string(),
  status: z.enum(COUPON_STATES),
  orderId: z.nullable(z.string()),
  usedAt: z.nullable(z.string()),
});
export type Coupon = z.infer<typeof coupon>;

export const queryUsableCouponCount = defineCall({
  method: 'GET',
  path: '/v1/coupon/queryusablecount',
  auth: 'user',
  summary: 'How many coupons the shopper can use now',
  tag: 'coupons',
  data: z.object({ count: int() }),
});

export const queryUsableCoupons = defineCall({
  method: 'GET',
  path: '/v1/coupon/queryusable',
  auth: 'user',
  summary: 'Valid coupons, the soonest to expire first',
  tag: 'coupons',
  query: z.object({ ...pageQuery }),
  data: pageSchema(coupon),
});

export const queryUsedCoupons = defineCall({
  method: 'GET',
  path: '/v1/coupon/queryused',
  auth: 'user',
  summary: 'Coupons already used on an order',
  tag: 'coupons',
  query: z.object({ ...pageQuery }),
  data: pageSchema(coupon),
});

export const queryInvalidCoupons = defineCall({
  method: 'GET',
  path: '/v1/coupon/queryinvalid',
  auth: 'user',
  summary: 'Coupons that expired unused',
  tag: 'coupons',
  query: z.object({ ...pageQuery }),
  data: pageSchema(coupon),
});

export const exchangeCouponCode = defineCall({
  method: 'POST',
  path: '/v1/coupon/exchange',
  auth: 'user',
  summary: 'Enter a promotion code: the coupon it gives goes to the shopper (COUPONCODE0005 when invalid or expired)',
  tag: 'coupons',
  body: z.object({ code: z.string().check(z.maxLength(40)) }),
  data: coupon,
});

export const campaignOffer = z.object({
  batchId: int(),
  title: z.string(),
  minSpendCents: cents(),
  discountCents: cents(),
  validDays: int(),
  /** Whether the signed-in shopper already has as many as allowed (false for visitors). */
  claimed: z.boolean(),
  soldOut: z.boolean(),
});
export type CampaignOffer = z.infer<typeof campaignOffer>;

export const queryCouponCampaign = defineCall({
  method: 'GET',
  path: '/v1/coupon/campaign',
  auth: 'optional',
  summary: 'The coupons a claim page offers (visitors see them too)',
  tag: 'coupons',
  query: z.object({ campaign: z.string().check(z.minLength(1), z.maxLength(40)) }),
  data: z.object({
    campaign: z.string(),
    running: z.boolean(),
    offers: z.array(campaignOffer),
    /** What staff wrote for the page in the shopper's language (null: the shop's own words). */
    page: z.nullable(z.object({ title: z.string(), body: z.string(), imageUrl: z.nullable(z.string()) })),
  }),
});

export const claimCoupon = defineCall({
  method: 'POST',
  path: '/v1/coupon/claim',
  auth: 'user',
  summary: 'Claim a coupon of a campaign (a visitor is asked to log in first)',
  tag: 'coupons',
  body: z.object({ batchId: rowId() }),
  data: coupon,
});

/** The new-shopper offer of the visitors' bonus advert ("New here? Get $5 off"), as a visitor sees it. */
export const newShopperOffer = z.object({
  title: z.string(),
  minSpendCents: cents(),
  discountCents: cents(),
  validDays: int(),
});

export const queryNewShopperOffer = defineCall({
  method: 'GET',
  path: '/v1/coupon/newshopper',
  auth: 'optional',
  summary: 'The new-shopper coupon the visitors’ bonus advert promises, and whether the shopper has it',
  tag: 'coupons',
  data: z.object({ offer: newShopperOffer, coupon: z.nullable(coupon) }),
});

export const grantNewShopperCoupon = defineCall({
  method: 'POST',
  path: '/v1/coupon/newshopper',
  auth: 'user',
  summary:
    'Gives the new-shopper coupon to a shopper signed up within its window, once per shopper (the same coupon again after)',
  tag: 'coupons',
  data: z.object({ coupon, granted: z.boolean() }),
});
