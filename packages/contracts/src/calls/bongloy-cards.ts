import { defineCall } from '../call.ts';
import { pageQuery, pageSchema } from '../envelope.ts';
import { cents, z } from '../schema.ts';

/** Card top-up amounts (ours to set, docs/bongloy.md): at least USD 10, at most USD 1,000 at a time. */
export const CARD_TOPUP_MIN_CENTS = 1_000;
export const CARD_TOPUP_MAX_CENTS = 100_000;
export const CARD_TOPUP_AMOUNTS_CENTS = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000] as const;

/** A card top-up: WP (to pay) → PAID (paid, credit asked) → SUCCESS, or FAILED (money back); WP → CANCEL. */
export const CARD_TOPUP_STATES = ['WP', 'PAID', 'SUCCESS', 'FAILED', 'CANCEL'] as const;
export type CardTopupState = (typeof CARD_TOPUP_STATES)[number];

const uuid = () => z.string().check(z.regex(/^[0-9a-f-]{36}$/));

export const bongloyCard = z.object({
  id: z.string(),
  applicationId: z.string(),
  maskedNumber: z.string(),
  expiry: z.string(),
  /** ISSUED (shipped or ready for pickup) or ACTIVE. */
  state: z.enum(['ISSUED', 'ACTIVE']),
  delivery: z.nullable(z.string()),
  /** From the issuer, now; null when the issuer cannot be reached. */
  balanceCents: z.nullable(cents()),
});
export type BongloyCard = z.infer<typeof bongloyCard>;

export const cardTopup = z.object({
  id: z.string(),
  topupNo: z.string(),
  cardId: z.string(),
  maskedNumber: z.string(),
  amountCents: cents(),
  state: z.enum(CARD_TOPUP_STATES),
  payChannel: z.nullable(z.string()),
  failure: z.nullable(z.string()),
  deadlineAt: z.nullable(z.string()),
  createdAt: z.string(),
  doneAt: z.nullable(z.string()),
});
export type CardTopup = z.infer<typeof cardTopup>;

export const queryBongloyCards = defineCall({
  method: 'GET',
  path: '/v1/bongloy/cards',
  auth: 'user',
  summary: 'The shopper’s prepaid cards with their balance from the issuer',
  tag: 'bongloy',
  query: z.object({}),
  data: z.array(bongloyCard),
});

export const activateBongloyCard = defineCall({
  method: 'POST',
  path: '/v1/bongloy/card/activate',
  auth: 'user',
  summary: 'Activate a received card with the last four digits printed on it',
  tag: 'bongloy',
  body: z.object({ cardId: uuid(), last4: z.string().check(z.regex(/^\d{4}$/)) }),
  data: bongloyCard,
});

export const createCardTopup = defineCall({
  method: 'POST',
  path: '/v1/bongloy/topup/create',
  auth: 'user',
  summary: 'A card top-up order (an active card, an amount), then pay at the cashier (kind bongloytopup)',
  tag: 'bongloy',
  body: z.object({ cardId: uuid(), amountCents: z.int().check(z.minimum(1), z.maximum(10_000_000)) }),
  data: cardTopup,
});

export const queryCardTopup = defineCall({
  method: 'GET',
  path: '/v1/bongloy/topup/detail',
  auth: 'user',
  summary: 'One of the shopper’s card top-ups',
  tag: 'bongloy',
  query: z.object({ id: uuid() }),
  data: cardTopup,
});

export const queryCardTopups = defineCall({
  method: 'GET',
  path: '/v1/bongloy/topup/list',
  auth: 'user',
  summary: 'The shopper’s card top-ups, newest first',
  tag: 'bongloy',
  query: z.object({ ...pageQuery }),
  data: pageSchema(cardTopup),
});
