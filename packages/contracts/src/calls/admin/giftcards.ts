import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { cents, int, z } from '../../schema.ts';
import { shopperContact } from './lists.ts';

/** Limits of one issue: up to 1,000 cards of up to 1,000 USD each. */
export const GIFT_CARD_BATCH_MAX = 1000;
export const GIFT_CARD_VALUE_MAX_CENTS = 100_000;

/** A card's state: not yet activated (new), activated by a shopper (active), voided by staff (void). */
export const GIFT_CARD_STATES = ['new', 'active', 'void'] as const;
export type GiftCardState = (typeof GIFT_CARD_STATES)[number];
/**
 * A card as the console shows it: a new card past its expiry can no longer be activated, so it is
 * expired (derived by the server from its dates; the card's stored state stays new).
 */
export const CONSOLE_GIFT_CARD_STATES = [...GIFT_CARD_STATES, 'expired'] as const;
export type ConsoleGiftCardState = (typeof CONSOLE_GIFT_CARD_STATES)[number];

export const consoleGiftCardBatch = z.object({
  id: z.string(),
  name: z.string(),
  faceValueCents: cents(),
  count: int(),
  expiresAt: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  voidedAt: z.nullable(z.string()),
  /** How many of its cards are in each state. */
  counts: z.object({ new: int(), active: int(), void: int() }),
});
export type ConsoleGiftCardBatch = z.infer<typeof consoleGiftCardBatch>;

export const consoleGiftCard = z.object({
  id: z.string(),
  batchId: z.string(),
  last4: z.string(),
  faceValueCents: cents(),
  state: z.enum(GIFT_CARD_STATES),
  userId: z.nullable(z.string()),
  activatedAt: z.nullable(z.string()),
  voidedAt: z.nullable(z.string()),
  expiresAt: z.string(),
});
export type ConsoleGiftCard = z.infer<typeof consoleGiftCard>;

/** A card in the console's list: its shown state (expired derived) and who activated it. */
export const consoleGiftCardRow = z.object({
  ...consoleGiftCard.shape,
  state: z.enum(CONSOLE_GIFT_CARD_STATES),
  shopper: shopperContact,
});
export type ConsoleGiftCardRow = z.infer<typeof consoleGiftCardRow>;

/** A batch in the console's list: its cards never activated before the expiry count as expired. */
export const consoleGiftCardBatchRow = z.object({
  ...consoleGiftCardBatch.shape,
  counts: z.object({ new: int(), active: int(), void: int(), expired: int() }),
});
export type ConsoleGiftCardBatchRow = z.infer<typeof consoleGiftCardBatchRow>;

export const adminGiftCardBatches = defineCall({
  method: 'GET',
  path: '/admin-api/v1/giftcards/batches',
  auth: 'user',
  summary: 'Gift card batches, newest first, with how many cards are new, active or void',
  tag: 'admin: gift cards',
  query: z.object({ ...pageQuery }),
  data: pageSchema(consoleGiftCardBatchRow),
});

export const adminGiftCardIssue = defineCall({
  method: 'POST',
  path: '/admin-api/v1/giftcards/batches/issue',
  auth: 'user',
  summary: 'Issues a batch: the numbers and codes are in this answer only (kept as keyed hashes)',
  tag: 'admin: gift cards',
  body: z.object({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
    faceValueCents: int(),
    count: int(),
    /** The last moment a card can be activated (ISO time, in the future). */
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  data: z.object({
    batch: consoleGiftCardBatch,
    cards: z.array(z.object({ number: z.string(), code: z.string() })),
  }),
});

export const adminGiftCards = defineCall({
  method: 'GET',
  path: '/admin-api/v1/giftcards/cards',
  auth: 'user',
  summary: 'The cards of one batch (last four digits, state, who activated it)',
  tag: 'admin: gift cards',
  query: z.object({ ...pageQuery, batchId: z.uuid() }),
  data: pageSchema(consoleGiftCardRow),
});

const voidBody = z.object({ id: z.uuid(), reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) });

export const adminGiftCardBatchVoid = defineCall({
  method: 'POST',
  path: '/admin-api/v1/giftcards/batches/void',
  auth: 'user',
  summary: 'Voids every card of a batch not yet activated (activated cards stay)',
  tag: 'admin: gift cards',
  body: voidBody,
  data: consoleGiftCardBatch,
});

export const adminGiftCardVoid = defineCall({
  method: 'POST',
  path: '/admin-api/v1/giftcards/cards/void',
  auth: 'user',
  summary: 'Voids one card not yet activated',
  tag: 'admin: gift cards',
  body: voidBody,
  data: consoleGiftCard,
});
