import { defineCall } from '../call.ts';
import { clock, int, z } from '../schema.ts';

const hours = z.object({
  /** ISO weekdays the desk is open, 1 = Monday … 7 = Sunday. */
  days: z.array(z.int().check(z.minimum(1), z.maximum(7))),
  open: clock(),
  close: clock(),
  timeZone: z.string(),
});
export type OpeningHours = z.infer<typeof hours>;

const dayRange = z.object({ min: int(), max: int() });

/** An https address of a store page (the console's settings write it; the shop links to it). */
const storeLink = z.string().check(z.maxLength(300), z.regex(/^https:\/\/[^\s"'<>]+$/));

/** The shop's business constants (spec §9), kept in the database so operators can change them. */
export const systemConfig = z.object({
  appName: z.string(),
  defaultLanguage: z.string(),
  languages: z.array(z.string()),
  currency: z.literal('USD'),
  phoneCodes: z.array(z.string()),
  supportHours: hours,
  storeHours: hours,
  /** The length of a valuation inspection slot (minutes) and the visits one slot takes: new bookings use them. */
  valuationSlotMinutes: z.int().check(z.minimum(15), z.maximum(240)),
  valuationSlotCapacity: z.int().check(z.minimum(1), z.maximum(100)),
  pickupHoldDays: int(),
  shippingFromCents: int(),
  minTopUpCents: int(),
  withdrawalMinCents: int(),
  cardPerPersonLimit: int(),
  domesticDeliveryDays: dayRange,
  overseasDeliveryDays: dayRange,
  landFreightDays: dayRange,
  smsCodeLength: int(),
  smsResendSeconds: int(),
  payPasswordLength: int(),
  loadingTimeoutMs: int(),
  doubleTapMs: int(),
  deepLinkScheme: z.string(),
  /** The wallet app's pages in the phone stores (/bongloyDownload, /download/bongloy). */
  walletAppLinks: z.object({ appStore: storeLink, googlePlay: storeLink }),
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
