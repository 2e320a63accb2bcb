import type { CallData, CallDef, Envelope } from '@shop/contracts';
import { getLanguage } from './i18n.tsx';

const TOKEN_KEY = 'console.token';

export const tokenStore = {
  get(): string {
    try {
      return localStorage.getItem(TOKEN_KEY) ?? '';
    } catch {
      return '';
    }
  },
  set(token: string) {
    try {
      if (token) localStorage.setItem(TOKEN_KEY, token);
      else localStorage.removeItem(TOKEN_KEY);
    } catch {}
  },
};

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

/** Codes that mean "sign in again". */
export const SIGNED_OUT_CODES = ['STF00001', 'STF00002'];

let onSignedOut: () => void = () => {};
export function setSignedOutHandler(handler: () => void) {
  onSignedOut = handler;
}

/** Calls a console contract: language header, Bearer staff token, envelope unwrapped or ApiError. */
export async function call<T extends CallDef>(def: T, input: Record<string, unknown> = {}): Promise<CallData<T>> {
  const headers: Record<string, string> = { apptype: 'admin', appversion: '1.0', language: getLanguage() };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let url = def.path;
  const init: RequestInit = { method: def.method, headers };
  if (def.method === 'GET') {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  } else {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(input);
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError('NETWORK', '', 0);
  }
  let body: Envelope<CallData<T>>;
  try {
    body = await response.json();
  } catch {
    throw new ApiError('NETWORK', '', response.status);
  }
  if (body.code !== '0') {
    if (SIGNED_OUT_CODES.includes(body.code)) {
      tokenStore.set('');
      onSignedOut();
    }
    throw new ApiError(body.code, body.msg, response.status);
  }
  return body.data;
}
