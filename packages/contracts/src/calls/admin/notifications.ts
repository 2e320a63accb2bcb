import { defineCall } from '../../call.ts';
import { z } from '../../schema.ts';

/** Notifications in the console (issue 46). */
export const consoleNotificationDelivery = z.object({
  id: z.int(),
  event: z.string(),
  channel: z.string(),
  /** pending, sending, sent, failed, withheld */
  state: z.string(),
  attempts: z.int(),
  /** Held by the quiet hours. */
  deferred: z.boolean(),
  dueAt: z.string(),
  sentAt: z.nullable(z.string()),
  failure: z.string(),
  createdAt: z.string(),
});

export const adminNotificationLog = defineCall({
  method: 'GET',
  path: '/admin-api/v1/support/notifications/log',
  auth: 'user',
  summary: 'A shopper’s messages by channel: event, state, time and failure (issue 46)',
  tag: 'admin: support',
  query: z.object({ phone: z.string().check(z.minLength(1), z.maxLength(32)) }),
  data: z.object({ phone: z.string(), list: z.array(consoleNotificationDelivery) }),
});

export const adminNotificationToday = defineCall({
  method: 'GET',
  path: '/admin-api/v1/support/notifications/today',
  auth: 'user',
  summary: 'Today’s messages (Phnom Penh) by channel: sent, failed, waiting, withheld, retries',
  tag: 'admin: support',
  data: z.object({
    channels: z.array(
      z.object({
        channel: z.string(),
        sent: z.int(),
        failed: z.int(),
        waiting: z.int(),
        withheld: z.int(),
        retries: z.int(),
      }),
    ),
  }),
});

export const consoleNotificationTemplate = z.object({
  event: z.string(),
  group: z.string(),
  texts: z.array(z.object({ language: z.string(), title: z.string(), body: z.string(), link: z.string() })),
});
export type ConsoleNotificationTemplate = z.infer<typeof consoleNotificationTemplate>;

export const adminNotificationTemplates = defineCall({
  method: 'GET',
  path: '/admin-api/v1/support/notifications/templates',
  auth: 'user',
  summary: 'Each event’s message in the three languages, filled from an example',
  tag: 'admin: support',
  data: z.object({ list: z.array(consoleNotificationTemplate) }),
});
