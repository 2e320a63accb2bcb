/**
 * The server's own fuzz run over the OpenAPI document it publishes (`/docs/json`, issue 19): every
 * operation gets malformed queries, path parameters and bodies (wrong types, missing fields, huge
 * and negative numbers, long strings, NUL, unpaired surrogates and invalid UTF-8 escapes, arrays
 * for objects, deep nesting), as a visitor and as a signed-in shopper, and no answer may be a 5xx
 * or show a stack trace or SQL. Deterministic: the cases come from the document and a seeded
 * generator, so a failure names a case that fails again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness.ts';
import { type Operation, openApiOperations, unwrap, validValue as valid } from '../../test/openapi.ts';
import { registeredShopper } from '../../test/shoppers.ts';

const SEED = 19;
/** Seeded extra cases per operation and actor, on top of the systematic ones. */
const RANDOM_CASES = 6;

/** One request: the query as raw `name=value` pieces (escapes chosen by the case), the body as raw text. */
type Case = { label: string; path: string; query: string[]; body?: string };

/** mulberry32: small, seeded, the same sequence on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] };
}

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

/** Bad values for a JSON field: what a client in a hurry or a fuzzer sends. Text JSON cannot say goes in raw. */
const BAD_JSON: { label: string; value?: unknown; raw?: string }[] = [
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'only NUL', value: '\u0000' },
  { label: 'unpaired surrogate', value: 'a\ud800b' },
  { label: 'escaped NUL (raw)', raw: '"x\\u0000y"' },
  { label: 'truncated escape (raw)', raw: '"x\\u00"' },
  { label: 'invalid escape (raw)', raw: '"x\\q"' },
  { label: 'long text', value: 'ស'.repeat(20_000) },
  { label: 'empty text', value: '' },
  { label: 'number', value: 7 },
  { label: 'huge number', value: 1e308 },
  { label: 'past safe integer', value: 2 ** 53 + 2 },
  { label: 'past int4', value: 2 ** 31 },
  { label: 'negative', value: -1 },
  { label: 'fraction', value: 0.5 },
  { label: 'huge literal (raw)', raw: '1e400' },
  { label: 'text', value: 'seven' },
  { label: 'numeric text', value: '99999999999999999999' },
  { label: 'boolean', value: true },
  { label: 'null', value: null },
  { label: 'array', value: ['a\u0000', 1] },
  { label: 'object', value: { a: 'b' } },
  { label: 'deep nesting', value: deep(64) },
];

/** Bad query values, written as they travel (already escaped). */
const BAD_QUERY: { label: string; raw: string | string[] }[] = [
  { label: 'NUL', raw: 'a%00b' },
  { label: 'only NUL', raw: '%00' },
  { label: 'invalid UTF-8', raw: '%FF%FE' },
  { label: 'overlong NUL', raw: '%C0%80' },
  { label: 'surrogate as UTF-8', raw: '%ED%A0%80' },
  { label: 'broken escape', raw: '%E0%A4%A' },
  { label: 'long text', raw: 'x'.repeat(8_000) },
  { label: 'empty', raw: '' },
  { label: 'text', raw: 'seven' },
  { label: 'huge number', raw: '99999999999999999999999' },
  { label: 'huge literal', raw: '1e400' },
  { label: 'past int4', raw: '2147483648' },
  { label: 'negative', raw: '-1' },
  { label: 'fraction', raw: '0.5' },
  { label: 'twice', raw: ['1', '2'] },
  { label: 'bracket array', raw: 'a' },
];

