// Reloadly's airtime API (developers.reloadly.com, "Airtime"), the top-up provider of a live shop:
// OAuth 2.0 client credentials, Cambodia's operators from its list, POST /topups with the order's
// id as `customIdentifier`, and its transaction report as the truth about a reference whenever an
// answer did not come. A reference is never sent twice while the report could hold it.
import {
  type ProviderBalance,
  type TopupOutcome,
  type TopupProvider,
  TopupProviderError,
  type TopupRequest,
} from './provider.ts';

/** Every call of the topups API asks for its version 1 by the Accept header. */
export const RELOADLY_ACCEPT = 'application/com.reloadly.topups-v1+json';

export type ReloadlySettings = {
  clientId: string;
  clientSecret: string;
  /** The topups API (https://topups.reloadly.com, sandbox https://topups-sandbox.reloadly.com): also the token's audience. */
  apiUrl: string;
  /** The token server (https://auth.reloadly.com). */
  authUrl: string;
  /** How long one exchange may take before it counts as no answer. */
  timeoutMs: number;
};

/** An operator as `GET /operators/countries/KH` lists it (the fields the adapter reads). */
export type ReloadlyOperator = {
  operatorId?: number;
  id?: number;
  name: string;
  bundle?: boolean;
  data?: boolean;
  pin?: boolean;
  denominationType?: 'FIXED' | 'RANGE';
  senderCurrencyCode?: string;
  minAmount?: number | null;
  maxAmount?: number | null;
  fixedAmounts?: number[];
  country?: { isoName?: string };
};

/** A top-up as `POST /topups` answers it and the transaction report lists it. */
type ReloadlyTransaction = {
  transactionId: number | string;
  status: string;
  customIdentifier?: string | null;
  operatorTransactionId?: string | null;
};

/**
 * The shop's operator codes (`modules/topup/operators.ts`: libphonenumber's names made into words)
 * and how Reloadly names the same operator in its list for Cambodia.
 */
export const RELOADLY_OPERATOR_NAMES: Record<string, RegExp> = {
  smart: /\bsmart\b/i,
  cellcard: /\bcell ?card\b|\bmobitel\b/i,
  metfone: /\bmetfone\b|\bviettel\b/i,
  seatel: /\bseatel\b|\byes\b/i,
  'qbmore-cadcomms': /\bqb\b|\bqbmore\b|\bcadcomms\b/i,
  'telecom-cambodia': /\btelecom cambodia\b/i,
};

/**
 * The airtime operator Reloadly lists for one of the shop's operators: a name that matches, in
 * Cambodia, and of those the plain airtime one before a data, bundle or PIN product.
 */
export function reloadlyOperatorFor(operators: ReloadlyOperator[], code: string): ReloadlyOperator | null {
  const pattern = RELOADLY_OPERATOR_NAMES[code];
  if (!pattern) return null;
  const matching = operators.filter(
    (o) => pattern.test(o.name) && (!o.country?.isoName || o.country.isoName === 'KH') && idOf(o) !== null,
  );
  const plain = (o: ReloadlyOperator) => !o.data && !o.bundle && !o.pin;
  return matching.find(plain) ?? null;
}

const idOf = (o: ReloadlyOperator): number | null => o.operatorId ?? o.id ?? null;

/** Whether the operator takes this amount (in the account's currency, `useLocalAmount: false`). */
function takes(operator: ReloadlyOperator, amount: number): boolean {
  if (operator.denominationType === 'FIXED')
    return (operator.fixedAmounts ?? []).some((a) => Math.abs(a - amount) < 1e-9);
  const min = operator.minAmount ?? 0;
  const max = operator.maxAmount ?? Number.POSITIVE_INFINITY;
  return amount >= min - 1e-9 && amount <= max + 1e-9;
}

/** SUCCESSFUL is done; PENDING (or a status not known here) is asked again; FAILED and REFUNDED credited nothing. */
export function outcomeOf(t: ReloadlyTransaction): TopupOutcome {
  const providerRef = String(t.transactionId);
  if (t.status === 'SUCCESSFUL') return { status: 'SUCCESS', providerRef, message: null };
  if (t.status === 'FAILED' || t.status === 'REFUNDED')
    return { status: 'FAILED', providerRef, message: `Reloadly: the top-up was ${t.status.toLowerCase()}` };
  return { status: 'PENDING', providerRef, message: null };
}

/** Reloadly's answer to a reused `customIdentifier` (each may be used once). */
const DUPLICATE = /duplicate|already (been )?used|custom.?identifier/i;

/** How long Cambodia's operator list is kept before it is read again. */
const OPERATORS_KEPT_MS = 60 * 60_000;

export class ReloadlyTopupProvider implements TopupProvider {
  readonly name = 'reloadly';
  private readonly settings: ReloadlySettings;
  private readonly now: () => number;
  private token: { value: string; expiresAt: number } | null = null;
  /** One token request at a time: concurrent calls wait for the same one. */
  private tokenAsked: Promise<string> | null = null;
  private operators: { list: ReloadlyOperator[]; at: number } | null = null;

