// A stand-in for ABA PayWay's e-commerce checkout on 127.0.0.1 (tests only), written from PayWay's
// published developer reference (developer.payway.com.kh: "Create a transaction" / purchase,
// "Check transaction" = check-transaction-2, "Get transaction list" = transaction-list-2, and the
// e-commerce checkout guide's pushback to `return_url`; field lists and hash orders as reproduced in
// github.com/Joselay/aba-payway-docs 01-purchase.md, 02-check-transaction.md, 04-get-transaction-list.md):
// - POST /api/payment-gateway/v1/payments/purchase (the browser's form post, multipart/form-data as the
//   reference's purchase says; any other encoding is refused with HTTP 415):
//   hash = base64(HMAC-SHA512(api_key, req_time merchant_id tran_id amount items shipping firstname
//   lastname email phone type payment_option return_url cancel_url continue_success_url return_deeplink
//   currency custom_fields return_params view_type payment_gate payout lifetime additional_params
//   google_pay_token skip_success_page)), absent fields as ''; `lifetime` (minutes, 3 to 43,200) is how long
//   the checkout stays open (kept on the transaction). Answers a checkout page that can pay, decline or cancel; codes 1 wrong
//   hash, 2 invalid tran_id, 3 invalid amount, 4 duplicate tran_id, 26 invalid merchant profile.
// - A bad hash, on every call, is answered as PayWay does: HTTP 403 with its code (1 or 5) in the body
//   (issue 43: a live merchant's wrong key met 403, not a 200 with a code).
// - The pushback: POST JSON { tran_id, apv, status, return_params } to the base64-decoded return_url,
//   header X-PayWay-HMAC-SHA512 = base64(HMAC-SHA512(api_key, the values sorted by key, concatenated)).
// - POST .../check-transaction-2 { req_time, merchant_id, tran_id, hash(req_time merchant_id tran_id) }:
//   { data: { payment_status_code 0 APPROVED | 2 PENDING | 3 DECLINED | 4 REFUNDED | 7 CANCELLED,
//   total_amount, original_amount, refund_amount, discount_amount, payment_amount, payment_currency, apv,
//   payment_status, transaction_date }, status: { code '00', message, tran_id } }; codes 5 invalid hash,
//   6 transaction not found, 8 invalid merchant profile, 11 internal error.
// - POST .../transaction-list-2 { req_time, merchant_id, from_date, to_date, from_amount, to_amount,
//   status, page, pagination, hash(all of them in that order) }: { data: [...], page, pagination,
//   status }; code 1 wrong hash, 8 invalid merchant profile; at most 3 days; dates in Phnom Penh time
//   (the reference's example: req_time 20250213065545 UTC, transaction_date 2025-02-13 13:55:25).
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYWAY_REFUND_PATH, PaywayRefundDesk } from './payway-refund-standin.ts';

export const PAYWAY_BASE = '/api/payment-gateway/v1/payments';

