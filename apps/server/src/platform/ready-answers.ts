import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AnswerCaches } from './answer-caches.ts';
import { ByteBoundedMap } from './byte-bounded-map.ts';
import { acceptedEncoding, compress, type Encoding } from './encoding.ts';
import { type FrontAnswer, type FrontDoor, type FrontSource, frontKey } from './front-door.ts';
import { etagMatches, LANGUAGE_VARY, languageSource, ok } from './http.ts';
import { SeenBefore } from './seen-before.ts';

/**
 * Ready answers of public reads that a service keeps a few seconds (the catalogue's lists and
 * details, the system config), in two steps.
 *
 * 1. The answers the service keeps a few seconds are the same objects for every shopper asking in
 *    the same language: their JSON (through the route's own response serializer) and an ETag are
 *    made once per object and language, not once per request. A client sending the ETag back in
 *    If-None-Match gets 304 without a body (registerCall). Phones ask for compressed answers
 *    (`Accept-Encoding: gzip, deflate, br`): an answer of 1 KB or more is compressed once per
 *    object, language and coding, on the first request that asks for that coding (a 5 KB home
 *    feed page is under 1 KB in brotli). Each coding has its own ETag (`"<hash>.br"`,
 *    `"<hash>.gz"`), so a 304 always names what the client holds.
 * 2. For one second after that, the same URL asked in the same language and coding is answered
 *    from those bytes in the route's onRequest hook, before query validation, the handler and the
 *    service's cache lookup: a micro-cache of the kind a proxy in front of a shop keeps. That work
 *    was about 15 of some 100 µs of such a request's CPU time here (docs/performance.md). An
 *    operator's change clears it (the service's cache generation), so an answer is at most the
 *    service's few seconds plus one second old, and one made before a change is never served
 *    after it (its ready bytes keep the generation its request started under). Only calls that
 *    need no session may use it: the key holds no shopper.
 *
 * An answer that must never be older than the data it shows (the catalogue's search) gives a
 * generation read from the database, asynchronously, by a read that started after the request
 * arrived: its ready bytes are then kept until that generation moves on (or `keepUntil`), not one
 * second, and every process of a fleet stops serving them at the same commit.
 *
 * An answer object the service keeps until a known time (`keptUntil`, the catalogue's short cache)
 * has its ready bytes kept as long, no longer: an answer is then never older than the service's
 * few seconds. With a `front` door (front-door.ts) and a generation known without a statement, the
 * ready bytes are served before Fastify routes the request.
 */
const JSON_TYPE = 'application/json; charset=utf-8';
const MIN_COMPRESSED = 1024;
const READY_MS = 1_000;
/**
 * URLs are the client's to choose (`?page=1&x=…`, a search's long tail): the micro-cache holds at
 * most this many bytes of ready answers (their bodies, keys and headers), the least recently used
 * going first (issue 48: 5,000 entries of whole search pages held 100 MB more after a long tail).
 */
const READY_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Answers made lately, by their JSON's hash, at most this many bytes: an answer object made again
 * with the same JSON (the short cache's reload of a product that did not change, a search page
 * made again after a sale elsewhere) takes the codings already made instead of compressing again.
 */
const MADE_MAX_BYTES = 4 * 1024 * 1024;
/** What an entry costs besides its body and key: its headers, object and the map's slot. */
const ENTRY_BYTES = 400;
/** Expired ready answers are dropped this often while any are kept (memory handed back when idle). */
const SWEEP_MS = 10_000;

type Prepared = { body: Buffer; etag: string; encoding: Encoding | null };
type Answer = { hash: string; identity: Prepared; br?: Prepared; gzip?: Prepared };
type Ready = FrontAnswer & {
  etag: string;
  until: number;
  /** When sliding: no later than this, however often used (`keepUntil`). */
  latest: number;
  generation: number;
  onServe?: () => void;
};
/**
 * How long ready bytes are kept for their URL, and how many bytes at most (`maxBytes`). `sliding`:
 * kept `keepMs` after their last use rather than after they were made (answers whose freshness the
 * generation says, not the time: a rush never finds them all gone at once). `name`: reported on
 * `/metrics` with its bytes when `caches` is given.
 */
export type ReadyOptions = {
  keepMs?: number;
  maxBytes?: number;
  sliding?: boolean;
  name?: string;
  caches?: AnswerCaches;
  /** Serve the ready bytes at the front door too (only with a generation that is a number). */
  front?: FrontDoor;
  /**
   * Keep an answer only once its URL is asked a second time lately (seen-before.ts): for answers
   * most URLs of which are asked once (a search's long tail).
   */
  fromSecondAsk?: boolean;
};
/**
 * What one answer adds: kept no later than `keepUntil` (ms); kept until `keptUntil` (ms), when the
 * service keeps the answer object itself until then, rather than `keepMs`; `onServe` run on each hit.
 */
export type KeepOptions = { keepUntil?: number; keptUntil?: number; onServe?: () => void };

