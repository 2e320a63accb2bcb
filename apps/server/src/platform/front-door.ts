import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { acceptedEncoding } from './encoding.ts';
import { languageSourceOf, requestLanguageOf } from './http.ts';
import { requestIdOf } from './logger.ts';

/**
 * Ready answers served as a request arrives, before Fastify routes it (issue 48). A public read
 * answered from its ready bytes (ready-answers.ts: the catalogue's details and lists, the system
 * config) spent some 34 µs of the process's CPU, two thirds of it in Fastify's lifecycle (routing,
 * the request and reply objects, their logger, six hooks) around a map lookup and a socket write;
 * bare Fastify answers in 11. The front door answers those same bytes from the server's own
 * request handler and does for them what the hooks do for every request:
 *
 * - the flood guard counts the request against the client's address, resolved as Fastify resolves
 *   it (TRUST_PROXY: only the proxy's X-Forwarded-For is believed, decision 0060); over the limit,
 *   Fastify answers it (429, in the caller's language);
 * - the API's security headers, the request's id (the proxy's X-Request-ID, else a new one);
 * - the request metrics, under the route's pattern, and the idle watch (idle-memory.ts);
 * - the request log's two lines, as Fastify writes them, while LOG_LEVEL records each request.
 *
 * Only the public routes' answers are kept for it (catalogue, system config: no console path), and
 * only those whose freshness is known without a statement (`ReadyAnswers` with a `front` option and
 * a number for a generation; searches read theirs from the database and stay behind Fastify).
 * Anything else goes to Fastify: another method than GET, a revalidation (If-None-Match: the route
 * answers 304), a process that is shutting down (its answers say `connection: close`).
 */
export type FrontAnswer = {
  body: Buffer;
  /** The answer's headers as the route sent them (content type and coding, ETag, Vary, cache). */
  headers: Record<string, string>;
  /** The route's pattern, for the request metrics. */
  route: string;
};

/** What the front door asks of a source of ready answers: the fresh answer kept under this key, if any. */
export type FrontSource = { frontAnswer(key: string): FrontAnswer | undefined };

export type FrontDoorOptions = {
  /** Fastify's `trustProxy` (config.trustProxy). */
  trustProxy: boolean | string[];
  /** The API's security headers (security.ts). */
  headers: Record<string, string>;
};

/** What Fastify gives its server of its options (lib/server.js, getServerInstance). */
type ServerSettings = {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
};

export class FrontDoor {
  private readonly sources: FrontSource[] = [];
  private readonly trust: ((address: string, hop: number) => boolean) | null;
  private readonly headers: Record<string, string>;
  /** Each answer's headers with the API's, as a flat list of names and values, made on its first use. */
  private readonly lines = new WeakMap<FrontAnswer, string[]>();
  /** Answers served here, for `/metrics` (`shop_front_door_answers_total`). */
  served = 0;
  /** Set when the process drains: Fastify then answers every request (`connection: close`). */
  closing = false;
  /** Counts a request against its address's limit; false when over it (flood-guard.ts plugs it in). */
  admit: (address: string) => boolean = () => true;
  /** A request answered here (metrics.ts plugs it in). */
  measured: (route: string, seconds: number) => void = () => {};
  /** A request arrived (idle-memory.ts plugs it in). */
  arrived: () => void = () => {};
  /** Where each request is logged, when the log level records each (app.ts sets it: the app's logger). */
  requestLog: FastifyBaseLogger | null = null;

  constructor(options: FrontDoorOptions) {
    this.trust = trustOf(options.trustProxy);
    this.headers = options.headers;
  }

  /** A source of ready answers the front door may serve (ReadyAnswers' `front` option). */
  add(source: FrontSource): void {
    this.sources.push(source);
  }

  /**
   * Fastify's `serverFactory`: the HTTP server Fastify would make (its timeouts), whose requests
   * pass the front door first.
   */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    const settings = options as ServerSettings;
    const server = http.createServer(settings.http ?? {}, (request, response) => {
      if (!this.serve(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = settings.keepAliveTimeout ?? 72_000;
    server.requestTimeout = settings.requestTimeout ?? 0;
    server.setTimeout(settings.connectionTimeout ?? 0);
    if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
    return server;
  };

  /** Answers the request from a ready answer and says true, or leaves it to Fastify (false). */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.closing || this.sources.length === 0) return false;
    const headers = request.headers;
    if (request.method !== 'GET' || headers['if-none-match'] !== undefined) return false;
    const url = request.url ?? '/';
    const started = performance.now();
    const key = frontKey('GET', url, headers);
    let answer: FrontAnswer | undefined;
    for (const source of this.sources) {
      answer = source.frontAnswer(key);
      if (answer) break;
    }
    if (!answer) return false;
    this.arrived();
    const address = this.addressOf(request);
    if (!this.admit(address)) return false;
    const id = requestIdOf(headers['x-request-id']) ?? randomUUID();
    const log = this.requestLog;
    log?.info({ reqId: id, req: { id, method: 'GET', url, ip: address } }, 'incoming request');
    let lines = this.lines.get(answer);
    if (!lines) {
      lines = Object.entries({
        ...this.headers,
        ...answer.headers,
        'content-length': String(answer.body.length),
      }).flat();
      this.lines.set(answer, lines);
    }
    // Headers as a list: Node writes them as they are (an object is copied header by header).
    response.writeHead(200, [...lines, 'x-request-id', id]);
    response.end(answer.body);
    this.served++;
    const ms = performance.now() - started;
    this.measured(answer.route, ms / 1000);
    log?.info({ reqId: id, res: { statusCode: 200 }, responseTime: ms }, 'request completed');
    return true;
  }

  /** The client's address as Fastify's `request.ip` gives it. */
  private addressOf(request: IncomingMessage): string {
    if (!this.trust) return request.socket.remoteAddress ?? '';
    return proxyAddr(request, this.trust);
  }
}

/**
 * The key of a request's ready answer (ready-answers.ts, `urlKey`): method, URL, language, where
 * the language came from and the coding taken. Built from the raw request here, from Fastify's there.
 */
export function frontKey(method: string, url: string, headers: IncomingMessage['headers']): string {
  return `${method} ${url} ${requestLanguageOf(headers)} ${languageSourceOf(headers)} ${acceptedEncoding(headers['accept-encoding']) ?? ''}`;
}

/** Fastify's trust function for `trustProxy` (true: every hop; addresses: those), or null when none is trusted. */
function trustOf(trustProxy: boolean | string[]): ((address: string, hop: number) => boolean) | null {
  if (trustProxy === true) return () => true;
  if (trustProxy === false || trustProxy.length === 0) return null;
  return proxyAddr.compile(trustProxy);
}