/** Percent-encoded for a URL; an unpaired surrogate (no UTF-8 of its own) as the bytes a careless encoder sends. */
function encodeValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text
    .split(/([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/)
    .map((piece, i) => (i % 2 ? '%ED%A0%80' : encodeURIComponent(piece)))
    .join('');
}

/**
 * How far an actor's cases go: `whole` only whole bodies (a call that refuses the actor at its
 * session check), `full` every parameter and field with every bad value, `sampled` a seeded part
 * of those (the console's calls, to keep the run short).
 */
type Depth = 'whole' | 'full' | 'sampled';
const SAMPLED_ALWAYS = new Set([
  'NUL',
  'escaped NUL (raw)',
  'unpaired surrogate',
  'past int4',
  'text',
  'number',
  'long text',
]);

/** The cases of one operation: every parameter and field with every bad value, whole bodies, and seeded extras. */
function casesOf(op: Operation, random: ReturnType<typeof generator>, depth: Depth): Case[] {
  const query = op.parameters.filter((p) => p.in === 'query');
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const pathWith = (override?: { name: string; raw: string }) =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      override?.name === name
        ? override.raw
        : encodeValue(valid(pathParams.find((p) => p.name === name)?.schema ?? {})),
    );
  const baseQuery = (skip?: string) =>
    query.filter((p) => p.name !== skip && p.required).map((p) => `${p.name}=${encodeValue(valid(p.schema ?? {}))}`);
  const body = op.body ? (valid(op.body) as Record<string, unknown>) : null;
  const bodyText = (field: string, bad: { value?: unknown; raw?: string }) => {
    const base = JSON.stringify({ ...(body ?? {}), [field]: '__BAD__' });
    return base.replace('"__BAD__"', bad.raw ?? JSON.stringify(bad.value));
  };
  const plain = { label: 'as is', path: pathWith(), query: baseQuery(), body: body ? JSON.stringify(body) : undefined };
  const cases: Case[] = [plain];

  // Whole bodies: what is no object of this call at all.
  if (op.method === 'POST') {
    for (const [label, raw] of [
      ['array for object', '[{"a":1}]'],
      ['text body', '"\\u0000"'],
      ['number body', '1e400'],
      ['null body', 'null'],
      ['truncated JSON', '{"a":'],
      ['deep nesting', `${'['.repeat(5_000)}${']'.repeat(5_000)}`],
      ['deep objects', JSON.stringify(deep(200))],
      ['NUL in a key', '{"a\\u0000":"b"}'],
      [
        'unknown fields with NUL',
        JSON.stringify({ paymentId: 'p\u0000', transactionId: 't\u0000', tran_id: '\u0000' }),
      ],
      ['unpaired surrogate in a field', '{"status":"\\udc00","sign":"x"}'],
      ['missing fields', '{}'],
    ] as const) {
      cases.push({ label, path: pathWith(), query: baseQuery(), body: raw });
    }
  }
  if (depth === 'whole') return cases;
  // Sampled: the values that broke calls before (NUL, int4, types), and a seeded few of the others.
  const some = <T extends { label: string }>(list: T[]) =>
    depth === 'full' ? list : list.filter((b) => SAMPLED_ALWAYS.has(b.label) || random.next() < 0.2);

  for (const param of query) {
    for (const bad of some(BAD_QUERY)) {
      const values = Array.isArray(bad.raw) ? bad.raw : [bad.raw];
      const name = bad.label === 'bracket array' ? `${param.name}[]` : param.name;
      cases.push({
        label: `query ${param.name}: ${bad.label}`,
        path: pathWith(),
        query: [...baseQuery(param.name), ...values.map((v) => `${name}=${v}`)],
        body: body ? JSON.stringify(body) : undefined,
      });
    }
    cases.push({ label: `query ${param.name}: missing`, path: pathWith(), query: baseQuery(param.name) });
  }
  for (const param of pathParams) {
    for (const bad of BAD_QUERY.slice(0, 7)) {
      cases.push({
        label: `path ${param.name}: ${bad.label}`,
        path: pathWith({ name: param.name, raw: String(bad.raw) }),
        query: baseQuery(),
      });
    }
  }
  const fields = Object.keys(unwrap(op.body ?? {}).properties ?? {});
  for (const field of fields) {
    for (const bad of some(BAD_JSON)) {
      cases.push({
        label: `body ${field}: ${bad.label}`,
        path: pathWith(),
        query: baseQuery(),
        body: bodyText(field, bad),
      });
    }
    if (body && field in body) {
      const { [field]: _, ...rest } = body;
      cases.push({ label: `body ${field}: missing`, path: pathWith(), query: baseQuery(), body: JSON.stringify(rest) });
    }
  }
  // Seeded extras: several bad fields at once, nested where the schema nests.
  const targets = [
    ...fields.map((f) => ({ kind: 'body' as const, name: f })),
    ...query.map((p) => ({ kind: 'query' as const, name: p.name })),
  ];
  for (let i = 0; i < RANDOM_CASES && targets.length > 0; i++) {
    const picked = Array.from({ length: 1 + Math.floor(random.next() * 3) }, () => random.pick(targets));
    const values: Record<string, unknown> = { ...(body ?? {}) };
    const pieces = baseQuery();
    for (const target of picked) {
      const bad = random.pick(BAD_JSON.filter((b) => b.value !== undefined));
      const wrapped = random.next() < 0.3 ? { inner: bad.value, list: [bad.value] } : bad.value;
      if (target.kind === 'body') values[target.name] = wrapped;
      else pieces.push(`${target.name}=${encodeValue(wrapped)}`);
    }
    cases.push({
      label: `seeded ${i}: ${picked.map((t) => t.name).join(', ')}`,
      path: pathWith(),
      query: pieces,
      body: op.body ? JSON.stringify(values) : undefined,
    });
  }
  return cases;
}

