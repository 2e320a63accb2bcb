import { bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local push-service stand-in's own state (outside production): the subscriptions it issued,
 * with the private key that a browser would keep (so it can decrypt what it is sent), and every
 * message it accepted, decrypted, so a person or a test can read what the shopper's device got.
 */
export const pushSimSubscriptions = pgTable('push_sim_subscriptions', {
  id: text('id').primaryKey(),
  /** The origin of the endpoint (`aud` of the VAPID JWT must be it). */
  origin: text('origin').notNull(),
  /** The application server key given at subscribe (`k` must be it, RFC 8292 §4). */
  applicationServerKey: text('application_server_key').notNull(),
  privateKey: text('private_key').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  /** Unsubscribed or expired: the push service answers 410 Gone. */
  gone: boolean('gone').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const pushSimMessages = pgTable(
  'push_sim_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: text('subscription_id').notNull(),
    /** The decrypted payload, as the service worker's `push` event would read it. */
    payload: text('payload').notNull(),
    /** The VAPID JWT's `sub` (who sent it) and the TTL and urgency headers. */
    sender: text('sender').notNull(),
    ttl: text('ttl').notNull(),
    urgency: text('urgency').notNull().default('normal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_sim_messages_subscription').on(t.subscriptionId, t.id)],
);
