import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A shopper's application to the partner programme: one row per shopper (a refused shopper applies
 * again on the same row), waiting (`pending`) until staff approve or refuse it.
 */
export const partnerApplications = pgTable(
  'partner_applications',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull().unique(),
    state: text('state', { enum: ['pending', 'approved', 'refused'] }).notNull(),
    kind: text('kind', { enum: ['agent', 'shop', 'company'] }).notNull(),
    contactName: text('contact_name').notNull(),
    businessName: text('business_name').notNull(),
    note: text('note').notNull().default(''),
    decisionNote: text('decision_note'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_applications_state').on(t.state, t.createdAt)],
);
