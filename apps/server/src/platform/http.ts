import type { IncomingHttpHeaders } from 'node:http';
import {
  type CallData,
  type CallDef,
  envelopeSchema,
  errorMessage,
  type InputIssue,
  inputIssueText,
  type Language,
  normalizeLanguage,
  SUCCESS_CODE,
} from '@shop/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import { isDatabaseUnavailable } from './db.ts';
import { AppError, isAppError } from './errors.ts';
import { findUnreadable, readableText, type Unreadable } from './input-text.ts';
import type { Session, SessionKind } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    /** The token the caller sent (query `token` or Bearer), read before validation strips it. */
    sessionToken: string | undefined;
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** The route serves pages and files (platform/web.ts): it reads no input, the text rule skips it. */
    servesPages?: boolean;
  }
}

const SUCCESS_MSG: Record<Language, string> = { 'en-US': 'success', chs: '成功', kh: 'ជោគជ័យ' };

/** The `language` cookie the shop's screens keep (spec §2); besides it, only the page shell reads one (platform/page-cookie.ts). */
const LANGUAGE_COOKIE = /(?:^|;\s*)language=([^;]*)/;

/** The caller's language: `language` header (spec §7), then the `language` cookie, then en-US. */
export function requestLanguage(request: FastifyRequest): Language {
  return requestLanguageOf(request.headers);
}
/** requestLanguage from the request's headers alone (the front door reads them before Fastify: front-door.ts). */
export function requestLanguageOf(headers: IncomingHttpHeaders): Language {
  const header = headers.language;
  const value = (Array.isArray(header) ? header[0] : header) || LANGUAGE_COOKIE.exec(headers.cookie ?? '')?.[1];
  return normalizeLanguage(value);
}

/**
 * What an answer depends on besides its URL, for caches: the language, taken from the header, else
 * from the `language` cookie (requestLanguage). Every answer speaks it (at least its `msg`).
 */
export const LANGUAGE_VARY = { header: 'language', cookie: 'language, cookie' } as const;
/** Where requestLanguage took the caller's language from. */
export function languageSource(request: FastifyRequest): keyof typeof LANGUAGE_VARY {
  return languageSourceOf(request.headers);
}
export function languageSourceOf(headers: IncomingHttpHeaders): keyof typeof LANGUAGE_VARY {
  return headers.language ? 'header' : 'cookie';
}
export function languageVary(request: FastifyRequest): string {
  return LANGUAGE_VARY[languageSource(request)];
}

export function readToken(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const token = query?.token;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}

function sendError(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  // An error is not the route's success shape: skip the route's response schema.
  return reply
    .status(error.statusCode)
    .serializer(JSON.stringify)
    .send({
      code: error.code,
      msg: errorMessage(error.code, request.language ?? 'en-US', error.params),
      data: error.data,
      // The id of the request in the shop's logs (also the X-Request-ID header): what support asks for.
      requestId: request.id,
    });
}

/**
 * The first validation problem, named by its field and said in the caller's language from the
 * catalogue (`keyword: at most 60 characters`, `keyword：最多 60 个字符`): zod/mini's own message
 * is "Invalid input" in English for every issue.
 */
function describeValidation(error: unknown, language: Language): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // The provider puts the issue's code in `keyword` and the rest of it in `params`.
    const issue = { ...(first.params as Omit<InputIssue, 'code'> | undefined), code: first.keyword };
    const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const words = inputIssueText(issue, language);
    return field ? `${field}${FIELD_SEPARATOR[language]}${words}` : words;
  }
  return error instanceof Error ? error.message : 'malformed input';
}
const FIELD_SEPARATOR: Record<Language, string> = { 'en-US': ': ', chs: '：', kh: '៖ ' };

/**
 * Envelope, language, token and error rules of DESIGN §4 for every route of the instance.
 * Registered once, before any route.
 */
export function installHttpConventions(app: FastifyInstance) {
  app.decorateRequest('language', 'en-US');
  app.decorateRequest('sessionToken', undefined);
  app.decorateRequest('session', null);

  // Callback style, not async: a hook on every request should not allocate a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = requestLanguage(request);
    request.sessionToken = readToken(request);
    done();
  });

  // The order of checks (docs/conventions.md, Requests): session (the route's onRequest: authGuard or the staff
  // guard), then the input's text (here), then the schema (validation). Query, path and headers are
  // text before this; the body is parsed by now.
  app.addHook('preValidation', (request, _reply, done) => {
    // Pages, files and the 404 answer read no input (platform/web.ts marks the pages' routes).
    if (request.is404 || request.routeOptions.config.servesPages) return done();
    const unreadable = unreadableInput(request);
    if (!unreadable) return done();
    // Logged without the value: a gateway's callback refused here changes nothing and is seen.
    request.log.warn({ route: request.routeOptions.url, unreadable }, 'input refused: not readable text');
    done(
      unreadable.reason === 'character'
        ? new AppError('SYS00007', { field: unreadable.path })
        : new AppError('SYS00001', { detail: `${unreadable.path}: nested too deeply` }),
    );
  });

  app.setErrorHandler((error, request, reply) => {
    if (isAppError(error)) return sendError(reply, request, error);
    const err = error as Error & { statusCode?: number; code?: string; validation?: unknown };
    if (err.validation || hasZodFastifySchemaValidationErrors(error)) {
      return sendError(
        reply,
        request,
        new AppError('SYS00001', { detail: describeValidation(error, request.language ?? 'en-US') }),
      );
    }
    if (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendError(reply, request, new AppError('SYS00005'));
    }
    if (err.statusCode === 429) return sendError(reply, request, new AppError('SYS00003'));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the caller's fault, said plainly.
      return sendError(reply, request, new AppError('SYS00001', { detail: err.message }));
    }
    if (isDatabaseUnavailable(error)) {
      // A rush or a restart, not a fault: said as "busy", with when to ask again.
      request.log.warn({ err: error }, 'request refused: no database connection in time');
      reply.header('retry-after', '1');
      return sendError(reply, request, new AppError('SYS00008'));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, request, new AppError('SYS00004'));
  });
}

