import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * What happened to a shopper, as another module told it (events.ts): one row per event, its `key`
 * unique so the same event told twice (a callback repeated) is one event.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The event's own key: `<kind>:<subject>` (order.shipped:42). */
    key: text('key').notNull(),
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_events_key').on(t.key), index('notification_events_user').on(t.userId, t.id)],
);

/**
 * The outbox: one row per event and channel (unique), so an event is sent at most once per channel
 * whatever retries, restarts or second processes do. `state`: `pending` (due at `due_at`),
 * `sending` (claimed by a worker until `lease_until`), `sent`, `failed`, `withheld` (a rule kept it:
 * the daily limit, a preference changed before it went).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    userId: text('user_id').notNull(),
    channel: text('channel').notNull(),
    state: text('state').notNull().default('pending'),
    /** The language the text is written in (the shopper's when the event came). */
    language: text('language').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whether the quiet hours moved `due_at` (the console shows it). */
    deferred: boolean('deferred').notNull().default(false),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The party's id of what it sent (a Telegram message id, an SMS outbox id, a notice id). */
    providerId: text('provider_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_event_channel').on(t.eventId, t.channel),
    index('notification_deliveries_due').on(t.state, t.dueAt),
    index('notification_deliveries_user').on(t.userId, t.createdAt),
  ],
);

/**
 * A shopper's choices: per group and channel (`choices`: `{ "orders": { "sms": false } }`, only what
 * differs from the defaults), the language their messages are written in, and when they agreed to
 * promotions (null: not agreed, or withdrawn).
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id').primaryKey(),
  language: text('language').notNull().default('en-US'),
  choices: jsonb('choices').notNull().default({}),
  promotionsConsentAt: timestamp('promotions_consent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A shopper's Telegram chat (one per shopper, one shopper per chat). */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    userId: text('user_id').primaryKey(),
    chatId: text('chat_id').notNull(),
    /** The Telegram user's name as the chat shows it (settings show it). */
    name: text('name').notNull().default(''),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('telegram_links_chat').on(t.chatId)],
);

/** One-time link tokens of the deep link `t.me/<bot>?start=<token>`, stored hashed, 10 minutes. */
export const telegramLinkTokens = pgTable('telegram_link_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Web push subscriptions, one per device (browser) of a shopper; the endpoint is unique. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    device: text('device').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user').on(t.userId)],
);

/** The devices a shopper signed in from (a hash of the browser's user agent): a new one is told (security). */
export const signInDevices = pgTable(
  'notification_sign_in_devices',
  {
    userId: text('user_id').notNull(),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_sign_in_devices_key').on(t.userId, t.deviceHash)],
);
