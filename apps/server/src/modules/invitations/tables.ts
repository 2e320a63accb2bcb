import { bigint, bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from '../../platform/sql.ts';

/** Each shopper's own invite code (made on first use). */
export const inviteCodes = pgTable('invite_codes', {
  userId: text('user_id').primaryKey(),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A friend bound to an inviter (sharebind). In progress for 30 days; success when the friend makes
 * a first paid order in that time (the inviter gets a gift-balance reward), failed otherwise.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inviterId: text('inviter_id').notNull(),
    /** A shopper can be invited once. */
    inviteeId: text('invitee_id').notNull().unique(),
    code: text('code').notNull(),
    /** progress, success, failed */
    status: text('status').notNull().default('progress'),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    orderId: text('order_id'),
    rewardCents: bigint('reward_cents', { mode: 'number' }).notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('invitations_inviter_idx').on(t.inviterId, t.status, t.id),
    index('invitations_open_idx').on(t.expiresAt).where(sql`status = 'progress'`),
    check('invitations_not_self', sql`${t.inviterId} <> ${t.inviteeId}`),
  ],
);
