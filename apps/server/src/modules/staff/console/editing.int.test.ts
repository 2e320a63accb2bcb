import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/harness.ts';

let shop: TestShop;
let token: string;
const L = (en: string, chs = `${en}（中）`, kh = `${en} (ខ្មែរ)`) => ({ 'en-US': en, chs, kh });
const Colour = (value: string) => ({ name: L('Colour'), value: L(value) });

beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const cat = await shop.services.staff.create(
    { login: 'cat.editor', displayName: 'Catalogue', password: 'Angkor2026pass', roles: ['catalogue'] },
    { staffId: owner.id, login: 'owner' },
  );
  token = (await shop.ctx.sessions.create('staff', cat.id)).token;
});
afterAll(() => shop.close());

const post = (path: string, body: unknown, language = 'en-US') =>
  shop.call('POST', `/admin-api/v1/catalogue/${path}`, { token, body, language });
const get = (path: string, query: Record<string, string> = {}) =>
  shop.call('GET', `/admin-api/v1/catalogue/${path}`, { token, query });
const lastAudit = async (action: string) => (await shop.services.staff.auditList({ page: 1, size: 1, action })).list[0];

describe('editing the catalogue from the console', () => {
  let leafId: number;
  let otherLeafId: number;
  let productId: number;
  let itemIds: number[];

  beforeAll(async () => {
    const top = (await post('categories/create', { parentId: null, name: L('Home') })).body.data.id;
    const mid = (await post('categories/create', { parentId: top, name: L('Kitchen') })).body.data.id;
    leafId = (await post('categories/create', { parentId: mid, name: L('Kettles') })).body.data.id;
    otherLeafId = (await post('categories/create', { parentId: mid, name: L('Rice cookers') })).body.data.id;
    const created = await post('products/create', {
      categoryId: leafId,
      name: L('Tonle kettle'),
      description: L('Boils water'),
      published: true,
      imageIds: [],
      items: [
        { spec: [Colour('White')], priceCents: 1500, stock: 5 },
        { spec: [Colour('Black')], priceCents: 1600, stock: 0 },
      ],
    });
    productId = created.body.data.productId;
    itemIds = created.body.data.itemIds;
  });

  it('edits an existing product: texts, category, prices, stock, limits, a new item, a dropped item', async () => {
    const detail = await get('products/detail', { productId: String(productId) });
    expect(detail.body.data).toMatchObject({ id: productId, description: L('Boils water'), tagIds: [], images: [] });
    const res = await post('products/update', {
      productId,
      categoryId: otherLeafId,
      name: L('Tonle steel kettle', '洞里萨钢壶', 'កំសៀវដែកទន្លេ'),
      description: L('Boils water fast'),
      brand: 'Tonle',
      published: true,
      imageIds: [],
      items: [
        { id: itemIds[0], spec: [Colour('Silver')], priceCents: 1290, stock: 7, maxPurchase: 2 },
        { spec: [Colour('Red')], priceCents: 1390, marketPriceCents: 1500, stock: 3 },
      ],
    });
    expect(res.body.code).toBe('0');
    const data = res.body.data;
    expect(data).toMatchObject({ categoryId: otherLeafId, brand: 'Tonle', minPriceCents: 1290 });
    expect(data.items).toHaveLength(3);
    expect(data.items[0]).toMatchObject({ id: itemIds[0], priceCents: 1290, stock: 7, maxPurchase: 2 });
    expect(data.items.find((i: { id: number }) => i.id === itemIds[1])).toMatchObject({ published: false });

    const shopDetail = await shop.call('GET', '/v1/product/queryproductitemsinproduct', {
      query: { productId: String(productId) },
      language: 'kh',
    });
    expect(shopDetail.body.data).toMatchObject({ name: 'កំសៀវដែកទន្លេ', category: { id: otherLeafId } });
    const onSale = shopDetail.body.data.items.filter((i: { flags: { unpublished?: boolean } }) => !i.flags.unpublished);
    expect(onSale.map((i: { priceCents: number }) => i.priceCents)).toEqual(expect.arrayContaining([1290, 1390]));
    const search = await shop.call('GET', '/v1/product/search', { query: { keyword: 'steel' } });
    expect(JSON.stringify(search.body.data)).toContain('Tonle steel kettle');

    const audit = await lastAudit('catalogue.product.update');
    expect(audit).toMatchObject({ staffLogin: 'cat.editor', targetId: String(productId) });
    expect(audit.before).toMatchObject({ name: L('Tonle kettle'), categoryId: leafId });
    expect(audit.after).toMatchObject({ name: { chs: '洞里萨钢壶' }, categoryId: otherLeafId });
  });

  it.each([
    [{ items: [{ id: 999999, spec: [], priceCents: 100, stock: 1 }] }, 'STF00027'],
    [{ name: L('') }, 'STF00020'],
    [{ items: [{ spec: [], priceCents: 100, stock: 1, maxPurchase: 0 }] }, 'STF00023'],
    [{ tagIds: [999999] }, 'STF00027'],
    [{ categoryId: 999999 }, 'CAT00002'],
    [{ productId: 999999 }, 'STF00027'],
  ])('refuses an edit with %j: %s', async (patch, code) => {
    const res = await post(
      'products/update',
      {
        productId,
        categoryId: leafId,
        name: L('X'),
        description: L('X'),
        published: true,
        imageIds: [],
        items: [{ spec: [], priceCents: 100, stock: 1 }],
        ...patch,
      },
      'chs',
    );
    expect(res.body.code).toBe(code);
    expect(res.body.msg).not.toBe('');
  });

  it('renames and hides a category; the shop shows the new name', async () => {
    const res = await post('categories/update', {
      id: otherLeafId,
      name: L('Rice & soup cookers'),
      sort: 3,
      enabled: true,
    });
    expect(res.body.data).toMatchObject({ id: otherLeafId, level: 3, sort: 3, name: L('Rice & soup cookers') });
    const tree = await shop.call('GET', '/v1/threelevelcategory/query');
    expect(JSON.stringify(tree.body.data)).toContain('Rice & soup cookers');
    expect(await lastAudit('catalogue.category.update')).toMatchObject({
      before: { name: L('Rice cookers') },
      after: { name: L('Rice & soup cookers') },
    });
    const unknown = await post('categories/update', { id: 999999, name: L('X'), sort: 0, enabled: true });
    expect(unknown.body.code).toBe('STF00027');
  });

  it('creates a tag with products, edits it, and the shop lists its products', async () => {
    const created = await post('tags/save', {
      name: L('Hot deals'),
      color: '#E4393C',
      sort: 1,
      enabled: true,
      productIds: [productId],
    });
    expect(created.body.data).toMatchObject({ color: '#e4393c', productIds: [productId] });
    const tagId = created.body.data.id;
    const list = await shop.call('GET', '/v1/tag/queryproductitem', { query: { tagId: String(tagId) } });
    expect(list.body.data.total).toBe(1);
    const edited = await post('tags/save', {
      id: tagId,
      name: L('Warm deals'),
      color: '#ff8800',
      sort: 1,
      enabled: true,
      productIds: [],
    });
    expect(edited.body.data).toMatchObject({ name: L('Warm deals'), productIds: [] });
    expect(await lastAudit('catalogue.tag.update')).toMatchObject({
      before: { productIds: [productId] },
      after: { productIds: [] },
    });
    const tags = await shop.call('GET', '/v1/tag/queryall');
    expect(JSON.stringify(tags.body.data)).toContain('Warm deals');
    expect((await get('tags')).body.data.find((t: { id: number }) => t.id === tagId).name).toEqual(L('Warm deals'));
    const bad = { name: L('T'), sort: 0, enabled: true, productIds: [] };
    expect((await post('tags/save', { ...bad, color: 'red' })).body.code).toBe('STF00041');
    expect((await post('tags/save', { ...bad, color: '#ffffff', productIds: [999998] })).body.msg).toBe(
      'Choose products that exist: 999998 cannot be found',
    );
    expect((await post('tags/save', { ...bad, id: 999999, color: '#ffffff' })).body.code).toBe('STF00027');
  });

  it('creates and edits an activity with products; the shop shows it while it runs', async () => {
    const startsAt = new Date(Date.now() - 3600_000).toISOString();
    const endsAt = new Date(Date.now() + 86400_000).toISOString();
    const body = {
      name: L('Water week'),
      subtitle: L('Kettles for less'),
      startsAt,
      endsAt,
      sort: 0,
      enabled: true,
      productIds: [productId],
    };
    const created = await post('activities/save', body);
    expect(created.body.code).toBe('0');
    const id = created.body.data.id;
    const running = await shop.call('GET', '/v1/activity/queryall', { language: 'chs' });
    expect(running.body.data.find((a: { id: number }) => a.id === id)).toMatchObject({ name: 'Water week（中）' });
    const products = await shop.call('GET', '/v1/activity/queryproductitem', { query: { activityId: String(id) } });
    expect(products.body.data.total).toBe(1);
    const edited = await post('activities/save', { ...body, id, name: L('Water month'), enabled: false });
    expect(edited.body.data).toMatchObject({ id, enabled: false, name: L('Water month') });
    const after = await shop.call('GET', '/v1/activity/queryall');
    expect(after.body.data.find((a: { id: number }) => a.id === id)).toBeUndefined();
    expect(await lastAudit('catalogue.activity.update')).toMatchObject({
      before: { enabled: true },
      after: { enabled: false },
    });
    expect((await post('activities/save', { ...body, endsAt: startsAt })).body.code).toBe('STF00042');
    expect((await post('activities/save', { ...body, startsAt: 'yesterday' })).body.code).toBe('SYS00001');
  });

  it('edits a banner: another jump type; fields of the old jump are cleared; checked like a new one', async () => {
    const created = await post('banners/create', {
      position: 'home',
      name: L('Kettle launch'),
      jumpType: 'product',
      productItemId: itemIds[0],
    });
    const id = created.body.data.id;
    const edited = await post('banners/update', {
      id,
      position: 'home',
      name: L('Kitchen week'),
      jumpType: 'category',
      jumpValue: String(otherLeafId),
      sort: 2,
    });
    expect(edited.body.data).toMatchObject({
      jumpType: 'category',
      jumpValue: String(otherLeafId),
      productItemId: null,
      sort: 2,
    });
    const carousel = await shop.call('GET', '/v1/carousel/query');
    expect(carousel.body.data.find((b: { id: number }) => b.id === id)).toMatchObject({
      name: 'Kitchen week',
      jumpType: 'category',
      productItemID: null,
    });
    expect(await lastAudit('catalogue.banner.update')).toMatchObject({
      before: { jumpType: 'product' },
      after: { jumpType: 'category' },
    });
    const bad = await post('banners/update', { id, position: 'home', name: L('B'), jumpType: 'h5', url: 'http://x' });
    expect(bad.body.code).toBe('STF00028');
    const missing = await post('banners/update', { id: 999999, position: 'home', name: L('B'), jumpType: 'wallet' });
    expect(missing.body.code).toBe('STF00027');
  });
});
