import type { NotificationEvent } from './events.ts';

/**
 * The events as the owning modules make them from their rows: pure, so a module's hook is one call
 * (`notifications.emit(topupEvent(done, order), tx)`) and the shape of each event lives here.
 */

type Owned = { id: string | number; userId: string };

export const topupEvent = (done: boolean, o: Owned & { msisdn: string; amountCents: number }): NotificationEvent => ({
  kind: done ? 'topup.done' : 'topup.failed_refunded',
  userId: o.userId,
  subject: o.id,
  data: { recordId: o.id, phone: `+855${o.msisdn}`, amountCents: o.amountCents },
});

export const cardDecisionEvent = (a: Owned & { applicationNo: string }, refusal: string | null): NotificationEvent =>
  refusal === null
    ? { kind: 'card.application_approved', userId: a.userId, subject: a.id, data: { applicationId: a.applicationNo } }
    : {
        kind: 'card.application_refused',
        userId: a.userId,
        subject: a.id,
        data: { applicationId: a.applicationNo, reason: refusal },
      };

export const cardIssuedEvent = (
  userId: string,
  card: { cardRef: string; maskedNumber: string },
): NotificationEvent => ({
  kind: 'card.issued',
  userId,
  subject: card.cardRef,
  data: { maskedNumber: card.maskedNumber },
});

export const cardTopupEvent = (t: Owned & { amountCents: number }, maskedNumber: string): NotificationEvent => ({
  kind: 'card.topup_done',
  userId: t.userId,
  subject: t.id,
  data: { maskedNumber, amountCents: t.amountCents },
});

type Loan = Owned & { reference: string };

export const loanEvent = (
  kind: 'loan.approved' | 'loan.disbursed' | 'loan.repaid',
  loan: Loan,
  amountCents = 0,
): NotificationEvent =>
  kind === 'loan.repaid'
    ? { kind, userId: loan.userId, subject: loan.id, data: { loanId: loan.id, reference: loan.reference } }
    : {
        kind,
        userId: loan.userId,
        subject: loan.id,
        data: { loanId: loan.id, reference: loan.reference, amountCents },
      };

/**
 * A loan's reminder as the loans sweep queues it (`before` a due day, or `late`): the shopper is
 * told 3 days before, on the day, and 1, 3 and 7 days late; other days are the loans module's own.
 */
export function loanReminderEvent(r: {
  loanId: string;
  userId: string;
  reference: string;
  kind: 'before' | 'late';
  days: number;
  dueDate: string;
  cents: number;
}): NotificationEvent | null {
  const data = { loanId: r.loanId, reference: r.reference, amountCents: r.cents, dueDate: r.dueDate };
  const subject = `${r.loanId}:${r.dueDate}:${r.kind}:${r.days}`;
  if (r.kind === 'before' && (r.days === 3 || r.days === 0))
    return { kind: 'loan.repayment_due', userId: r.userId, subject, data: { ...data, inDays: r.days } };
  if (r.kind === 'late' && (r.days === 1 || r.days === 3 || r.days === 7))
    return { kind: 'loan.overdue', userId: r.userId, subject, data: { ...data, days: r.days } };
  return null;
}

export const visitEvent = (
  kind: 'valuation.booked' | 'valuation.moved' | 'valuation.tomorrow',
  visit: Owned & { startsAt: Date },
): NotificationEvent => ({
  kind,
  userId: visit.userId,
  subject: kind === 'valuation.booked' ? visit.id : `${visit.id}:${visit.startsAt.toISOString()}`,
  data: { appointmentId: visit.id, at: visit.startsAt.toISOString() },
});

const OVERSEAS = {
  BOUGHT: 'overseas.bought',
  WAREHOUSE: 'overseas.at_warehouse',
  FREIGHT: 'overseas.shipped',
} as const;

/** An overseas order's move the shopper hears of (bought, at the warehouse, shipped), or null. */
export function overseasEvent(state: string, o: Owned & { orderNo: string }): NotificationEvent | null {
  const kind = OVERSEAS[state as keyof typeof OVERSEAS];
  return kind ? { kind, userId: o.userId, subject: o.id, data: { orderId: o.id, orderNo: o.orderNo } } : null;
}

type Order = Owned & { orderNo: string };

export const orderEvent = (kind: 'order.out_for_delivery' | 'order.delivered', o: Order): NotificationEvent => ({
  kind,
  userId: o.userId,
  subject: o.id,
  data: { orderId: o.id, orderNo: o.orderNo },
});

export const orderPaidEvent = (o: Order & { paidCents: number }): NotificationEvent => ({
  kind: 'order.paid',
  userId: o.userId,
  subject: o.id,
  data: { orderId: o.id, orderNo: o.orderNo, amountCents: o.paidCents },
});

export const orderShippedEvent = (o: Order, carrier: string, trackingNo: string): NotificationEvent => ({
  kind: 'order.shipped',
  userId: o.userId,
  subject: o.id,
  data: { orderId: o.id, orderNo: o.orderNo, carrier, trackingNo },
});

/** A refund as the refund path keeps it (payments/refunds.ts' row). */
type Refund = {
  id: string;
  userId: string;
  channel: string;
  destination: string;
  bankAccount: string | null;
  partyRef: string | null;
  amountCents: number;
  payableKind: string;
  payableId: string;
};

/** Where a refund's money goes, as a code the templates name (refund-words.ts): the wallet, a bank account, or the channel paid through. */
export const refundMethod = (r: Pick<Refund, 'channel' | 'destination'>) =>
  r.destination === 'wallet' ? 'wallet' : r.destination === 'bank' ? 'bank' : r.channel;

/**
 * A refund, for the refund path to call (`notifications.emit(refundEvent(...), tx)`): made (asked of
 * the party, or waiting for staff's bank transfer) or arrived (the party confirmed it, the wallet
 * has it, staff recorded the transfer). It carries codes and facts, not words: each language's
 * template names the method. Its subject is the refund and where its money goes, so a KHQR refund
 * that arrived in the wallet and is then sent to the bank is told again, once more.
 */
export function refundEvent(stage: 'made' | 'arrived', r: Refund): NotificationEvent {
  const subject = `${r.id}:${r.destination}`;
  const data = {
    amountCents: r.amountCents,
    method: refundMethod(r),
    bankAccount: r.bankAccount,
    link: r.payableKind === 'order' ? `/orderDetail?orderId=${r.payableId}` : '/bills',
  };
  return stage === 'made'
    ? { kind: 'refund.made', userId: r.userId, subject, data }
    : {
        kind: 'refund.arrived',
        userId: r.userId,
        subject,
        data: { ...data, transferRef: r.destination === 'bank' ? r.partyRef : null },
      };
}

/** A promotion to one shopper (the console's): sent only on the channels they agreed to. */
export const promotionEvent = (
  userId: string,
  subject: string,
  data: {
    title: { 'en-US': string; chs: string; kh: string };
    body: { 'en-US': string; chs: string; kh: string };
    link: string;
  },
): NotificationEvent => ({ kind: 'promotion', userId, subject, data });
