import {
  adminBannerCreate,
  adminBannerEnable,
  adminBanners,
  adminBannerUpdate,
  adminCategories,
  adminCategoryCreate,
  adminCategoryUpdate,
  adminImageUpload,
  adminItemStock,
  adminProductCreate,
  adminProductDetail,
  adminProductPublish,
  adminProducts,
  adminProductUpdate,
  BANNER_POSITIONS,
  type CallInput,
  type ConsoleBanner,
  type ConsoleProduct,
  type ConsoleProductDetail,
  JUMP_TYPES,
  type JumpType,
} from '@shop/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { registerUploads } from '../../../platform/uploads.ts';
import { imageUrl, type LocalizedText } from '../../catalogue/public.ts';
import { actorOf, registerStaffCall } from '../http.ts';

const ROLES = ['catalogue'] as const;
export const LOW_STOCK = 5;

/** A text in all three languages, trimmed; STF00020 names the field otherwise. */
export function localized(field: string, text: LocalizedText): LocalizedText {
  const out = { 'en-US': text['en-US'].trim(), chs: text.chs.trim(), kh: text.kh.trim() };
  if (!out['en-US'] || !out.chs || !out.kh) throw new AppError('STF00020', { field });
  return out;
}

function checkStock(stock: number): number {
  if (!Number.isInteger(stock) || stock < 0 || stock > 1_000_000) throw new AppError('STF00023');
  return stock;
}

type ItemInput = {
  spec: { name: LocalizedText; value: LocalizedText }[];
  priceCents: number;
  marketPriceCents?: number | null;
  stock: number;
  maxPurchase?: number;
  published?: boolean;
};

/** A product's items, checked: prices, stock, purchase limit, texts in three languages, no two alike. */
function checkItems<T extends ItemInput>(input: T[]) {
  if (input.length === 0) throw new AppError('STF00021');
  const seen = new Set<string>();
  return input.map((item, i) => {
    const index = i + 1;
    if (item.priceCents <= 0 || item.priceCents > 100_000_000) throw new AppError('STF00022', { index });
    if (item.marketPriceCents != null && item.marketPriceCents < item.priceCents)
      throw new AppError('STF00022', { index });
    const spec = item.spec.map((pair, j) => ({
      name: localized(`item ${index} specification ${j + 1} name`, pair.name),
      value: localized(`item ${index} specification ${j + 1} value`, pair.value),
    }));
    const key = spec.map((p) => `${p.name['en-US']}: ${p.value['en-US']}`).join(', ');
    if (seen.has(key.toLowerCase())) throw new AppError('STF00024', { spec: key || '—' });
    seen.add(key.toLowerCase());
    const maxPurchase = item.maxPurchase ?? 99;
    if (!Number.isInteger(maxPurchase) || maxPurchase < 1 || maxPurchase > 999) throw new AppError('STF00023');
    return {
      ...item,
      spec,
      priceCents: item.priceCents,
      marketPriceCents: item.marketPriceCents ?? null,
      stock: checkStock(item.stock),
      maxPurchase,
    };
  });
}

type ProductParts = NonNullable<Awaited<ReturnType<Services['catalogue']['consoleProduct']>>>;

function productView({ product, items }: ProductParts): ConsoleProduct {
  return {
    id: product.id,
    categoryId: product.categoryId,
    name: product.name,
    brand: product.brand,
    published: product.published,
    minPriceCents: product.minPriceCents,
    coverImageUrl: imageUrl(product.coverImageId),
    createdAt: product.createdAt.toISOString(),
    items: items.map((i) => ({
      id: i.id,
      spec: i.spec,
      priceCents: i.priceCents,
      marketPriceCents: i.marketPriceCents,
      stock: i.stock,
      maxPurchase: i.maxPurchase,
      published: i.published,
    })),
  };
}

/** The editor's view of a product: the list's view plus texts, pictures and tags. */
async function productDetail(catalogue: Services['catalogue'], productId: number): Promise<ConsoleProductDetail> {
  const parts = await catalogue.consoleProduct(productId);
  if (!parts) throw new AppError('STF00027', { what: 'product', id: productId });
  const extras = await catalogue.consoleProductExtras(productId);
  return {
    ...productView(parts),
    description: parts.product.description,
    images: extras.imageIds.map((id) => ({ id, url: imageUrl(id) as string })),
    tagIds: extras.tagIds,
  };
}

