import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Shoppers. A third-party shopper may have no phone until they bind one. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164, unique when present. */
    phone: text('phone'),
    /** +855 or +86. */
    countryCode: text('country_code'),
    email: text('email'),
    name: text('name').notNull().default(''),
    /** scrypt$N$r$p$salt$hash, or null for an SMS-only account. */
    passwordHash: text('password_hash'),
    payPasswordHash: text('pay_password_hash'),
    /** Friend-code membership level (spec §3); 0 is a plain member. */
    level: integer('level').notNull().default(0),
    locked: boolean('locked').notNull().default(false),
    lockedReason: text('locked_reason'),
    /** yyyy-mm-dd; shown as dd/mm/yyyy. */
    birthday: text('birthday'),
    gender: text('gender'),
    idCard: text('id_card'),
    referrerPhone: text('referrer_phone'),
    city: text('city'),
    /** File name of the re-encoded avatar under DATA_DIR/avatars. */
    avatarFile: text('avatar_file'),
    /** Where the account was created: h5, emoney, facebook, google, wechat. */
    source: text('source').notNull().default('h5'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_phone_key').on(t.phone)],
);

/** SMS codes, stored hashed; a code is accepted once, for its purpose, within its validity. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong entries against this code; at the limit the code is spent. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/**
 * Business limits and lock-outs (docs/decisions/0004): one row per key, e.g. `sms:phone:+855…:2026-11-22`
 * or `login:+855…`. Changed only by single atomic statements, so every instance sees the same count.
 */
export const limitCounters = pgTable('limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  count: integer('count').notNull().default(0),
  lastAt: timestamp('last_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** One-use passes: a checked SMS code for a next step, a solved slide puzzle, an OAuth state. */
export const tickets = pgTable(
  'account_tickets',
  {
    /** SHA-256 of the random ticket handed out. */
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** Whom the ticket is for (a user id, a phone, an address). */
    subject: text('subject').notNull(),
    data: jsonb('data').notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tickets_expires_idx').on(t.expiresAt)],
);

/** A shopper's login with Facebook, Google or WeChat. */
export const thirdAccounts = pgTable(
  'third_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    name: text('name').notNull().default(''),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('third_accounts_subject_key').on(t.provider, t.subject),
    uniqueIndex('third_accounts_user_key').on(t.userId, t.provider),
  ],
);

/** Slide puzzles handed out: the answer stays here; one check per puzzle. */
export const puzzles = pgTable('puzzles', {
  id: uuid('id').primaryKey().defaultRandom(),
  x: integer('x').notNull(),
  y: integer('y').notNull(),
  ip: text('ip').notNull(),
  background: text('background').notNull(),
  piece: text('piece').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Friend codes: redeeming one gives a membership level (spec §3, §6). */
export const friendCodes = pgTable('friend_codes', {
  code: text('code').primaryKey(),
  level: integer('level').notNull(),
  /** What the code gives, in each language. */
  description: jsonb('description').notNull().default({}),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** null: any number of shoppers, each once. */
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const friendCodeRedemptions = pgTable(
  'friend_code_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    userId: uuid('user_id').notNull(),
    level: integer('level').notNull(),
    /** The shopper's own note on it (fcode/setDesc). */
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('friend_code_redemptions_key').on(t.code, t.userId)],
);

/** Feedback (advice) from shoppers, for the operator console. */
export const feedback = pgTable('feedback', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  text: text('text').notNull(),
  contact: text('contact').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
