import { defineCall } from '../call.ts';
import { pageQuery, pageSchema } from '../envelope.ts';
import { cents, int, z } from '../schema.ts';

/** A card number: 16 digits, shown in groups of four (spaces and dashes are ignored). */
export const GIFT_CARD_NUMBER_DIGITS = 16;
/** A card's secret code: 8 digits. */
export const GIFT_CARD_CODE_DIGITS = 8;

/** What the shopper types: the number and the code as printed (spaces and dashes allowed). */
export const giftCardActivateBody = z.object({
  cardNo: z.string().check(z.maxLength(40)),
  code: z.string().check(z.maxLength(20)),
});

/** One of the shopper's activated gift cards. */
export const myGiftCard = z.object({
  id: z.string(),
  /** The last four digits of the number (the rest is not kept). */
  last4: z.string(),
  faceValueCents: cents(),
  batchName: z.string(),
  activatedAt: z.string(),
  /**
   * The last moment the card could be activated (printed on it). Once activated it no longer
   * applies: the value is in the gift balance, which does not expire.
   */
  expiresAt: z.string(),
});
export type MyGiftCard = z.infer<typeof myGiftCard>;

export const myGiftCards = z.object({
  ...pageSchema(myGiftCard).shape,
  /** The shopper's gift balance now (for shopping only). */
  giftBalanceCents: cents(),
  /** The sum of the face values of every card the shopper activated. */
  activatedCents: cents(),
});

export const giftCardActivated = z.object({
  card: myGiftCard,
  /** What the activation added to the gift balance. */
  addedCents: cents(),
  giftBalanceCents: cents(),
});

export const queryGiftCards = defineCall({
  method: 'GET',
  path: '/v1/giftcard/list',
  auth: 'user',
  summary: 'The gift cards the shopper activated, newest first, and the gift balance',
  tag: 'giftcards',
  query: z.object({ ...pageQuery }),
  data: myGiftCards,
});

export const activateGiftCard = defineCall({
  method: 'POST',
  path: '/v1/giftcard/activate',
  auth: 'user',
  summary: 'Activates a gift card by its number and code: its value goes to the gift balance once',
  tag: 'giftcards',
  body: giftCardActivateBody,
  data: giftCardActivated,
});

export const queryGiftCard = defineCall({
  method: 'GET',
  path: '/v1/giftcard/detail',
  auth: 'user',
  summary: 'One of the shopper’s activated gift cards',
  tag: 'giftcards',
  query: z.object({ id: z.uuid() }),
  data: myGiftCard,
});

/** One thing the gift balance paid for: an order, named by its number (what the shopper knows it by). */
export const giftSpendLine = z.object({
  /** The wallet's bill line. */
  id: int(),
  /** The order paid (null for a payment of something else). */
  orderId: z.nullable(z.string()),
  orderNo: z.nullable(z.string()),
  /** What the gift balance paid (positive). */
  amountCents: cents(),
  createdAt: z.string(),
});
export type GiftSpendLine = z.infer<typeof giftSpendLine>;

export const queryGiftSpending = defineCall({
  method: 'GET',
  path: '/v1/giftcard/spending',
  auth: 'user',
  summary: 'What the shopper’s gift balance paid for, newest first, each order with its number',
  tag: 'giftcards',
  query: z.object({ ...pageQuery }),
  data: pageSchema(giftSpendLine),
});
