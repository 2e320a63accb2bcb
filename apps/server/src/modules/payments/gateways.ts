import { createHmac } from 'node:crypto';
import { hmacHex, safeEqual } from '../../platform/crypto.ts';

export { hmacHex, safeEqual };

/**
 * An online payment gateway. `start` says where the browser goes; `verify` turns a callback into a
 * trusted outcome or refuses it. The sandbox is the local stand-in (DESIGN §7); PayWay follows ABA
 * PayWay's published purchase and pushback protocol.
 */
export type GatewayStart = {
  redirectUrl: string | null;
  /** A form the browser posts, with the encoding the gateway takes (PayWay: multipart/form-data). */
  form: { action: string; fields: Record<string, string>; enctype?: 'multipart/form-data' } | null;
};
export type VerifiedCallback = {
  paymentId: string;
  status: 'SUCCEEDED' | 'FAILED';
  amountCents: number;
  transactionId: string;
};
export type GatewayPayment = { paymentId: string; orderNo: string; amountCents: number; returnPath: string };

/** What the gateway's own books say about one payment (its lookup). */
export type GatewayRecord =
  | { found: false; said: string }
  | {
      found: true;
      status: 'PAID' | 'FAILED' | 'PENDING' | 'REFUNDED';
      amountCents: number;
      transactionId: string;
      /** The gateway's own word for the state, for people. */
      said: string;
    };

/** The gateway could not be asked (timeout, 5xx, its own internal error): try again later. */
export class GatewayUnavailable extends Error {}
/**
 * The gateway refused the shop's own signature: a wrong key (PayWay answers a bad hash with HTTP 403,
 * or its codes 1 / 5). Asking again changes nothing until the key is fixed: an error for staff, not a
 * reason to have the gateway send its pushback again.
 */
export class GatewayKeyRefused extends Error {}

export interface Gateway {
  readonly name: 'sandbox' | 'payway';
  start(payment: GatewayPayment): GatewayStart;
  /** A callback made trusted, or null; throws GatewayUnavailable when the gateway cannot be asked. */
  verify(body: Record<string, unknown>, headers?: Record<string, unknown>): Promise<VerifiedCallback | null>;
  /** The gateway's record of a payment; throws GatewayUnavailable, or an Error when it refuses us. */
  lookup(paymentId: string): Promise<GatewayRecord>;
}

/** The sandbox's signed fields, in order. */
export function sandboxSignText(b: {
  paymentId: string;
  status: string;
  amountCents: number | string;
  transactionId: string;
  timestamp: number | string;
}) {
  return `${b.paymentId}|${b.status}|${b.amountCents}|${b.transactionId}|${b.timestamp}`;
}

export class SandboxGateway implements Gateway {
  readonly name = 'sandbox' as const;
  private readonly secret: string;
  /** Asks the sandbox's lookup endpoint (`GET /sandbox-gateway/transactions/:paymentId`; set by the routes). */
  ask: ((paymentId: string) => Promise<{ status: number; body: unknown }>) | undefined;
  constructor(secret: string) {
    this.secret = secret;
  }

  start(payment: GatewayPayment): GatewayStart {
    return {
      redirectUrl: `/sandbox-gateway/checkout/${payment.paymentId}?return=${encodeURIComponent(payment.returnPath)}`,
      form: null,
    };
  }

  sign(body: {
    paymentId: string;
    status: string;
    amountCents: number;
    transactionId: string;
    timestamp: number;
  }): string {
    return hmacHex(this.secret, sandboxSignText(body));
  }

  async verify(body: Record<string, unknown>): Promise<VerifiedCallback | null> {
    const { paymentId, status, amountCents, transactionId, timestamp, signature } = body as Record<
      string,
      string | number | undefined
    >;
    if (typeof paymentId !== 'string' || typeof transactionId !== 'string' || typeof signature !== 'string')
      return null;
    if (status !== 'SUCCEEDED' && status !== 'FAILED') return null;
    if (!Number.isInteger(Number(amountCents)) || !Number.isFinite(Number(timestamp))) return null;
    const expected = hmacHex(
      this.secret,
      sandboxSignText({
        paymentId,
        status,
        amountCents: Number(amountCents),
        transactionId,
        timestamp: Number(timestamp),
      }),
    );
    if (!safeEqual(expected, signature)) return null;
    return { paymentId, status, amountCents: Number(amountCents), transactionId };
  }