/**
 * What the answer depends on besides its path, for shared caches: the language (header, else the
 * `language` cookie: DESIGN §4) and, when it may be compressed, Accept-Encoding.
 */
const VARY = {
  small: LANGUAGE_VARY,
  compressible: {
    header: `accept-encoding, ${LANGUAGE_VARY.header}`,
    cookie: `accept-encoding, ${LANGUAGE_VARY.cookie}`,
  },
};

export class ReadyAnswers implements FrontSource {
  private readonly byObject = new WeakMap<object, Map<string, Answer>>();
  private readonly byUrl: ByteBoundedMap<string, Ready>;
  private readonly byHash = new ByteBoundedMap<string, Answer>(MADE_MAX_BYTES, (hash, answer) =>
    answerBytes(hash, answer),
  );
  private sweeper: NodeJS.Timeout | null = null;
  private readonly generation: () => number | Promise<number>;
  private readonly now: () => number;
  private readonly keepMs: number;
  private readonly sliding: boolean;
  /**
   * The generation each request started under (its onRequest hook): an answer made from what the
   * service had before an operator's change, but sent after it, is kept under the old generation
   * and so never served again (kept under the new one, it was served for a second after the change).
   */
  private readonly startedUnder = new WeakMap<FastifyRequest, number>();
  /** URLs asked lately, when answers are kept only from their second ask. */
  private readonly seen: SeenBefore | null;

  /**
   * `generation` changes whenever the service forgets its cached answers; a promise when it is read
   * from the database (see above).
   */
  constructor(generation: () => number | Promise<number>, now: () => number = Date.now, options: ReadyOptions = {}) {
    this.generation = generation;
    this.now = now;
    this.keepMs = options.keepMs ?? READY_MS;
    this.byUrl = new ByteBoundedMap(
      options.maxBytes ?? READY_MAX_BYTES,
      (key, ready) => ENTRY_BYTES + key.length * 2 + ready.body.byteLength,
    );
    this.sliding = options.sliding ?? false;
    this.seen = options.fromSecondAsk ? new SeenBefore() : null;
    options.front?.add(this);
    const { byUrl, byHash } = this;
    const name = options.name ?? 'ready answers';
    options.caches?.add(
      name,
      () => ({ bytes: byUrl.bytes, maxBytes: byUrl.maxBytes, entries: byUrl.size }),
      () => byUrl.clear(),
    );
    options.caches?.add(
      `${name} made`,
      () => ({ bytes: byHash.bytes, maxBytes: byHash.maxBytes, entries: byHash.size }),
      () => byHash.clear(),
    );
  }

  /** The bytes of ready answers kept for their URLs (by ENTRY_BYTES, keys and bodies). */
  get bytes(): number {
    return this.byUrl.bytes;
  }

  get entries(): number {
    return this.byUrl.size;
  }

  /**
   * The handler's side: sends `data` as its ready bytes (made once, see above) with its ETag, Vary
   * and content coding, and, when `cacheControl` is given, keeps them for the URL.
   */
  answer<T>(request: FastifyRequest, reply: FastifyReply, data: T, cacheControl?: string, keep: KeepOptions = {}): T {
    const serialize = reply.getSerializationFunction(200 as never) as ((payload: unknown) => string) | undefined;
    if (!serialize || typeof data !== 'object' || data === null) return data;
    const byLanguage = this.byObject.get(data) ?? new Map<string, Answer>();
    this.byObject.set(data, byLanguage);
    const generation = cacheControl ? this.generationOf(request) : undefined;
    const key = generation !== undefined ? urlKey(request) : undefined;
    // Kept (its bytes for the URL, its codings by hash) unless asked for the first time lately.
    const keeping = this.seen === null || (key !== undefined && this.seen.check(key));
    let answer = byLanguage.get(request.language);
    if (!answer) {
      const json = serialize(ok(request, data));
      const hash = createHash('sha1').update(json).digest('base64url');
      answer = this.byHash.touch(hash);
      if (!answer) {
        answer = { hash, identity: { body: ownBuffer(json), etag: `"${hash}"`, encoding: null } };
        if (keeping) this.byHash.set(hash, answer);
      }
      byLanguage.set(request.language, answer);
    }
    const compressible = answer.identity.body.length >= MIN_COMPRESSED;
    const encoding = compressible ? acceptedEncoding(request.headers['accept-encoding']) : null;
    let chosen = answer.identity;
    if (encoding && !answer[encoding]) {
      answer[encoding] = compressed(answer, encoding, keeping ? 'often' : 'once');
      if (this.byHash.get(answer.hash) === answer) this.byHash.resize(answer.hash, answerBytes(answer.hash, answer));
    }
    if (encoding) chosen = answer[encoding] ?? chosen;
    const vary = compressible ? VARY.compressible : VARY.small;
    const headers: Record<string, string> = {
      etag: chosen.etag,
      vary: vary[languageSource(request)],
      'content-type': JSON_TYPE,
    };
    if (chosen.encoding) headers['content-encoding'] = chosen.encoding;
    if (cacheControl && generation !== undefined && key !== undefined && keeping) {
      this.keepSweeping();
      const latest = keep.keepUntil ?? Number.POSITIVE_INFINITY;
      this.byUrl.set(key, {
        body: chosen.body,
        etag: chosen.etag,
        headers: { ...headers, 'cache-control': cacheControl },
        route: request.routeOptions?.url ?? request.url,
        until: Math.min(keep.keptUntil ?? this.now() + this.keepMs, latest),
        latest,
        generation,
        onServe: keep.onServe,
      });
    }
    // A 304 has no body, so it names no coding (registerCall sends it).
    if (chosen.encoding && etagMatches(request, chosen.etag)) delete headers['content-encoding'];
    reply.headers(headers);
    // Bytes, not a string: nothing to encode per request (the type is then the handler's to say).
    reply.serializer(() => chosen.body as never);
    return data;
  }

