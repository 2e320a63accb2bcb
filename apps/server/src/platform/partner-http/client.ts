// The signed HTTP client of the shop's partners (card issuer, lender, overseas source): every
// request signed (signing.ts), a write carrying its `Idempotency-Key`, each exchange bounded by a
// timeout, and the partner's answer verified with the same key. It never retries by itself: the
// job that called it is retried by the job queue (platform/jobs.ts), with the same idempotency key.
import {
  IDEMPOTENCY_HEADER,
  SIGNATURE_HEADER,
  signedHeaders,
  TIMESTAMP_HEADER,
  type Verdict,
  verifySigned,
} from './signing.ts';
import { parseStrictJson, type StrictJsonError } from './strict-json.ts';

export type PartnerSettings = {
  /** The partner's API root, e.g. https://api.issuer.example/shop/v1. */
  url: string;
  /** The HMAC key the partner and the shop share. */
  key: string;
  /** How long one exchange may take before it counts as no answer. */
  timeoutMs: number;
};

/**
 * Why an exchange gave nothing to go on: `credentials`, the partner refused the shop's signature
 * (401/403: the key is wrong); `refused`, it answered with an error of its own (4xx with `code`);
 * `no-answer`, no usable answer came (timeout, network, 5xx, an unsigned or wrongly signed answer,
 * a body that is not JSON). Only `no-answer` is worth asking again.
 */
export class PartnerError extends Error {
  readonly party: string;
  readonly kind: 'credentials' | 'refused' | 'no-answer';
  readonly status: number | null;
  readonly code: string | null;

  constructor(
    party: string,
    kind: PartnerError['kind'],
    message: string,
    options: { status?: number | null; code?: string | null } = {},
  ) {
    super(message);
    this.name = 'PartnerError';
    this.party = party;
    this.kind = kind;
    this.status = options.status ?? null;
    this.code = options.code ?? null;
  }
}

export type PartnerAnswer<T> = { status: number; json: T };

export class PartnerClient {
  readonly party: string;
  readonly settings: PartnerSettings;
  private readonly now: () => number;

  constructor(party: string, settings: PartnerSettings, now: () => number = Date.now) {
    this.party = party;
    this.settings = { ...settings, url: settings.url.replace(/\/+$/, '') };
    this.now = now;
  }

  /**
   * One exchange. A 2xx answers its JSON (and `status`: 201 and 202 differ); a 404 answers null
   * when `missingIsNull`; anything else throws a `PartnerError`.
   */
  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; idempotencyKey?: string; missingIsNull?: boolean } = {},
  ): Promise<PartnerAnswer<T>> {
    const text = options.body === undefined ? '' : JSON.stringify(options.body);
    const where = `${method} ${path.split('?')[0]}`;
    let response: Response;
    let answer: string;
    try {
      response = await fetch(`${this.settings.url}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(text ? { 'content-type': 'application/json' } : {}),
          ...(options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : {}),
          ...signedHeaders(this.settings.key, text, this.now()),
        },
        body: text || undefined,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      answer = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PartnerError(
        this.party,
        'no-answer',
        timedOut
          ? `no answer from the ${this.party} to ${where} within ${this.settings.timeoutMs} ms`
          : `the ${this.party} could not be reached for ${where}: ${(error as Error).cause ?? (error as Error).message}`,
      );
    }
    const status = response.status;
    if (status === 401 || status === 403)
      throw new PartnerError(
        this.party,
        'credentials',
        `the ${this.party} refused the shop's signature (${status}) to ${where}: check its key`,
        { status },
      );
    if (status >= 500)
      throw new PartnerError(this.party, 'no-answer', `the ${this.party} answered ${status} to ${where}`, { status });
    const verdict: Verdict = verifySigned(
      this.settings.key,
      { timestamp: response.headers.get(TIMESTAMP_HEADER), signature: response.headers.get(SIGNATURE_HEADER) },
      answer,
      this.now(),
    );
    if (verdict !== 'ok')
      throw new PartnerError(
        this.party,
        'no-answer',
        `the ${this.party}'s answer to ${where} is not signed with its key (${verdict})`,
        { status },
      );
    let json: unknown;
    try {
      // Strict: an answer naming a key twice could be read two ways (strict-json.ts).
      json = answer ? parseStrictJson(answer) : null;
    } catch (error) {
      throw new PartnerError(
        this.party,
        'no-answer',
        `the ${this.party} answered ${where} with something that is not strict JSON${(error as StrictJsonError).duplicate ? ` (a key named twice: ${(error as StrictJsonError).duplicate?.path})` : ''}`,
        { status },
      );
    }
    if (status >= 200 && status < 300) return { status, json: json as T };
    if (status === 404 && options.missingIsNull) return { status, json: null as T };
    const { code, message } = (json ?? {}) as { code?: unknown; message?: unknown };
    throw new PartnerError(
      this.party,
      'refused',
      `the ${this.party} refused ${where}: ${typeof code === 'string' ? code : status}${typeof message === 'string' ? ` ${message}` : ''}`,
      { status, code: typeof code === 'string' ? code : null },
    );
  }

  /** The signed ping of every partner document: proves the address and the key without moving money. */
  async ping(): Promise<{ party: string; time: string }> {
    const { json } = await this.call<{ party: string; time: string }>('GET', '/ping');
    return json;
  }
}
