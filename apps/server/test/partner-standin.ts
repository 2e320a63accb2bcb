// A stand-in for one of the shop's partners (card issuer, lender, overseas source) on 127.0.0.1,
// written from the shop's OpenAPI document of that party (docs/partners/<party>.yaml): every request
// must be signed with the party's key within the window, and is checked against the document (its
// operation, parameters and body, with Ajv); every answer is signed and checked against the
// document too. A request or answer the document does not allow is kept in `problems` (a test
// expects none). The party's behaviour is the test's: a handler per operationId, and `next` for a
// hang, a 5xx or an unsigned answer once.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { parse } from 'yaml';
import {
  IDEMPOTENCY_HEADER,
  SIGNATURE_HEADER,
  signedHeaders,
  TIMESTAMP_HEADER,
  verifySigned,
} from '../src/platform/partner-http/signing.ts';
import { repoRoot } from '../src/platform/paths.ts';

type Json = any;
export type StandinRequest = {
  operationId: string;
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: Json;
  idempotencyKey: string | null;
};
export type StandinAnswer = { status: number; body?: Json };
export type Handler = (request: StandinRequest) => StandinAnswer | Promise<StandinAnswer>;
/** What the next request of an operation meets, once. */
export type Trouble = { hang: true } | { status: number } | { unsigned: true } | { answerTwice: true };

type Operation = { operationId: string; method: string; pattern: RegExp; names: string[]; spec: Json };

export function loadPartnerDocument(party: string): Json {
  return parse(readFileSync(path.join(repoRoot, 'docs/partners', `${party}.yaml`), 'utf8'));
}

export class PartnerStandin {
  readonly party: string;
  readonly key = randomBytes(24).toString('hex');
  readonly document: Json;
  readonly seen: StandinRequest[] = [];
  readonly problems: string[] = [];
  /** Troubles by operationId, each used once. */
  readonly next: Record<string, Trouble[]> = {};
  /** Down: every request is answered this status (unsigned, as a party's gateway does), until null. */
  down: { status: number } | null = null;
  /** Requests answered while down. */
  answeredDown = 0;
  /** Each request answered while down: its operation (null when not in the document) and key. */
  readonly seenDown: { operationId: string | null; idempotencyKey: string | null }[] = [];
  /** True while the party's port refuses connections (`refuseConnections`). */
  refusing = false;
  url = '';
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly operations: Operation[] = [];
  private readonly handlers: Record<string, Handler>;
  private server: http.Server | undefined;
  private readonly hanging = new Set<http.ServerResponse>();

  constructor(party: string, handlers: Record<string, Handler>) {
    this.party = party;
    this.handlers = handlers;
    this.document = loadPartnerDocument(party);
    (formats as unknown as { default: (a: unknown) => void }).default(this.ajv);
    this.ajv.addSchema(this.document, 'doc');
    for (const [template, item] of Object.entries<Json>(this.document.paths ?? {}))
      for (const [method, spec] of Object.entries<Json>(item)) {
        const names: string[] = [];
        const pattern = new RegExp(
          `^${template.replace(/\{(\w+)\}/g, (_m, n) => {
            names.push(n);
            return '([^/]+)';
          })}$`,
        );
        this.operations.push({ operationId: spec.operationId, method: method.toUpperCase(), pattern, names, spec });
      }
    for (const op of this.operations)
      if (!handlers[op.operationId] && op.operationId !== 'ping') throw new Error(`no handler for ${op.operationId}`);
  }

