import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every partner webhook the shop took (signature and window checked), once per the partner's event
 * id: a second delivery of an event finds its row and changes nothing. `outcome` is what the shop
 * did with it. Refused deliveries (bad signature, outside the window) are not kept: they are logged.
 */
export const partnerWebhookEvents = pgTable(
  'partner_webhook_events',
  {
    party: text('party').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    reference: text('reference'),
    data: jsonb('data').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.party, t.eventId] })],
);
