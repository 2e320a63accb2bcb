import type { z } from 'zod/mini';

/**
 * A call of the API, declared once and used by both sides: the server registers its route and
 * validates with these schemas; the web client takes its path and types from here.
 *
 * auth: 'user' needs a shopper session (missing token → HTTP 400, bad token → USR00003);
 *       'optional' reads a session when one is given; 'none' ignores it.
 */
export type CallDef = {
  method: 'GET' | 'POST';
  path: string;
  auth: 'user' | 'optional' | 'none';
  summary: string;
  tag: string;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniObject;
  data: z.ZodMiniType;
};

export function defineCall<const T extends CallDef>(def: T): T {
  return def;
}

export type CallData<T extends CallDef> = z.infer<T['data']>;
export type CallInput<T extends CallDef> = T['body'] extends z.ZodMiniType
  ? z.input<T['body']>
  : T['query'] extends z.ZodMiniType
    ? z.input<T['query']>
    : Record<string, never>;
