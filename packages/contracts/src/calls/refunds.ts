import { defineCall } from '../call.ts';
import { cents, int, z } from '../schema.ts';
import { payableKind, payChannel, payCurrency } from './payments.ts';

/** A refund's state as the shopper and staff see it (payments/refund-states.ts). */
export const REFUND_STATES = ['REQUESTED', 'SENT', 'REFUNDED', 'FAILED', 'AWAITING_TRANSFER'] as const;
/** Where a refund goes: the card or account that paid (a gateway), the wallet, or a bank account (a transfer). */
export const REFUND_DESTINATIONS = ['gateway', 'wallet', 'bank'] as const;

/** One payment of a payable that took money: the one that paid it, or an extra or late one. */
export const payableMoneyPayment = z.object({
  id: z.string(),
  channel: payChannel,
  amountCents: cents(),
  /** What the payer paid in (issue 47): USD, or KHR by a KHQR in riel (`amountRiel` then). */
  currency: z.optional(payCurrency),
  amountRiel: z.optional(z.nullable(int())),
  /** PAID: it paid the payable; EXTRA: it came after the payable was paid or closed (it goes back); REFUNDED. */
  role: z.enum(['PAID', 'EXTRA', 'REFUNDED']),
  createdAt: z.string(),
  /** When the money was taken (the party's answer); the list is in this order. */
  paidAt: z.optional(z.string()),
});

export const refundLine = z.object({
  id: z.string(),
  paymentId: z.nullable(z.string()),
  payableKind: z.string(),
  payableId: z.string(),
  channel: payChannel,
  amountCents: cents(),
  destination: z.enum(REFUND_DESTINATIONS),
  state: z.enum(REFUND_STATES),
  /** KHQR to a bank account: the paying account Bakong reported. */
  bankAccount: z.nullable(z.string()),
  /** A refund of a KHQR paid in riel: the riel the transfer to the paying account gives back (issue 47). */
  amountRiel: z.optional(z.nullable(int())),
  /** The bank transfer's reference staff recorded (bank refunds), once sent. */
  transferReference: z.nullable(z.string()),
  createdAt: z.string(),
  /** When it arrived (REFUNDED). */
  doneAt: z.nullable(z.string()),
  /** A KHQR refund in the wallet the shopper may still send to the paying bank account instead. */
  canSendToBank: z.boolean(),
});
export type RefundLine = z.infer<typeof refundLine>;

export const payableMoney = z.object({ payments: z.array(payableMoneyPayment), refunds: z.array(refundLine) });
export type PayableMoney = z.infer<typeof payableMoney>;

export const payableRefunds = defineCall({
  method: 'GET',
  path: '/v1/pay/refunds',
  auth: 'user',
  summary: 'The payments that took money for one payable (an order…) and their refunds, with where and when',
  tag: 'cashier',
  query: z.object({ orderId: z.uuid(), kind: z.optional(payableKind) }),
  data: payableMoney,
});

export const myRefunds = defineCall({
  method: 'GET',
  path: '/v1/pay/refunds/mine',
  auth: 'user',
  summary: 'The shopper’s refunds, newest first (the wallet’s bills list them)',
  tag: 'cashier',
  data: z.object({ refunds: z.array(refundLine) }),
});

export const refundToBank = defineCall({
  method: 'POST',
  path: '/v1/pay/refunds/to-bank',
  auth: 'user',
  summary: 'Sends a KHQR refund from the wallet back to the bank account that paid it (a transfer by finance)',
  tag: 'cashier',
  body: z.object({ refundId: z.uuid() }),
  data: refundLine,
});

/** The console's refunds: open ones (finance tasks, refused, waiting for the gateway). */
export const adminRefundLine = z.extend(refundLine, {
  userId: z.string(),
  failure: z.nullable(z.string()),
  attempts: int(),
});

export const adminRefunds = defineCall({
  method: 'GET',
  path: '/admin-api/v1/refunds',
  auth: 'user',
  summary: 'Refunds not done: KHQR transfers to send (with the account and amount), refused and waiting ones',
  tag: 'admin: refunds',
  data: z.object({ list: z.array(adminRefundLine) }),
});

export const adminRefundTransfer = defineCall({
  method: 'POST',
  path: '/admin-api/v1/refunds/transfer',
  auth: 'user',
  summary: 'Records the bank transfer reference of a KHQR refund sent to the paying account: it is then refunded',
  tag: 'admin: refunds',
  body: z.object({ id: z.uuid(), reference: z.string().check(z.minLength(1), z.maxLength(80)) }),
  data: adminRefundLine,
});

export const adminRefundRetry = defineCall({
  method: 'POST',
  path: '/admin-api/v1/refunds/retry',
  auth: 'user',
  summary: 'Sends a refund the gateway refused again (after fixing what it said)',
  tag: 'admin: refunds',
  body: z.object({ id: z.uuid() }),
  data: adminRefundLine,
});