  constructor(settings: ReloadlySettings, now: () => number = Date.now) {
    this.settings = {
      ...settings,
      apiUrl: settings.apiUrl.replace(/\/+$/, ''),
      authUrl: settings.authUrl.replace(/\/+$/, ''),
    };
    this.now = now;
  }

  async send(request: TopupRequest): Promise<TopupOutcome> {
    // A second try (the first had no answer, or the process died after asking): the report first.
    const earlier = await this.recorded(request.reference);
    if (earlier) return earlier;
    const operator = reloadlyOperatorFor(await this.cambodianOperators(), request.operatorCode);
    const amount = request.amountCents / 100;
    // Nothing is sent for a top-up Reloadly cannot make: refused here, the money goes back.
    if (!operator) return refusal(`Reloadly lists no airtime operator for ${request.operatorCode} in Cambodia (KH)`);
    if (operator.senderCurrencyCode && operator.senderCurrencyCode !== 'USD')
      return refusal(`the Reloadly account pays in ${operator.senderCurrencyCode}; the shop's top-ups are in USD`);
    if (!takes(operator, amount)) return refusal(`${operator.name} at Reloadly does not take USD ${amount.toFixed(2)}`);
    try {
      const answer = await this.call<ReloadlyTransaction>('POST', '/topups', {
        operatorId: idOf(operator),
        amount,
        useLocalAmount: false,
        customIdentifier: request.reference,
        recipientPhone: { countryCode: 'KH', number: `855${request.msisdn}` },
      });
      return outcomeOf(answer);
    } catch (error) {
      if (!(error instanceof TopupProviderError) || error.kind === 'credentials') throw error;
      // The request may have gone through whatever came back: what the report holds is the truth.
      let recorded: TopupOutcome | null;
      try {
        recorded = await this.recorded(request.reference);
      } catch (again) {
        throw new TopupProviderError(
          'no-answer',
          `${error.message}; then the transaction report could not be read (${(again as Error).message}): asked again on the next try`,
        );
      }
      if (recorded) return recorded;
      if (error.kind === 'refused') {
        // The reference is taken but not in the report yet: the outcome is asked for later.
        if (DUPLICATE.test(`${error.errorCode} ${error.message}`))
          return { status: 'PENDING', providerRef: null, message: `${error.message} (not in the report yet)` };
        // A resend after a time-out refused for any other reason: the first try may have been
        // delivered and the report not show it yet. Never a refund: held for staff to review.
        if (request.resend)
          return {
            status: 'HOLD',
            providerRef: null,
            message: `the resend after a time-out was refused (${error.errorCode ?? error.status ?? ''} ${error.message}) and the transaction report has no top-up ${request.reference}: the first try may have been delivered`,
          };
        return { status: 'FAILED', providerRef: null, message: error.message };
      }
      throw new TopupProviderError(
        'no-answer',
        `${error.message}; the transaction report has no top-up ${request.reference}, so the next try sends it again with the same customIdentifier`,
        { status: error.status, errorCode: error.errorCode },
      );
    }
  }

  /**
   * The report's word on a reference. A reference the report does not hold stays unknown (asked
   * again, or refunded by staff from the console): an answer that reached Reloadly is never
   * taken for one that did not.
   */
  async query(reference: string): Promise<TopupOutcome> {
    return (
      (await this.recorded(reference)) ?? {
        status: 'PENDING',
        providerRef: null,
        message: "not in Reloadly's transaction report",
      }
    );
  }

  async balance(): Promise<ProviderBalance> {
    const answer = await this.call<{ balance: number; currencyCode: string; updatedAt?: string | null }>(
      'GET',
      '/accounts/balance',
    );
    if (typeof answer.balance !== 'number' || typeof answer.currencyCode !== 'string')
      throw new TopupProviderError('no-answer', 'Reloadly answered the balance without a balance');
    return {
      amountCents: Math.floor(Number((answer.balance * 100).toFixed(6))),
      currency: answer.currencyCode,
      updatedAt: answer.updatedAt ?? null,
    };
  }

  /** The top-up the transaction report holds for this reference, or null when it holds none. */
  private async recorded(reference: string): Promise<TopupOutcome | null> {
    const query = new URLSearchParams({ customIdentifier: reference, page: '1', size: '20' });
    let page: { content?: ReloadlyTransaction[] };
    try {
      page = await this.call('GET', `/topups/reports/transactions?${query}`);
    } catch (error) {
      // Reloadly's "no transactions" can be a 404 with its error body.
      if (error instanceof TopupProviderError && error.kind === 'refused' && error.status === 404) return null;
      throw error;
    }
    const mine = (page.content ?? []).filter((t) => t.customIdentifier === reference).map(outcomeOf);
    // One reference is one top-up; were there more, a successful one counts, then a pending one.
    return mine.find((o) => o.status === 'SUCCESS') ?? mine.find((o) => o.status === 'PENDING') ?? mine[0] ?? null;
  }

