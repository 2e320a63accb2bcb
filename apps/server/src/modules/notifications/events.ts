/**
 * Everything the notification service can be told, in one place: a typed union of events, each
 * with its group (what the shopper chooses channels for), whether it is a security message (no
 * quiet hours, always sent) and whether its owner already writes the in-app notice itself.
 * Other modules import these types from `public.ts` and call `services.notifications.emit(event)`.
 */

/** The groups of settings › notifications, and `security` (not a choice: always on). */
export const NOTIFICATION_GROUPS = ['orders', 'money', 'loans', 'promotions'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number] | 'security';

export const CHANNELS = ['inApp', 'sms', 'telegram', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

type Money = { amountCents: number };
/** Modules' ids: uuids or serial numbers. */
type Id = string | number;
type OrderRef = { orderId: Id; orderNo: string };
type Visit = { appointmentId: Id; at: string };
type Localized = { 'en-US': string; chs: string; kh: string };

/** Each event kind with the facts its templates need (ids, amounts in cents, ISO times, E.164 phones). */
export type EventPayloads = {
  'order.paid': OrderRef & Money;
  'order.shipped': OrderRef & { carrier: string; trackingNo: string };
  'order.out_for_delivery': OrderRef;
  'order.delivered': OrderRef;
  /**
   * A refund was made: asked of the party that took the money, or waiting for staff's bank transfer
   * (payments/refunds.ts). `method` is a code (refund-words.ts) each language's template names.
   */
  'refund.made': Money & { method: string; bankAccount: string | null; link: string };
  /** The money of a refund arrived (the wallet credited, the gateway confirmed, staff transferred). */
  'refund.arrived': Money & { method: string; bankAccount: string | null; link: string; transferRef: string | null };
  'topup.done': Money & { recordId: Id; phone: string };
  'topup.failed_refunded': Money & { recordId: Id; phone: string };
  'card.application_approved': { applicationId: Id };
  'card.application_refused': { applicationId: Id; reason: string };
  'card.issued': { maskedNumber: string };
  'card.topup_done': Money & { maskedNumber: string };
  'loan.approved': Money & { loanId: Id; reference: string };
  'loan.disbursed': Money & { loanId: Id; reference: string };
  'loan.repayment_due': Money & { loanId: Id; reference: string; dueDate: string; inDays: 3 | 0 };
  'loan.overdue': Money & { loanId: Id; reference: string; dueDate: string; days: 1 | 3 | 7 };
  'loan.repaid': { loanId: Id; reference: string };
  'valuation.booked': Visit;
  'valuation.moved': Visit;
  'valuation.tomorrow': Visit;
  'overseas.bought': OrderRef;
  'overseas.at_warehouse': OrderRef;
  'overseas.shipped': OrderRef;
  'giftcard.received': Money & { from: string; claimLink: string };
  'security.new_sign_in': { at: string; device: string };
  'security.pay_password_changed': { at: string };
  /** A promotion sent to one shopper from the console (needs their consent). */
  promotion: { title: Localized; body: Localized; link: string };
};

export type EventKind = keyof EventPayloads;

/**
 * One event: its kind, the shopper, its facts, and `subject`: what makes it this event and not
 * another of its kind (an order id, a loan's instalment and day). The key `<kind>:<subject>` is
 * unique: telling the same event twice is one event.
 */
export type NotificationEvent = {
  [K in EventKind]: { kind: K; userId: string; subject: string | number; data: EventPayloads[K]; language?: string };
}[EventKind];

type KindRule = {
  group: NotificationGroup;
  /** The owning module already writes this event's in-app notice in its own transaction (decision 0065). */
  ownerNotice?: boolean;
  /**
   * One message to the phone: Telegram when linked, else SMS, never both (a gift card's claim link:
   * decision 0075). The in-app notice is still written for a shopper.
   */
  telegramOrSms?: boolean;
};

/**
 * The addressee of an event that may not be a shopper (a gift card's recipient): `phone:<E.164>`
 * in place of a user id. It is reached by SMS only; it has no in-app notices, Telegram or push.
 */
export const PHONE_ADDRESSEE = 'phone:';

/** The group of each kind, and whether its owner writes the in-app notice. */
export const EVENT_RULES: Record<EventKind, KindRule> = {
  'order.paid': { group: 'orders' },
  'order.shipped': { group: 'orders', ownerNotice: true },
  'order.out_for_delivery': { group: 'orders' },
  'order.delivered': { group: 'orders' },
  'refund.made': { group: 'money' },
  'refund.arrived': { group: 'money' },
  'topup.done': { group: 'money', ownerNotice: true },
  'topup.failed_refunded': { group: 'money', ownerNotice: true },
  'card.application_approved': { group: 'money', ownerNotice: true },
  'card.application_refused': { group: 'money', ownerNotice: true },
  'card.issued': { group: 'money', ownerNotice: true },
  'card.topup_done': { group: 'money', ownerNotice: true },
  'loan.approved': { group: 'loans', ownerNotice: true },
  'loan.disbursed': { group: 'loans' },
  'loan.repayment_due': { group: 'loans', ownerNotice: true },
  'loan.overdue': { group: 'loans', ownerNotice: true },
  'loan.repaid': { group: 'loans' },
  'valuation.booked': { group: 'orders' },
  'valuation.moved': { group: 'orders' },
  'valuation.tomorrow': { group: 'orders', ownerNotice: true },
  'overseas.bought': { group: 'orders' },
  'overseas.at_warehouse': { group: 'orders' },
  'overseas.shipped': { group: 'orders' },
  'giftcard.received': { group: 'money', telegramOrSms: true },
  'security.new_sign_in': { group: 'security' },
  'security.pay_password_changed': { group: 'security' },
  promotion: { group: 'promotions' },
};

export const EVENT_KINDS = Object.keys(EVENT_RULES) as EventKind[];

export const eventKey = (event: { kind: string; subject: string | number }) => `${event.kind}:${event.subject}`;
