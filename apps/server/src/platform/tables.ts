import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from './sql.ts';

/**
 * Tables the platform itself owns: sessions and the job queue. Modules keep their own tables in
 * their own folders; nothing here belongs to a business area.
 */

/** Opaque bearer sessions. Only the SHA-256 of a token is stored, so a database leak leaks no session. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    /** 'shopper' for the shop, 'staff' for the operator console: the two never mix. */
    kind: text('kind').notNull(),
    subjectId: text('subject_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_subject_idx').on(t.kind, t.subjectId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Durable background work (DESIGN §2): rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * instances can run the same queue; a claim expires, so a crashed worker's job is retried.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    /** Makes enqueueing idempotent: a second job with the same key is not added. */
    dedupeKey: text('dedupe_key').unique(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.runAt).where(sql`done_at IS NULL`)],
);

/**
 * One row per slot of the durability barrier (durability.ts): a commit that waits for the disk is
 * a write, and this is the write. A server process takes one of 64 slots at random (several
 * instances seldom share one, and the table never grows).
 */
export const durabilityMarks = pgTable('durability_marks', {
  slot: integer('slot').primaryKey(),
  marks: bigint('marks', { mode: 'number' }).notNull().default(0),
});

/**
 * Every partner webhook the shop took (signature and window checked), once per the partner's event
 * id (platform/partner-http/webhooks.ts): a second delivery of an event finds its row and changes
 * nothing. `outcome` is what the shop did with it. Refused deliveries (bad signature, outside the
 * window) are not kept: they are logged.
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
