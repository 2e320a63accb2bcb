/**
 * The session is checked before the input (issue 19): a protected call with an unknown token is
 * answered USR00003 (the console's STF00002) whatever its query or body, so an expired session
 * always gets the login prompt and a visitor learns nothing of a call's schema; with a live
 * session the same input is SYS00001. Every protected call of the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness.ts';
import { invalidQueryValue, type Operation, openApiOperations, validValue } from '../../test/openapi.ts';

let shop: TestShop;
let ops: Operation[];
let shopperToken: string;
let ownerToken: string;

beforeAll(async () => {
  shop = await startTestShop();
  ops = await openApiOperations(shop);
  shopperToken = (await shop.ctx.sessions.create('shopper', '00000000-0000-4000-8000-000000000001')).token;
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  ownerToken = (await shop.ctx.sessions.create('staff', owner.id)).token;
});
afterAll(() => shop.close());

/** Input the call's schema refuses: an array for its JSON body, else a query value it cannot take. */
function invalidInput(op: Operation): { url: string; payload?: string } | null {
  const path = op.path.replace(/\{(\w+)\}/g, 'x');
  if (op.body) return { url: path, payload: '[{"not":"an object"}]' };
  const query = op.parameters.filter((p) => p.in === 'query');
  for (const param of query) {
    const bad = invalidQueryValue(param);
    if (bad === undefined) continue;
    const others = query
      .filter((p) => p !== param && p.required)
      .map((p) => `${p.name}=${encodeURIComponent(String(validValue(p.schema ?? {})))}`);
    return { url: `${path}?${[...others, `${param.name}=${bad}`].join('&')}` };
  }
  const required = query.find((p) => p.required);
  return required ? { url: path } : null;
}

async function send(op: Operation, input: { url: string; payload?: string }, token: string, language = 'en-US') {
  const response = await shop.app.inject({
    method: op.method,
    url: input.url,
    headers: {
      apptype: 'h5',
      appversion: '1.0',
      language,
      authorization: `Bearer ${token}`,
      ...(input.payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(input.payload !== undefined ? { payload: input.payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as { code: string; msg: string } };
}

describe('the session before the input', () => {
  it('an unknown token with invalid input is the login prompt; a live session with it is SYS00001', async () => {
    const protectedOps = ops.filter((op) => op.auth === 'user' || op.auth === 'staff');
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const op of protectedOps) {
      const input = invalidInput(op);
      if (!input) continue;
      checked.push(`${op.method} ${op.path}`);
      const staff = op.auth === 'staff';
      const unknown = await send(op, input, 'an-expired-or-unknown-token');
      const expected = staff ? 'STF00002' : 'USR00003';
      if (unknown.body.code !== expected) wrong.push(`${op.method} ${op.path} unknown token: ${unknown.body.code}`);
      const live = await send(op, input, staff ? ownerToken : shopperToken);
      if (live.status !== 400 || live.body.code !== 'SYS00001')
        wrong.push(`${op.method} ${op.path} live session: ${live.status} ${live.body.code}`);
    }
    expect(wrong).toEqual([]);
    // Most protected calls take input; the loop must have covered them, the console's too.
    expect(checked.length).toBeGreaterThan(60);
    expect(checked).toContain('POST /v1/shoppingcart/countminus1');
    expect(checked.some((c) => c.includes('/admin-api/'))).toBe(true);
  });

  it('says so in the caller’s language, and a missing token is still HTTP 400 USR00001', async () => {
    const cart = ops.find((op) => op.path === '/v1/shoppingcart/countminus1') as Operation;
    const input = { url: cart.path, payload: '{"skuId":' };
    const kh = await send(cart, input, 'unknown', 'kh');
    expect(kh.body).toMatchObject({ code: 'USR00003', msg: 'វគ្គរបស់អ្នកមិនត្រឹមត្រូវ សូមចូលគណនីម្តងទៀត' });
    const none = await shop.app.inject({
      method: 'POST',
      url: cart.path,
      headers: { 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('USR00001');
  });
});
