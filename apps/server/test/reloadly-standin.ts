// A stand-in for Reloadly's airtime API on 127.0.0.1 (tests only), written from its published
// reference: POST /oauth/token (client credentials, audience = the topups API), GET
// /operators/countries/{iso}, POST /topups, GET /topups/reports/transactions, GET /accounts/balance;
// every error in Reloadly's shape `{ timeStamp, message, path, errorCode, infoLink, details }`.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const RELOADLY_ACCEPT = 'application/com.reloadly.topups-v1+json';

export type StandinTransaction = {
  transactionId: number;
  status: 'SUCCESSFUL' | 'PENDING' | 'FAILED' | 'REFUNDED';
  operatorTransactionId: string | null;
  customIdentifier: string | null;
  recipientPhone: string;
  countryCode: string;
  operatorId: number;
  operatorName: string;
  requestedAmount: number;
  requestedAmountCurrencyCode: string;
  deliveredAmount: number;
  deliveredAmountCurrencyCode: string;
  transactionDate: string;
  /** Not in the report yet (a report that lags behind the top-ups). */
  hidden?: boolean;
};

/** What the next POST /topups does, once. */
export type TopupBehaviour = {
  /** The status the top-up gets (SUCCESSFUL unless said). */
  status?: StandinTransaction['status'];
  /** No answer: the top-up is made ('after-record') or never reaches the books ('before-record'). */
  hang?: 'after-record' | 'before-record';
  /** An HTTP 5xx instead of the answer, the top-up made or not. */
  serverError?: { status: number; when: 'after-record' | 'before-record' };
  /** The top-up is kept out of the report until `showAll()`. */
  hidden?: boolean;
  /** Refused with Reloadly's error body (`errorCode`, `message`) before anything is made. */
  refuse?: { status: number; errorCode: string; message: string };
};

type Seen = { method: string; path: string; query: Record<string, string>; body: any; auth?: string; accept?: string };

/** Cambodia as the stand-in lists it: the airtime operators, and a data product beside Smart's. */
const KH_OPERATORS = [
  { operatorId: 1650, name: 'Smart Cambodia', denominationType: 'RANGE', minAmount: 1, maxAmount: 100 },
  { operatorId: 1651, name: 'Smart Cambodia Data', data: true, denominationType: 'FIXED', fixedAmounts: [2, 5] },
  { operatorId: 1652, name: 'Cellcard Cambodia', denominationType: 'FIXED', fixedAmounts: [1, 2, 5, 10, 20, 50] },
  { operatorId: 1653, name: 'Metfone Cambodia', denominationType: 'RANGE', minAmount: 1, maxAmount: 50 },
  { operatorId: 1654, name: 'Seatel Cambodia', denominationType: 'RANGE', minAmount: 1, maxAmount: 50 },
  { operatorId: 1655, name: 'qb Cambodia', denominationType: 'FIXED', fixedAmounts: [1, 2, 5, 10] },
].map((o) => ({
  id: o.operatorId,
  bundle: false,
  data: false,
  pin: false,
  supportsLocalAmounts: false,
  senderCurrencyCode: 'USD',
  senderCurrencySymbol: '$',
  destinationCurrencyCode: 'USD',
  destinationCurrencySymbol: '$',
  minAmount: null,
  maxAmount: null,
  fixedAmounts: [] as number[],
  country: { isoName: 'KH', name: 'Cambodia' },
  fx: { rate: 1, currencyCode: 'USD' },
  ...o,
}));

export class ReloadlyStandin {
  readonly clientId = 'standin-client';
  readonly clientSecret = randomBytes(12).toString('hex');
  /** Every request, in order. */
  readonly seen: Seen[] = [];
  readonly transactions: StandinTransaction[] = [];
  /** The account's balance in USD. */
  balance = 500;
  /** The life of a token it issues (`expires_in`). */
  tokenSeconds = 5_184_000;
  /** The next POST /topups behaviours, one each. */
  readonly next: TopupBehaviour[] = [];
  private readonly tokens = new Map<string, number>();
  private readonly server: http.Server;
  private nextId = 4_602_843;
  url = '';

  constructor() {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => this.handle(req, res, raw));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Tokens it issued stop working (they expired, as `TOKEN_EXPIRED` says). */
  expireTokens() {
    for (const token of this.tokens.keys()) this.tokens.set(token, 0);
  }

  /** The report catches up. */
  showAll() {
    for (const t of this.transactions) t.hidden = false;
  }