  /** The sandbox bank's record of what the payer decided on its page (signed like its callbacks). */
  async lookup(paymentId: string): Promise<GatewayRecord> {
    if (!this.ask) throw new GatewayUnavailable('the sandbox gateway is not wired');
    const { status, body } = await this.ask(paymentId);
    if (status === 404) return { found: false, said: 'not found' };
    if (status !== 200) throw new GatewayUnavailable(`the sandbox gateway answered ${status}`);
    const r = body as {
      status: string;
      amountCents: number;
      transactionId: string;
      timestamp: number;
      signature: string;
    };
    if (!safeEqual(this.sign({ paymentId, ...r }), String(r.signature)))
      throw new Error('the sandbox gateway’s answer is not signed with PAYMENT_SECRET');
    const state = ({ SUCCEEDED: 'PAID', FAILED: 'FAILED' } as const)[r.status as 'SUCCEEDED'] ?? 'PENDING';
    return { found: true, status: state, amountCents: r.amountCents, transactionId: r.transactionId, said: r.status };
  }
}

/** YYYYMMDDHHmmss in UTC, PayWay's req_time. */
function reqTime(now: Date): string {
  return now.toISOString().replace(/\D/g, '').slice(0, 14);
}

/** "YYYY-MM-DD HH:mm:ss" in Phnom Penh: how PayWay writes and reads its transaction dates. */
export function paywayDate(at: Date): string {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
}

/** PayWay's tran_id of a payment (at most 20 letters and digits): the payment id's first 20 hex digits. */
export function paywayTranId(paymentId: string): string {
  return paymentId.replace(/-/g, '').slice(0, 20);
}

/** check-transaction-2's payment_status_code (0 APPROVED, 2 PENDING, 3 DECLINED, 4 REFUNDED, 7 CANCELLED). */
const PAYWAY_STATE: Record<number, 'PAID' | 'FAILED' | 'PENDING' | 'REFUNDED'> = {
  0: 'PAID',
  2: 'PENDING',
  3: 'FAILED',
  4: 'REFUNDED',
  7: 'FAILED',
};

/** One line of PayWay's transaction list (transaction-list-2). */
export type PaywayListed = { tranId: string; status: string; amountCents: number; currency: string };

/**
 * ABA PayWay (developer.payway.com.kh): a signed purchase form posted from the browser (hash =
 * base64 HMAC-SHA512 of the concatenated fields with the merchant's API key); PayWay pushes
 * `{ tran_id, apv, status, return_params }` to our callback with the header X-PayWay-HMAC-SHA512 (the
 * values sorted by key, concatenated, signed the same way). A pushback is trusted only after
 * check-transaction-2 (hash of req_time, merchant_id, tran_id) says the payment is APPROVED, and for
 * the amount it says; the daily reconciliation reads the same lookup and transaction-list-2.
 */
export class PaywayGateway implements Gateway {
  readonly name = 'payway' as const;
  private readonly merchantId: string;
  private readonly apiKey: string;
  private readonly url: string;
  private readonly publicUrl: string;
  private readonly fetcher: typeof fetch;
  private readonly timeoutMs: number;
  private readonly lifetimeMinutes: number;

  constructor(
    options: {
      merchantId: string;
      apiKey: string;
      url: string;
      publicUrl: string;
      timeoutMs?: number;
      /** PayWay's `lifetime` of a purchase, in minutes: the shop's own payment expiry (PayWay takes 3 to 43,200). */
      lifetimeMinutes?: number;
    },
    fetcher: typeof fetch = fetch,
  ) {
    this.lifetimeMinutes = Math.min(43_200, Math.max(3, Math.round(options.lifetimeMinutes ?? 15)));
    this.merchantId = options.merchantId;
    this.apiKey = options.apiKey;
    this.url = options.url;
    this.publicUrl = options.publicUrl;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetcher = fetcher;
  }

