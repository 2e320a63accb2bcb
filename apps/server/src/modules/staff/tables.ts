import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Operator console accounts. Separate from shoppers: their own table, sessions of kind 'staff'. */
export const staffAccounts = pgTable('staff_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-case; unique. */
  login: text('login').notNull().unique(),
  displayName: text('display_name').notNull(),
  /** scrypt$N$r$p$salt$hash (password.ts). */
  passwordHash: text('password_hash').notNull(),
  roles: jsonb('roles').$type<string[]>().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/**
 * Failed sign-in counters, one row per key ('login:<name>' or 'ip:<address>'): the lock-out lives
 * in the database so that every instance behind a load balancer sees it (DESIGN §5, §8).
 */
export const staffLoginFailures = pgTable('staff_login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Every staff action: who, what, on which target, the state before and after. Append-only. */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: uuid('staff_id'),
    /** Kept as written, so the log reads right even if the account is later renamed. */
    staffLogin: text('staff_login').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at),
    index('staff_audit_target_idx').on(t.targetType, t.targetId),
    index('staff_audit_staff_idx').on(t.staffLogin),
  ],
);

/**
 * First-owner setup links (issue 19): a start with no staff makes one (and ends the unused ones), the
 * shop prints it; it works once, for SETUP_LINK_MINUTES. Only the token's SHA-256 is kept.
 */
export const staffSetupLinks = pgTable('staff_setup_links', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** The owner it created. */
  usedBy: uuid('used_by'),
});