  count(method: string, path: string) {
    return this.seen.filter((s) => s.method === method && s.path === path).length;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://standin');
    let body: any = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {}
    const seen: Seen = {
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      auth: req.headers.authorization,
      accept: req.headers.accept,
    };
    this.seen.push(seen);
    const send = (status: number, json: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    const error = (status: number, errorCode: string | null, message: string) =>
      send(status, {
        timeStamp: new Date().toISOString().replace('T', ' ').slice(0, 19),
        message,
        path: url.pathname,
        errorCode,
        infoLink: null,
        details: [],
      });

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      if (
        body?.client_id !== this.clientId ||
        body?.client_secret !== this.clientSecret ||
        body?.grant_type !== 'client_credentials'
      )
        return error(401, 'INVALID_CREDENTIALS', 'Access Denied');
      if (body?.audience !== this.url) return error(400, 'INVALID_AUDIENCE', 'Unknown audience');
      const token = randomBytes(16).toString('hex');
      this.tokens.set(token, Date.now() + this.tokenSeconds * 1000);
      return send(200, {
        access_token: token,
        scope: 'send-topups read-operators read-topups-history read-prepaid-balance',
        expires_in: this.tokenSeconds,
        token_type: 'Bearer',
      });
    }

    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !this.tokens.has(token))
      return error(401, 'INVALID_TOKEN', 'Full authentication is required to access this resource');
    if ((this.tokens.get(token) ?? 0) <= Date.now()) return error(401, 'TOKEN_EXPIRED', 'Access token expired');
    if (req.headers.accept !== RELOADLY_ACCEPT) return error(406, null, 'Not Acceptable');

    if (req.method === 'GET' && url.pathname === '/accounts/balance')
      return send(200, {
        balance: this.balance,
        currencyCode: 'USD',
        currencyName: 'US Dollar',
        updatedAt: '2026-05-02 08:45:51',
      });

    const country = /^\/operators\/countries\/([A-Z]{2})$/.exec(url.pathname);
    if (req.method === 'GET' && country) {
      if (country[1] !== 'KH') return error(404, 'COUNTRY_NOT_SUPPORTED', 'Country not supported');
      return send(200, KH_OPERATORS);
    }

    if (req.method === 'GET' && url.pathname === '/topups/reports/transactions') {
      const wanted = url.searchParams.get('customIdentifier');
      const content = this.transactions
        .filter((t) => !t.hidden && (!wanted || t.customIdentifier === wanted))
        .map(({ hidden: _, ...t }) => t);
      return send(200, { content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });
    }

    if (req.method === 'POST' && url.pathname === '/topups') return this.topup(body, send, error);
    return error(404, null, 'Not Found');
  }

  private topup(
    body: any,
    send: (status: number, json: unknown) => void,
    error: (status: number, code: string | null, message: string) => void,
  ) {
    const behaviour = this.next.shift() ?? {};
    if (behaviour.refuse) return error(behaviour.refuse.status, behaviour.refuse.errorCode, behaviour.refuse.message);
    if (behaviour.serverError?.when === 'before-record')
      return error(behaviour.serverError.status, null, 'Internal Server Error');
    if (behaviour.hang === 'before-record') return; // the request is lost: no answer, no top-up
    const operator = KH_OPERATORS.find((o) => o.operatorId === body?.operatorId);
    if (!operator) return error(400, 'OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE', 'Operator not found');
    if (body?.useLocalAmount !== false && body?.useLocalAmount !== undefined)
      return error(400, 'INVALID_AMOUNT', 'Local amounts are not supported for this operator');
    const amount = Number(body?.amount);
    const fits =
      operator.denominationType === 'FIXED'
        ? operator.fixedAmounts.includes(amount)
        : amount >= (operator.minAmount ?? 0) && amount <= (operator.maxAmount ?? Infinity);
    if (!fits) return error(400, 'INVALID_AMOUNT_FOR_OPERATOR', 'The amount is not valid for this operator');
    const phone = body?.recipientPhone;
    if (phone?.countryCode !== 'KH' || !/^855\d{8,9}$/.test(String(phone?.number)))
      return error(400, 'INVALID_RECIPIENT_PHONE', 'Recipient phone number is not valid');
    if (body.customIdentifier && this.transactions.some((t) => t.customIdentifier === body.customIdentifier))
      return error(400, 'TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT', 'Custom identifier has already been used');
    if (this.balance < amount) return error(400, 'INSUFFICIENT_BALANCE', 'Insufficient balance');
    const status = behaviour.status ?? 'SUCCESSFUL';
    const transaction: StandinTransaction = {
      transactionId: this.nextId++,
      status,
      operatorTransactionId: status === 'SUCCESSFUL' ? `OP-${randomBytes(4).toString('hex')}` : null,
      customIdentifier: body.customIdentifier ?? null,
      recipientPhone: String(phone.number),
      countryCode: 'KH',
      operatorId: operator.operatorId,
      operatorName: operator.name,
      requestedAmount: amount,
      requestedAmountCurrencyCode: 'USD',
      deliveredAmount: amount,
      deliveredAmountCurrencyCode: 'USD',
      transactionDate: new Date().toISOString().replace('T', ' ').slice(0, 19),
      hidden: behaviour.hidden,
    };
    this.transactions.push(transaction);
    if (status !== 'FAILED') this.balance = Math.round((this.balance - amount) * 100) / 100;
    if (behaviour.serverError) return error(behaviour.serverError.status, null, 'Internal Server Error');
    if (behaviour.hang) return; // made, but the answer never comes
    const { hidden: _, ...answer } = transaction;
    send(200, answer);
  }
}