  hash(parts: string[]): string {
    return createHmac('sha512', this.apiKey).update(parts.join('')).digest('base64');
  }

  /** Where PayWay's other calls are: beside the purchase URL (…/v1/payments/<call>). */
  private endpoint(call: string) {
    return this.url.replace(/\/purchase\/?$/, `/${call}`);
  }

  start(payment: GatewayPayment, now = new Date()): GatewayStart {
    const f: Record<string, string> = {
      req_time: reqTime(now),
      merchant_id: this.merchantId,
      tran_id: paywayTranId(payment.paymentId),
      amount: (payment.amountCents / 100).toFixed(2),
      items: '',
      shipping: '',
      firstname: '',
      lastname: '',
      email: '',
      phone: '',
      type: 'purchase',
      payment_option: '',
      return_url: Buffer.from(`${this.publicUrl}/v1/pay/callback/payway`).toString('base64'),
      cancel_url: `${this.publicUrl}/h5/orderFail?paymentId=${payment.paymentId}`,
      continue_success_url: `${this.publicUrl}${payment.returnPath}`,
      return_deeplink: '',
      currency: 'USD',
      custom_fields: '',
      return_params: payment.paymentId,
      // The checkout closes when the shop stops waiting for the payment (PAYMENT_TIMEOUT_MS).
      lifetime: String(this.lifetimeMinutes),
    };
    // The hash order of PayWay's purchase (its reference); fields we do not send count as ''.
    const order = [
      'req_time',
      'merchant_id',
      'tran_id',
      'amount',
      'items',
      'shipping',
      'firstname',
      'lastname',
      'email',
      'phone',
      'type',
      'payment_option',
      'return_url',
      'cancel_url',
      'continue_success_url',
      'return_deeplink',
      'currency',
      'custom_fields',
      'return_params',
      'view_type',
      'payment_gate',
      'payout',
      'lifetime',
      'additional_params',
      'google_pay_token',
      'skip_success_page',
    ];
    f.hash = this.hash(order.map((k) => f[k] ?? ''));
    // PayWay's purchase takes multipart/form-data (its reference): the browser posts it so.
    return { redirectUrl: null, form: { action: this.url, fields: f, enctype: 'multipart/form-data' } };
  }

