// A refund's states and the moves between them (a states table, as Vendure's order process is):
// every change of `payment_refunds.state` is one of these moves, made by a conditional update from
// the state it was read in, so two workers (a job and a racing cancel, a retried job) cannot both
// make it.
//
//   REQUESTED ──send──▶ SENT ──party confirms──▶ REFUNDED
//       │                 │ └──time-out: stays SENT, the next try looks it up at the party first
//       │                 └──party refuses──▶ FAILED ──staff sends again──▶ REQUESTED
//       ├──wallet (at once, in the caller's transaction)──▶ REFUNDED
//       └──no party to send to (KHQR to a bank account, the wallet app)──▶ AWAITING_TRANSFER
//   REFUNDED (to the wallet, KHQR) ──shopper chooses the bank account──▶ AWAITING_TRANSFER
//   AWAITING_TRANSFER ──staff records the transfer reference──▶ REFUNDED

export const REFUND_STATES = ['REQUESTED', 'SENT', 'REFUNDED', 'FAILED', 'AWAITING_TRANSFER'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** Where the money goes. */
export type RefundDestination = 'gateway' | 'wallet' | 'bank';

/** Why it goes back. */
export type RefundReason = 'late' | 'payable';

export const REFUND_MOVES: Record<RefundState, readonly RefundState[]> = {
  REQUESTED: ['SENT', 'REFUNDED', 'FAILED', 'AWAITING_TRANSFER'],
  SENT: ['SENT', 'REFUNDED', 'FAILED'],
  FAILED: ['REQUESTED'],
  AWAITING_TRANSFER: ['REFUNDED'],
  REFUNDED: ['AWAITING_TRANSFER'],
};

export function canMove(from: string, to: RefundState): boolean {
  return (REFUND_MOVES[from as RefundState] ?? []).includes(to);
}

/** The key of one payment's refund of one amount: asked twice, it is one refund (at the shop and the party). */
export function refundKey(paymentOrPayable: string, amountCents: number): string {
  return `refund:${paymentOrPayable}:${amountCents}`;
}

/** A refund not finished this long after it was asked is a reconciliation line (one day). */
export const REFUND_PENDING_ALERT_MS = 24 * 3_600_000;
/** A finance task (KHQR to a bank account) open this long is a reconciliation line (two days). */
export const REFUND_TASK_ALERT_MS = 2 * 24 * 3_600_000;
/** How long after a refund to the wallet the shopper may still send it to the paying bank account instead. */
export const KHQR_BANK_CHOICE_MS = 7 * 24 * 3_600_000;

/** The next try of a refund the party could not be asked about: 30 s, 1 min, 2 min … at most an hour. */
export function refundRetryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}