  /** A JSON pointer into the document, as Ajv's reference. */
  private pointer(...parts: string[]) {
    return `doc#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
  }

  private resolve(node: Json): Json {
    let n = node;
    while (n?.$ref && typeof n.$ref === 'string' && n.$ref.startsWith('#/'))
      n = n.$ref
        .slice(2)
        .split('/')
        .reduce((at: Json, k: string) => at?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], this.document);
    return n;
  }

  private check(where: string, schema: Json, value: unknown) {
    if (!schema) return;
    const validate = this.ajv.compile({ $ref: schema });
    if (!validate(value)) this.problems.push(`${where}: ${this.ajv.errorsText(validate.errors)}`);
  }

  /** Where a schema sits: used so $refs inside it resolve in the document. */
  private schemaAt(op: Operation, ...rest: string[]) {
    const template = Object.entries<Json>(this.document.paths).find(([, item]) =>
      Object.values<Json>(item).includes(op.spec),
    )?.[0] as string;
    return this.pointer('paths', template, op.method.toLowerCase(), ...rest);
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    for (const res of this.hanging) res.destroy();
    if (!this.refusing) await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The party's host is gone: its port refuses connections (kept-alive ones are cut) until `acceptConnections`. */
  async refuseConnections() {
    if (this.refusing || !this.server) return;
    this.refusing = true;
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  /** The party is back on the same port. */
  async acceptConnections() {
    if (!this.refusing || !this.server) return;
    const port = Number(new URL(this.url).port);
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.refusing = false;
  }

  count(operationId: string) {
    return this.seen.filter((r) => r.operationId === operationId).length;
  }

  private answer(res: http.ServerResponse, status: number, body: unknown, sign = true) {
    const text = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      ...(sign ? signedHeaders(this.key, text) : {}),
    });
    res.end(text);
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null);
    if (this.down) {
      this.answeredDown++;
      const met = this.operations.find((o) => o.method === req.method && o.pattern.test(url.pathname));
      this.seenDown.push({ operationId: met?.operationId ?? null, idempotencyKey: header(IDEMPOTENCY_HEADER) });
      return this.answer(res, this.down.status, { code: 'UNAVAILABLE', message: 'stand-in down' }, false);
    }
    const raw = Buffer.concat(chunks).toString('utf8');
    const verdict = verifySigned(
      this.key,
      { timestamp: header(TIMESTAMP_HEADER), signature: header(SIGNATURE_HEADER) },
      raw,
    );
    if (verdict !== 'ok') return this.answer(res, 401, { code: 'UNAUTHORIZED', message: verdict });
    const op = this.operations.find((o) => o.method === req.method && o.pattern.test(url.pathname));
    if (!op) {
      this.problems.push(`${req.method} ${url.pathname}: not in the document`);
      return this.answer(res, 404, { code: 'NO_SUCH_OPERATION', message: url.pathname });
    }
    const match = url.pathname.match(op.pattern) as RegExpMatchArray;
    const params = Object.fromEntries(op.names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
    const query = Object.fromEntries(url.searchParams);
    const body = raw ? JSON.parse(raw) : undefined;
    const request: StandinRequest = {
      operationId: op.operationId,
      method: op.method,
      path: url.pathname,
      params,
      query,
      body,
      idempotencyKey: header(IDEMPOTENCY_HEADER),
    };
    this.seen.push(request);
    // The request as the document allows it.
    (op.spec.parameters ?? []).forEach((p: Json, i: number) => {
      const parameter = this.resolve(p);
      const value =
        parameter.in === 'path'
          ? params[parameter.name]
          : parameter.in === 'query'
            ? query[parameter.name]
            : header(parameter.name.toLowerCase());
      const where = `${op.operationId} ${parameter.in} ${parameter.name}`;
      if (value == null) {
        if (parameter.required) this.problems.push(`${where}: missing`);
        return;
      }
      const at = p.$ref ? `doc${p.$ref}/schema` : this.schemaAt(op, 'parameters', String(i), 'schema');
      this.check(where, at, value);
    });
    if (op.spec.requestBody) {
      if (body === undefined) this.problems.push(`${op.operationId}: no body`);
      else
        this.check(
          `${op.operationId} body`,
          this.schemaAt(op, 'requestBody', 'content', 'application/json', 'schema'),
          body,
        );
    }
    const trouble = this.next[op.operationId]?.shift();
    if (trouble && 'hang' in trouble) {
      this.hanging.add(res);
      return;
    }
    if (trouble && 'status' in trouble)
      return this.answer(res, trouble.status, { code: 'BROKEN', message: 'stand-in' });
    const handler =
      this.handlers[op.operationId] ??
      (() => ({ status: 200, body: { party: this.party, time: new Date().toISOString() } }));
    const answer = await handler(request);
    // The answer as the document allows it.
    const response = this.resolve(op.spec.responses?.[String(answer.status)]);
    if (!response) this.problems.push(`${op.operationId}: answer ${answer.status} not in the document`);
    else if (response.content && answer.body !== undefined) {
      const ref = op.spec.responses[String(answer.status)].$ref;
      const at = ref
        ? `doc${ref}/content/application~1json/schema`
        : this.schemaAt(op, 'responses', String(answer.status), 'content', 'application/json', 'schema');
      this.check(`${op.operationId} answer ${answer.status}`, at, answer.body);
    }
    this.answer(res, answer.status, answer.body, !(trouble && 'unsigned' in trouble));
  }

  /** A webhook as the party sends it: a body of the document's `Event`, signed (or not) as told. */
  webhook(
    type: string,
    data: Record<string, unknown>,
    options: { id?: string; key?: string; at?: number } = {},
  ): { body: string; headers: Record<string, string> } {
    const event = {
      id: options.id ?? `evt_${randomBytes(8).toString('hex')}`,
      type,
      occurredAt: new Date().toISOString(),
      data,
    };
    const webhook = this.document.webhooks?.[type]?.post;
    if (!webhook) this.problems.push(`webhook ${type}: not in the document`);
    else
      this.check(
        `webhook ${type}`,
        this.pointer('webhooks', type, 'post', 'requestBody', 'content', 'application/json', 'schema'),
        event,
      );
    const body = JSON.stringify(event);
    return {
      body,
      headers: { 'content-type': 'application/json', ...signedHeaders(options.key ?? this.key, body, options.at) },
    };
  }
}
