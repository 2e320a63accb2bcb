import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { sql } from '../../platform/sql.ts';
import { smallCatalogue } from './fixtures.ts';
import { productPicture } from './pictures.ts';

let shop: TestShop;
let cat: Awaited<ReturnType<typeof smallCatalogue>>;
beforeAll(async () => {
  shop = await startTestShop();
  cat = await smallCatalogue(shop.services);
  const c = shop.services.catalogue;
  await c.addBanner({
    position: 'home',
    name: { 'en-US': 'Phones', chs: '手机', kh: 'ទូរស័ព្ទ' },
    jumpType: 'product',
    productItemId: cat.phone.itemIds[0],
    sort: 0,
  });
  await c.addBanner({
    position: 'home',
    name: { 'en-US': 'Guide', chs: '指南', kh: 'មគ្គុទ្ទេសក៍' },
    jumpType: 'h5',
    url: 'https://a.example/x',
    urlKh: 'https://a.example/kh',
    urlChs: 'https://a.example/zh',
    sort: 1,
  });
  await c.addBanner({
    position: 'home',
    name: { 'en-US': 'Old', chs: '旧', kh: 'ចាស់' },
    jumpType: 'wallet',
    endsAt: new Date(Date.now() - 1000),
    sort: 2,
  });
  await c.addBanner({
    position: 'wingh5',
    name: { 'en-US': 'Wing', chs: 'Wing', kh: 'Wing' },
    jumpType: 'taobao',
    channel: 'taobao',
  });
  await c.addBanner({ position: 'mypage', name: { 'en-US': 'Card', chs: '卡', kh: 'កាត' }, jumpType: 'bongloy' });
  await c.addBanner({
    position: 'bonus_unlogin',
    name: { 'en-US': 'Sign up', chs: '注册', kh: 'ចុះឈ្មោះ' },
    jumpType: 'login',
  });
  await c.addBanner({
    position: 'bonus_login',
    name: { 'en-US': 'Invite', chs: '邀请', kh: 'អញ្ជើញ' },
    jumpType: 'urlwithlogin',
    url: '/h5/invite',
  });
});
afterAll(() => shop.close());

describe('home: carousels, activities, tags, category tree', () => {
  it('v1/carousel/query lists the home banners that are on, with the jump fields, in the language asked', async () => {
    const res = await shop.call('GET', '/v1/carousel/query', { language: 'kh' });
    expect(res.body.code).toBe('0');
    expect(res.body.data.map((b: { name: string }) => b.name)).toEqual(['ទូរស័ព្ទ', 'មគ្គុទ្ទេសក៍']);
    expect(res.body.data[0]).toMatchObject({ jumpType: 'product', productItemID: cat.phone.itemIds[0] });
    expect(res.body.data[1]).toMatchObject({
      jumpType: 'h5',
      url: 'https://a.example/x',
      urlKh: 'https://a.example/kh',
      urlChs: 'https://a.example/zh',
    });
    expect(res.headers['cache-control']).toContain('max-age');
  });

  it('v1/carousel/wingh5/query, mypageadvert/new and bonusadvert (visitor / signed in)', async () => {
    expect((await shop.call('GET', '/v1/carousel/wingh5/query')).body.data[0]).toMatchObject({
      jumpType: 'taobao',
      channel: 'taobao',
    });
    expect((await shop.call('GET', '/v1/other/mypageadvert/new')).body.data[0].jumpType).toBe('bongloy');
    expect((await shop.call('GET', '/v1/other/bonusadvert/unlogin')).body.data[0].jumpType).toBe('login');
    expect((await shop.call('GET', '/v1/other/bonusadvert/login')).status).toBe(400);
    const user = await shop.ctx.sessions.create('shopper', 'u-bonus');
    expect((await shop.call('GET', '/v1/other/bonusadvert/login', { token: user.token })).body.data[0]).toMatchObject({
      jumpType: 'urlwithlogin',
      url: '/h5/invite',
    });
    expect((await shop.call('GET', '/v1/other/bonusadvert/login', { token: 'not-a-token' })).body.code).toBe(
      'USR00003',
    );
  });

  it('v1/activity/queryall lists running promotions only', async () => {
    const res = await shop.call('GET', '/v1/activity/queryall', { language: 'chs' });
    expect(res.body.data.map((a: { name: string }) => a.name)).toEqual(['送水节大促']);
  });

  it('v1/tag/queryall lists the tags', async () => {
    const res = await shop.call('GET', '/v1/tag/queryall');
    expect(res.body.data).toEqual([{ id: cat.tag, name: 'Hot Deals', color: '#e4393c' }]);
  });

  it('v1/threelevelcategory/query gives the tree three levels deep', async () => {
    const res = await shop.call('GET', '/v1/threelevelcategory/query', { language: 'chs' });
    const phones = res.body.data.find((c: { id: number }) => c.id === cat.top);
    expect(phones).toMatchObject({
      name: '手机平板',
      level: 1,
      children: [{ id: cat.mid, name: '手机', level: 2, children: [{ id: cat.leaf, name: '智能手机', level: 3 }] }],
    });
  });
});

