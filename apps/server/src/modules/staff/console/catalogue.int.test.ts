import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/harness.ts';

let shop: TestShop;
let token: string;
const L = (en: string, chs = `${en}（中）`, kh = `${en} (ខ្មែរ)`) => ({ 'en-US': en, chs, kh });

beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const cat = await shop.services.staff.create(
    { login: 'cat.manager', displayName: 'Catalogue', password: 'Angkor2026pass', roles: ['catalogue'] },
    { staffId: owner.id, login: 'owner' },
  );
  token = (await shop.ctx.sessions.create('staff', cat.id)).token;
});
afterAll(() => shop.close());

const post = (path: string, body: unknown, language = 'en-US') =>
  shop.call('POST', `/admin-api/v1/catalogue/${path}`, { token, body, language });

describe('catalogue from the console', () => {
  let leafId: number;
  let productId: number;
  let itemIds: number[];

  it('builds three levels of categories and refuses a fourth', async () => {
    const top = await post('categories/create', { parentId: null, name: L('Phones') });
    const mid = await post('categories/create', { parentId: top.body.data.id, name: L('Smartphones') });
    const leaf = await post('categories/create', { parentId: mid.body.data.id, name: L('Android') });
    leafId = leaf.body.data.id;
    expect(leafId).toBeGreaterThan(0);
    const fourth = await post('categories/create', { parentId: leafId, name: L('Too deep') });
    expect(fourth.body.code).toBe('CAT00002');
    const missingKh = await post('categories/create', { parentId: null, name: { 'en-US': 'X', chs: 'X', kh: ' ' } });
    expect(missingKh.body.code).toBe('STF00020');
    expect(missingKh.body.msg).toBe('name: fill in all three languages (English, Chinese, Khmer)');
    const list = await shop.call('GET', '/admin-api/v1/catalogue/categories', { token });
    expect(list.body.data.find((c: { id: number }) => c.id === leafId)).toMatchObject({ level: 3, name: L('Android') });
  });

  it('adds a product with two specification items; it appears in the shop in three languages', async () => {
    const res = await post('products/create', {
      categoryId: leafId,
      name: L('Mekong X1 phone'),
      description: L('A sturdy phone'),
      brand: 'Mekong',
      published: true,
      imageIds: [],
      items: [
        { spec: [{ name: L('Colour'), value: L('Red') }], priceCents: 12900, marketPriceCents: 14900, stock: 10 },
        { spec: [{ name: L('Colour'), value: L('Blue') }], priceCents: 13900, stock: 3 },
      ],
    });
    expect(res.body.code).toBe('0');
    productId = res.body.data.productId;
    itemIds = res.body.data.itemIds;
    expect(itemIds).toHaveLength(2);
    const detail = await shop.call('GET', '/v1/product/queryproductitemsinproduct', {
      query: { productId: String(productId) },
    });
    expect(detail.body.code).toBe('0');
    expect(JSON.stringify(detail.body.data)).toContain('Mekong X1 phone');
    const chs = await shop.call('GET', '/v1/product/queryproductitemsinproduct', {
      query: { productId: String(productId) },
      language: 'chs',
    });
    expect(JSON.stringify(chs.body.data)).toContain('Mekong X1 phone（中）');
    const audit = await shop.services.staff.auditList({ page: 1, size: 5, action: 'catalogue.product.create' });
    expect(audit.list[0]).toMatchObject({ staffLogin: 'cat.manager', targetId: String(productId) });
    expect((audit.list[0].after as { items: unknown[] }).items).toHaveLength(2);
  });

  it.each([
    [{ items: [] }, 'STF00021'],
    [{ items: [{ spec: [], priceCents: 0, stock: 1 }] }, 'STF00022'],
    [{ items: [{ spec: [], priceCents: 100, marketPriceCents: 50, stock: 1 }] }, 'STF00022'],
    [{ items: [{ spec: [], priceCents: 100, stock: -1 }] }, 'STF00023'],
    [
      {
        items: [
          { spec: [{ name: L('Size'), value: L('M') }], priceCents: 100, stock: 1 },
          { spec: [{ name: L('Size'), value: L('M') }], priceCents: 200, stock: 1 },
        ],
      },
      'STF00024',
    ],
    [{ categoryId: 999999 }, 'CAT00002'],
    [{ description: L('') }, 'STF00020'],
  ])('refuses a product with %j: %s', async (patch, code) => {
    const body = {
      categoryId: leafId,
      name: L('Bad'),
      description: L('Bad'),
      published: true,
      imageIds: [],
      items: [{ spec: [], priceCents: 100, stock: 1 }],
      ...patch,
    };
    const res = await post('products/create', body, 'kh');
    expect(res.body.code).toBe(code);
    expect(res.body.msg).toMatch(/[\u1780-\u17ff]/);
  });

  it('adds a banner that jumps to the product; it is on the home carousel; hiding it takes it off', async () => {
    const res = await post('banners/create', {
      position: 'home',
      name: L('Mekong X1 launch'),
      jumpType: 'product',
      productItemId: itemIds[0],
      sort: -1,
    });
    expect(res.body.code).toBe('0');
    expect(res.body.data).toMatchObject({
      jumpType: 'product',
      productItemId: itemIds[0],
      jumpValue: String(itemIds[0]),
    });
    const carousel = await shop.call('GET', '/v1/carousel/query');
    const shown = carousel.body.data.find((b: { id: number }) => b.id === res.body.data.id);
    expect(shown).toMatchObject({ name: 'Mekong X1 launch', jumpType: 'product', productItemID: itemIds[0] });
    const hide = await post('banners/enable', { id: res.body.data.id, enabled: false });
    expect(hide.body.data.enabled).toBe(false);
    const after = await shop.call('GET', '/v1/carousel/query');
    expect(after.body.data.find((b: { id: number }) => b.id === res.body.data.id)).toBeUndefined();
  });

  it.each([
    [{ jumpType: 'teleport' }, 'STF00025'],
    [{ position: 'sky' }, 'STF00025'],
    [{ jumpType: 'product' }, 'STF00026'],
    [{ jumpType: 'product', productItemId: 999999 }, 'STF00027'],
    [{ jumpType: 'h5', url: 'http://insecure.example' }, 'STF00028'],
    [{ jumpType: 'h5' }, 'STF00026'],
    [{ jumpType: 'topCategory', jumpValue: '999999' }, 'STF00027'],
    [{ jumpType: 'haitaoStore', jumpValue: '12', channel: 'ebay' }, 'STF00025'],
  ])('refuses a banner with %j: %s', async (patch, code) => {
    const res = await post('banners/create', { position: 'home', name: L('B'), jumpType: 'wallet', ...patch });
    expect(res.body.code).toBe(code);
  });

  it('unpublishes a product and sets stock; the shop follows; the audit log has before and after', async () => {
    const inCategory = async () =>
      (await shop.call('GET', '/v1/newcategory/queryproductitem', { query: { categoryId: String(leafId) } })).body.data
        .total;
    expect(await inCategory()).toBe(1);
    const off = await post('products/publish', { productId, published: false });
    expect(off.body.data.published).toBe(false);
    expect(await inCategory()).toBe(0);
    await post('products/publish', { productId, published: true });
    const stock = await post('items/stock', { skuId: itemIds[1], stock: 42 });
    expect(stock.body.data.stock).toBe(42);
    const audit = await shop.services.staff.auditList({ page: 1, size: 1, action: 'catalogue.item.stock' });
    expect(audit.list[0]).toMatchObject({ before: { stock: 3 }, after: { stock: 42 } });
    const list = await shop.call('GET', '/admin-api/v1/catalogue/products', { token, query: { keyword: 'mekong' } });
    expect(list.body.data.total).toBe(1);
    const dashboard = await shop.call('GET', '/admin-api/v1/dashboard', { token });
    expect(dashboard.body.data.tiles.map((t: { key: string }) => t.key)).toContain('catalogue.lowStock');
  });

  it('uploads a picture (checked and re-encoded) and refuses a non-picture', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c8102e' } })
      .png()
      .toBuffer();
    const form = (bytes: Buffer, name: string) => {
      const boundary = '----console';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return shop.app.inject({
        method: 'POST',
        url: '/admin-api/v1/catalogue/images/upload',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const ok = (await form(png, 'red.png')).json();
    expect(ok.code).toBe('0');
    expect(ok.data.url).toBe(`/v1/catalogue/image/${ok.data.id}`);
    const bad = (await form(Buffer.from('not a picture at all'), 'x.png')).json();
    expect(bad.code).toBe('CAT00006');
  });
});