type BannerRow = Awaited<ReturnType<Services['catalogue']['consoleBanners']>>[number];
function bannerView(b: BannerRow): ConsoleBanner {
  return {
    id: b.id,
    position: b.position,
    name: b.name,
    imageUrl: imageUrl(b.imageId),
    jumpType: b.jumpType,
    jumpValue: b.jumpValue,
    productItemId: b.productItemId,
    url: b.url,
    urlKh: b.urlKh,
    urlChs: b.urlChs,
    upperid: b.upperid,
    channel: b.channel,
    sort: b.sort,
    enabled: b.enabled,
  };
}

function httpsUrl(field: string, value: string | null | undefined, required: boolean): string | null {
  const v = value?.trim() ?? '';
  if (!v) {
    if (required) throw new AppError('STF00026', { field });
    return null;
  }
  try {
    if (new URL(v).protocol === 'https:') return v;
  } catch {}
  throw new AppError('STF00028', { field });
}

type BannerInput = CallInput<typeof adminBannerCreate>;
type BannerFields = Omit<Parameters<Services['catalogue']['updateBanner']>[1], 'carouselType' | 'jumpReason'>;

/**
 * A banner's row from the console's input, checked for its jump type (spec §2): the product item,
 * category or tag must exist, web addresses must be https; fields the type does not use are cleared.
 */
async function bannerRow(catalogue: Services['catalogue'], b: BannerInput): Promise<BannerFields> {
  if (!(BANNER_POSITIONS as readonly string[]).includes(b.position)) {
    throw new AppError('STF00025', { what: 'position', value: b.position });
  }
  if (!(JUMP_TYPES as readonly string[]).includes(b.jumpType)) {
    throw new AppError('STF00025', { what: 'jump type', value: b.jumpType });
  }
  const type = b.jumpType as JumpType;
  const name = localized('name', b.name);
  const value = b.jumpValue?.trim() || null;
  const need = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === '') throw new AppError('STF00026', { field });
  };
  const row: BannerFields = {
    position: b.position,
    name,
    imageId: b.imageId ?? null,
    jumpType: type,
    jumpValue: value,
    productItemId: null,
    url: null,
    urlKh: null,
    urlChs: null,
    upperid: null,
    channel: null,
    sort: b.sort ?? 0,
  };
  const categories = async () => new Map((await catalogue.categoryRows()).map((c) => [c.id, c]));
  switch (type) {
    case 'product': {
      need('productItemId', b.productItemId);
      const item = await catalogue.consoleItem(b.productItemId as number);
      if (!item) throw new AppError('STF00027', { what: 'item', id: b.productItemId as number });
      row.productItemId = item.id;
      row.jumpValue = String(item.id);
      break;
    }
    case 'topCategory':
    case 'category': {
      need('jumpValue (category id)', value);
      const category = (await categories()).get(Number(value));
      if (!category || (type === 'topCategory' && category.level !== 1)) {
        throw new AppError('STF00027', { what: 'category', id: String(value) });
      }
      row.upperid = category.parentId;
      break;
    }
    case 'default': {
      need('jumpValue (tag id)', value);
      const tags = await catalogue.tags('en-US');
      if (!tags.some((t) => t.id === Number(value))) throw new AppError('STF00027', { what: 'tag', id: String(value) });
      break;
    }
    case 'orderDetail':
    case 'topup':
      need('jumpValue', value);
      break;
    case 'haitaoProduct':
      // The product's channel travels with its id (spec §2: /Smilebuy/product).
      need('jumpValue', value);
      if (b.channel === 'taobao' || b.channel === 'alibaba') row.channel = b.channel;
      break;
    case 'h5':
    case 'urlwithlogin':
      row.url = httpsUrl('url', b.url, true);
      row.urlKh = httpsUrl('urlKh', b.urlKh, false);
      row.urlChs = httpsUrl('urlChs', b.urlChs, false);
      break;
    case 'taobao':
    case 'alibaba':
      row.channel = type;
      break;
    case 'haitao':
      row.channel = b.channel === 'alibaba' ? 'alibaba' : 'taobao';
      break;
    case 'haitaoCategory':
    case 'haitaoTag':
    case 'haitaoSearch':
    case 'haitaoStore':
      need('jumpValue', value);
      need('channel', b.channel);
      if (b.channel !== 'taobao' && b.channel !== 'alibaba')
        throw new AppError('STF00025', { what: 'channel', value: String(b.channel) });
      row.channel = b.channel;
      break;
    case 'wallet':
    case 'coupon':
    case 'login':
    case 'bongloy':
      break;
  }
  return row;
}

