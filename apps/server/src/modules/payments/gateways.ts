import { createHmac } from 'node:crypto';
import { hmacHex, safeEqual } from '../../platform/crypto.ts';

/**
 * An online payment gateway. `start` says where the browser goes; `verify` turns a callback into a
 * trusted outcome or refuses it. The sandbox is the local stand-in (DESIGN §7); PayWay follows ABA
 * PayWay's published purchase and pushback protocol.
 */
export type GatewayStart = {
  redirectUrl: string | null;
  form: { action: string; fields: Record<string, string> } | null;
};
export type VerifiedCallback = {
  paymentId: string;
  status: 'SUCCEEDED' | 'FAILED';
  amountCents: number;
  transactionId: string;
};
export type GatewayPayment = { paymentId: string; orderNo: string; amountCents: number; returnPath: string };

export interface Gateway {
  readonly name: 'sandbox' | 'payway';
  start(payment: GatewayPayment): GatewayStart;
  verify(body: Record<string, unknown>): Promise<VerifiedCallback | null>;
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
}

/** YYYYMMDDHHmmss in UTC, PayWay's req_time. */
function reqTime(now: Date): string {
  return now.toISOString().replace(/\D/g, '').slice(0, 14);
}

/**
 * ABA PayWay: a signed purchase form posted from the browser (hash = base64 HMAC-SHA512 of the
 * concatenated fields with the merchant's API key); PayWay pushes `{ tran_id, status }` to our
 * callback, which we trust only after asking PayWay's check-transaction API (signed the same way).
 */
export class PaywayGateway implements Gateway {
  readonly name = 'payway' as const;
  private readonly merchantId: string;
  private readonly apiKey: string;
  private readonly url: string;
  private readonly publicUrl: string;
  private readonly fetcher: typeof fetch;

  constructor(
    options: { merchantId: string; apiKey: string; url: string; publicUrl: string },
    fetcher: typeof fetch = fetch,
  ) {
    this.merchantId = options.merchantId;
    this.apiKey = options.apiKey;
    this.url = options.url;
    this.publicUrl = options.publicUrl;
    this.fetcher = fetcher;
  }

  hash(parts: string[]): string {
    return createHmac('sha512', this.apiKey).update(parts.join('')).digest('base64');
  }

  start(payment: GatewayPayment, now = new Date()): GatewayStart {
    const f: Record<string, string> = {
      req_time: reqTime(now),
      merchant_id: this.merchantId,
      tran_id: payment.paymentId.replace(/-/g, '').slice(0, 20),
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
    };
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
    ];
    f.hash = this.hash(order.map((k) => f[k]));
    return { redirectUrl: null, form: { action: this.url, fields: f } };
  }

  async verify(body: Record<string, unknown>): Promise<VerifiedCallback | null> {
    const tranId = body.tran_id;
    const paymentId = body.return_params;
    if (typeof tranId !== 'string' || typeof paymentId !== 'string') return null;
    const time = reqTime(new Date());
    const res = await this.fetcher(this.url.replace(/purchase$/, 'check-transaction-2'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        req_time: time,
        merchant_id: this.merchantId,
        tran_id: tranId,
        hash: this.hash([time, this.merchantId, tranId]),
      }),
    });
    if (!res.ok) return null;
    const answer = (await res.json()) as {
      data?: { payment_status_code?: number; total_amount?: number; apv?: string };
    };
    const data = answer.data;
    if (!data || typeof data.total_amount !== 'number') return null;
    return {
      paymentId,
      status: data.payment_status_code === 0 ? 'SUCCEEDED' : 'FAILED',
      amountCents: Math.round(data.total_amount * 100),
      transactionId: data.apv ?? tranId,
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
