import { defineCall, z } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';

const getThing = defineCall({
  method: 'GET',
  path: '/v1/thing',
  auth: 'optional',
  summary: '',
  tag: 't',
  data: z.object({ n: z.int() }),
});
const postThing = defineCall({
  method: 'POST',
  path: '/v1/thing/add',
  auth: 'user',
  summary: '',
  tag: 't',
  body: z.object({ n: z.int() }),
  data: z.object({ n: z.int() }),
});
const shareBind = defineCall({
  method: 'POST',
  path: '/v1/customer/sharebind',
  auth: 'user',
  summary: '',
  tag: 't',
  body: z.object({}),
  data: z.null(),
});

function setup(answers: Array<{ status?: number; body: unknown } | Error>, firstAnswers = new Map<string, unknown>()) {
  const requests: { url: string; init: RequestInit }[] = [];
  const toasts: string[] = [];
  const prompts: string[] = [];
  let clock = 0;
  const state = { token: 'tok', thirdId: '', hadHintLogin: false, userId: 'u1' };
  const client = createApiClient({
    fetch: async (url, init) => {
      requests.push({ url: String(url), init: init as RequestInit });
      const answer = answers.shift();
      if (!answer) throw new Error('no answer prepared');
      if (answer instanceof Error) throw answer;
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    },
    language: () => 'kh',
    session: {
      get: () => state,
      clear: () => Object.assign(state, { token: '', thirdId: '', hadHintLogin: false, userId: '' }),
      update: (patch) => Object.assign(state, patch),
    },
    toast: (message) => toasts.push(message),
    promptLogin: (thirdId) => void prompts.push(thirdId || 'login'),
    networkErrorText: () => 'Network problem',
    now: () => clock,
    firstAnswer: (key) => {
      const answer = firstAnswers.get(key) as
        | { code: string; msg: string; data: unknown }
        | Promise<{ code: string; msg: string; data: unknown } | undefined>
        | undefined;
      firstAnswers.delete(key);
      return answer;
    },
  });
  return { client, requests, toasts, prompts, state, tick: (ms: number) => (clock += ms) };
}

