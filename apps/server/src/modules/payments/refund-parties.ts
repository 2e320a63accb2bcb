// The parties that give money back for the refund engine (refunds.ts): ABA PayWay's Refund API and
// the sandbox bank's refund call. Each answers a refund with "refunded", "refused" (with its reason)
// or throws GatewayUnavailable (no answer, 5xx, "try again"): then the engine looks the refund up at
// the party before it ever sends it again.
import { constants, createHmac, publicEncrypt } from 'node:crypto';
import { GatewayUnavailable, hmacHex, paywayTranId, safeEqual } from './gateways.ts';

export type RefundRequest = { paymentId: string; amountCents: number; key: string };

export type RefundAnswer =
  | { outcome: 'refunded'; partyRef: string; said: string }
  | { outcome: 'refused'; why: 'more-than-paid' | 'not-refundable' | 'refused'; said: string };

/** What the party's books say about a payment's refunds. */
export type RefundLookup =
  | { found: false; said: string }
  | {
      found: true;
      /** What the payer paid, and how much of it went back so far. */
      paidCents: number;
      refundedCents: number;
      /** This refund's own record, when the party keeps one per refund (the sandbox bank). */
      refund?: { partyRef: string; amountCents: number } | null;
      said: string;
    };

export interface RefundParty {
  readonly name: string;
  refund(request: RefundRequest): Promise<RefundAnswer>;
  lookup(paymentId: string, key: string): Promise<RefundLookup>;
}

/** YYYYMMDDHHmmss in UTC: PayWay's request_time. */
function requestTime(now: Date): string {
  return now.toISOString().replace(/\D/g, '').slice(0, 14);
}

/** A PEM written in one line of an environment variable (`\n` for its line breaks) as a PEM. */
export function pemOf(value: string): string {
  return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
}

/**
 * PayWay's `merchant_auth`: the JSON { mc_id, tran_id, refund_amount } encrypted with the RSA public
 * key PayWay issues for refunds, in chunks of (key size − 11) bytes (PKCS#1 v1.5), concatenated and
 * base64-encoded (PayWay's Refund API reference).
 */
export function paywayMerchantAuth(
  rsaPublicKey: string,
  fields: { mcId: string; tranId: string; refundAmount: string },
): string {
  const data = Buffer.from(
    JSON.stringify({ mc_id: fields.mcId, tran_id: fields.tranId, refund_amount: fields.refundAmount }),
  );
  const key = pemOf(rsaPublicKey);
  // A 1024-bit key takes 117 bytes a chunk (PayWay's sample); a larger one more.
  const probe = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.alloc(1));
  const chunk = probe.length - 11;
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += chunk)
    parts.push(publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, data.subarray(at, at + chunk)));
  return Buffer.concat(parts).toString('base64');
}

/**
 * ABA PayWay's Refund API (POST …/api/merchant-portal/merchant-access/online-transaction/refund,
 * JSON { request_time, merchant_id, merchant_auth, hash }, hash = base64 HMAC-SHA512 of request_time
 * merchant_id merchant_auth with the API key). Full or partial refunds, several partial ones until
 * the paid amount is refunded, within 30 days. Its lookup is check-transaction-2's refund_amount.
 */
export class PaywayRefunds implements RefundParty {
  readonly name = 'payway';
  private readonly o: { merchantId: string; apiKey: string; rsaPublicKey: string; url: string; timeoutMs: number };
  private readonly fetcher: typeof fetch;

  constructor(
    options: { merchantId: string; apiKey: string; rsaPublicKey: string; url: string; timeoutMs?: number },
    fetcher: typeof fetch = fetch,
  ) {
    this.o = { ...options, timeoutMs: options.timeoutMs ?? 10_000 };
    this.fetcher = fetcher;
  }

  private hash(parts: string[]) {
    return createHmac('sha512', this.o.apiKey).update(parts.join('')).digest('base64');
  }

  /** The refund endpoint, on the purchase URL's host. */
  get refundUrl(): string {
    return `${new URL(this.o.url).origin}/api/merchant-portal/merchant-access/online-transaction/refund`;
  }