export function catalogueConsoleRoutes({ app, services }: AppContext) {
  const catalogue = services.catalogue;

  services.staff.addTiles({
    module: 'catalogue',
    roles: [...ROLES],
    tiles: async () => [
      { key: 'catalogue.lowStock', value: await catalogue.lowStockCount(LOW_STOCK), unit: 'count' },
      { key: 'catalogue.products', value: await catalogue.countProducts(), unit: 'count' },
    ],
  });

  registerStaffCall(app, services, adminCategories, ROLES, async () =>
    (await catalogue.categoryRows()).map((c) => ({
      id: c.id,
      parentId: c.parentId,
      level: c.level,
      name: c.name,
      sort: c.sort,
      enabled: c.enabled,
    })),
  );

  registerStaffCall(app, services, adminCategoryCreate, ROLES, async (request) => {
    const name = localized('name', request.body.name);
    const id = await catalogue.addCategory({ parentId: request.body.parentId, name, sort: request.body.sort ?? 0 });
    await services.staff.audit(actorOf(request), {
      action: 'catalogue.category.create',
      targetType: 'category',
      targetId: id,
      after: { id, parentId: request.body.parentId, name },
    });
    return { id };
  });

  registerStaffCall(app, services, adminCategoryUpdate, ROLES, async (request) => {
    const { id, sort, enabled } = request.body;
    const name = localized('name', request.body.name);
    const before = (await catalogue.categoryRows()).find((c) => c.id === id);
    if (!before) throw new AppError('STF00027', { what: 'category', id });
    const after = (await catalogue.updateCategory(id, { name, sort, enabled })) as typeof before;
    const view = (c: typeof before) => ({
      id: c.id,
      parentId: c.parentId,
      level: c.level,
      name: c.name,
      sort: c.sort,
      enabled: c.enabled,
    });
    await services.staff.audit(actorOf(request), {
      action: 'catalogue.category.update',
      targetType: 'category',
      targetId: id,
      before: view(before),
      after: view(after),
    });
    return view(after);
  });

  registerStaffCall(app, services, adminProducts, ROLES, async (request) => {
    const page = await catalogue.consoleProducts(request.query);
    return { ...page, list: page.list.map(productView) };
  });

  registerStaffCall(app, services, adminProductCreate, ROLES, async (request) => {
    const body = request.body;
    const name = localized('name', body.name);
    const description = localized('description', body.description);
    const items = checkItems(body.items);
    const result = await catalogue.addProduct({
      categoryId: body.categoryId,
      name,
      description,
      brand: body.brand?.trim() ?? '',
      published: body.published,
      imageIds: body.imageIds,
      items,
      tagIds: body.tagIds,
    });
    const created = await catalogue.consoleProduct(result.productId);
    await services.staff.audit(actorOf(request), {
      action: 'catalogue.product.create',
      targetType: 'product',
      targetId: result.productId,
      after: created ? productView(created) : result,
    });
    return result;
  });

  registerStaffCall(app, services, adminProductDetail, ROLES, async (request) =>
    productDetail(catalogue, request.query.productId),
  );

  registerStaffCall(app, services, adminProductUpdate, ROLES, async (request) => {
    const body = request.body;
    const before = await productDetail(catalogue, body.productId);
    const name = localized('name', body.name);
    const description = localized('description', body.description);
    const items = checkItems(body.items);
    for (const item of items) {
      if (item.id !== undefined && !before.items.some((i) => i.id === item.id))
        throw new AppError('STF00027', { what: 'item', id: item.id });
    }
    const tagIds = body.tagIds ? [...new Set(body.tagIds)] : undefined;
    if (tagIds) {
      const known = new Set((await catalogue.consoleTags()).map((t) => t.id));
      const unknown = tagIds.find((t) => !known.has(t));
      if (unknown !== undefined) throw new AppError('STF00027', { what: 'tag', id: unknown });
    }
    await catalogue.updateProduct(body.productId, {
      categoryId: body.categoryId,
      name,
      description,
      brand: body.brand?.trim() ?? '',
      published: body.published,
      imageIds: [...new Set(body.imageIds)],
      items,
      tagIds,
    });
    const after = await productDetail(catalogue, body.productId);
    await services.staff.audit(actorOf(request), {
      action: 'catalogue.product.update',
      targetType: 'product',
      targetId: body.productId,
      before,
      after,
    });
    return after;
  });

  registerStaffCall(app, services, adminProductPublish, ROLES, async (request) => {
    const before = await catalogue.consoleProduct(request.body.productId);
    if (!before) throw new AppError('STF00027', { what: 'product', id: request.body.productId });
    await catalogue.setProductPublished(request.body.productId, request.body.published);
    const after = productView((await catalogue.consoleProduct(request.body.productId)) as ProductParts);
    await services.staff.audit(actorOf(request), {
      action: request.body.published ? 'catalogue.product.publish' : 'catalogue.product.unpublish',
      targetType: 'product',
      targetId: request.body.productId,
      before: { published: before.product.published },
      after: { published: after.published },
    });
    return after;
  });

  registerStaffCall(app, services, adminItemStock, ROLES, async (request) => {
    const stock = checkStock(request.body.stock);
    const before = await catalogue.consoleItem(request.body.skuId);
    if (!before) throw new AppError('STF00027', { what: 'item', id: request.body.skuId });
    await catalogue.setStock(request.body.skuId, stock);
    const after = (await catalogue.consoleItem(request.body.skuId)) as NonNullable<typeof before>;
    await services.staff.audit(actorOf(request), {
      action: 'catalogue.item.stock',
      targetType: 'item',
      targetId: request.body.skuId,
      before: { stock: before.stock },
      after: { stock: after.stock },
    });
    return {
      id: after.id,
      spec: after.spec,
      priceCents: after.priceCents,
      marketPriceCents: after.marketPriceCents,
      stock: after.stock,
      maxPurchase: after.maxPurchase,
      published: after.published,
    };
  });

  registerUploads(app, (scope) =>
    registerStaffCall(scope, services, adminImageUpload, ROLES, async (request) => {
      if (!request.isMultipart()) throw new AppError('STF00029');
      const file = await request.file();
      if (!file) throw new AppError('STF00029');
      const id = await catalogue.saveImage(await file.toBuffer());
      await services.staff.audit(actorOf(request), {
        action: 'catalogue.image.upload',
        targetType: 'image',
        targetId: id,
        after: { id, filename: file.filename, mimetype: file.mimetype },
      });
      return { id, url: imageUrl(id) as string };
    }),
  );

  registerStaffCall(app, services, adminBanners, ROLES, async (request) =>
    (await catalogue.consoleBanners(request.query.position)).map(bannerView),
  );

  registerStaffCall(app, services, adminBannerCreate, ROLES, async (request) => {
    const b = request.body;
    const row = await bannerRow(catalogue, b);
    const id = await catalogue.addBanner(row);
    const created = (await catalogue.consoleBanners(b.position)).find((x) => x.id === id) as BannerRow;
    const view = bannerView(created);
    await services.staff.audit(actorOf(request), {
      action: 'catalogue.banner.create',
      targetType: 'banner',
      targetId: id,
      after: view,
    });
    return view;
  });

  registerStaffCall(app, services, adminBannerUpdate, ROLES, async (request) => {
    const { id, ...input } = request.body;
    const before = (await catalogue.consoleBanners()).find((x) => x.id === id);
    if (!before) throw new AppError('STF00027', { what: 'banner', id });
    const after = bannerView((await catalogue.updateBanner(id, await bannerRow(catalogue, input))) as BannerRow);
    await services.staff.audit(actorOf(request), {
      action: 'catalogue.banner.update',
      targetType: 'banner',
      targetId: id,
      before: bannerView(before),
      after,
    });
    return after;
  });

  registerStaffCall(app, services, adminBannerEnable, ROLES, async (request) => {
    const before = (await catalogue.consoleBanners()).find((x) => x.id === request.body.id);
    if (!before) throw new AppError('STF00027', { what: 'banner', id: request.body.id });
    const after = await catalogue.setBannerEnabled(request.body.id, request.body.enabled);
    await services.staff.audit(actorOf(request), {
      action: request.body.enabled ? 'catalogue.banner.show' : 'catalogue.banner.hide',
      targetType: 'banner',
      targetId: request.body.id,
      before: { enabled: before.enabled },
      after: { enabled: after?.enabled },
    });
    return bannerView(after as BannerRow);
  });
}