/** What an answer must never show: a stack trace, a file of ours, SQL or the database's own words. */
const LEAKS = [
  /\bat [\w$.<>]+ \(/,
  /\.ts:\d+/,
  /node_modules/,
  /\b(select|from|into|update|join)\s+"\w+"/i,
  /\bselect\s+(\*|count\(|distinct\b)/i,
  /\bdelete from\b/i,
  /Failed query/,
  /syntax error at/i,
  /invalid byte sequence/i,
  /invalid input syntax/i,
  /out of range for type/i,
  /violates .{0,40}constraint/i,
  /unsupported Unicode escape/i,
  /relation "/,
  /drizzle|pglite|postgres/i,
];

let shop: TestShop;
let ops: Operation[];
let shopperUserId: string;
let ownerId: string;

beforeAll(async () => {
  shop = await startTestShop({ trustProxy: true, logLevel: 'error' });
  ops = await openApiOperations(shop);
  shopperUserId = (await registeredShopper(shop)).userId;
  ownerId = (await shop.services.staff.createOwner('owner', 'Angkor2026pass')).id;
}, 60_000);
afterAll(() => shop?.close());

async function send(c: Case, method: 'GET' | 'POST', token?: string) {
  const url = c.query.length ? `${c.path}?${c.query.join('&')}` : c.path;
  const response = await shop.app.inject({
    method,
    url,
    headers: {
      apptype: 'h5',
      appversion: '1.0',
      language: 'en-US',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(c.body !== undefined ? { payload: c.body } : {}),
  });
  return response;
}

describe('the OpenAPI document, fuzzed', () => {
  it('lists the calls of the shop, the console and the gateways’ callbacks', () => {
    const paths = ops.map((o) => `${o.method} ${o.path}`);
    expect(ops.length).toBeGreaterThan(150);
    for (const known of [
      'POST /v1/pay/callback/sandbox',
      'POST /v1/pay/callback/payway',
      'POST /v1/shoppingcart/countminus1',
      'GET /v1/product/searchkeywords',
    ]) {
      expect(paths).toContain(known);
    }
  });

  it('no malformed input gets a 5xx, a stack trace or SQL, as a visitor or as a shopper', async () => {
    const random = generator(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      // A visitor reaches the input checks of public calls only (a protected call asks for the
      // session first); a shopper those of every shop call, and only the session check of the console's.
      const actors: { name: string; token?: string; depth: Depth }[] = [
        { name: 'visitor', depth: op.auth === 'none' || op.auth === 'optional' ? 'full' : 'whole' },
      ];
      if (op.auth !== 'none') {
        // A fresh session per operation: a call that ends its session (logout) spoils no other.
        const { token } = await shop.ctx.sessions.create('shopper', shopperUserId);
        actors.push({ name: 'shopper', token, depth: op.auth === 'staff' ? 'whole' : 'full' });
      }
      if (op.auth === 'staff') {
        const { token } = await shop.ctx.sessions.create('staff', ownerId);
        actors.push({ name: 'owner', token, depth: 'sampled' });
      }
      for (const actor of actors) {
        for (const c of casesOf(op, random, actor.depth)) {
          const logsBefore = shop.logs.length;
          const response = await send(c, op.method, actor.token);
          sent += 1;
          const text = response.body;
          const problems: string[] = [];
          if (response.statusCode >= 500) problems.push(`HTTP ${response.statusCode}`);
          const type = String(response.headers['content-type'] ?? '');
          if (!/image\//.test(type)) {
            const leak = LEAKS.find((pattern) => pattern.test(text));
            if (leak) problems.push(`shows ${leak}`);
          }
          if (problems.length) {
            const logged = shop.logs
              .slice(logsBefore)
              .map((line) => String((line.err as { message?: string } | undefined)?.message ?? line.msg ?? ''))
              .filter(Boolean)
              .join(' | ')
              .slice(0, 300);
            failures.push(
              `${op.method} ${op.path} [${actor.name}] ${c.label}: ${problems.join(', ')} ${text.slice(0, 120)} ${logged}`,
            );
          }
        }
      }
    }
    console.info(`fuzz: ${ops.length} operations, ${sent} requests`);
    expect(sent).toBeGreaterThan(2_000);
    expect(failures.slice(0, 60)).toEqual([]);
  }, 120_000);
});
