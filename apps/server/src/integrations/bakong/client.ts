/**
 * The Bakong Open API (the National Bank of Cambodia's KHQR back end): whether a KHQR was paid,
 * asked by the MD5 of its payload. `POST {url}/v1/check_transaction_by_md5` with
 * `Authorization: Bearer <token>` and `{ md5 }`; it answers
 * `{ responseCode, responseMessage, errorCode, data }`: responseCode 0 with the transaction, or 1
 * with errorCode 1 (not found: not paid yet), 3 (failed) or 6 (unauthorised: the token expired or
 * was revoked). The same client talks to the shop's local stand-in (simulator.ts) and to Bakong.
 */

export type BakongTransaction = {
  hash: string;
  fromAccountId: string;
  toAccountId: string;
  currency: string;
  /** In the currency's units (USD 12.5), as Bakong sends it. */
  amount: number;
  description: string | null;
  createdDateMs: number;
  acknowledgedDateMs: number | null;
};

export type BakongCheck =
  | { found: true; transaction: BakongTransaction }
  | { found: false; reason: 'not-found' | 'failed' };

/**
 * Why a check has no answer: the token (errorCode 6, HTTP 401), the shop's address (HTTP 403 without
 * errorCode 6: the Open API answers only requests from Cambodian IP addresses), or the service (5xx,
 * time-out, garbage).
 */
export class BakongError extends Error {
  readonly kind: 'unauthorised' | 'unavailable' | 'refused' | 'foreign-address';
  constructor(kind: BakongError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

/** How the client reaches Bakong: `fetch`, or the shop's own stand-in in-process (the same HTTP). */
export type BakongTransport = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export type BakongClientOptions = {
  /** The API's base: `https://api-bakong.nbc.gov.kh`, or the stand-in's `/bakong-sim`. */
  apiUrl: string;
  token: string;
  timeoutMs: number;
  transport?: BakongTransport;
};

/** The `exp` of a JWT (read, not verified: only Bakong can verify its own token), or null. */
export function tokenExpiry(token: string): Date | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? new Date(claims.exp * 1000) : null;
  } catch {
    return null;
  }
}

export type TokenStatus = {
  state: 'missing' | 'unreadable' | 'expired' | 'valid';
  expiresAt: Date | null;
};

export function tokenStatus(token: string, now = new Date()): TokenStatus {
  if (!token) return { state: 'missing', expiresAt: null };
  const expiresAt = tokenExpiry(token);
  if (!expiresAt) return { state: 'unreadable', expiresAt: null };
  return { state: expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid', expiresAt };
}

/** Bakong's HTTP 403: the request came from outside Cambodia (its Open API answers only Cambodian addresses). */
function foreignAddress() {
  return new BakongError(
    'foreign-address',
    'Bakong refused the request from this address (HTTP 403): its Open API answers only requests from a Cambodian IP address. The shop’s outgoing address must be in Cambodia (docs/going-live.md); the token is not the problem',
  );
}

export class BakongClient {
  readonly apiUrl: string;
  token: string;
  timeoutMs: number;
  transport: BakongTransport;

  constructor(options: BakongClientOptions) {
    this.apiUrl = options.apiUrl.replace(/\/$/, '');
    this.token = options.token;
    this.timeoutMs = options.timeoutMs;
    this.transport = options.transport ?? ((url, init) => fetch(url, init));
  }

  /**
   * `POST /v1/renew_token { email }`: a new token for the account registered with that email
   * (`{ responseCode: 0, data: { token } }`). Takes it for the next calls and answers it.
   */
  async renewToken(email: string): Promise<string> {
    const { status, text } = await this.post('/v1/renew_token', { email }, false);
    let answer: {
      responseCode?: unknown;
      responseMessage?: unknown;
      errorCode?: unknown;
      data?: { token?: unknown } | null;
    };
    try {
      answer = JSON.parse(text);
    } catch {
      if (status === 403) throw foreignAddress();
      throw new BakongError('unavailable', `Bakong renew_token answered HTTP ${status} without JSON`);
    }
    if (status === 403) throw foreignAddress();
    if (status >= 500) throw new BakongError('unavailable', `Bakong renew_token answered HTTP ${status}`);
    const token = answer?.data?.token;
    if (answer?.responseCode !== 0 || typeof token !== 'string' || !tokenExpiry(token))
      throw new BakongError(
        'refused',
        `Bakong did not renew the token (HTTP ${status}, responseCode ${String(answer?.responseCode)}, errorCode ${String(answer?.errorCode)}): ${String(answer?.responseMessage ?? '')}`,
      );
    this.token = token;
    return token;
  }

  /** One POST to the API, bounded by the time-out; throws BakongError('unavailable') when no answer. */
  private async post(path: string, body: object, withToken = true): Promise<{ status: number; text: string }> {
    const timeout = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timeout.abort();
        reject(new BakongError('unavailable', `Bakong did not answer within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
    });
    try {
      const res = await Promise.race([
        this.transport(`${this.apiUrl}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(withToken ? { authorization: `Bearer ${this.token}` } : {}),
          },
          body: JSON.stringify(body),
          signal: timeout.signal,
        }),
        expired,
      ]);
      return { status: res.status, text: await Promise.race([res.text(), expired]) };
    } catch (error) {
      if (error instanceof BakongError) throw error;
      throw new BakongError('unavailable', `Bakong could not be reached: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Asks Bakong whether the KHQR of this MD5 was paid. Throws BakongError when it cannot say. */
  async checkByMd5(md5: string): Promise<BakongCheck> {
    const { status, text } = await this.post('/v1/check_transaction_by_md5', { md5 });
    let answer: {
      responseCode?: unknown;
      responseMessage?: unknown;
      errorCode?: unknown;
      data?: Record<string, unknown> | null;
    } | null = null;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = null;
    }
    if (answer?.errorCode === 6 || status === 401) {
      throw new BakongError(
        'unauthorised',
        `Bakong refused the token (errorCode 6, HTTP ${status}): BAKONG_TOKEN has expired or was revoked`,
      );
    }
    if (status === 403) throw foreignAddress();
    if (status >= 500) throw new BakongError('unavailable', `Bakong answered HTTP ${status}`);
    if (!answer || typeof answer !== 'object')
      throw new BakongError('unavailable', `Bakong answered HTTP ${status} without JSON`);
    if (answer.responseCode === 0 && answer.data) {
      const d = answer.data;
      const transaction: BakongTransaction = {
        hash: String(d.hash ?? ''),
        fromAccountId: String(d.fromAccountId ?? ''),
        toAccountId: String(d.toAccountId ?? ''),
        currency: String(d.currency ?? ''),
        amount: Number(d.amount),
        description: typeof d.description === 'string' ? d.description : null,
        createdDateMs: Number(d.createdDateMs ?? 0),
        acknowledgedDateMs: typeof d.acknowledgedDateMs === 'number' ? d.acknowledgedDateMs : null,
      };
      if (!transaction.hash || !Number.isFinite(transaction.amount)) {
        throw new BakongError('unavailable', 'Bakong reported a transaction without hash or amount');
      }
      return { found: true, transaction };
    }
    if (answer.responseCode === 1 && answer.errorCode === 1) return { found: false, reason: 'not-found' };
    if (answer.responseCode === 1 && answer.errorCode === 3) return { found: false, reason: 'failed' };
    throw new BakongError(
      'refused',
      `Bakong answered HTTP ${status}, responseCode ${String(answer.responseCode)}, errorCode ${String(answer.errorCode)}: ${String(answer.responseMessage ?? '')}`,
    );
  }
}