  private async post(url: string, body: Record<string, unknown>, what: string) {
    let res: Response;
    try {
      res = await this.fetcher(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
    } catch (error) {
      throw new GatewayUnavailable(`PayWay ${what}: ${(error as Error).message}`);
    }
    if (res.status >= 500 || res.status === 429)
      throw new GatewayUnavailable(`PayWay ${what} answered HTTP ${res.status}`);
    const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    const status = (answer?.status ?? {}) as { code?: string; message?: string };
    return { http: res.status, code: String(status.code ?? ''), message: String(status.message ?? ''), answer };
  }

  async refund(r: RefundRequest, now = new Date()): Promise<RefundAnswer> {
    if (!this.o.rsaPublicKey) throw new Error('PAYWAY_RSA_PUBLIC_KEY is not set: PayWay refunds cannot be made');
    const time = requestTime(now);
    const merchantAuth = paywayMerchantAuth(this.o.rsaPublicKey, {
      mcId: this.o.merchantId,
      tranId: paywayTranId(r.paymentId),
      refundAmount: (r.amountCents / 100).toFixed(2),
    });
    const { http, code, message, answer } = await this.post(
      this.refundUrl,
      {
        request_time: time,
        merchant_id: this.o.merchantId,
        merchant_auth: merchantAuth,
        hash: this.hash([time, this.o.merchantId, merchantAuth]),
      },
      'refund',
    );
    const said = `${code || `HTTP ${http}`} ${message}`.trim();
    if (code === '00')
      return {
        outcome: 'refunded',
        partyRef: `${paywayTranId(r.paymentId)}:${String(answer?.total_refunded ?? '')}`,
        said: `${said} (${answer?.transaction_status ?? ''}, total refunded ${answer?.total_refunded ?? '?'})`,
      };
    // Concurrent requests for one transaction: PayWay asks to try again in a few seconds.
    if (code === 'PTL168') throw new GatewayUnavailable(`PayWay refund: ${said}`);
    if (code === 'PTL37') return { outcome: 'refused', why: 'more-than-paid', said };
    // Not COMPLETED (already refunded in full, or not paid): the engine's lookup tells which.
    if (code === 'PTL57') return { outcome: 'refused', why: 'not-refundable', said };
    if (code === 'PTL02') return { outcome: 'refused', why: 'refused', said: `${said}: check PAYWAY_API_KEY` };
    if (code === 'PTL62' || code === 'PTL63')
      return {
        outcome: 'refused',
        why: 'refused',
        said: `${said}: check PAYWAY_MERCHANT_ID and PAYWAY_RSA_PUBLIC_KEY`,
      };
    return { outcome: 'refused', why: 'refused', said };
  }

  /** check-transaction-2: what was paid and how much of it PayWay refunded (its `refund_amount`). */
  async lookup(paymentId: string, _key: string, now = new Date()): Promise<RefundLookup> {
    const time = requestTime(now);
    const tranId = paywayTranId(paymentId);
    const url = this.o.url.replace(/\/purchase\/?$/, '/check-transaction-2');
    const { code, message, answer } = await this.post(
      url,
      {
        req_time: time,
        merchant_id: this.o.merchantId,
        tran_id: tranId,
        hash: this.hash([time, this.o.merchantId, tranId]),
      },
      'check-transaction-2',
    );
    if (code === '6') return { found: false, said: `6 ${message}` };
    if (code === '11') throw new GatewayUnavailable(`PayWay check-transaction-2: 11 ${message}`);
    const d = (answer?.data ?? null) as {
      total_amount?: number;
      refund_amount?: number;
      payment_status?: string;
    } | null;
    if (code !== '00' || !d || typeof d.total_amount !== 'number')
      throw new GatewayUnavailable(`PayWay check-transaction-2 answered ${code} ${message}`);
    return {
      found: true,
      paidCents: Math.round(d.total_amount * 100),
      refundedCents: Math.round(Number(d.refund_amount ?? 0) * 100),
      said: `${d.payment_status ?? ''}, refunded ${d.refund_amount ?? 0}`,
    };
  }
}

/** The sandbox bank's refund call's signed text. */
export function sandboxRefundSignText(b: {
  paymentId: string;
  amountCents: number;
  refundKey: string;
  timestamp: number;
}) {
  return `refund|${b.paymentId}|${b.amountCents}|${b.refundKey}|${b.timestamp}`;
}

/**
 * The sandbox bank's refunds over HTTP (POST /sandbox-gateway/refunds, GET
 * /sandbox-gateway/refunds/:paymentId, sandbox-bank.ts), signed with PAYMENT_SECRET like its callbacks.
 */
export class SandboxRefunds implements RefundParty {
  readonly name = 'sandbox';
  private readonly secret: string;
  /** The HTTP call to the sandbox bank (set by the routes: the app's own endpoints). */
  ask:
    | ((request: { method: 'GET' | 'POST'; url: string; body?: unknown }) => Promise<{ status: number; body: unknown }>)
    | undefined;

  constructor(secret: string) {
    this.secret = secret;
  }

  sign(b: { paymentId: string; amountCents: number; refundKey: string; timestamp: number }): string {
    return hmacHex(this.secret, sandboxRefundSignText(b));
  }

  verify(b: { paymentId: string; amountCents: number; refundKey: string; timestamp: number; signature: string }) {
    return safeEqual(this.sign(b), String(b.signature));
  }

  private async call(request: { method: 'GET' | 'POST'; url: string; body?: unknown }) {
    if (!this.ask) throw new GatewayUnavailable('the sandbox bank is not wired');
    const answer = await this.ask(request);
    if (answer.status >= 500 || answer.status === 0)
      throw new GatewayUnavailable(`the sandbox bank answered ${answer.status}`);
    return answer;
  }

  async refund(r: RefundRequest): Promise<RefundAnswer> {
    const b = { paymentId: r.paymentId, amountCents: r.amountCents, refundKey: r.key, timestamp: Date.now() };
    const { status, body } = await this.call({
      method: 'POST',
      url: '/sandbox-gateway/refunds',
      body: { ...b, signature: this.sign(b) },
    });
    const a = (body ?? {}) as { refundId?: string; code?: string; message?: string };
    if (status === 200 && a.refundId) return { outcome: 'refunded', partyRef: a.refundId, said: 'REFUNDED' };
    const said = `${a.code ?? status} ${a.message ?? ''}`.trim();
    if (a.code === 'MORE_THAN_PAID') return { outcome: 'refused', why: 'more-than-paid', said };
    if (a.code === 'NOT_PAID') return { outcome: 'refused', why: 'not-refundable', said };
    return { outcome: 'refused', why: 'refused', said };
  }

  async lookup(paymentId: string, key: string): Promise<RefundLookup> {
    const { status, body } = await this.call({ method: 'GET', url: `/sandbox-gateway/refunds/${paymentId}` });
    if (status === 404) return { found: false, said: 'not found' };
    const a = body as {
      paidCents: number;
      refundedCents: number;
      refunds: { id: string; refundKey: string; amountCents: number }[];
    };
    const mine = a.refunds.find((x) => x.refundKey === key);
    return {
      found: true,
      paidCents: a.paidCents,
      refundedCents: a.refundedCents,
      refund: mine ? { partyRef: mine.id, amountCents: mine.amountCents } : null,
      said: `paid ${a.paidCents}, refunded ${a.refundedCents}`,
    };
  }
}