  private async cambodianOperators(): Promise<ReloadlyOperator[]> {
    if (this.operators && this.now() - this.operators.at < OPERATORS_KEPT_MS) return this.operators.list;
    const list = await this.call<ReloadlyOperator[]>('GET', '/operators/countries/KH');
    if (!Array.isArray(list)) throw new TopupProviderError('no-answer', "Reloadly's operator list is not a list");
    this.operators = { list, at: this.now() };
    return list;
  }

  /**
   * One call of the topups API with the bearer token; on 401 (the token expired or was revoked) a
   * new token is asked for and the call made once more.
   */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(attempt > 0);
      const answer = await this.exchange(method, `${this.settings.apiUrl}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: RELOADLY_ACCEPT },
        body,
      });
      if (answer.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      if (answer.status >= 200 && answer.status < 300 && answer.json !== undefined) return answer.json as T;
      const { errorCode, message } = errorOf(answer.json);
      const what = `Reloadly answered ${answer.status} to ${method} ${path.split('?')[0]}${errorCode ? ` ${errorCode}` : ''}${message ? `: ${message}` : ''}`;
      if (answer.status === 401 || answer.status === 403)
        throw new TopupProviderError('credentials', `${what} (with a new token)`, { status: answer.status, errorCode });
      // A 4xx in Reloadly's error shape is its refusal; anything else is no answer.
      if (answer.status >= 400 && answer.status < 500 && (errorCode || message))
        throw new TopupProviderError('refused', `${errorCode ?? answer.status}: ${message ?? ''}`.trim(), {
          status: answer.status,
          errorCode,
        });
      throw new TopupProviderError('no-answer', what, { status: answer.status, errorCode });
    }
  }

  private async accessToken(renew: boolean): Promise<string> {
    if (!renew && this.token && this.token.expiresAt > this.now()) return this.token.value;
    if (!this.tokenAsked)
      this.tokenAsked = this.newToken().finally(() => {
        this.tokenAsked = null;
      });
    return this.tokenAsked;
  }

  /** POST {auth}/oauth/token with the client credentials, for the topups API as audience. */
  private async newToken(): Promise<string> {
    const answer = await this.exchange('POST', `${this.settings.authUrl}/oauth/token`, {
      headers: { accept: 'application/json' },
      body: {
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
        grant_type: 'client_credentials',
        audience: this.settings.apiUrl,
      },
    });
    const json = answer.json as { access_token?: string; expires_in?: number | string } | undefined;
    if (answer.status >= 200 && answer.status < 300 && typeof json?.access_token === 'string') {
      const seconds = Number(json.expires_in ?? 0);
      const lifeMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
      // Renewed a little before Reloadly would refuse it.
      this.token = { value: json.access_token, expiresAt: this.now() + lifeMs - Math.min(60_000, lifeMs / 10) };
      return json.access_token;
    }
    const { errorCode, message } = errorOf(answer.json);
    const detail = `${errorCode ?? answer.status}${message ? `: ${message}` : ''}`;
    if (answer.status === 400 || answer.status === 401 || answer.status === 403)
      throw new TopupProviderError(
        'credentials',
        `Reloadly refused the shop's client credentials (RELOADLY_CLIENT_ID, RELOADLY_CLIENT_SECRET) for ${this.settings.apiUrl}: ${detail}`,
        { status: answer.status, errorCode },
      );
    throw new TopupProviderError('no-answer', `Reloadly's token server answered ${detail}`, {
      status: answer.status,
      errorCode,
    });
  }

  /** One HTTP exchange; no answer within the time allowed (or none at all) throws `no-answer`. */
  private async exchange(
    method: 'GET' | 'POST',
    url: string,
    options: { headers: Record<string, string>; body?: unknown },
  ): Promise<{ status: number; json: unknown }> {
    const started = this.now();
    try {
      const response = await fetch(url, {
        method,
        headers: { ...options.headers, ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, json };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const path = new URL(url).pathname;
      throw new TopupProviderError(
        'no-answer',
        timedOut
          ? `no answer from Reloadly to ${method} ${path} within ${this.settings.timeoutMs} ms`
          : `Reloadly could not be reached for ${method} ${path} after ${this.now() - started} ms: ${(error as Error).cause ?? (error as Error).message}`,
      );
    }
  }
}

function refusal(message: string): TopupOutcome {
  return { status: 'FAILED', providerRef: null, message };
}

/** Reloadly's error shape: `{ timeStamp, message, path, errorCode, infoLink, details }`. */
function errorOf(json: unknown): { errorCode: string | null; message: string | null } {
  if (!json || typeof json !== 'object') return { errorCode: null, message: null };
  const { errorCode, message } = json as { errorCode?: unknown; message?: unknown };
  return {
    errorCode: typeof errorCode === 'string' && errorCode ? errorCode : null,
    message: typeof message === 'string' && message ? message : null,
  };
}
