import { defineCall } from '../call.ts';
import { int, rowId, z } from '../schema.ts';
import { productCard } from './catalogue.ts';
import { campaignOffer, coupon } from './coupons.ts';

/**
 * Campaign pages (docs/campaigns.md): the campaign routes of spec §2, each showing the campaign
 * staff bound to it, made of blocks, scheduled in Phnom Penh time. (/newyearCoupon, the eleventh,
 * is the coupons module's claim page.)
 */
export const CAMPAIGN_ROUTES = [
  'activityFive',
  'blackFridav',
  'Cambodiaactivity',
  'christmas',
  'decathlon',
  'newbg',
  'Shortactivity',
  'twelveActivity',
  'valentineActivity',
  'yearEndActivity',
] as const;
export type CampaignRoute = (typeof CAMPAIGN_ROUTES)[number];
export const CAMPAIGN_STATES = ['upcoming', 'running', 'ended'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** A block as the shopper sees it, in the shopper's language. */
export const campaignBlockView = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hero'), imageUrl: z.nullable(z.string()), caption: z.string() }),
  z.object({ type: z.literal('countdown') }),
  z.object({
    type: z.literal('products'),
    heading: z.string(),
    /** Where "see all" goes: the tag's or activity's list. */
    more: z.string(),
    list: z.array(productCard),
  }),
  z.object({ type: z.literal('coupons'), heading: z.string(), offers: z.array(campaignOffer) }),
  /** Rules as HTML, rendered from Markdown and sanitised by the server. */
  z.object({ type: z.literal('rules'), heading: z.string(), html: z.string() }),
  z.object({ type: z.literal('share') }),
  z.object({
    type: z.literal('luckyDraw'),
    heading: z.string(),
    drawsPerShopper: int(),
    /** The shopper's draws left (null for a visitor: they log in to draw). */
    drawsLeft: z.nullable(int()),
    prizes: z.array(
      z.object({
        batchId: int(),
        title: z.string(),
        discountCents: int(),
        minSpendCents: int(),
        /** The odds of a draw winning it, in percent (one decimal). */
        chancePercent: z.number(),
        left: int(),
      }),
    ),
    /** What the shopper won so far, newest first. */
    wins: z.array(z.object({ title: z.string(), at: z.string() })),
  }),
  z.object({
    type: z.literal('spendAndGet'),
    heading: z.string(),
    thresholdCents: int(),
    offer: z.nullable(z.object({ title: z.string(), discountCents: int(), minSpendCents: int(), validDays: int() })),
    /** The shopper got it already (null for a visitor). */
    granted: z.nullable(z.boolean()),
  }),
]);
export type CampaignBlockView = z.infer<typeof campaignBlockView>;

export const campaignPage = z.object({
  campaignId: int(),
  route: z.string(),
  state: z.enum(CAMPAIGN_STATES),
  /** Opened through staff's preview link (not published, or outside its dates). */
  preview: z.boolean(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Before the start only the hero and the countdown; after the end none. */
  blocks: z.array(campaignBlockView),
});
export type CampaignPage = z.infer<typeof campaignPage>;

export const queryCampaignPage = defineCall({
  method: 'GET',
  path: '/v1/campaign/page',
  auth: 'optional',
  summary: 'The campaign bound to a campaign route: upcoming (when it starts), running (its blocks) or ended',
  tag: 'campaigns',
  query: z.object({
    route: z.enum(CAMPAIGN_ROUTES),
    /** Staff's preview link: shows that campaign whatever its dates and publication. */
    preview: z.optional(z.string().check(z.minLength(16), z.maxLength(64))),
  }),
  data: campaignPage,
});

export const claimCampaignCoupon = defineCall({
  method: 'POST',
  path: '/v1/campaign/claim',
  auth: 'user',
  summary: 'Claim a coupon of a running campaign: once per shopper, never beyond the coupons left',
  tag: 'campaigns',
  body: z.object({ campaignId: rowId(), batchId: rowId() }),
  data: coupon,
});

export const drawCampaignPrize = defineCall({
  method: 'POST',
  path: '/v1/campaign/draw',
  auth: 'user',
  summary:
    'One draw of a running campaign’s lucky draw: a prize (a coupon) or nothing; never beyond the draws or a prize’s stock',
  tag: 'campaigns',
  body: z.object({ campaignId: rowId() }),
  data: z.object({
    prize: z.nullable(z.object({ batchId: int(), title: z.string(), discountCents: int(), minSpendCents: int() })),
    drawsLeft: int(),
  }),
});
