// The console's gift cards bought and sent by shoppers (issue 46 point 5): the list with buyer and
// recipient, resend and cancel (a refund if unclaimed), and the amounts shoppers may send. Finance,
// like the console's other money actions.
import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { cents, z } from '../../schema.ts';
import { sentGift } from '../gift-sending.ts';
import { shopperContact } from './lists.ts';

export const consoleGiftPurchase = z.object({
  ...sentGift.shape,
  buyer: shopperContact,
  /** The recipient's phone as dialled (012 345 678), as the console writes phones. */
  recipientPhoneText: z.string(),
  payChannel: z.nullable(z.string()),
});
export type ConsoleGiftPurchase = z.infer<typeof consoleGiftPurchase>;

export const adminGiftPurchases = defineCall({
  method: 'GET',
  path: '/admin-api/v1/giftcards/purchases',
  auth: 'user',
  summary: 'Gift cards shoppers bought and sent, newest first, optionally in one state',
  tag: 'admin: gift cards',
  query: z.object({
    ...pageQuery,
    state: z.optional(z.enum(['to_pay', 'sent', 'claimed', 'unclaimed', 'refunded', 'closed'])),
  }),
  data: pageSchema(consoleGiftPurchase),
});

export const adminGiftPurchaseResend = defineCall({
  method: 'POST',
  path: '/admin-api/v1/giftcards/purchases/resend',
  auth: 'user',
  summary: 'Sends a new claim link of a card not yet claimed, to the same or a corrected number',
  tag: 'admin: gift cards',
  body: z.object({
    id: z.uuid(),
    phone: z.optional(z.string().check(z.maxLength(30))),
    countryCode: z.optional(z.string().check(z.maxLength(5))),
  }),
  data: consoleGiftPurchase,
});

export const adminGiftPurchaseCancel = defineCall({
  method: 'POST',
  path: '/admin-api/v1/giftcards/purchases/cancel',
  auth: 'user',
  summary: 'Cancels a card not yet claimed: its money goes back the way it was paid (GFT00109 once claimed)',
  tag: 'admin: gift cards',
  body: z.object({ id: z.uuid(), reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) }),
  data: consoleGiftPurchase,
});

export const giftSendSettingsBody = z.object({
  minCents: cents(),
  maxCents: cents(),
  amountsCents: z.array(cents()).check(z.maxLength(12)),
});

export const adminGiftSendSettings = defineCall({
  method: 'GET',
  path: '/admin-api/v1/giftcards/send-settings',
  auth: 'user',
  summary: 'The amounts shoppers may send as gift cards ($5–$200 at most) and the suggested ones',
  tag: 'admin: gift cards',
  data: giftSendSettingsBody,
});

export const adminGiftSendSettingsSave = defineCall({
  method: 'POST',
  path: '/admin-api/v1/giftcards/send-settings',
  auth: 'user',
  summary: 'Sets the amounts shoppers may send as gift cards',
  tag: 'admin: gift cards',
  body: giftSendSettingsBody,
  data: giftSendSettingsBody,
});
