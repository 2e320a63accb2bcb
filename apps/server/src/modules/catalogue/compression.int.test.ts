import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { smallCatalogue } from './fixtures.ts';

let shop: TestShop;
let cat: Awaited<ReturnType<typeof smallCatalogue>>;
beforeAll(async () => {
  shop = await startTestShop();
  cat = await smallCatalogue(shop.services);
  // Enough cards for a home feed page of several KB, like the real one (20 cards, about 5 KB).
  const L = (text: string) => ({ 'en-US': text, chs: `${text} 手机`, kh: `${text} ទូរស័ព្ទ` });
  await shop.services.catalogue.addProducts(
    Array.from({ length: 16 }, (_, i) => ({
      categoryId: cat.leaf,
      name: L(`Phone model ${i}`),
      description: L('A phone'),
      imageIds: [],
      items: [{ spec: [], priceCents: 10_000 + i, stock: 5 }],
    })),
  );
});
afterAll(() => shop.close());

const PHONE = 'gzip, deflate, br';
const FEED = '/v1/newcategory/queryproductitem?page=1&size=20';

/** A GET as a phone makes it (apptype, appversion, language), with the headers given. */
async function get(url: string, headers: Record<string, string> = {}) {
  const res = await shop.app.inject({
    method: 'GET',
    url,
    headers: { apptype: 'h5', appversion: '1.0', language: 'en-US', ...headers },
  });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload };
}

function decoded(res: Awaited<ReturnType<typeof get>>): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.raw);
  if (encoding === 'gzip') return gunzipSync(res.raw);
  return res.raw;
}

describe('cached public reads are compressed once, for the clients that ask', () => {
  it('a phone gets brotli; decompressed it is the very answer a client asking for nothing gets', async () => {
    const plain = await get(FEED);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.raw.toString()).data.list).toHaveLength(19);

    const phone = await get(FEED, { 'accept-encoding': PHONE });
    expect(phone.status).toBe(200);
    expect(phone.headers['content-encoding']).toBe('br');
    expect(phone.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(phone.headers['content-length'])).toBe(phone.raw.length);
    expect(phone.raw.length).toBeLessThan(plain.raw.length / 3);
    expect(decoded(phone).equals(plain.raw)).toBe(true);
    expect(phone.headers['cache-control']).toBe(plain.headers['cache-control']);

    const gzip = await get(FEED, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip).equals(plain.raw)).toBe(true);

    const refused = await get(FEED, { 'accept-encoding': 'gzip;q=0, br;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.raw.equals(plain.raw)).toBe(true);
  });

  it('each coding has its own ETag, and caches are told what the answer varies on', async () => {
    const plain = await get(FEED);
    const br = await get(FEED, { 'accept-encoding': PHONE });
    const gzip = await get(FEED, { 'accept-encoding': 'gzip' });
    const hash = String(plain.headers.etag).slice(1, -1);
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(br.headers.etag).toBe(`"${hash}.br"`);
    expect(gzip.headers.etag).toBe(`"${hash}.gz"`);
    for (const res of [plain, br, gzip]) expect(res.headers.vary).toBe('accept-encoding, language');
    // The same bytes again: made once, not per request.
    expect((await get(FEED, { 'accept-encoding': PHONE })).raw.equals(br.raw)).toBe(true);
    // Without the language header the language comes from the cookie, which caches must then key on.
    const byCookie = await shop.app.inject({
      method: 'GET',
      url: FEED,
      headers: { apptype: 'h5', appversion: '1.0', cookie: 'language=kh', 'accept-encoding': PHONE },
    });
    expect(byCookie.headers.vary).toBe('accept-encoding, language, cookie');
    expect(JSON.parse(brotliDecompressSync(byCookie.rawPayload).toString()).msg).toBe('ជោគជ័យ');
  });

  it('If-None-Match gets 304 for the coding the client holds, and the full answer for another one', async () => {
    const br = await get(FEED, { 'accept-encoding': PHONE });
    const plain = await get(FEED);
    const again = await get(FEED, { 'accept-encoding': PHONE, 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.headers.vary).toBe('accept-encoding, language');
    // A weak or listed ETag (as a proxy sends it) is the same version.
    const weak = await get(FEED, { 'accept-encoding': PHONE, 'if-none-match': `"x", W/${br.headers.etag}` });
    expect(weak.status).toBe(304);
    // The plain answer's ETag from a phone: what it holds is not the brotli answer, so it gets that.
    const other = await get(FEED, { 'accept-encoding': PHONE, 'if-none-match': String(plain.headers.etag) });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
    // And the brotli ETag from a client that asks for nothing: the plain answer.
    const none = await get(FEED, { 'if-none-match': String(br.headers.etag) });
    expect(none.status).toBe(200);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.raw.equals(plain.raw)).toBe(true);
    const plainAgain = await get(FEED, { 'if-none-match': String(plain.headers.etag) });
    expect(plainAgain.status).toBe(304);
  });

  it('each language has its own compressed answer and ETag', async () => {
    const en = await get(FEED, { 'accept-encoding': PHONE });
    const kh = await get(FEED, { 'accept-encoding': PHONE, language: 'kh' });
    expect(kh.headers['content-encoding']).toBe('br');
    expect(kh.headers.etag).not.toBe(en.headers.etag);
    const body = JSON.parse(decoded(kh).toString());
    expect(body.msg).toBe('ជោគជ័យ');
    expect(body.data.list.some((p: { name: string }) => p.name.endsWith('ទូរស័ព្ទ'))).toBe(true);
    expect(decoded(kh).equals((await get(FEED, { language: 'kh' })).raw)).toBe(true);
  });

  it('the category list and the product detail are compressed too; small answers are sent as they are', async () => {
    const category = `/v1/newcategory/queryproductitem?categoryId=${cat.leaf}&page=1&size=20`;
    const detail = `/v1/product/queryproductitemsinproduct?productItemId=${cat.phone.itemIds[0]}`;
    for (const url of [category, detail]) {
      const plain = await get(url);
      expect(plain.raw.length).toBeGreaterThan(1024);
      const phone = await get(url, { 'accept-encoding': PHONE });
      expect(phone.headers['content-encoding']).toBe('br');
      expect(decoded(phone).equals(plain.raw)).toBe(true);
    }
    const tags = await get('/v1/tag/queryall', { 'accept-encoding': PHONE });
    expect(tags.raw.length).toBeLessThan(1024);
    expect(tags.headers['content-encoding']).toBeUndefined();
    expect(tags.headers.vary).toBe('language');
    expect(JSON.parse(tags.raw.toString()).code).toBe('0');
    expect((await get('/v1/tag/queryall', { 'if-none-match': String(tags.headers.etag) })).status).toBe(304);
  });

  it('an error is never a kept answer: not compressed, no ETag', async () => {
    const res = await get('/v1/product/queryproductitemsinproduct?productItemId=999999', { 'accept-encoding': PHONE });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
    expect(JSON.parse(res.raw.toString()).code).toBe('CAT00001');
  });
});

