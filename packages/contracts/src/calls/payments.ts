import { defineCall } from '../call.ts';
import { cents, z } from '../schema.ts';
import { orderStateCode } from './orders.ts';

export const PAY_CHANNELS = ['wallet', 'sandbox', 'payway', 'mpgs', 'khqr', 'bridge', 'loan_credit'] as const;
export const payChannel = z.enum(PAY_CHANNELS);
export type PayChannel = z.infer<typeof payChannel>;

/** What a payer pays in (issue 47): the shop books USD cents; KHQR may carry riel (currency 116). */
export const PAY_CURRENCIES = ['USD', 'KHR'] as const;
export const payCurrency = z.enum(PAY_CURRENCIES);
export type PayCurrency = z.infer<typeof payCurrency>;

/** A riel amount and the rate it was made at: a quote (cashier) or the amount a code was locked at (pay). */
export const rielAmount = z.object({
  /** Whole riel, a multiple of the 100-riel note (riel.ts rielFromCents). */
  amountRiel: z.int(),
  khrPerUsd: z.int(),
});
export type RielAmount = z.infer<typeof rielAmount>;

export const cashierChannel = z.object({
  code: payChannel,
  enabled: z.boolean(),
  /** Why it cannot be used now (e.g. insufficient balance), in the caller's language. */
  reason: z.nullable(z.string()),
});

export const cashier = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  state: orderStateCode,
  payableCents: cents(),
  deadlineAt: z.nullable(z.string()),
  /** Usable channels first, then the others with the reason they cannot be used. */
  channels: z.array(cashierChannel),
  /** What the wallet can spend on this payment: cash plus the gift balance when it may pay for it. */
  walletBalanceCents: z.nullable(cents()),
  /**
   * The wallet's side of this payment: its cash and usable gift balance, and how a wallet payment
   * of it would split (gift first, spec §9: shopping only), shown before the pay password.
   */
  wallet: z.nullable(
    z.object({
      cashCents: cents(),
      /** The gift balance this payment may spend (0 when gift money may not pay for it). */
      giftCents: cents(),
      split: z.object({ giftCents: cents(), cashCents: cents() }),
    }),
  ),
  hasPayPassword: z.nullable(z.boolean()),
  /** An online payment started and not answered yet (the shopper may pay again or choose another way). */
  pending: z.nullable(z.object({ paymentId: z.string(), channel: payChannel, createdAt: z.string() })),
  /**
   * Where the shop shows this payable once it is paid (a path under /h5/): a top-up's record. Null for
   * an order, whose payment result page (`/outPayment`) is the way on.
   */
  resultPath: z.nullable(z.string()),
  /**
   * The amount in riel at the day's rate, when a rate is set and KHQR can be paid in riel; the
   * amount a code carries is locked when it is made (the pay answer's `riel`).
   */
  riel: z.optional(z.nullable(rielAmount)),
});
export type Cashier = z.infer<typeof cashier>;

/**
 * What is paid at the cashier: an order (the default), or another product line's payable (a top-up,
 * a card fee...), by the name its module registered. `orderId` is then that payable's id.
 */
export const payableKind = z.string().check(z.regex(/^[a-z][a-z-]{0,23}$/));
const cashierQuery = z.object({ orderId: z.uuid(), kind: z.optional(payableKind) });
const cashierCall = <P extends string>(path: P, summary: string) =>
  defineCall({ method: 'GET', path, auth: 'user', summary, tag: 'cashier', query: cashierQuery, data: cashier });

export const refreshCashier = cashierCall(
  '/v1/h5/new/cashier/refresh',
  'Cashier of an order: amount, deadline and pay channels',
);
export const refreshCashierLong = cashierCall(
  '/v1/long/cashier/refresh',
  'Cashier for the bank-partner entrance (source long)',
);
export const refreshCashierAcleda = cashierCall('/v1/acleda/cashier/refresh', 'Cashier for the ACLEDA entrance');
export const refreshCashierH5 = cashierCall('/v1/h5/cashier/refresh', 'Cashier (older H5 entrance)');

export const payLogoList = defineCall({
  method: 'GET',
  path: '/v1/cashier/paylogolist/new',
  auth: 'none',
  summary: 'Logos of the accepted payment channels',
  tag: 'cashier',
  data: z.array(z.object({ code: payChannel, logoUrl: z.string() })),
});