  /** The generation the request started under (a request that skipped the hook: the current one, if known now). */
  generationOf(request: FastifyRequest): number | undefined {
    const started = this.startedUnder.get(request);
    if (started !== undefined) return started;
    const now = this.generation();
    return typeof now === 'number' ? now : undefined;
  }

  /** Drops expired ready answers every SWEEP_MS while any are kept, then stops (nothing left to drop). */
  private keepSweeping() {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      const now = this.now();
      this.byUrl.deleteWhere((ready) => ready.until < now);
      if (this.byUrl.size === 0 && this.sweeper) {
        clearInterval(this.sweeper);
        this.sweeper = null;
      }
    }, SWEEP_MS).unref();
  }

  /**
   * The front door's side: the ready answer kept under `key` (frontKey) while fresh, when the
   * generation is known now. Answers with work of their own on a hit (`onServe`) stay with the route.
   */
  frontAnswer(key: string): FrontAnswer | undefined {
    const generation = this.generation();
    if (typeof generation !== 'number') return undefined;
    const ready = this.freshUnder(generation, key);
    if (!ready || ready.onServe) return undefined;
    this.used(key, ready);
    return ready;
  }

  /** The ready answer kept under `key`, if still fresh under `generation`. */
  private freshUnder(generation: number, key: string): Ready | undefined {
    const ready = this.byUrl.get(key);
    return ready && ready.until >= this.now() && ready.generation === generation ? ready : undefined;
  }

  /** A ready answer served: when sliding, kept `keepMs` more, and the least recently used goes first when the bytes run out. */
  private used(key: string, ready: Ready): void {
    if (!this.sliding) return;
    ready.until = Math.min(this.now() + this.keepMs, ready.latest);
    this.byUrl.touch(key);
  }

  /** The route's side: the onRequest hook that answers from the URL's ready bytes while fresh. */
  readonly serve: onRequestHookHandler = (request, reply, done) => {
    const generation = this.generation();
    if (typeof generation === 'number') return this.serveUnder(generation, request, reply, done);
    generation.then(
      (read) => this.serveUnder(read, request, reply, done),
      (error: Error) => done(error),
    );
  };

  private serveUnder(generation: number, request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) {
    this.startedUnder.set(request, generation);
    const key = urlKey(request);
    const ready = this.freshUnder(generation, key);
    // A revalidation takes the whole path (registerCall answers 304).
    if (!ready || etagMatches(request, ready.etag)) return done();
    this.used(key, ready);
    ready.onServe?.();
    reply.headers(ready.headers).send(ready.body);
  }
}

/**
 * A string's UTF-8 bytes in a buffer of their own. Buffer.from takes a small string's bytes from a
 * shared 8 KB slab, which a kept answer of 300 bytes then keeps whole (with whatever else was cut
 * from it): a long tail of small answers ("nothing found") held many times its bytes.
 */
function ownBuffer(text: string): Buffer {
  const buffer = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  buffer.write(text);
  return buffer;
}

/** URL, language, where the language came from (Vary) and the coding the client takes (a HEAD's is its GET's). */
function urlKey(request: FastifyRequest): string {
  return frontKey(request.method === 'HEAD' ? 'GET' : request.method, request.url, request.headers);
}

/** What a made answer holds: its JSON and codings, and its key and objects. */
function answerBytes(hash: string, answer: Answer): number {
  const { identity, br, gzip } = answer;
  const coded =
    (br && br !== identity ? br.body.byteLength : 0) + (gzip && gzip !== identity ? gzip.body.byteLength : 0);
  return ENTRY_BYTES + hash.length * 2 + identity.body.byteLength + coded;
}

function compressed(answer: Answer, encoding: Encoding, sent: 'often' | 'once'): Prepared {
  const body = compress(answer.identity.body, encoding, sent);
  // Never the case for JSON of 1 KB, but a coding that does not shrink the answer is not sent.
  if (body.length >= answer.identity.body.length) return answer.identity;
  return { body, etag: `"${answer.hash}.${encoding === 'br' ? 'br' : 'gz'}"`, encoding };
}
