import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sql } from '../../platform/sql.ts';

/**
 * The wallet ledger (DESIGN §6). Every movement of money is one row of `wallet_transfers` between
 * two accounts, with a unique idempotency key, and two rows of `wallet_entries` (−amount on the
 * source, +amount on the destination). The balance column of an account is updated in the same
 * transaction as its entries, so balance = sum of its entries, always.
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'user' (a shopper's account) or 'platform' (the shop's side of every movement). */
    ownerKind: text('owner_kind').notNull(),
    /** The user id, or 'platform' (shard 0 of a platform account) and 'platform/<n>' (its other shards). */
    ownerId: text('owner_id').notNull(),
    /** cash, frozen, gift, points, ecash, bonus, loan_credit; clearing, refunds, promotions, payouts, adjustments, points_issuer, loans. */
    kind: text('kind').notNull(),
    /** 'cents' or 'points': transfers never cross units. */
    unit: text('unit').notNull().default('cents'),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wallet_accounts_owner_kind_uq').on(t.ownerKind, t.ownerId, t.kind),
    // A shopper's balance can never go below zero; platform accounts mirror them and may.
    check('wallet_accounts_user_nonnegative', sql`${t.ownerKind} <> 'user' OR ${t.balance} >= 0`),
  ],
);

export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    fromAccount: bigint('from_account', { mode: 'number' }).notNull(),
    toAccount: bigint('to_account', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** payment, refund, withdrawal_apply, withdrawal_refuse, withdrawal_finish, reward, adjustment, loan_credit, points */
    kind: text('kind').notNull(),
    /** What the movement belongs to: order, withdrawal, reward, refund, adjustment… */
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    /** Reason and staff id of an adjustment, and the like. */
    memo: jsonb('memo').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallet_transfers_positive', sql`${t.amount} > 0`),
    check('wallet_transfers_two_accounts', sql`${t.fromAccount} <> ${t.toAccount}`),
    // No index on (ref_type, ref_id): nothing looks transfers up by what they belong to (an order's
    // money is found through wallet_order_moves, a withdrawal's through its own row), and every
    // transfer wrote one (issue 5).
  ],
);

export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    /** Signed: negative on the source account, positive on the destination. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One index: entries are read by account, newest first (bills, balances), and reach their transfer
  // by its key. An index on `id` alone and one on `transfer_id` were never read, and each entry of
  // each transfer wrote both (issue 5: 4 of a wallet payment's 31 writes).
  (t) => [primaryKey({ name: 'wallet_entries_pkey', columns: [t.accountId, t.id] })],
);

/**
 * One row per wallet payment or refund of an order: the anchor of its idempotency (taken before any
 * balance is read, so a repeated call waits for the first and then replays its result). Read by
 * order or by key: keyed by (order_id, id), with no index on the id alone (an index entry less per
 * payment, issue 5).
 */
export const walletOrderMoves = pgTable(
  'wallet_order_moves',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    userId: text('user_id').notNull(),
    orderId: text('order_id').notNull(),
    /** 'pay' or 'refund' */
    direction: text('direction').notNull(),
    giftCents: bigint('gift_cents', { mode: 'number' }).notNull().default(0),
    cashCents: bigint('cash_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'wallet_order_moves_pkey', columns: [t.orderId, t.id] })],
);

/** Withdrawals of cash (spec §4): init (under review) → agree → finish, or → refuse. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('init'),
    /** The staff member who decided last, and why (shown to the shopper on a refusal). */
    staffId: text('staff_id'),
    reason: text('reason'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** `${userId}:${requestId}` of the client's attempt: a retried tap applies once. */
    requestKey: text('request_key').unique(),
    /** Where the money goes: bank code, account holder, account number (digits). */
    bank: text('bank'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
  },
  (t) => [
    check('withdrawals_positive', sql`${t.amountCents} > 0`),
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
  ],
);

/** Audit trail of every withdrawal state change. */
export const withdrawalHistory = pgTable('withdrawal_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  withdrawalId: bigint('withdrawal_id', { mode: 'number' }).notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  actor: text('actor').notNull(),
  reason: text('reason'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
