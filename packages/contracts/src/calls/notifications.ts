import { defineCall } from '../call.ts';
import { z } from '../schema.ts';

/** Settings › Notifications (issue 46): the groups a shopper chooses channels for, and the channels. */
export const NOTIFICATION_GROUP_NAMES = ['orders', 'money', 'loans', 'promotions'] as const;
export const NOTIFICATION_CHANNEL_NAMES = ['inApp', 'sms', 'telegram', 'push'] as const;
export type NotificationGroupName = (typeof NOTIFICATION_GROUP_NAMES)[number];
export type NotificationChannelName = (typeof NOTIFICATION_CHANNEL_NAMES)[number];

const channelChoices = z.object({ inApp: z.boolean(), sms: z.boolean(), telegram: z.boolean(), push: z.boolean() });
const someChannels = z.object({
  inApp: z.optional(z.boolean()),
  sms: z.optional(z.boolean()),
  telegram: z.optional(z.boolean()),
  push: z.optional(z.boolean()),
});

export const notificationSettings = z.object({
  choices: z.object({
    orders: channelChoices,
    money: channelChoices,
    loans: channelChoices,
    promotions: channelChoices,
  }),
  /** When the shopper agreed to promotions (ISO), or null. */
  promotionsConsentAt: z.nullable(z.string()),
  telegram: z.object({ linked: z.boolean(), name: z.string(), available: z.boolean() }),
  pushDevices: z.number(),
  /** Whether the account has a phone number (SMS can reach it). */
  phone: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const getNotificationSettings = defineCall({
  method: 'GET',
  path: '/v1/notify/settings',
  auth: 'user',
  summary: 'The shopper’s notification choices per group and channel, and what is linked',
  tag: 'notifications',
  data: notificationSettings,
});

export const saveNotificationSettings = defineCall({
  method: 'POST',
  path: '/v1/notify/settings',
  auth: 'user',
  summary: 'Changes notification choices; turning promotions on records consent with its time',
  tag: 'notifications',
  body: z.object({
    choices: z.object({
      orders: z.optional(someChannels),
      money: z.optional(someChannels),
      loans: z.optional(someChannels),
      promotions: z.optional(someChannels),
    }),
  }),
  data: notificationSettings,
});

export const createTelegramLink = defineCall({
  method: 'POST',
  path: '/v1/notify/telegram/link',
  auth: 'user',
  summary: 'A deep link to the shop’s Telegram bot with a one-time token (10 minutes)',
  tag: 'notifications',
  body: z.object({}),
  data: z.object({ link: z.string(), expiresAt: z.string(), botName: z.string() }),
});

export const unlinkTelegram = defineCall({
  method: 'POST',
  path: '/v1/notify/telegram/unlink',
  auth: 'user',
  summary: 'Stops Telegram messages and forgets the chat',
  tag: 'notifications',
  body: z.object({}),
  data: notificationSettings,
});

/** Web push (issue 46): the VAPID public key the browser subscribes with, and whether the stand-in plays the push service. */
export const getPushKey = defineCall({
  method: 'GET',
  path: '/v1/notify/push/key',
  auth: 'user',
  summary: 'The application server key (VAPID) for pushManager.subscribe',
  tag: 'notifications',
  data: z.object({
    publicKey: z.string(),
    /** Outside production: subscribe at the shop's own push-service stand-in (`standInUrl`). */
    standInUrl: z.nullable(z.string()),
  }),
});

const pushSubscription = z.object({
  endpoint: z.string().check(z.maxLength(1000)),
  keys: z.object({ p256dh: z.string().check(z.maxLength(200)), auth: z.string().check(z.maxLength(100)) }),
});

export const savePushSubscription = defineCall({
  method: 'POST',
  path: '/v1/notify/push/subscribe',
  auth: 'user',
  summary: 'Keeps this device’s push subscription (one per device: the endpoint is unique)',
  tag: 'notifications',
  body: pushSubscription,
  data: notificationSettings,
});

export const removePushSubscription = defineCall({
  method: 'POST',
  path: '/v1/notify/push/unsubscribe',
  auth: 'user',
  summary: 'Forgets this device’s push subscription',
  tag: 'notifications',
  body: z.object({ endpoint: z.string().check(z.maxLength(1000)) }),
  data: notificationSettings,
});