export const payOrder = defineCall({
  method: 'POST',
  path: '/v1/order/pay',
  auth: 'user',
  summary: 'Pay an order: wallet balance (with pay password) at once, or start an online payment',
  tag: 'cashier',
  body: z.object({
    orderId: z.uuid(),
    channel: payChannel,
    payPassword: z.optional(z.string().check(z.regex(/^\d{6}$/))),
    kind: z.optional(payableKind),
    /** KHQR only: 'KHR' makes a code in riel at the day's rate, locked with the payment (default USD). */
    currency: z.optional(payCurrency),
  }),
  data: z.object({
    paymentId: z.string(),
    status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
    /** Browser goes here (sandbox page, PayWay checkout). */
    redirectUrl: z.nullable(z.string()),
    /** A POST form to submit (PayWay purchase). */
    form: z.nullable(
      z.object({
        action: z.string(),
        fields: z.record(z.string(), z.string()),
        /** How the browser posts it (PayWay's purchase: multipart/form-data, its reference); absent: a plain form. */
        enctype: z.optional(z.literal('multipart/form-data')),
      }),
    ),
    /** KHQR payload to draw as a QR code for the wallet app. */
    khqr: z.nullable(z.string()),
    /** Until when the KHQR can be paid (then the payment is EXPIRED). */
    khqrExpiresAt: z.optional(z.nullable(z.string())),
    /** A KHQR in riel: the riel amount the code carries and the rate it was locked at. */
    riel: z.optional(z.nullable(rielAmount)),
    /** What to send to the wallet app over the bridge. */
    bridge: z.nullable(
      z.object({ orderId: z.string(), partnerRefNumber: z.string(), amount: z.string(), currency: z.string() }),
    ),
  }),
});

export const queryPay = defineCall({
  method: 'GET',
  path: '/v1/pay/query',
  auth: 'user',
  summary: 'Whether an order is paid (the cashier polls this)',
  tag: 'cashier',
  query: z.object({ orderId: z.uuid(), kind: z.optional(payableKind) }),
  data: z.object({
    orderId: z.string(),
    state: orderStateCode,
    paid: z.boolean(),
    lastPayment: z.nullable(
      z.object({
        status: z.string(),
        channel: z.string(),
        failureReason: z.nullable(z.string()),
        createdAt: z.optional(z.string()),
        /** A KHQR in riel: the riel the code carried and the rate locked with the payment (never today's). */
        riel: z.optional(z.nullable(rielAmount)),
      }),
    ),
  }),
});

export const checkKhqrPayment = defineCall({
  method: 'POST',
  path: '/v1/pay/khqr/check',
  auth: 'user',
  summary: '"I have paid" of a KHQR: the shop asks Bakong at once; paid only if Bakong saw it paid as asked',
  tag: 'cashier',
  body: z.object({ paymentId: z.uuid() }),
  data: z.object({
    /** Whether the payable is paid now. */
    paid: z.boolean(),
    /** The payment's status: PENDING, SUCCEEDED, EXPIRED, LATE… */
    status: z.string(),
    /** Whether Bakong answered (false: it could not be asked; the shop keeps asking). */
    answered: z.boolean(),
  }),
});

/** Result of the wallet-app bridge (spec §1, §7), signed by the wallet app. */
const bridgeResult = z.object({
  statusCode: z.string().check(z.maxLength(8)),
  orderId: z.string().check(z.maxLength(64)),
  partnerRefNumber: z.string().check(z.maxLength(64)),
  transactionId: z.optional(z.string().check(z.maxLength(64))),
  sign: z.string().check(z.maxLength(256)),
});
export const bridgePaySuccess = defineCall({
  method: 'GET',
  path: '/v1/pay/wingh5/success',
  auth: 'optional',
  summary: 'Wallet-app payment succeeded (status_code 200): checks the signature, pays the order once',
  tag: 'cashier',
  query: bridgeResult,
  data: z.object({ orderId: z.string(), paid: z.boolean() }),
});
export const bridgePayFail = defineCall({
  method: 'GET',
  path: '/v1/pay/wingh5/fail',
  auth: 'optional',
  summary: 'Wallet-app payment failed or was abandoned',
  tag: 'cashier',
  query: bridgeResult,
  data: z.object({ orderId: z.string(), paid: z.boolean() }),
});
