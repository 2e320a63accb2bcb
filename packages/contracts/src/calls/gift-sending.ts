// Gift cards a shopper buys and sends (issue 46 point 5): the buyer chooses an amount within the
// bounds staff set, a design, a message and the recipient's phone, pays at the cashier (payable kind
// 'giftcard': never by gift balance), and the recipient claims it into their gift balance from a
// one-time link. The buyer never sees the card's code nor the link.
import { defineCall } from '../call.ts';
import { pageQuery, pageSchema } from '../envelope.ts';
import { formatCents } from '../money.ts';
import { cents, int, z } from '../schema.ts';

/** The designs a sent card can have (their names are the screens' words, in three languages). */
export const GIFT_DESIGNS = ['lotus', 'angkor', 'monsoon', 'celebrate'] as const;
export type GiftDesign = (typeof GIFT_DESIGNS)[number];

/** The longest message a buyer may write on a card. */
export const GIFT_MESSAGE_MAX = 140;
/** Days after which a sent card nobody claimed counts as unclaimed (the buyer may then have it refunded). */
export const GIFT_UNCLAIMED_DAYS = 30;

/** Abuse limits (decision 0075), per Phnom Penh day. */
export const GIFT_SEND_LIMITS = {
  /** Cards one buyer may send in a day (unpaid ones count until they expire). */
  buyerCount: 5,
  /** What one buyer may send in a day, in cents. */
  buyerCents: 50_000,
  /** Cards one phone may be sent in a day, by anyone (resends included). */
  recipientCount: 3,
  /** Resends of one card. */
  resends: 3,
} as const;

/** The limits' shape (the numbers may be set otherwise than the defaults). */
export type GiftSendLimits = { [K in keyof typeof GIFT_SEND_LIMITS]: number };

export type GiftLimitFacts = { buyerCount: number; buyerCents: number; recipientCount: number };

/**
 * Whether one more card of `amountCents` stays within the day's limits, given what was sent today;
 * the refusal's code and its values otherwise. The screen and the server use the same rule.
 */
export function giftLimitRefusal(
  today: GiftLimitFacts,
  amountCents: number,
  limits: GiftSendLimits = GIFT_SEND_LIMITS,
): { code: 'GFT00104' | 'GFT00105' | 'GFT00106'; values: Record<string, string | number> } | null {
  if (today.buyerCount >= limits.buyerCount) return { code: 'GFT00104', values: { count: limits.buyerCount } };
  if (today.buyerCents + amountCents > limits.buyerCents)
    return {
      code: 'GFT00105',
      values: {
        amount: formatCents(limits.buyerCents),
        left: formatCents(Math.max(0, limits.buyerCents - today.buyerCents)),
      },
    };
  if (today.recipientCount >= limits.recipientCount)
    return { code: 'GFT00106', values: { count: limits.recipientCount } };
  return null;
}

/** What the send form needs: the bounds staff set and the amounts it suggests. */
export const giftSendPage = z.object({
  minCents: cents(),
  maxCents: cents(),
  amountsCents: z.array(cents()),
  designs: z.array(z.enum(GIFT_DESIGNS)),
  messageMax: int(),
});
export type GiftSendPage = z.infer<typeof giftSendPage>;

export const giftSendBody = z.object({
  amountCents: cents(),
  design: z.string().check(z.maxLength(20)),
  message: z.string().check(z.maxLength(400)),
  phone: z.string().check(z.maxLength(30)),
  countryCode: z.optional(z.string().check(z.maxLength(5))),
});

/**
 * A sent card as its buyer sees it: to pay, sent (waiting), claimed, unclaimed (30 days passed),
 * refunded, or closed unpaid.
 */
export const SENT_GIFT_STATES = ['to_pay', 'sent', 'claimed', 'unclaimed', 'refunded', 'closed'] as const;
export type SentGiftState = (typeof SENT_GIFT_STATES)[number];

export const sentGift = z.object({
  id: z.string(),
  reference: z.string(),
  amountCents: cents(),
  design: z.enum(GIFT_DESIGNS),
  message: z.string(),
  /** E.164. */
  recipientPhone: z.string(),
  state: z.enum(SENT_GIFT_STATES),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  claimedAt: z.nullable(z.string()),
  refundedAt: z.nullable(z.string()),
  /** When it counts as unclaimed if nobody claims it. */
  unclaimedAt: z.nullable(z.string()),
  sends: int(),
  canResend: z.boolean(),
  canRefund: z.boolean(),
});
export type SentGift = z.infer<typeof sentGift>;

export const queryGiftSendPage = defineCall({
  method: 'GET',
  path: '/v1/giftcard/send/page',
  auth: 'user',
  summary: 'What the send-a-gift-card form offers: the amounts staff allow and the designs',
  tag: 'giftcards',
  data: giftSendPage,
});

export const sendGiftCard = defineCall({
  method: 'POST',
  path: '/v1/giftcard/send',
  auth: 'user',
  summary: 'A gift card to send, to pay at the cashier (payable kind giftcard; not by gift balance)',
  tag: 'giftcards',
  body: giftSendBody,
  data: sentGift,
});

export const querySentGifts = defineCall({
  method: 'GET',
  path: '/v1/giftcard/sent',
  auth: 'user',
  summary: 'The gift cards the shopper bought and sent, newest first, with their state',
  tag: 'giftcards',
  query: z.object({ ...pageQuery }),
  data: pageSchema(sentGift),
});

export const resendGiftCard = defineCall({
  method: 'POST',
  path: '/v1/giftcard/sent/resend',
  auth: 'user',
  summary: 'Sends a new claim link of a card not yet claimed, to the same or a corrected number',
  tag: 'giftcards',
  body: z.object({
    id: z.uuid(),
    phone: z.optional(z.string().check(z.maxLength(30))),
    countryCode: z.optional(z.string().check(z.maxLength(5))),
  }),
  data: sentGift,
});

export const refundSentGift = defineCall({
  method: 'POST',
  path: '/v1/giftcard/sent/refund',
  auth: 'user',
  summary: 'Gives an unclaimed card’s money back the way it was paid (refused once claimed)',
  tag: 'giftcards',
  body: z.object({ id: z.uuid() }),
  data: sentGift,
});

export const claimGiftCard = defineCall({
  method: 'POST',
  path: '/v1/giftcard/claim',
  auth: 'user',
  summary: 'Claims a sent gift card from its one-time link: its value goes to the gift balance once',
  tag: 'giftcards',
  // Not `token`: that name is the session's in the shop's calls.
  body: z.object({ claimToken: z.string().check(z.maxLength(100)) }),
  data: z.object({
    amountCents: cents(),
    design: z.enum(GIFT_DESIGNS),
    message: z.string(),
    giftBalanceCents: cents(),
  }),
});
