import { z } from 'zod';
import { defineCall } from '../call.ts';

const hours = z.object({
  /** ISO weekdays the desk is open, 1 = Monday … 7 = Sunday. */
  days: z.array(z.number().int().min(1).max(7)),
  open: z.string().regex(/^\d{2}:\d{2}$/),
  close: z.string().regex(/^\d{2}:\d{2}$/),
  timeZone: z.string(),
});
export type OpeningHours = z.infer<typeof hours>;

/** The shop's business constants (spec §9), kept in the database so operators can change them. */
export const systemConfig = z.object({
  appName: z.string(),
  defaultLanguage: z.string(),
  languages: z.array(z.string()),
  currency: z.literal('USD'),
  phoneCodes: z.array(z.string()),
  supportHours: hours,
  storeHours: hours,
  pickupHoldDays: z.number().int(),
  shippingFromCents: z.number().int(),
  minTopUpCents: z.number().int(),
  withdrawalMinCents: z.number().int(),
  cardPerPersonLimit: z.number().int(),
  domesticDeliveryDays: z.object({ min: z.number().int(), max: z.number().int() }),
  overseasDeliveryDays: z.object({ min: z.number().int(), max: z.number().int() }),
  landFreightDays: z.object({ min: z.number().int(), max: z.number().int() }),
  smsCodeLength: z.number().int(),
  smsResendSeconds: z.number().int(),
  payPasswordLength: z.number().int(),
  loadingTimeoutMs: z.number().int(),
  doubleTapMs: z.number().int(),
  deepLinkScheme: z.string(),
});
export type SystemConfig = z.infer<typeof systemConfig>;

export const getSystemConfig = defineCall({
  method: 'GET',
  path: '/v1/other/system/config',
  auth: 'none',
  summary: 'Business constants of the shop',
  tag: 'system',
  data: systemConfig,
});

export const contactChannel = z.object({
  kind: z.enum(['phone', 'telegram', 'email', 'facebook', 'whatsapp']),
  value: z.string(),
  /** Where a tap goes: tel:, mailto: or https: */
  href: z.string(),
});
export type ContactChannel = z.infer<typeof contactChannel>;

export const customerService = z.object({
  hours,
  /** Whether the desk is open at the moment of the answer, in the shop's time zone. */
  openNow: z.boolean(),
  channels: z.array(contactChannel),
});
export type CustomerService = z.infer<typeof customerService>;

export const getCustomerService = defineCall({
  method: 'GET',
  path: '/v1/other/customer/service',
  auth: 'none',
  summary: 'How to reach customer service, and whether it is open now',
  tag: 'system',
  data: customerService,
});