describe('the API client (spec §7)', () => {
  it('sends the shop headers, the token in the query and GET parameters in the query', async () => {
    const t = setup([{ body: { code: '0', msg: 'ok', data: { n: 1 } } }]);
    expect(await t.client.call(getThing, { page: 2 })).toEqual({ n: 1 });
    const { url, init } = t.requests[0];
    expect(url).toBe('/v1/thing?token=tok&page=2');
    expect(init.headers).toMatchObject({ apptype: 'h5', appversion: '1.0', language: 'kh' });
  });

  it('sends POST parameters as a JSON body', async () => {
    const t = setup([{ body: { code: '0', msg: 'ok', data: { n: 2 } } }]);
    await t.client.call(postThing, { n: 2 });
    expect(t.requests[0].init.body).toBe('{"n":2}');
    expect(t.requests[0].init.method).toBe('POST');
  });

  it('shows the server message as a toast for a non-zero code', async () => {
    const t = setup([{ body: { code: 'X1', msg: 'Item out of stock', data: null } }]);
    await expect(t.client.call(getThing)).rejects.toMatchObject({ code: 'X1' });
    expect(t.toasts).toEqual(['Item out of stock']);
  });

  it('shows the network text when the server cannot be reached', async () => {
    const t = setup([new TypeError('Failed to fetch')]);
    await expect(t.client.call(getThing)).rejects.toMatchObject({ code: 'NETWORK' });
    expect(t.toasts).toEqual(['Network problem']);
  });

  it('lets COUPONCODE0005 pass silently and never toasts for sharebind', async () => {
    const t = setup([
      { body: { code: 'COUPONCODE0005', msg: 'Promotion code is invalid', data: null } },
      { body: { code: 'X2', msg: 'bind failed', data: null } },
    ]);
    await expect(t.client.call(getThing)).rejects.toMatchObject({ code: 'COUPONCODE0005' });
    await expect(t.client.call(shareBind, {})).rejects.toMatchObject({ code: 'X2' });
    expect(t.toasts).toEqual([]);
  });

  it('a page-subject read leaves a not-found or malformed-link answer to the page, and toasts the rest', async () => {
    const t = setup([
      { body: { code: 'CAT00002', msg: 'This category does not exist', data: null } },
      { status: 400, body: { code: 'SYS00001', msg: 'Invalid request: orderId: Invalid UUID', data: null } },
      { body: { code: 'X3', msg: 'Something else', data: null } },
      { body: { code: 'ORD0001', msg: 'The order does not exist', data: null } },
    ]);
    await expect(t.client.call(getThing, {}, { subject: true })).rejects.toMatchObject({ code: 'CAT00002' });
    await expect(t.client.call(getThing, {}, { subject: true })).rejects.toMatchObject({ code: 'SYS00001' });
    await expect(t.client.call(getThing, {}, { subject: true })).rejects.toMatchObject({ code: 'X3' });
    // Without the option, the same answer is a toast as before.
    await expect(t.client.call(getThing)).rejects.toMatchObject({ code: 'ORD0001' });
    expect(t.toasts).toEqual(['Something else', 'The order does not exist']);
  });

  it('USR00003 logs out and prompts once', async () => {
    const invalid = { body: { code: 'USR00003', msg: 'invalid', data: null } };
    const t = setup([invalid, invalid, invalid]);
    await expect(t.client.call(getThing)).rejects.toMatchObject({ code: 'USR00003' });
    expect(t.state.token).toBe('');
    await expect(t.client.call(getThing)).rejects.toMatchObject({ code: 'USR00003' });
    await expect(t.client.call(getThing)).rejects.toMatchObject({ code: 'USR00003' });
    expect(t.prompts).toEqual(['login']);
    expect(t.toasts).toEqual([]);
  });

  it('USR00003 for a third-party visitor offers the binding page', async () => {
    const t = setup([{ body: { code: 'USR00003', msg: 'invalid', data: null } }]);
    t.state.thirdId = 'fb-123';
    await expect(t.client.call(getThing)).rejects.toBeDefined();
    expect(t.prompts).toEqual(['fb-123']);
  });

  it('the missing-token 400 prompts to log in unless the call is silent', async () => {
    const missing = { status: 400, body: { code: 'USR00001', msg: 'token missing', data: null } };
    const t = setup([missing, missing]);
    await expect(t.client.call(getThing)).rejects.toMatchObject({ status: 400 });
    await expect(t.client.call(getThing, {}, { silent: true })).rejects.toBeDefined();
    expect(t.prompts).toEqual(['login']);
  });

  it('blocks an identical POST within 300 ms (double tap), allows it after', async () => {
    const ok = { body: { code: '0', msg: 'ok', data: { n: 1 } } };
    const t = setup([ok, ok, ok]);
    await t.client.call(postThing, { n: 1 });
    t.tick(100);
    await expect(t.client.call(postThing, { n: 1 })).rejects.toMatchObject({ code: 'DOUBLE_TAP' });
    await t.client.call(postThing, { n: 9 }); // a different submit is not a double tap
    t.tick(300);
    await t.client.call(postThing, { n: 1 });
    expect(t.requests).toHaveLength(3);
  });

  it('uses an answer the page came with once, whatever the order of the query or the token, then asks the server', async () => {
    const first = new Map<string, unknown>([['/v1/thing?a=1&b=2', { code: '0', msg: 'ok', data: { n: 7 } }]]);
    const { client, requests } = setup([{ body: { code: '0', msg: 'ok', data: { n: 8 } } }], first);
    expect(await client.call(getThing, { b: 2, a: 1 })).toEqual({ n: 7 });
    expect(requests).toHaveLength(0);
    expect(await client.call(getThing, { b: 2, a: 1 })).toEqual({ n: 8 });
    expect(requests).toHaveLength(1);
  });

  it('an error the page came with is handled like the server saying it', async () => {
    const first = new Map<string, unknown>([['/v1/thing', { code: 'PRD0001', msg: 'gone', data: null }]]);
    const { client, requests, toasts } = setup([], first);
    await expect(client.call(getThing)).rejects.toMatchObject({ code: 'PRD0001' });
    expect(toasts).toEqual(['gone']);
    expect(requests).toHaveLength(0);
  });

  it('waits for an answer asked for early (page-scripts/early.js), and asks the server when that ask failed', async () => {
    const first = new Map<string, unknown>([
      ['/v1/thing?a=1', Promise.resolve({ code: '0', msg: 'ok', data: { n: 5 } })],
      ['/v1/thing?a=2', Promise.resolve(undefined)],
    ]);
    const { client, requests } = setup([{ body: { code: '0', msg: 'ok', data: { n: 6 } } }], first);
    expect(await client.call(getThing, { a: 1 })).toEqual({ n: 5 });
    expect(requests).toHaveLength(0);
    expect(await client.call(getThing, { a: 2 })).toEqual({ n: 6 });
    expect(requests).toHaveLength(1);
  });
});