const PURCHASE_ORDER = [
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
const LIST_ORDER = [
  'req_time',
  'merchant_id',
  'from_date',
  'to_date',
  'from_amount',
  'to_amount',
  'status',
  'page',
  'pagination',
];

const STATUS_CODE = { APPROVED: 0, PENDING: 2, DECLINED: 3, REFUNDED: 4, CANCELLED: 7 } as const;
export type PaywayStatus = keyof typeof STATUS_CODE;

export type PaywayTransaction = {
  tranId: string;
  amount: number;
  currency: string;
  status: PaywayStatus;
  apv: string;
  returnUrl: string | null;
  returnParams: string;
  cancelUrl: string;
  continueSuccessUrl: string;
  /** Phnom Penh time, "YYYY-MM-DD HH:mm:ss", as PayWay writes it. */
  date: string;
  /** The purchase's `lifetime` in minutes, when sent. */
  lifetimeMinutes: number | null;
  /** What went back by PayWay's Refund API (payway-refund-standin.ts). */
  refunded?: number;
};

/** What the next check-transaction-2 (or transaction-list-2) call meets, once. */
export type PaywayTrouble =
  | { hang: true }
  | { status: number }
  | { amount: number }
  | { paymentStatus: PaywayStatus }
  | { code: string; message: string };

type Seen = { path: string; body: Record<string, unknown>; headers: http.IncomingHttpHeaders };

const phnomPenhTime = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export class PaywayStandin {
  readonly merchantId: string;
  readonly apiKey = randomBytes(16).toString('hex');
  readonly transactions = new Map<string, PaywayTransaction>();
  readonly seen: Seen[] = [];
  /** Every pushback sent: what it carried and the shop's HTTP answer (0: no answer). */
  readonly pushbacks: { body: Record<string, string>; answer: number }[] = [];
  readonly next: { check: PaywayTrouble[]; list: PaywayTrouble[] } = { check: [], list: [] };
  /**
   * An outage: while set, its 5xx answers every API call (purchase, check-transaction-2,
   * transaction-list-2, refund) before anything is read or recorded, as PayWay's gateway does when
   * it is down behind its own proxy. `refused` counts those answers.
   */
  down: { status: number } | null = null;
  refused = 0;
  /** PayWay's Refund API: its RSA key pair, its record of refunds, what the next refund meets. */
  readonly refunds = new PaywayRefundDesk(this);
  url = '';
  private readonly server: http.Server;
  private readonly hanging = new Set<http.ServerResponse>();

  constructor(merchantId = 'ec-standin') {
    this.merchantId = merchantId;
    this.server = http.createServer((req, res) => void this.serve(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The purchase URL the shop is configured with (PAYWAY_URL). */
  get purchaseUrl() {
    return `${this.url}${PAYWAY_BASE}/purchase`;
  }

  count(path: string) {
    return this.seen.filter((s) => s.path === `${PAYWAY_BASE}/${path}`).length;
  }

  hash(parts: unknown[], key = this.apiKey) {
    return createHmac('sha512', key)
      .update(parts.map((p) => (p === null || p === undefined ? '' : String(p))).join(''))
      .digest('base64');
  }

  /** The pushback's header signature: values sorted by key, concatenated. */
  pushbackSignature(body: Record<string, string>, key = this.apiKey) {
    return this.hash(
      Object.keys(body)
        .sort()
        .map((k) => body[k]),
      key,
    );
  }

  /** PayWay calls the shop's return_url (as after a payment); `tamper` changes what is sent. */
  async pushback(
    tranId: string,
    tamper: { body?: Partial<Record<string, string>>; signature?: string; to?: string } = {},
  ): Promise<number> {
    const t = this.transactions.get(tranId);
    const to = tamper.to ?? t?.returnUrl;
    if (!to) throw new Error(`no return_url for ${tranId}`);
    const body = {
      tran_id: tranId,
      apv: t?.apv ?? '',
      status: String(STATUS_CODE[t?.status ?? 'APPROVED']),
      return_params: t?.returnParams ?? '',
      ...tamper.body,
    } as Record<string, string>;
    let answer = 0;
    try {
      const res = await fetch(to, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-payway-hmac-sha512': tamper.signature ?? this.pushbackSignature(body),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      answer = res.status;
    } catch {}
    this.pushbacks.push({ body, answer });
    return answer;
  }

  /** The payer decided on the checkout page: approved or declined are pushed back; cancel is not. */
  async decide(tranId: string, decision: 'pay' | 'decline' | 'cancel') {
    const t = this.transactions.get(tranId);
    if (t?.status !== 'PENDING') return null;
    if (decision === 'cancel') return t;
    t.status = decision === 'pay' ? 'APPROVED' : 'DECLINED';
    if (t.status === 'APPROVED') t.apv = String(100_000 + Math.floor(Math.random() * 900_000));
    if (t.returnUrl) await this.pushback(tranId);
    return t;
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', this.url);
    const type = String(req.headers['content-type'] ?? '');
    let body: Record<string, unknown> = {};
    try {
      if (type.startsWith('application/json')) body = JSON.parse(raw.toString('utf8') || '{}');
      else if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded'))
        body = Object.fromEntries(
          [...(await new Response(raw, { headers: { 'content-type': type } }).formData()).entries()].map(([k, v]) => [
            k,
            String(v),
          ]),
        );
    } catch {}
    this.seen.push({ path: url.pathname, body, headers: req.headers });
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.method !== 'POST') return res.writeHead(405).end('405 Method Not Allowed');
    if (this.down && (url.pathname.startsWith(PAYWAY_BASE) || url.pathname === PAYWAY_REFUND_PATH)) {
      this.refused++;
      return res
        .writeHead(this.down.status, { 'content-type': 'text/html' })
        .end(`<html><body><h1>${this.down.status} Service Unavailable</h1></body></html>`);
    }

    if (url.pathname === `${PAYWAY_BASE}/purchase`) {
      if (!type.startsWith('multipart/form-data'))
        return json(415, { status: { code: '415', message: 'Content-Type must be multipart/form-data' } });
      return this.purchase(body, res);
    }
    const decide = /^\/standin\/checkout\/([^/]+)\/(pay|decline|cancel)$/.exec(url.pathname);
    if (decide) {
      const t = await this.decide(decide[1], decide[2] as 'pay' | 'decline' | 'cancel');
      if (!t) return res.writeHead(404).end('unknown transaction');
      const back = t.status === 'APPROVED' ? t.continueSuccessUrl : t.cancelUrl;
      return res.writeHead(303, { location: back || '/' }).end();
    }
    if (url.pathname === `${PAYWAY_BASE}/check-transaction-2`) {
      const trouble = this.next.check.shift();
      if (trouble && 'hang' in trouble) {
        this.hanging.add(res);
        return;
      }
      if (trouble && 'status' in trouble) return json(trouble.status, { message: 'Server Error' });
      const checked = this.check(body, trouble);
      return json(checked.status.code === '5' ? 403 : 200, checked);
    }
    if (url.pathname === `${PAYWAY_BASE}/transaction-list-2`) {
      const trouble = this.next.list.shift();
      if (trouble && 'hang' in trouble) {
        this.hanging.add(res);
        return;
      }
      if (trouble && 'status' in trouble) return json(trouble.status, { message: 'Server Error' });
      const listed = this.list(body);
      return json(listed.status.code === '1' ? 403 : 200, listed);
    }
    if (url.pathname === PAYWAY_REFUND_PATH)
      return this.refunds.serve(body, res, (held) => {
        this.hanging.add(held);
      });
    return json(404, { message: 'Not Found' });
  }

  private purchase(f: Record<string, unknown>, res: http.ServerResponse) {
    const fail = (code: string, message: string) =>
      res
        .writeHead(code === '1' ? 403 : 200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: { code, message } }));
    const s = (k: string) => (typeof f[k] === 'string' ? (f[k] as string) : '');
    if (s('merchant_id') !== this.merchantId) return fail('26', 'Invalid merchant profile');
    if (s('hash') !== this.hash(PURCHASE_ORDER.map((k) => f[k]))) return fail('1', 'Wrong hash');
    const tranId = s('tran_id');
    if (!/^[A-Za-z0-9-]{1,20}$/.test(tranId)) return fail('2', 'Invalid transaction ID');
    if (!/^\d+(\.\d{1,2})?$/.test(s('amount')) || Number(s('amount')) <= 0)
      return fail('3', 'Invalid transaction amount');
    if (this.transactions.has(tranId)) return fail('4', 'Duplicated transaction ID');
    const t: PaywayTransaction = {
      tranId,
      amount: Number(s('amount')),
      currency: s('currency') || 'USD',
      status: 'PENDING',
      apv: '',
      returnUrl: s('return_url') ? Buffer.from(s('return_url'), 'base64').toString('utf8') : null,
      returnParams: s('return_params'),
      cancelUrl: s('cancel_url'),
      continueSuccessUrl: s('continue_success_url'),
      date: phnomPenhTime(new Date()),
      lifetimeMinutes: s('lifetime') ? Number(s('lifetime')) : null,
    };
    this.transactions.set(tranId, t);
    const action = (d: string) => `/standin/checkout/${encodeURIComponent(tranId)}/${d}`;
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html><head><meta charset="utf-8"><title>PayWay stand-in</title></head><body>` +
          `<h1>ABA PayWay (stand-in)</h1><p data-testid="amount">${escapeHtml(t.currency)} ${t.amount.toFixed(2)}</p>` +
          `<form method="post" action="${action('pay')}"><button>Pay</button></form>` +
          `<form method="post" action="${action('decline')}"><button>Decline</button></form>` +
          `<form method="post" action="${action('cancel')}"><button>Cancel</button></form></body></html>`,
      );
  }

  private check(b: Record<string, unknown>, trouble: PaywayTrouble | undefined) {
    const tranId = String(b.tran_id ?? '');
    if (b.merchant_id !== this.merchantId)
      return { status: { code: '8', message: 'Invalid merchant profile', tran_id: tranId } };
    if (b.hash !== this.hash([b.req_time, b.merchant_id, b.tran_id]))
      return { status: { code: '5', message: 'Invalid hash', tran_id: tranId } };
    if (trouble && 'code' in trouble)
      return { status: { code: trouble.code, message: trouble.message, tran_id: tranId } };
    const t = this.transactions.get(tranId);
    if (!t) return { status: { code: '6', message: 'Transaction not found', tran_id: tranId } };
    const amount = trouble && 'amount' in trouble ? trouble.amount : t.amount;
    const status = trouble && 'paymentStatus' in trouble ? trouble.paymentStatus : t.status;
    return {
      data: {
        payment_status_code: STATUS_CODE[status],
        total_amount: amount,
        original_amount: amount,
        refund_amount: status === 'REFUNDED' ? (t.refunded ?? amount) : 0,
        discount_amount: 0,
        payment_amount: status === 'APPROVED' ? amount : 0,
        payment_currency: status === 'APPROVED' ? t.currency : '',
        apv: t.apv,
        payment_status: status,
        transaction_date: t.date,
      },
      status: { code: '00', message: 'Success!', tran_id: tranId },
    };
  }

  private list(b: Record<string, unknown>) {
    const status = { code: '00', message: 'Success!', tran_id: String(Date.now()) };
    if (b.merchant_id !== this.merchantId)
      return { status: { ...status, code: '8', message: 'Invalid merchant profile' } };
    if (b.hash !== this.hash(LIST_ORDER.map((k) => b[k])))
      return { status: { ...status, code: '1', message: 'Wrong hash' } };
    const from = String(b.from_date ?? '');
    const to = String(b.to_date ?? '');
    if (
      from &&
      to &&
      Date.parse(`${to.replace(' ', 'T')}Z`) - Date.parse(`${from.replace(' ', 'T')}Z`) > 3 * 86_400_000
    )
      return { status: { ...status, code: '52', message: 'Maximum date range is allowed only 3 days' } };
    const wanted = b.status ? String(b.status).toUpperCase().split(',') : null;
    const page = Math.max(1, Number(b.page || 1));
    const size = Math.min(1000, Math.max(1, Number(b.pagination || 40)));
    const all = [...this.transactions.values()].filter(
      (t) => (!from || t.date >= from) && (!to || t.date <= to) && (!wanted || wanted.includes(t.status)),
    );
    return {
      data: all.slice((page - 1) * size, page * size).map((t) => ({
        transaction_id: t.tranId,
        transaction_date: t.date,
        apv: t.apv,
        payment_status: t.status,
        payment_status_code: STATUS_CODE[t.status],
        original_amount: t.amount,
        original_currency: t.currency,
        total_amount: t.amount,
        discount_amount: 0,
        refund_amount: t.status === 'REFUNDED' ? (t.refunded ?? t.amount) : 0,
        payment_amount: t.status === 'APPROVED' ? t.amount : 0,
        payment_currency: t.currency,
        first_name: '',
        last_name: '',
        email: '',
        phone: '',
        bank_ref: t.apv ? `BR${t.apv}` : '',
        payer_account: t.status === 'APPROVED' ? '000 *** 123' : '',
        bank_name: 'ABA Bank',
        card_source: 'ONUS',
        payment_type: 'ABA Pay',
      })),
      page: String(page),
      pagination: String(size),
      status,
    };
  }
}

/** A port free on 127.0.0.1 now (the shop's public URL must be known before it is built). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The shop's signed form, posted to PayWay's purchase as the browser does (multipart); PayWay's page or answer. */
export async function postPurchaseForm(form: { action: string; fields: Record<string, string> }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(form.fields)) body.append(k, v);
  const res = await fetch(form.action, { method: 'POST', body });
  return res.text();
}

/** The payer's button on PayWay's page: PayWay then pushes back to the shop (pay, decline) or not (cancel). */
export function decideOnPage(standin: PaywayStandin, tranId: string, decision: 'pay' | 'decline' | 'cancel') {
  return fetch(`${standin.url}/standin/checkout/${tranId}/${decision}`, { method: 'POST', redirect: 'manual' });
}
