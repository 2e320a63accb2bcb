import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { smallCatalogue } from '../catalogue/fixtures.ts';

let shop: TestShop;
let cat: Awaited<ReturnType<typeof smallCatalogue>>;
let token: string;
beforeAll(async () => {
  shop = await startTestShop();
  cat = await smallCatalogue(shop.services);
  token = (await shop.ctx.sessions.create('shopper', 'fan-1')).token;
});
afterAll(() => shop.close());

describe('favourites', () => {
  it('needs a signed-in shopper', async () => {
    expect((await shop.call('GET', '/v1/favourite/list')).status).toBe(400);
    expect((await shop.call('POST', '/v1/favourite/add', { body: { productId: cat.ball.productId } })).body.code).toBe(
      'USR00001',
    );
    expect(
      (await shop.call('GET', '/v1/favourite/isexist', { query: { productId: '1' }, token: 'stale' })).body.code,
    ).toBe('USR00003');
  });

  it('add, isexist, list (newest first, with flags), remove', async () => {
    expect(
      (await shop.call('GET', '/v1/favourite/isexist', { query: { productId: String(cat.ball.productId) }, token }))
        .body.data,
    ).toEqual({ exists: false });
    expect(
      (await shop.call('POST', '/v1/favourite/add', { body: { productId: cat.ball.productId }, token })).body.data,
    ).toEqual({ exists: true });
    await new Promise((r) => setTimeout(r, 5));
    expect(
      (await shop.call('POST', '/v1/favourite/add', { body: { productId: cat.phone.productId }, token })).body.code,
    ).toBe('0');
    // Adding again is fine and does not duplicate.
    expect(
      (await shop.call('POST', '/v1/favourite/add', { body: { productId: cat.phone.productId }, token })).body.code,
    ).toBe('0');
    expect(
      (await shop.call('GET', '/v1/favourite/isexist', { query: { productId: String(cat.ball.productId) }, token }))
        .body.data,
    ).toEqual({ exists: true });
    const list = await shop.call('GET', '/v1/favourite/list', { token, language: 'chs' });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list.map((p: { name: string }) => p.name)).toEqual([
      '三星 Galaxy A15 智能手机',
      '阿迪达斯 5 号足球',
    ]);
    // Another shopper sees none of it.
    const other = (await shop.ctx.sessions.create('shopper', 'fan-2')).token;
    expect((await shop.call('GET', '/v1/favourite/list', { token: other })).body.data.total).toBe(0);
    expect(
      (await shop.call('POST', '/v1/favourite/remove', { body: { productIds: [cat.ball.productId] }, token: other }))
        .body.data,
    ).toEqual({ removed: 0 });
    expect(
      (await shop.call('POST', '/v1/favourite/remove', { body: { productIds: [cat.ball.productId, 424242] }, token }))
        .body.data,
    ).toEqual({ removed: 1 });
    expect((await shop.call('GET', '/v1/favourite/list', { token })).body.data.total).toBe(1);
  });

  it('a favourite that stops being sold stays in the list, flagged unpublished; unknown products are refused', async () => {
    await shop.services.catalogue.setProductPublished(cat.phone.productId, false);
    const list = await shop.call('GET', '/v1/favourite/list', { token });
    expect(list.body.data.list[0].flags.unpublished).toBe(true);
    const unknown = await shop.call('POST', '/v1/favourite/add', {
      body: { productId: 999999 },
      token,
      language: 'kh',
    });
    expect(unknown.body).toMatchObject({ code: 'CAT00001', msg: 'សូមអភ័យទោស ទំនិញនេះលែងមានទៀតហើយ' });
    expect((await shop.call('POST', '/v1/favourite/remove', { body: { productIds: [] }, token })).body.code).toBe(
      'SYS00001',
    );
  });
});