  /** POSTs a signed call; an answer PayWay could not give (no answer, 5xx, its code 11 or 429) is GatewayUnavailable. */
  private async call(name: string, body: Record<string, unknown>) {
    let res: Response;
    try {
      res = await this.fetcher(this.endpoint(name), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new GatewayUnavailable(`PayWay ${name}: ${(error as Error).message}`);
    }
    if (res.status === 403 || res.status === 401)
      throw new GatewayKeyRefused(
        `PayWay ${name} refused the shop's hash (HTTP ${res.status}): check PAYWAY_API_KEY (and PAYWAY_MERCHANT_ID)`,
      );
    if (!res.ok) throw new GatewayUnavailable(`PayWay ${name} answered HTTP ${res.status}`);
    const answer = (await res.json().catch(() => null)) as {
      data?: unknown;
      status?: { code?: string; message?: string };
    } | null;
    const code = String(answer?.status?.code ?? '');
    if (code === '11' || code === '429')
      throw new GatewayUnavailable(`PayWay ${name}: ${code} ${answer?.status?.message ?? ''}`);
    return { code, message: String(answer?.status?.message ?? ''), data: answer?.data };
  }

  /** check-transaction-2 for a tran_id. */
  async check(tranId: string, now = new Date()): Promise<GatewayRecord> {
    const time = reqTime(now);
    const { code, message, data } = await this.call('check-transaction-2', {
      req_time: time,
      merchant_id: this.merchantId,
      tran_id: tranId,
      hash: this.hash([time, this.merchantId, tranId]),
    });
    if (code === '6') return { found: false, said: `6 ${message}` };
    if (code === '5' || code === '1')
      throw new GatewayKeyRefused(`PayWay refused the hash (${code} ${message}): check PAYWAY_API_KEY`);
    if (code === '8')
      throw new Error(`PayWay does not know merchant ${this.merchantId} (8 ${message}): check PAYWAY_MERCHANT_ID`);
    const d = data as { payment_status_code?: number; payment_status?: string; total_amount?: number; apv?: string };
    if (code !== '00' || !d || typeof d.total_amount !== 'number' || !(Number(d.payment_status_code) in PAYWAY_STATE))
      throw new Error(`PayWay check-transaction-2 answered ${code} ${message}`);
    return {
      found: true,
      status: PAYWAY_STATE[Number(d.payment_status_code)],
      amountCents: Math.round(d.total_amount * 100),
      transactionId: d.apv || tranId,
      said: String(d.payment_status ?? d.payment_status_code),
    };
  }

  lookup(paymentId: string): Promise<GatewayRecord> {
    return this.check(paywayTranId(paymentId));
  }

  /** transaction-list-2 between two instants (PayWay allows 3 days at most), every page. */
  async list(from: Date, to: Date, now = new Date()): Promise<PaywayListed[]> {
    const out: PaywayListed[] = [];
    for (let page = 1; page < 100; page++) {
      const f: Record<string, string> = {
        req_time: reqTime(now),
        merchant_id: this.merchantId,
        from_date: paywayDate(from),
        to_date: paywayDate(new Date(to.getTime() - 1000)),
        from_amount: '',
        to_amount: '',
        status: '',
        page: String(page),
        pagination: '1000',
      };
      const order = Object.keys(f);
      const { code, message, data } = await this.call('transaction-list-2', {
        ...f,
        hash: this.hash(order.map((k) => f[k])),
      });
      if (code !== '00' || !Array.isArray(data))
        throw new Error(`PayWay transaction-list-2 answered ${code} ${message}`);
      for (const t of data as {
        transaction_id: string;
        payment_status: string;
        total_amount: number;
        original_currency?: string;
      }[])
        out.push({
          tranId: String(t.transaction_id),
          status: String(t.payment_status),
          amountCents: Math.round(Number(t.total_amount) * 100),
          currency: String(t.original_currency ?? 'USD'),
        });
      if (data.length < 1000) break;
    }
    return out;
  }

  /**
   * A pushback made trusted: signed by PayWay (its header), naming our payment in return_params with
   * the tran_id we gave that payment, and settled as check-transaction-2 says (not as it says).
   */
  async verify(body: Record<string, unknown>, headers: Record<string, unknown> = {}): Promise<VerifiedCallback | null> {
    const tranId = body.tran_id;
    const paymentId = body.return_params;
    if (typeof tranId !== 'string' || typeof paymentId !== 'string') return null;
    if (paywayTranId(paymentId) !== tranId) return null;
    const signature = headers['x-payway-hmac-sha512'];
    const signed = this.hash(
      Object.keys(body)
        .sort()
        .map((k) =>
          typeof body[k] === 'object' && body[k] !== null ? JSON.stringify(body[k]) : String(body[k] ?? ''),
        ),
    );
    if (typeof signature !== 'string' || !safeEqual(signed, signature)) return null;
    const record = await this.check(tranId);
    if (!record.found || (record.status !== 'PAID' && record.status !== 'FAILED')) return null;
    return {
      paymentId,
      status: record.status === 'PAID' ? 'SUCCEEDED' : 'FAILED',
      amountCents: record.amountCents,
      transactionId: record.transactionId,
    };
  }
}

/** The wallet app's payment result (spec §1, §7), signed by the wallet app with the shared key. */
export function bridgeSignText(r: {
  statusCode: string;
  orderId: string;
  partnerRefNumber: string;
  transactionId?: string;
}) {
  return `${r.statusCode}|${r.orderId}|${r.partnerRefNumber}|${r.transactionId ?? ''}`;
}
