import {
  type CallData,
  type CallDef,
  type Envelope,
  firstAnswerKey,
  INVALID_INPUT_CODE,
  type Language,
  NOT_FOUND_CODES,
} from '@shop/contracts';

/** Spec §7: calls that must never toast, codes that pass silently, and the double-tap window. */
export const TOAST_EXEMPT_PATHS = ['/v1/customer/sharebind'];
export const SILENT_CODES = ['COUPONCODE0005'];
export const DOUBLE_TAP_MS = 300;
export const SESSION_INVALID = 'USR00003';
export const TOKEN_MISSING = 'USR00001';

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: unknown;
  constructor(code: string, message: string, status: number, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

/** The answer says the page's subject does not exist, or its link is malformed (see NOT_FOUND_CODES). */
export function isMissingCode(code: string): boolean {
  return code === INVALID_INPUT_CODE || NOT_FOUND_CODES.includes(code);
}

export type CallOptions = {
  /**
   * The call reads what the page is about (the product, category or order of its link): a
   * not-found or malformed-link answer is shown by the page (a not-found state), not toasted.
   */
  subject?: boolean;
  /** No login prompt when the token is missing (spec §8 "unless the call is marked silent"). */
  silent?: boolean;
  /** The caller shows its own message; no toast. */
  quiet?: boolean;
  /** Overrides the stored token. */
  token?: string;
  signal?: AbortSignal;
};

export type ClientDeps = {
  fetch: typeof fetch;
  language: () => Language;
  session: {
    get(): { token: string; thirdId: string; hadHintLogin: boolean };
    clear(): void;
    update(patch: { hadHintLogin: boolean }): void;
  };
  toast: (message: string) => void;
  /** Asks the visitor to log in; `thirdId` decides between /bindingUser and /login. */
  promptLogin: (thirdId: string) => void | Promise<void>;
  networkErrorText: () => string;
  now?: () => number;
  /**
   * An answer the page came with for this call, or one asked for early while the app's code was on
   * its way (shared/api/firstAnswers.ts), used once; an early ask that failed gives undefined.
   */
  firstAnswer?: (key: string) => Envelope<unknown> | Promise<Envelope<unknown> | undefined> | undefined;
};

/**
 * The API client of spec §7: headers, token, envelope, toasts, the session-invalid flow, the
 * missing-token prompt and the double-tap guard, in one place for every screen.
 */
export function createApiClient(deps: ClientDeps) {
  const now = deps.now ?? (() => Date.now());
  const lastSent = new Map<string, number>();

  function fail(def: CallDef, options: CallOptions, error: ApiError): never {
    const exempt =
      options.quiet ||
      TOAST_EXEMPT_PATHS.includes(def.path) ||
      SILENT_CODES.includes(error.code) ||
      (options.subject === true && isMissingCode(error.code));
    if (error.code === SESSION_INVALID) {
      const { thirdId, hadHintLogin } = deps.session.get();
      deps.session.clear();
      // Logout clears the session, but the hint is remembered until the next login: one prompt.
      deps.session.update({ hadHintLogin: true });
      if (!hadHintLogin) void deps.promptLogin(thirdId);
    } else if (error.code === TOKEN_MISSING) {
      if (!options.silent) void deps.promptLogin(deps.session.get().thirdId);
    } else if (!exempt) {
      deps.toast(error.message);
    }
    throw error;
  }

  async function call<T extends CallDef>(
    def: T,
    input: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<CallData<T>> {
    const token = options.token ?? deps.session.get().token;
    const params = new URLSearchParams();
    const payload = def.method === 'GET' ? { ...input } : {};
    if (token && !('token' in input)) params.set('token', token);
    for (const [key, value] of Object.entries(payload)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const body = def.method === 'POST' ? JSON.stringify(input) : undefined;

    if (def.method === 'POST') {
      // A second identical submit within 300 ms is a double tap, not a second order.
      const key = `${def.path} ${body}`;
      const last = lastSent.get(key);
      if (last !== undefined && now() - last < DOUBLE_TAP_MS) {
        throw new ApiError('DOUBLE_TAP', 'ignored double tap', 0);
      }
      lastSent.set(key, now());
    }

    const query = params.toString();
    const early = def.method === 'GET' ? await deps.firstAnswer?.(firstAnswerKey(def.path, params)) : undefined;
    if (early) {
      if (early.code === '0') return early.data as CallData<T>;
      return fail(def, options, new ApiError(early.code, early.msg || deps.networkErrorText(), 200, early.data));
    }
    let response: Response;
    let envelope: Envelope<unknown>;
    try {
      response = await deps.fetch(`${def.path}${query ? `?${query}` : ''}`, {
        method: def.method,
        headers: {
          apptype: 'h5',
          appversion: '1.0',
          language: deps.language(),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body,
        signal: options.signal,
      });
      envelope = (await response.json()) as Envelope<unknown>;
    } catch (cause) {
      if ((cause as Error)?.name === 'AbortError') throw cause;
      return fail(def, options, new ApiError('NETWORK', deps.networkErrorText(), 0));
    }
    if (envelope.code === '0') return envelope.data as CallData<T>;
    return fail(
      def,
      options,
      new ApiError(envelope.code, envelope.msg || deps.networkErrorText(), response.status, envelope.data),
    );
  }

  return { call };
}