describe('product lists', () => {
  it('v1/newcategory/queryproductitem: a top category holds the products of its leaves; hidden products are left out', async () => {
    const res = await shop.call('GET', '/v1/newcategory/queryproductitem', {
      query: { categoryId: String(cat.top), sort: 'priceAsc' },
    });
    expect(res.body.code).toBe('0');
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list.map((p: { productId: number }) => p.productId)).toEqual([
      cat.phone.productId,
      cat.phone2.productId,
    ]);
    expect(res.body.data.category.path.map((p: { id: number }) => p.id)).toEqual([cat.top]);
    const card = res.body.data.list[0];
    // The cheapest item that can be bought: 64GB at 149.90.
    expect(card).toMatchObject({
      productItemId: cat.phone.itemIds[0],
      priceCents: 14990,
      flags: { expired: false, outOfStock: false, unpublished: false },
    });
    const leaf = await shop.call('GET', '/v1/newcategory/queryproductitem', {
      query: { categoryId: String(cat.leaf) },
      language: 'kh',
    });
    expect(leaf.body.data.category.path.map((p: { name: string }) => p.name)).toEqual([
      'ទូរស័ព្ទ និងថេប្លេត',
      'ទូរស័ព្ទដៃ',
      'ស្មាតហ្វូន',
    ]);
  });

  it('public reads carry an ETag per answer and language; sending it back is 304; an edit changes it', async () => {
    const feed = { query: { page: '1', size: '5' } };
    const first = await shop.call('GET', '/v1/newcategory/queryproductitem', feed);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=10');
    const same = await shop.call('GET', '/v1/newcategory/queryproductitem', feed);
    expect(same.headers.etag).toBe(etag);
    expect(same.body).toEqual(first.body);
    const revalidated = await shop.call('GET', '/v1/newcategory/queryproductitem', {
      ...feed,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
    const kh = await shop.call('GET', '/v1/newcategory/queryproductitem', { ...feed, language: 'kh' });
    expect(kh.headers.etag).not.toBe(etag);
    expect(kh.body.msg).toBe('ជោគជ័យ');
    // The detail of an item names that item as chosen, in its own answer.
    const detail = (skuId: number) =>
      shop.call('GET', '/v1/product/queryproductitemsinproduct', { query: { productItemId: String(skuId) } });
    const [a, b] = [await detail(cat.phone.itemIds[0]), await detail(cat.phone.itemIds[1])];
    expect([a.body.data.selectedItemId, b.body.data.selectedItemId]).toEqual(cat.phone.itemIds.slice(0, 2));
    expect(a.headers.etag).not.toBe(b.headers.etag);
    // An operator's change goes through the service, which forgets its answers: a new ETag.
    await shop.services.catalogue.setProductPublished(cat.phone2.productId, false);
    const after = await shop.call('GET', '/v1/newcategory/queryproductitem', {
      ...feed,
      headers: { 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    await shop.services.catalogue.setProductPublished(cat.phone2.productId, true);
  });

  it('without a category it is the home feed, paged', async () => {
    const first = await shop.call('GET', '/v1/newcategory/queryproductitem', {
      query: { page: '1', size: '2', sort: 'sales' },
    });
    expect(first.body.data).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(first.body.data.list.map((p: { productId: number }) => p.productId)).toEqual([
      cat.phone2.productId,
      cat.phone.productId,
    ]);
    const second = await shop.call('GET', '/v1/newcategory/queryproductitem', {
      query: { page: '2', size: '2', sort: 'sales' },
    });
    expect(second.body.data.list.map((p: { productId: number }) => p.productId)).toEqual([cat.ball.productId]);
  });

  it('bad input is a catalogue code in the user’s language, never a 500', async () => {
    const unknown = await shop.call('GET', '/v1/newcategory/queryproductitem', {
      query: { categoryId: '99999' },
      language: 'chs',
    });
    expect(unknown.body).toMatchObject({ code: 'CAT00002', msg: '该分类不存在' });
    const bad = await shop.call('GET', '/v1/newcategory/queryproductitem', { query: { categoryId: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SYS00001');
    const badSort = await shop.call('GET', '/v1/newcategory/queryproductitem', { query: { sort: 'cheapest' } });
    expect(badSort.body.code).toBe('SYS00001');
    const huge = await shop.call('GET', '/v1/newcategory/queryproductitem', { query: { size: '1000' } });
    expect(huge.body.code).toBe('SYS00001');
  });

  it('v1/tag/queryproductitem and v1/activity/queryproductitem', async () => {
    const tag = await shop.call('GET', '/v1/tag/queryproductitem', { query: { tagId: String(cat.tag) } });
    expect(tag.body.data.tag.name).toBe('Hot Deals');
    expect(tag.body.data.list.map((p: { productId: number }) => p.productId)).toEqual([cat.phone.productId]);
    expect((await shop.call('GET', '/v1/tag/queryproductitem', { query: { tagId: '9999' } })).body.code).toBe(
      'CAT00003',
    );
    const act = await shop.call('GET', '/v1/activity/queryproductitem', {
      query: { activityId: String(cat.activity), sort: 'priceAsc' },
    });
    expect(act.body.data.activity.name).toBe('Water Festival Sale');
    expect(act.body.data.list.map((p: { productId: number }) => p.productId)).toEqual([
      cat.ball.productId,
      cat.phone.productId,
    ]);
    const ended = await shop.call('GET', '/v1/activity/queryproductitem', {
      query: { activityId: String(cat.ended) },
      language: 'kh',
    });
    expect(ended.body.code).toBe('CAT00004');
    expect(ended.body.msg).toBe('ការផ្សព្វផ្សាយនេះមិនមាន ឬបានបញ្ចប់ហើយ');
  });
});

describe('product detail', () => {
  it('v1/product/queryproductitemsinproduct gives every item with its flags, the picker, pictures and attributes', async () => {
    const res = await shop.call('GET', '/v1/product/queryproductitemsinproduct', {
      query: { productItemId: String(cat.phone.itemIds[1]) },
      language: 'chs',
    });
    expect(res.body.code).toBe('0');
    const d = res.body.data;
    expect(d).toMatchObject({
      productId: cat.phone.productId,
      name: '三星 Galaxy A15 智能手机',
      brand: 'Samsung',
      selectedItemId: cat.phone.itemIds[1],
    });
    expect(d.specs).toEqual([{ name: '存储', values: ['64GB', '128GB', '256GB', '512GB'] }]);
    expect(d.items.map((i: { flags: unknown }) => i.flags)).toEqual([
      { expired: false, outOfStock: false, unpublished: false },
      { expired: false, outOfStock: true, unpublished: false },
      { expired: false, outOfStock: false, unpublished: true },
      { expired: true, outOfStock: false, unpublished: false },
    ]);
    expect(d.images).toHaveLength(2);
    expect(d.attributes).toEqual([{ name: '品牌', value: 'Samsung' }]);
    expect(d.merchant.name).toBe('金边数码');
    expect(d.category.path).toHaveLength(3);
    const byProduct = await shop.call('GET', '/v1/product/queryproductitemsinproduct', {
      query: { productId: String(cat.phone.productId) },
    });
    expect(byProduct.body.data.selectedItemId).toBe(cat.phone.itemIds[0]);
    const missing = await shop.call('GET', '/v1/product/queryproductitemsinproduct', {
      query: { productItemId: '999999' },
    });
    expect(missing.body.code).toBe('CAT00001');
    expect(missing.body.msg).toBe('Sorry, this item is no longer available');
    expect((await shop.call('GET', '/v1/product/queryproductitemsinproduct')).body.code).toBe('CAT00001');
  });

  it('pictures are served at the widths of srcset, cacheable, and 404 when unknown', async () => {
    const detail = await shop.call('GET', '/v1/product/queryproductitemsinproduct', {
      query: { productId: String(cat.ball.productId) },
    });
    const url = detail.body.data.images[0].url as string;
    const small = await shop.app.inject({ method: 'GET', url: `${url}?w=160` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toContain('immutable');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(160);
    const again = await shop.app.inject({
      method: 'GET',
      url: `${url}?w=160`,
      headers: { 'if-none-match': String(small.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const big = await shop.app.inject({ method: 'GET', url: `${url}?w=700` });
    expect((await sharp(big.rawPayload).metadata()).width).toBe(560);
    const none = await shop.app.inject({ method: 'GET', url: '/v1/catalogue/image/99999' });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('CAT00010');
  });
});

describe('shops (merchant catalogue)', () => {
  it('v1/catalog/list/query, catalog/nextLevel and catalog/show/query walk a shop three levels deep', async () => {
    const list = await shop.call('GET', '/v1/catalog/list/query', { query: { merchantId: String(cat.shop) } });
    expect(list.body.data.merchant).toMatchObject({ name: 'Phnom Penh Digital', productCount: 2 });
    expect(list.body.data.categories.map((c: { id: number; productCount: number }) => [c.id, c.productCount])).toEqual([
      [cat.top, 1],
      [cat.sportsTop, 1],
    ]);
    const next = await shop.call('GET', '/v1/catalog/nextLevel', {
      query: { merchantId: String(cat.shop), categoryId: String(cat.top) },
    });
    expect(next.body.data.map((c: { id: number }) => c.id)).toEqual([cat.mid]);
    const third = await shop.call('GET', '/v1/catalog/nextLevel', {
      query: { merchantId: String(cat.shop), categoryId: String(cat.mid) },
    });
    expect(third.body.data.map((c: { id: number }) => c.id)).toEqual([cat.leaf]);
    const show = await shop.call('GET', '/v1/catalog/show/query', {
      query: { merchantId: String(cat.shop), categoryId: String(cat.leaf) },
    });
    expect(show.body.data.list.map((p: { productId: number }) => p.productId)).toEqual([cat.phone.productId]);
    const all = await shop.call('GET', '/v1/catalog/show/query', { query: { merchantId: String(cat.shop) } });
    expect(all.body.data.total).toBe(2);
    expect((await shop.call('GET', '/v1/catalog/list/query', { query: { merchantId: '999' } })).body.code).toBe(
      'CAT00007',
    );
  });
});

describe('search', () => {
  const names = (res: { body: { data: { list: { name: string }[] } } }) => res.body.data.list.map((p) => p.name);

  it('finds by word in each language, by prefix, and by a part of a Chinese or Khmer word', async () => {
    expect(names(await shop.call('GET', '/v1/product/search', { query: { keyword: 'galaxy' } }))).toEqual([
      'Samsung Galaxy A15 Smartphone',
    ]);
    expect(names(await shop.call('GET', '/v1/product/search', { query: { keyword: 'Smartph' } }))).toHaveLength(2);
    expect(
      names(await shop.call('GET', '/v1/product/search', { query: { keyword: '足球' }, language: 'chs' })),
    ).toEqual(['阿迪达斯 5 号足球']);
    expect(
      names(await shop.call('GET', '/v1/product/search', { query: { keyword: '手机' }, language: 'chs' })).sort(),
    ).toEqual(['三星 Galaxy A15 智能手机', '苹果 iPhone 15 Pro 手机']);
    expect(names(await shop.call('GET', '/v1/product/search', { query: { keyword: 'បាល់' }, language: 'kh' }))).toEqual([
      'បាល់ទាត់ Adidas លេខ 5',
    ]);
    expect(names(await shop.call('GET', '/v1/product/search', { query: { keyword: 'nokia' } }))).toEqual([]);
  });

  it('tolerates a typo and ranks the best match first', async () => {
    expect(names(await shop.call('GET', '/v1/product/search', { query: { keyword: 'iphnoe' } }))[0]).toBe(
      'Apple iPhone 15 Pro',
    );
    expect(names(await shop.call('GET', '/v1/product/search', { query: { keyword: 'footbal' } }))).toEqual([
      'Adidas Football Size 5',
    ]);
    expect(names(await shop.call('GET', '/v1/product/search', { query: { keyword: 'samsnug galaxy' } }))[0]).toBe(
      'Samsung Galaxy A15 Smartphone',
    );
  });

  it('a typo is corrected to the closest catalogue word only, also next to a word spelled right', async () => {
    // "smartphnoe" is closer to "smartphone" than to "smartphones"' neighbours: both phones, no ball.
    expect(names(await shop.call('GET', '/v1/product/search', { query: { keyword: 'smartphnoe' } })).sort()).toEqual([
      'Apple iPhone 15 Pro',
      'Samsung Galaxy A15 Smartphone',
    ]);
    expect(names(await shop.call('GET', '/v1/product/search', { query: { keyword: 'adidas footbll' } }))).toEqual([
      'Adidas Football Size 5',
    ]);
  });

  it('search documents written by an older version are written again when the shop starts', async () => {
    await shop.db.execute(
      sql`UPDATE catalogue_products SET search_doc = '', search_version = 0 WHERE id = ${cat.ball.productId}`,
    );
    expect(await shop.services.catalogue.refreshSearchDocuments()).toBe(1);
    const { rows } = (await shop.db.execute(
      sql`SELECT search_doc FROM catalogue_products WHERE id = ${cat.ball.productId}`,
    )) as unknown as { rows: { search_doc: string }[] };
    expect(rows[0].search_doc.split(' ')).toEqual(expect.arrayContaining(['adidas', 'adid', '足球', 'បាល់ទាត់']));
    expect(names(await shop.call('GET', '/v1/product/search', { query: { keyword: 'adid' } }))).toEqual([
      'Adidas Football Size 5',
    ]);
    expect(await shop.services.catalogue.refreshSearchDocuments()).toBe(0);
  });

  it('an empty keyword is CAT00005 in the user’s language', async () => {
    const res = await shop.call('GET', '/v1/product/search', { query: { keyword: '   ' }, language: 'kh' });
    expect(res.body).toMatchObject({ code: 'CAT00005', msg: 'សូមបញ្ចូលពាក្យគន្លឹះស្វែងរក' });
    expect((await shop.call('GET', '/v1/product/search')).body.code).toBe('CAT00005');
    expect((await shop.call('GET', '/v1/product/search', { query: { keyword: "%_\\'" } })).body.code).toBe('0');
  });

  it('product/searchkeywords: hot keywords come from the searches that found something', async () => {
    for (let i = 0; i < 3; i++) await shop.call('GET', '/v1/product/search', { query: { keyword: 'Football' } });
    await shop.call('GET', '/v1/product/search', { query: { keyword: 'zzzqqq' } });
    const typo = await shop.call('GET', '/v1/product/search', { query: { keyword: 'fotball' } });
    expect(typo.body.data.list[0].productId).toBe(cat.ball.productId);
    const res = await shop.call('GET', '/v1/product/searchkeywords');
    expect(res.body.data.hot[0]).toBe('football');
    expect(res.body.data.hot).not.toContain('zzzqqq');
    // A typo finds the ball but does not become a hot keyword.
    expect(res.body.data.hot).not.toContain('fotball');
    const typed = await shop.call('GET', '/v1/product/searchkeywords', { query: { keyword: 'foo' } });
    expect(typed.body.data.suggestions).toContain('football');
  });

  it('a typo goes to the closest word, not to a shorter one that looks a bit like it', async () => {
    const c = shop.services.catalogue;
    const item = { spec: [], priceCents: 500, stock: 5 };
    const name = (en: string) => ({ 'en-US': en, chs: en, kh: en });
    for (const [en, brand] of [
      ['Sony Headphones WH-1000', 'Sony'],
      ['Head Shoulders Shampoo', 'Head'],
    ]) {
      await c.addProduct({
        categoryId: cat.leaf,
        name: name(en),
        description: name(en),
        brand,
        imageIds: [],
        items: [item],
      });
    }
    // "headphnes" is nearer "headphones" (0.62) than "head" (0.36): only the headphones.
    expect(names(await shop.call('GET', '/v1/product/search', { query: { keyword: 'headphnes' } }))).toEqual([
      'Sony Headphones WH-1000',
    ]);
  });
});

describe('look-alike search', () => {
  it('similar products rank the other phone before the ball', async () => {
    const res = await shop.call('GET', '/v1/product/similar', { query: { productId: String(cat.phone.productId) } });
    const ids = res.body.data.map((p: { productId: number }) => p.productId);
    expect(ids[0]).toBe(cat.phone2.productId);
    expect(ids).not.toContain(cat.phone.productId);
    expect(ids).not.toContain(cat.hidden.productId);
  });

  it('a photo of a ball finds the ball first; text is refused with CAT00006', async () => {
    const photo = await sharp(
      await productPicture({ shape: 'ball', color: '#c0392b', accent: '#eef', background: '#ffffff', label: '' }),
    )
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'ball.jpg');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const res = await shop.app.inject({
      method: 'POST',
      url: '/v1/product/imagesearch',
      payload: body,
      headers: { 'content-type': request.headers.get('content-type') as string },
    });
    expect(res.json().code).toBe('0');
    expect(res.json().data[0].productId).toBe(cat.ball.productId);

    const fake = new FormData();
    fake.append('file', new Blob(['not an image at all'], { type: 'image/jpeg' }), 'x.jpg');
    const req2 = new Request('http://x/', { method: 'POST', body: fake });
    const bad = await shop.app.inject({
      method: 'POST',
      url: '/v1/product/imagesearch',
      payload: Buffer.from(await req2.arrayBuffer()),
      headers: { 'content-type': req2.headers.get('content-type') as string, language: 'chs' },
    });
    expect(bad.json()).toMatchObject({ code: 'CAT00006', msg: '上传失败或图片为空' });
    const json = await shop.call('POST', '/v1/product/imagesearch', { body: { file: 'x' } });
    expect(json.body.code).toBe('CAT00006');
  });
});