describe('a URL asked again within a second is answered from its ready bytes', () => {
  it('skips the handler, per language and coding, while the service keeps the answer and until an operator changes something', async () => {
    const catalogue = shop.services.catalogue;
    const handled = vi.spyOn(catalogue, 'categoryProducts');
    try {
      const url = `/v1/newcategory/queryproductitem?categoryId=${cat.leaf}&page=1&size=5`;
      const first = await get(url, { 'accept-encoding': PHONE });
      expect(handled).toHaveBeenCalledTimes(1);
      const again = await get(url, { 'accept-encoding': PHONE });
      expect(handled).toHaveBeenCalledTimes(1);
      expect(again.raw.equals(first.raw)).toBe(true);
      for (const name of [
        'etag',
        'vary',
        'content-type',
        'content-encoding',
        'cache-control',
        'x-content-type-options',
      ])
        expect(again.headers[name], name).toBe(first.headers[name]);

      // Another language, coding or source of the language is another answer, made by the handler.
      const kh = await get(url, { 'accept-encoding': PHONE, language: 'kh' });
      expect(JSON.parse(decoded(kh).toString()).msg).toBe('ជោគជ័យ');
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const byCookie = await shop.app.inject({
        method: 'GET',
        url,
        headers: { cookie: 'language=chs', 'accept-encoding': PHONE },
      });
      expect(byCookie.headers.vary).toBe('accept-encoding, language, cookie');
      expect(handled).toHaveBeenCalledTimes(4);

      // A revalidation still gets its 304.
      expect((await get(url, { 'accept-encoding': PHONE, 'if-none-match': String(first.headers.etag) })).status).toBe(
        304,
      );
      // An operator's change (the service forgets its answers) is seen at once.
      catalogue.invalidate();
      await get(url, { 'accept-encoding': PHONE });
      expect(handled).toHaveBeenCalledTimes(6);
      // The ready bytes live as long as the service keeps the answer (3 s), no longer.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await get(url, { 'accept-encoding': PHONE });
      expect(handled).toHaveBeenCalledTimes(6);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await get(url, { 'accept-encoding': PHONE });
      expect(handled).toHaveBeenCalledTimes(7);
    } finally {
      handled.mockRestore();
    }
  });

  it('a call that takes a session (the my-page adverts) always goes to its handler', async () => {
    const handled = vi.spyOn(shop.services.catalogue, 'banners');
    try {
      for (let i = 0; i < 3; i++) expect((await get('/v1/other/mypageadvert/new')).status).toBe(200);
      expect(handled).toHaveBeenCalledTimes(3);
    } finally {
      handled.mockRestore();
    }
  });
});
