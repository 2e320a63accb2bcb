import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every text message the shop sends, whatever the gateway: the operator console reads it (a code
 * masked: staff see that a code was sent, never the code) and the simulator's messages are only
 * ever here.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** E.164. */
    phone: text('phone').notNull(),
    /** The message with its code (if any) masked: what anyone reading the outbox sees. */
    text: text('text').notNull(),
    /**
     * The code `text` masks, kept only to deliver it: in production it is cleared once the message is
     * sent or given up; outside production it stays (tests, the demo).
     */
    secret: text('secret'),
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
