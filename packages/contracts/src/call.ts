import type { z } from 'zod';

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
  query?: z.ZodObject;
  body?: z.ZodObject;
  data: z.ZodType;
};

export function defineCall<const T extends CallDef>(def: T): T {
  return def;
}

export type CallData<T extends CallDef> = z.infer<T['data']>;
export type CallQuery<T extends CallDef> = T['query'] extends z.ZodType ? z.input<T['query']> : never;
export type CallBody<T extends CallDef> = T['body'] extends z.ZodType ? z.input<T['body']> : never;
