import { defineCall } from '../../call.ts';
import { int, z } from '../../schema.ts';
import { CAMPAIGN_ROUTES } from '../campaigns.ts';
import { id, localizedInput } from './catalogue.ts';

const rulesText = z.object({
  'en-US': z.string().check(z.minLength(1), z.maxLength(5000)),
  chs: z.string().check(z.minLength(1), z.maxLength(5000)),
  kh: z.string().check(z.minLength(1), z.maxLength(5000)),
});

/** A block as staff build it: texts in three languages, references by id. */
export const campaignBlockInput = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hero'),
    imageUrl: z.nullable(z.string().check(z.maxLength(300), z.regex(/^\/v1\/catalogue\/image\/\d+$/))),
    caption: localizedInput,
  }),
  z.object({ type: z.literal('countdown') }),
  z.object({
    type: z.literal('products'),
    source: z.enum(['tag', 'activity']),
    sourceId: id(),
    heading: localizedInput,
    limit: z.int().check(z.minimum(2), z.maximum(20)),
  }),
  z.object({
    type: z.literal('coupons'),
    batchIds: z.array(id()).check(z.minLength(1), z.maxLength(6)),
    heading: localizedInput,
  }),
  z.object({ type: z.literal('rules'), heading: localizedInput, text: rulesText }),
  z.object({ type: z.literal('share') }),
  /**
   * A lucky draw: each shopper draws `drawsPerShopper` times in the campaign; a draw wins a prize
   * (a coupon of a batch) with the odds weight / (the prizes' weights + missWeight), never beyond a
   * prize's stock (an empty prize's draw wins nothing). One per campaign.
   */
  z.object({
    type: z.literal('luckyDraw'),
    heading: localizedInput,
    drawsPerShopper: z.int().check(z.minimum(1), z.maximum(10)),
    missWeight: z.int().check(z.minimum(0), z.maximum(1_000_000)),
    prizes: z
      .array(
        z.object({
          batchId: id(),
          stock: z.int().check(z.minimum(1), z.maximum(1_000_000)),
          weight: z.int().check(z.minimum(1), z.maximum(1_000_000)),
        }),
      )
      .check(z.minLength(1), z.maxLength(8)),
  }),
  /** Spend and get: a paid order of at least `thresholdCents` in the campaign's dates gives a coupon of the batch, once per shopper. */
  z.object({
    type: z.literal('spendAndGet'),
    heading: localizedInput,
    thresholdCents: z.int().check(z.minimum(100), z.maximum(100_000_000)),
    batchId: id(),
  }),
]);
export type CampaignBlockInput = z.infer<typeof campaignBlockInput>;

export const consoleCampaign = z.object({
  id: int(),
  route: z.enum(CAMPAIGN_ROUTES),
  title: localizedInput,
  blocks: z.array(campaignBlockInput),
  startsAt: z.string(),
  endsAt: z.string(),
  published: z.boolean(),
  /** The shop's address that shows it to staff before it is published or started. */
  previewPath: z.string(),
  updatedBy: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type ConsoleCampaign = z.infer<typeof consoleCampaign>;

const choice = z.object({ id: int(), name: z.string() });

export const adminCampaigns = defineCall({
  method: 'GET',
  path: '/admin-api/v1/campaigns',
  auth: 'user',
  summary: 'Every campaign (newest start first), with the tags and activities a products block may show',
  tag: 'admin: campaigns',
  data: z.object({
    list: z.array(consoleCampaign),
    choices: z.object({ tags: z.array(choice), activities: z.array(choice) }),
  }),
});

export const adminCampaignSave = defineCall({
  method: 'POST',
  path: '/admin-api/v1/campaigns/save',
  auth: 'user',
  summary: 'Creates (no id) or changes a campaign: its route, title, blocks and dates',
  tag: 'admin: campaigns',
  body: z.object({
    id: z.optional(id()),
    route: z.enum(CAMPAIGN_ROUTES),
    title: localizedInput,
    blocks: z.array(campaignBlockInput).check(z.minLength(1), z.maxLength(12)),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
  }),
  data: consoleCampaign,
});

export const adminCampaignPublish = defineCall({
  method: 'POST',
  path: '/admin-api/v1/campaigns/publish',
  auth: 'user',
  summary: 'Publishes a campaign (shoppers see it in its dates) or takes it back',
  tag: 'admin: campaigns',
  body: z.object({ id: id(), published: z.boolean() }),
  data: consoleCampaign,
});