/**
 * The headers the server reads as text (DESIGN §4; the session token). Node's HTTP parser already
 * refuses a NUL in any header of a real connection; this holds for every way a request arrives.
 */
const TEXT_HEADERS = ['language', 'authorization', 'cookie', 'apptype', 'appversion'] as const;

/** The first text of a request that PostgreSQL could not keep (platform/input-text.ts), or null. */
function unreadableInput(request: FastifyRequest): Unreadable | null {
  const headers = request.headers;
  for (const name of TEXT_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string' && !readableText(value)) return { path: `header.${name}`, reason: 'character' };
  }
  return (
    findUnreadable(request.params, 'path') ??
    findUnreadable(request.query, 'query') ??
    findUnreadable(request.body, 'body')
  );
}

/**
 * Unknown paths: under a single-page app's prefix, a page request (no file extension) gets the
 * app's index.html and the app's router shows its own 404; anything else is SYS00002 with HTTP 404.
 */
export function installNotFound(
  app: FastifyInstance,
  spas: { prefix: string; serveIndex: (request: FastifyRequest, reply: FastifyReply) => unknown }[],
) {
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      const pathname = request.url.split('?')[0];
      const spa = spas.find((s) => pathname.startsWith(s.prefix) || `${pathname}/` === s.prefix);
      if (spa && !/\.[a-z0-9]+$/i.test(pathname)) return spa.serveIndex(request, reply);
    }
    return sendError(reply, request, new AppError('SYS00002'));
  });
}

export function ok<T>(request: FastifyRequest, data: T) {
  return { code: SUCCESS_CODE, msg: SUCCESS_MSG[request.language], data };
}

/**
 * If-None-Match names this ETag: the exact value (what phones send back), or in a list, or weak
 * (`W/"…"`, as a proxy that compressed the answer sends it), or `*`. ETags are quoted, so one
 * cannot be found inside another.
 */
export function etagMatches(request: FastifyRequest, etag: string): boolean {
  const sent = request.headers['if-none-match'];
  if (!sent) return false;
  return sent === etag || sent === '*' || sent.includes(etag);
}

type Resolver = (request: FastifyRequest, kind: SessionKind) => Promise<Session | null>;

/**
 * Attaches the session of a call's `auth` rule: missing token → HTTP 400, bad token → USR00003.
 * A route's onRequest hook: the session is known before the body is read or any input validated,
 * so an expired session always gets the login prompt and a visitor learns nothing of a call's
 * schema (issue 19). The one session read of the call, only moved ahead of validation.
 */
export function authGuard(
  auth: CallDef['auth'],
  resolve: Resolver,
  kind: SessionKind = 'shopper',
): onRequestHookHandler {
  // Callback style: a visitor of an 'optional' call costs no promise.
  return (request, _reply, done) => {
    if (auth === 'none') return done();
    if (!request.sessionToken) return done(auth === 'user' ? new AppError('USR00001') : undefined);
    resolve(request, kind).then((session) => {
      request.session = session;
      done(!session && auth === 'user' ? new AppError('USR00003') : undefined);
    }, done);
  };
}

export type CallHandler<T extends CallDef> = (
  request: FastifyRequest<{
    Querystring: T['query'] extends z.ZodMiniType ? z.infer<T['query']> : unknown;
    Body: T['body'] extends z.ZodMiniType ? z.infer<T['body']> : unknown;
  }>,
  reply: FastifyReply,
) => Promise<CallData<T>>;

/**
 * Registers a contract call: schemas from the contract (validation and OpenAPI), the auth rule,
 * and the success envelope around what the handler returns.
 */
export function registerCall<T extends CallDef>(
  app: FastifyInstance,
  call: T,
  resolveSession: Resolver,
  handler: CallHandler<T>,
  options: {
    kind?: SessionKind;
    cache?: string;
    /** The route's own onRequest hook (after the platform's): a ready answer, for instance. */
    onRequest?: onRequestHookHandler;
  } = {},
) {
  // A ready answer first (only public calls have one), then the session, before any input is read.
  const onRequest = [
    ...(options.onRequest ? [options.onRequest] : []),
    ...(call.auth === 'none' ? [] : [authGuard(call.auth, resolveSession, options.kind)]),
  ];
  app.route({
    method: call.method,
    url: call.path,
    schema: {
      summary: call.summary,
      tags: [call.tag],
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: envelopeSchema(call.data) },
    },
    ...(onRequest.length ? { onRequest } : {}),
    handler: async (request, reply) => {
      const data = await handler(request as never, reply);
      if (options.cache) {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', options.cache);
        if (!reply.hasHeader('vary')) reply.header('vary', languageVary(request));
      }
      // A handler that names a version of its answer (ETag) lets a client revalidate for free.
      const etag = reply.getHeader('etag');
      if (typeof etag === 'string' && etagMatches(request, etag)) return reply.code(304 as 200).send();
      return ok(request, data);
    },
  });
}
