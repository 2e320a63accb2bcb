/**
 * NUL and other text PostgreSQL cannot keep is refused once, for every call, with SYS00007 in the
 * caller's language (issue 19): query, body, keys, headers, and the gateways' and carrier's
 * callbacks, which change nothing and are logged.
 */
import { errorMessage } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness.ts';
import { signCarrierCallback } from '../integrations/carrier/carrier.ts';
import { CARRIER_CALLBACK_PATH } from '../integrations/carrier/service.ts';
import { sql } from './sql.ts';

let shop: TestShop;
let token: string;

beforeAll(async () => {
  shop = await startTestShop();
  token = (await shop.ctx.sessions.create('shopper', '00000000-0000-4000-8000-000000000002')).token;
});
afterAll(() => shop.close());

const callbacks = async () =>
  Number(
    ((await shop.db.execute(sql`SELECT count(*)::int AS n FROM payment_callbacks`)) as { rows: { n: number }[] })
      .rows[0].n,
  );

describe('text PostgreSQL cannot keep', () => {
  it('a NUL in a query is SYS00007 naming the field, in the caller’s language', async () => {
    for (const language of ['en-US', 'chs', 'kh'] as const) {
      const res = await shop.call('GET', '/v1/product/searchkeywords', {
        query: { keyword: 'phone\u0000case' },
        language,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'SYS00007',
        msg: errorMessage('SYS00007', language, { field: 'query.keyword' }),
        data: null,
        requestId: res.headers['x-request-id'],
      });
    }
    const search = await shop.call('GET', '/v1/product/search', { query: { keyword: '\u0000' } });
    expect(search.body.code).toBe('SYS00007');
  });

  it('in a body: NUL escaped in JSON, a NUL key, an unpaired surrogate', async () => {
    const post = (payload: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/v1/shoppingcart/countminus1',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', language: 'chs' },
        payload,
      });
    for (const [payload, field] of [
      ['{"skuId":"12\\u0000"}', 'body.skuId'],
      ['{"skuId":"1","x\\u0000":1}', 'body.?'],
      ['{"skuId":"\\ud800"}', 'body.skuId'],
      ['{"skuId":"1","list":[{"a":"b"},{"c":"\\u0000"}]}', 'body.list[1].c'],
    ]) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toMatchObject({ code: 'SYS00007', msg: `请求中含有无法使用的字符：${field}` });
    }
    const deep = await post(`{"skuId":${'['.repeat(40)}${']'.repeat(40)}}`);
    expect(deep.json().code).toBe('SYS00001');
  });

  it('in a header the server reads', async () => {
    const res = await shop.app.inject({
      method: 'GET',
      url: '/v1/other/system/config',
      headers: { appversion: '1\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SYS00007');
  });

  it('a gateway callback that cannot be read changes nothing, is logged and answered 400', async () => {
    const before = await callbacks();
    for (const channel of ['sandbox', 'payway']) {
      for (const payload of [
        '{"paymentId":"00000000-0000-4000-8000-000000000003","transactionId":"t\\u0000","status":"SUCCEEDED"}',
        '{"tran_id":"\\udc00"}',
        '"\\u0000"',
        `${'['.repeat(100)}${']'.repeat(100)}`,
      ]) {
        const logged = shop.logs.length;
        const res = await shop.app.inject({
          method: 'POST',
          url: `/v1/pay/callback/${channel}`,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${channel} ${payload.slice(0, 40)}`).toBe(400);
        expect(['SYS00007', 'SYS00001']).toContain(res.json().code);
        const warning = shop.logs.slice(logged).find((line) => line.msg === 'input refused: not readable text');
        expect(warning, payload).toMatchObject({ level: 40, route: `/v1/pay/callback/${channel}` });
      }
    }
    expect(await callbacks()).toBe(before);
    // A readable callback is still heard (refused here for its signature, and recorded).
    const readable = await shop.app.inject({
      method: 'POST',
      url: '/v1/pay/callback/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: { paymentId: 'nope', status: 'SUCCEEDED' },
    });
    expect(readable.statusCode).toBe(400);
    expect(readable.json().code).toBe('PAY0007');
    expect(await callbacks()).toBe(before + 1);
  });

  it('a signed carrier event with an escaped NUL is malformed, not a database error', async () => {
    const raw = JSON.stringify({
      eventId: 'e1',
      waybillNo: 'JT-0001',
      status: 'IN_TRANSIT',
      description: 'x\u0000y',
      at: new Date().toISOString(),
    });
    const timestamp = String(Date.now());
    const res = await shop.app.inject({
      method: 'POST',
      url: CARRIER_CALLBACK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-carrier-timestamp': timestamp,
        'x-carrier-signature': signCarrierCallback(shop.ctx.config.carrier.secret, timestamp, raw),
      },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SYS00001', outcome: 'malformed' });
  });
});
