import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { z } from '../../schema.ts';
import { INVITATION_STATES } from '../invitations.ts';
import { id, localizedInput, longLocalized } from './catalogue.ts';

export const consoleBatch = z.object({
  id: z.int(),
  title: localizedInput,
  minSpendCents: z.int(),
  discountCents: z.int(),
  validDays: z.int(),
  code: z.nullable(z.string()),
  campaign: z.nullable(z.string()),
  totalLimit: z.nullable(z.int()),
  perUserLimit: z.int(),
  issuedCount: z.int(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type ConsoleBatch = z.infer<typeof consoleBatch>;

export const adminCouponBatches = defineCall({
  method: 'GET',
  path: '/admin-api/v1/finance/coupons',
  auth: 'user',
  summary: 'Coupon batches and promo codes, newest first',
  tag: 'admin: finance',
  data: z.array(consoleBatch),
});

export const adminCouponBatchCreate = defineCall({
  method: 'POST',
  path: '/admin-api/v1/finance/coupons/create',
  auth: 'user',
  summary: 'Creates a coupon batch, optionally with a promo code shoppers can enter',
  tag: 'admin: finance',
  body: z.object({
    title: localizedInput,
    minSpendCents: z.int(),
    discountCents: z.int(),
    validDays: z.int(),
    code: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
    totalLimit: z.optional(z.nullable(z.int())),
    perUserLimit: z.int(),
  }),
  data: consoleBatch,
});

export const adminCouponBatchActive = defineCall({
  method: 'POST',
  path: '/admin-api/v1/finance/coupons/active',
  auth: 'user',
  summary: 'Starts or stops a batch (its code and claims)',
  tag: 'admin: finance',
  body: z.object({ id: z.int().check(z.minimum(1)), active: z.boolean() }),
  data: consoleBatch,
});

export const adminCouponIssue = defineCall({
  method: 'POST',
  path: '/admin-api/v1/finance/coupons/issue',
  auth: 'user',
  summary: 'Gives a coupon of a batch to shoppers found by phone',
  tag: 'admin: finance',
  body: z.object({
    batchId: z.int().check(z.minimum(1)),
    phones: z.array(z.string().check(z.maxLength(32))).check(z.maxLength(200)),
  }),
  data: z.object({ issued: z.int() }),
});

export const adminNoticeSend = defineCall({
  method: 'POST',
  path: '/admin-api/v1/support/notice',
  auth: 'user',
  summary: 'Sends a notice to one shopper (by phone) or, without a phone, to everyone',
  tag: 'admin: support',
  body: z.object({
    phone: z.optional(z.nullable(z.string().check(z.maxLength(32)))),
    title: localizedInput,
    body: z.object({
      'en-US': z.string().check(z.maxLength(2000)),
      chs: z.string().check(z.maxLength(2000)),
      kh: z.string().check(z.maxLength(2000)),
    }),
    link: z.optional(z.nullable(z.string().check(z.maxLength(300)))),
    /** To one shopper: a promotion, sent only on the channels they agreed to (issue 46); `id` is then 0. */
    promotion: z.optional(z.boolean()),
  }),
  data: z.object({ id: z.int(), to: z.string() }),
});

export const consoleInvitation = z.object({
  id: z.int(),
  inviterId: z.string(),
  inviterPhone: z.nullable(z.string()),
  inviteeId: z.string(),
  inviteePhone: z.nullable(z.string()),
  code: z.string(),
  status: z.enum(INVITATION_STATES),
  invitedAt: z.string(),
  expiresAt: z.string(),
  orderId: z.nullable(z.string()),
  rewardCents: z.int(),
  settledAt: z.nullable(z.string()),
});
export type ConsoleInvitation = z.infer<typeof consoleInvitation>;

export const adminInvitations = defineCall({
  method: 'GET',
  path: '/admin-api/v1/finance/invitations',
  auth: 'user',
  summary: 'Invitations and their rewards, by state and/or inviter phone, with the rewards paid under that filter',
  tag: 'admin: finance',
  query: z.object({
    ...pageQuery,
    state: z.optional(z.enum(INVITATION_STATES)),
    phone: z.optional(z.string().check(z.maxLength(20))),
  }),
  data: z.object({
    ...pageSchema(consoleInvitation).shape,
    rewardCents: z.int(),
    rules: z.object({ rewardPerFriendCents: z.int(), rewardCapCents: z.int(), validDays: z.int() }),
  }),
});

export const consoleCampaignPage = z.object({
  campaign: z.string(),
  title: localizedInput,
  body: longLocalized,
  imageUrl: z.nullable(z.string()),
  batchIds: z.array(z.int()),
  updatedAt: z.string(),
});
export type ConsoleCampaignPage = z.infer<typeof consoleCampaignPage>;

/** The claim campaigns with a page in the shop (campaign name → shop page). */
export const CAMPAIGN_PAGES = { newyear: '/newyearCoupon' } as const;
export type CampaignName = keyof typeof CAMPAIGN_PAGES;

export const adminCampaignPages = defineCall({
  method: 'GET',
  path: '/admin-api/v1/finance/campaigns',
  auth: 'user',
  summary: 'Campaign pages: what each says (three languages), its picture, and the coupon batches it gives',
  tag: 'admin: finance',
  data: z.array(consoleCampaignPage),
});

export const adminCampaignPageSave = defineCall({
  method: 'POST',
  path: '/admin-api/v1/finance/campaigns/save',
  auth: 'user',
  summary: 'Writes a campaign page (title, text, picture) and chooses the coupon batches it gives',
  tag: 'admin: finance',
  body: z.object({
    campaign: z.string().check(z.maxLength(40)),
    title: localizedInput,
    body: longLocalized,
    imageUrl: z.nullable(z.string().check(z.maxLength(300))),
    batchIds: z.array(id()).check(z.maxLength(20)),
  }),
  data: consoleCampaignPage,
});
