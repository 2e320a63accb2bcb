import { defineCall } from '../call.ts';
import { pageQuery, pageSchema } from '../envelope.ts';
import { cents, int, z } from '../schema.ts';

/** The accounts a shopper has (DESIGN §6). */
export const USER_ACCOUNTS = ['cash', 'frozen', 'gift', 'points', 'ecash', 'bonus', 'loan_credit'] as const;
export type UserAccount = (typeof USER_ACCOUNTS)[number];

/** What a bill line is about. */
export const BILL_KINDS = [
  'payment',
  'refund',
  /** A KHQR refund the shopper sent on from the wallet to the paying bank account (issue 43). */
  'refund_to_bank',
  'withdrawal_apply',
  'withdrawal_refuse',
  'withdrawal_finish',
  'reward',
  'adjustment',
  'loan_credit',
  'points',
  'gift_card',
  'tradein',
] as const;
export type BillKind = (typeof BILL_KINDS)[number];

export const walletAccount = z.object({
  cashCents: cents(),
  frozenCents: cents(),
  giftCents: cents(),
  points: int(),
  ecashCents: cents(),
  bonusCents: cents(),
  loanCreditCents: cents(),
  /** What can be withdrawn now: the cash balance (gift money is for shopping only). */
  withdrawableCents: cents(),
  /** Usable coupons (spec §3: the wallet shows coupons). */
  couponCount: int(),
  withdrawalMinCents: cents(),
});
export type WalletAccount = z.infer<typeof walletAccount>;

export const queryAccount = defineCall({
  method: 'GET',
  path: '/v1/wallet/queryacount',
  auth: 'user',
  summary: 'All balances of the signed-in shopper and the count of usable coupons',
  tag: 'wallet',
  data: walletAccount,
});

export const billLine = z.object({
  id: int(),
  kind: z.enum(BILL_KINDS),
  account: z.enum(USER_ACCOUNTS),
  /** Signed: positive when money came in. */
  amountCents: cents(),
  balanceAfterCents: cents(),
  /** What the line belongs to: order, withdrawal, reward, refund, adjustment… */
  refType: z.string(),
  refId: z.string(),
  /** Staff reason of an adjustment. */
  note: z.optional(z.string()),
  createdAt: z.string(),
});
export type BillLine = z.infer<typeof billLine>;

export const queryAccountLine = defineCall({
  method: 'GET',
  path: '/v1/wallet/queryacountline',
  auth: 'user',
  summary: 'Bill detail: every movement of the shopper’s accounts, newest first',
  tag: 'wallet',
  query: z.object({
    ...pageQuery,
    /** Only one account (default: every account). */
    account: z.optional(z.enum(USER_ACCOUNTS)),
    /** Only one kind of movement. */
    kind: z.optional(z.enum(BILL_KINDS)),
  }),
  data: pageSchema(billLine),
});

export const WITHDRAWAL_STATES = ['init', 'refuse', 'agree', 'finish'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/** The Cambodian banks and wallets a withdrawal can be paid to (accounts with a number). */
export const WITHDRAWAL_BANKS = ['aba', 'acleda', 'wing', 'canadia', 'prince', 'sathapana', 'amk'] as const;
export type WithdrawalBank = (typeof WITHDRAWAL_BANKS)[number];

/** Where the shopper wants the money: bank, the account holder's name, the account number. */
export const withdrawalDestinationInput = z.object({
  bank: z.enum(WITHDRAWAL_BANKS),
  accountName: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  /** Digits as printed on the card or app, spaces allowed: 6 to 20 digits (checked by the server). */
  accountNumber: z.string().check(z.regex(/^[\d ]{6,40}$/)),
});
export type WithdrawalDestinationInput = z.infer<typeof withdrawalDestinationInput>;

/** The destination as the shopper sees it again: the account number masked to its last 4 digits. */
export const withdrawalDestination = z.object({
  bank: z.enum(WITHDRAWAL_BANKS),
  accountName: z.string(),
  /** "•••• 6789" */
  accountMasked: z.string(),
});
export type WithdrawalDestination = z.infer<typeof withdrawalDestination>;

export const withdrawal = z.object({
  id: int(),
  amountCents: cents(),
  /** Where the money goes (null only for withdrawals made before destinations were asked). */
  destination: z.nullable(withdrawalDestination),
  /** init (under review), refuse, agree, finish; anything else is shown as unknown (spec §4). */
  status: z.string(),
  reason: z.nullable(z.string()),
  appliedAt: z.string(),
  decidedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const queryWithdrawal = defineCall({
  method: 'GET',
  path: '/v1/wallet/querywithdrawal',
  auth: 'user',
  summary: 'The shopper’s withdrawals, newest first',
  tag: 'wallet',
  query: z.object({ ...pageQuery }),
  data: pageSchema(withdrawal),
});

export const applyWithdrawal = defineCall({
  method: 'POST',
  path: '/v1/wallet/withdrawal/apply',
  auth: 'user',
  summary: 'Apply for a withdrawal: the amount moves from cash to frozen until staff decide',
  tag: 'wallet',
  body: z.object({
    amountCents: z.int().check(z.minimum(0)),
    payPassword: z.string().check(z.regex(/^\d{6}$/)),
    destination: withdrawalDestinationInput,
    /** Chosen by the client per attempt, so a retried tap applies once. */
    requestId: z.optional(z.string().check(z.minLength(8), z.maxLength(64))),
  }),
  data: withdrawal,
});
