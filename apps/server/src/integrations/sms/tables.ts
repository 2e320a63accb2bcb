import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every text message the shop sends, whatever the gateway: the operator console reads it, the
 * simulator's messages are only ever here, and tests read codes from it.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** E.164. */
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    purpose: text('purpose').notNull(),
    /** queued → sent, or failed once the delivery job gave up. */
    status: text('status').notNull().default('queued'),
    /** simulator | http */
    provider: text('provider').notNull(),
    providerId: text('provider_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.createdAt), index('sms_outbox_created_idx').on(t.createdAt)],
);
