import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { z } from '../../schema.ts';
import { smsOutboxPage } from '../accounts.ts';
import { billLine, USER_ACCOUNTS, WITHDRAWAL_STATES, withdrawal } from '../wallet.ts';
import { listSearch, shopperContact, stateCounts } from './lists.ts';

/** A shopper as staff see them. */
export const consoleUser = z.object({
  id: z.string(),
  phone: z.nullable(z.string()),
  name: z.string(),
  email: z.nullable(z.string()),
  level: z.int(),
  locked: z.boolean(),
  createdAt: z.string(),
});
export type ConsoleUser = z.infer<typeof consoleUser>;

const phoneQuery = z.string().check(z.minLength(1), z.maxLength(32));
const userId = z.string().check(z.minLength(1), z.maxLength(64));

// ---------------------------------------------------------------- finance

export const consoleWithdrawal = z.object({
  ...withdrawal.shape,
  userId: z.string(),
  userPhone: z.nullable(z.string()),
  userName: z.string(),
  shopper: shopperContact,
  /** The full account number to pay to (finance staff only; the shopper sees it masked). */
  destinationAccount: z.nullable(z.string()),
});
export type ConsoleWithdrawal = z.infer<typeof consoleWithdrawal>;

export const adminWithdrawals = defineCall({
  method: 'GET',
  path: '/admin-api/v1/finance/withdrawals',
  auth: 'user',
  summary: 'Withdrawals in one state (default: under review), oldest first',
  tag: 'admin: finance',
  query: z.object({ ...pageQuery, ...listSearch, status: z._default(z.enum(WITHDRAWAL_STATES), 'init') }),
  data: z.object({ ...pageSchema(consoleWithdrawal).shape, counts: stateCounts }),
});

export const adminWithdrawalDecide = defineCall({
  method: 'POST',
  path: '/admin-api/v1/finance/withdrawals/decide',
  auth: 'user',
  summary: 'Agrees, refuses (with a reason: the money goes back to cash) or finishes (paid out) a withdrawal',
  tag: 'admin: finance',
  body: z.object({
    id: z.int().check(z.minimum(1)),
    decision: z.enum(['agree', 'refuse', 'finish']),
    reason: z.optional(z.string().check(z.maxLength(500))),
  }),
  data: consoleWithdrawal,
});

export const adminUserLedger = defineCall({
  method: 'GET',
  path: '/admin-api/v1/finance/ledger',
  auth: 'user',
  summary: 'Any shopper’s balances and bill lines, found by phone',
  tag: 'admin: finance',
  query: z.object({ ...pageQuery, phone: phoneQuery, account: z.optional(z.enum(USER_ACCOUNTS)) }),
  data: z.object({
    user: consoleUser,
    balances: z.object({
      cashCents: z.int(),
      frozenCents: z.int(),
      giftCents: z.int(),
      points: z.int(),
      ecashCents: z.int(),
      bonusCents: z.int(),
      loanCreditCents: z.int(),
    }),
    bills: pageSchema(billLine),
  }),
});

// ---------------------------------------------------------------- support

export const adminUserLookup = defineCall({
  method: 'GET',
  path: '/admin-api/v1/support/user',
  auth: 'user',
  summary: 'A shopper found by phone (+855 or +86); the lookup is audited',
  tag: 'admin: support',
  query: z.object({ phone: phoneQuery }),
  data: consoleUser,
});

export const adminUserLock = defineCall({
  method: 'POST',
  path: '/admin-api/v1/support/user/lock',
  auth: 'user',
  summary: 'Locks a shopper (sessions end, sign-in refused) with a reason',
  tag: 'admin: support',
  body: z.object({ userId, reason: z.string().check(z.maxLength(500)) }),
  data: consoleUser,
});

export const adminUserUnlock = defineCall({
  method: 'POST',
  path: '/admin-api/v1/support/user/unlock',
  auth: 'user',
  summary: 'Unlocks a shopper',
  tag: 'admin: support',
  body: z.object({ userId }),
  data: consoleUser,
});

export const adminSmsOutbox = defineCall({
  method: 'GET',
  path: '/admin-api/v1/support/sms',
  auth: 'user',
  summary: 'The SMS outbox, newest first, optionally for one phone',
  tag: 'admin: support',
  query: z.object({ ...pageQuery, phone: z.optional(z.string().check(z.maxLength(32))) }),
  data: smsOutboxPage,
});

export const ADJUSTABLE_ACCOUNTS = ['cash', 'gift', 'points', 'ecash', 'bonus'] as const;

export const adminWalletAdjust = defineCall({
  method: 'POST',
  path: '/admin-api/v1/finance/adjust',
  auth: 'user',
  summary: 'Credits (positive) or debits (negative) one account of a shopper, with a reason shown on their bill',
  tag: 'admin: finance',
  body: z.object({
    phone: phoneQuery,
    account: z.enum(ADJUSTABLE_ACCOUNTS),
    amountCents: z.int(),
    reason: z.string().check(z.maxLength(200)),
    /** Chosen by the console per attempt, so a retried click adjusts once. */
    requestId: z.string().check(z.minLength(8), z.maxLength(64)),
  }),
  data: z.object({
    cashCents: z.int(),
    frozenCents: z.int(),
    giftCents: z.int(),
    points: z.int(),
    ecashCents: z.int(),
    bonusCents: z.int(),
    loanCreditCents: z.int(),
  }),
});
