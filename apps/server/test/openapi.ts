import type { CallDef } from '@shop/contracts';
import * as contracts from '@shop/contracts';
import type { TestShop } from './harness.ts';

/** The JSON Schema of a parameter or body as the OpenAPI document gives it (what the tests read of it). */
export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};
export type Parameter = { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema?: Schema };
export type Operation = {
  method: 'GET' | 'POST';
  /** As the document writes it: `/sandbox-gateway/checkout/{id}`. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, or null (no body, or multipart). */
  body: Schema | null;
  /** The contract's auth rule; `staff` for the console's calls; `none` for routes without a contract (callbacks). */
  auth: CallDef['auth'] | 'staff';
};

type Document = {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >;
};

/** A console call that needs a session is a staff call (the staff sign-in needs none). */
const staffOrShop = (path: string, auth: CallDef['auth']): Operation['auth'] =>
  path.startsWith('/admin-api/') && auth === 'user' ? 'staff' : auth;

/** Every GET and POST operation of the OpenAPI document the shop publishes at /docs/json. */
export async function openApiOperations(shop: TestShop): Promise<Operation[]> {
  const doc = (await shop.app.inject({ method: 'GET', url: '/docs/json' })).json() as Document;
  const auth = new Map<string, CallDef['auth']>();
  for (const value of Object.values(contracts)) {
    const call = value as Partial<CallDef> | null;
    if (
      call &&
      typeof call === 'object' &&
      typeof call.path === 'string' &&
      typeof call.method === 'string' &&
      call.auth
    ) {
      auth.set(`${call.method} ${call.path}`, call.auth);
    }
  }
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') continue;
      const routePath = path.replace(/\{(\w+)\}/g, ':$1');
      list.push({
        method: upper,
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        auth: staffOrShop(path, auth.get(`${upper} ${routePath}`) ?? 'none'),
      });
    }
  }
  return list;
}

/** A schema's own shape, through `anyOf` and the like (an optional or nullable field). */
export function unwrap(schema: Schema): Schema {
  const option = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (!schema.type && !schema.properties && !schema.enum && schema.const === undefined && option?.length) {
    return unwrap(option.find((o) => o.type !== 'null') ?? option[0]);
  }
  return schema;
}

export function typeOf(input: Schema): string {
  const schema = unwrap(input);
  if (schema.const !== undefined) return 'const';
  if (schema.enum) return 'enum';
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  return schema.properties ? 'object' : 'unknown';
}

const TEXT_CANDIDATES = [
  'abc',
  '1',
  '12345678',
  'abc12345',
  '012345678',
  '+85512345678',
  'someone@example.com',
  '2026-01-01',
  '2026-01-01T00:00:00.000Z',
  '10:00',
  '00000000-0000-4000-8000-000000000000',
  'https://example.com/a.png',
];

/**
 * A value the schema takes, as far as a generator can tell (patterns are tried against a few
 * common shapes), so that one bad field at a time gets past the others.
 */
export function validValue(input: Schema): unknown {
  const schema = unwrap(input);
  if (schema.default !== undefined) return schema.default;
  switch (typeOf(schema)) {
    case 'const':
      return schema.const;
    case 'enum':
      return schema.enum?.[0];
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 1000;
      const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
      const fits = (s: string) => s.length >= min && s.length <= max && (!pattern || pattern.test(s));
      return TEXT_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(min, Math.min(3, max)));
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return Math.max(min, Math.min(1, schema.maximum ?? 1));
    }
    case 'boolean':
      return true;
    case 'array':
      return schema.minItems && schema.items
        ? Array.from({ length: schema.minItems }, () => validValue(schema.items as Schema))
        : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = validValue(schema.properties?.[name] ?? {});
      return out;
    }
    default:
      return 'x';
  }
}

/**
 * A query value the parameter's schema refuses, or undefined when it takes any text (an optional
 * free text without limits).
 */
export function invalidQueryValue(param: Parameter): string | undefined {
  const schema = unwrap(param.schema ?? {});
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'enum':
    case 'const':
    case 'boolean':
      return '__nothing_of_the_kind__';
    case 'string':
      if (schema.maxLength !== undefined) return 'x'.repeat(schema.maxLength + 1);
      if (schema.pattern && !new RegExp(schema.pattern, 'u').test('%%')) return '%25%25';
      return undefined;
    default:
      return undefined;
  }
}
