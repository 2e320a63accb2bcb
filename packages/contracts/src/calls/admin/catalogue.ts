import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { queryInt, z } from '../../schema.ts';

/** A text in the shop's three languages; the console asks for all three. */
export const localizedInput = z.object({
  'en-US': z.string().check(z.maxLength(500)),
  chs: z.string().check(z.maxLength(500)),
  kh: z.string().check(z.maxLength(500)),
});
export const longLocalized = z.object({
  'en-US': z.string().check(z.maxLength(20000)),
  chs: z.string().check(z.maxLength(20000)),
  kh: z.string().check(z.maxLength(20000)),
});
export const id = () => z.int().check(z.minimum(1), z.maximum(2_147_483_647));

export const consoleCategory = z.object({
  id: z.int(),
  parentId: z.nullable(z.int()),
  level: z.int(),
  name: localizedInput,
  sort: z.int32(),
  enabled: z.boolean(),
});

export const adminCategories = defineCall({
  method: 'GET',
  path: '/admin-api/v1/catalogue/categories',
  auth: 'user',
  summary: 'Every category (three levels) with its names in three languages',
  tag: 'admin: catalogue',
  data: z.array(consoleCategory),
});

export const adminCategoryCreate = defineCall({
  method: 'POST',
  path: '/admin-api/v1/catalogue/categories/create',
  auth: 'user',
  summary: 'Adds a category under a parent (or at the top); at most three levels',
  tag: 'admin: catalogue',
  body: z.object({ parentId: z.nullable(id()), name: localizedInput, sort: z.optional(z.int32()) }),
  data: z.object({ id: z.int() }),
});

export const adminCategoryUpdate = defineCall({
  method: 'POST',
  path: '/admin-api/v1/catalogue/categories/update',
  auth: 'user',
  summary: 'Renames a category (three languages), changes its order, shows or hides it',
  tag: 'admin: catalogue',
  body: z.object({ id: id(), name: localizedInput, sort: z.int32(), enabled: z.boolean() }),
  data: consoleCategory,
});

const specPairInput = z.object({ name: localizedInput, value: localizedInput });

export const itemInput = z.object({
  spec: z.array(specPairInput).check(z.maxLength(5)),
  priceCents: z.int(),
  marketPriceCents: z.optional(z.nullable(z.int())),
  stock: z.int(),
  maxPurchase: z.optional(z.int()),
});

export const adminProductCreate = defineCall({
  method: 'POST',
  path: '/admin-api/v1/catalogue/products/create',
  auth: 'user',
  summary: 'Adds a product with its items (specifications, prices, stock) and pictures',
  tag: 'admin: catalogue',
  body: z.object({
    categoryId: id(),
    name: localizedInput,
    description: longLocalized,
    brand: z.optional(z.string().check(z.maxLength(100))),
    published: z.boolean(),
    imageIds: z.array(id()).check(z.maxLength(10)),
    items: z.array(itemInput).check(z.maxLength(50)),
    tagIds: z.optional(z.array(id()).check(z.maxLength(20))),
  }),
  data: z.object({ productId: z.int(), itemIds: z.array(z.int()) }),
});

export const consoleItem = z.object({
  id: z.int(),
  spec: z.array(specPairInput),
  priceCents: z.int(),
  marketPriceCents: z.nullable(z.int()),
  stock: z.int(),
  maxPurchase: z.int(),
  published: z.boolean(),
});

export const consoleProduct = z.object({
  id: z.int(),
  categoryId: z.int(),
  name: localizedInput,
  brand: z.string(),
  published: z.boolean(),
  minPriceCents: z.int(),
  coverImageUrl: z.nullable(z.string()),
  createdAt: z.string(),
  items: z.array(consoleItem),
});
export type ConsoleProduct = z.infer<typeof consoleProduct>;

export const adminProducts = defineCall({
  method: 'GET',
  path: '/admin-api/v1/catalogue/products',
  auth: 'user',
  summary: 'Products, published or not, newest first',
  tag: 'admin: catalogue',
  query: z.object({ ...pageQuery, keyword: z.optional(z.string().check(z.maxLength(100))) }),
  data: pageSchema(consoleProduct),
});

export const adminProductPublish = defineCall({
  method: 'POST',
  path: '/admin-api/v1/catalogue/products/publish',
  auth: 'user',
  summary: 'Publishes or unpublishes a product',
  tag: 'admin: catalogue',
  body: z.object({ productId: id(), published: z.boolean() }),
  data: consoleProduct,
});

/** An item as the product editor sends it: with its id when it exists, without when it is new. */
export const editItemInput = z.object({
  id: z.optional(id()),
  spec: z.array(specPairInput).check(z.maxLength(5)),
  priceCents: z.int(),
  marketPriceCents: z.optional(z.nullable(z.int())),
  stock: z.int(),
  maxPurchase: z.optional(z.int()),
  published: z.optional(z.boolean()),
});

export const consoleProductDetail = z.object({
  ...consoleProduct.shape,
  description: longLocalized,
  images: z.array(z.object({ id: z.int(), url: z.string() })),
  tagIds: z.array(z.int()),
});
export type ConsoleProductDetail = z.infer<typeof consoleProductDetail>;

export const adminProductDetail = defineCall({
  method: 'GET',
  path: '/admin-api/v1/catalogue/products/detail',
  auth: 'user',
  summary: 'One product with everything the editor changes (texts, pictures, items, tags)',
  tag: 'admin: catalogue',
  query: z.object({ productId: queryInt(1, 2_147_483_647) }),
  data: consoleProductDetail,
});

export const adminProductUpdate = defineCall({
  method: 'POST',
  path: '/admin-api/v1/catalogue/products/update',
  auth: 'user',
  summary:
    'Edits a product: texts, category, pictures, tags and items (listed items are changed or added; items left out are unpublished, never deleted, since orders name them)',
  tag: 'admin: catalogue',
  body: z.object({
    productId: id(),
    categoryId: id(),
    name: localizedInput,
    description: longLocalized,
    brand: z.optional(z.string().check(z.maxLength(100))),
    published: z.boolean(),
    imageIds: z.array(id()).check(z.maxLength(10)),
    items: z.array(editItemInput).check(z.maxLength(50)),
    tagIds: z.optional(z.array(id()).check(z.maxLength(20))),
  }),
  data: consoleProductDetail,
});

export const adminItemStock = defineCall({
  method: 'POST',
  path: '/admin-api/v1/catalogue/items/stock',
  auth: 'user',
  summary: 'Sets an item’s stock',
  tag: 'admin: catalogue',
  body: z.object({ skuId: id(), stock: z.int() }),
  data: consoleItem,
});

export const adminImageUpload = defineCall({
  method: 'POST',
  path: '/admin-api/v1/catalogue/images/upload',
  auth: 'user',
  summary: 'Uploads a product or banner picture (multipart field "file"); it is checked and re-encoded',
  tag: 'admin: catalogue',
  data: z.object({ id: z.int(), url: z.string() }),
});

/** Where a banner can send the shopper (spec §2 "Banner jump by type"). */
export const JUMP_TYPES = [
  'product',
  'orderDetail',
  'topCategory',
  'category',
  'topup',
  'h5',
  'wallet',
  'coupon',
  'login',
  'urlwithlogin',
  'bongloy',
  'haitao',
  'taobao',
  'alibaba',
  'haitaoCategory',
  'haitaoTag',
  'haitaoSearch',
  'haitaoProduct',
  'haitaoStore',
  'default',
] as const;
export type JumpType = (typeof JUMP_TYPES)[number];
export const BANNER_POSITIONS = ['home', 'wingh5', 'mypage', 'bonus_unlogin', 'bonus_login', 'startup'] as const;

export const consoleBanner = z.object({
  id: z.int(),
  position: z.string(),
  name: localizedInput,
  imageUrl: z.nullable(z.string()),
  jumpType: z.string(),
  jumpValue: z.nullable(z.string()),
  productItemId: z.nullable(z.int()),
  url: z.nullable(z.string()),
  urlKh: z.nullable(z.string()),
  urlChs: z.nullable(z.string()),
  upperid: z.nullable(z.int()),
  channel: z.nullable(z.string()),
  sort: z.int32(),
  enabled: z.boolean(),
});
export type ConsoleBanner = z.infer<typeof consoleBanner>;

export const adminBanners = defineCall({
  method: 'GET',
  path: '/admin-api/v1/catalogue/banners',
  auth: 'user',
  summary: 'Banners and carousels of every position, enabled or not',
  tag: 'admin: catalogue',
  query: z.object({ position: z.optional(z.string().check(z.maxLength(40))) }),
  data: z.array(consoleBanner),
});

const bannerInput = {
  position: z.string().check(z.maxLength(40)),
  name: localizedInput,
  imageId: z.optional(z.nullable(id())),
  jumpType: z.string().check(z.maxLength(40)),
  jumpValue: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
  productItemId: z.optional(z.nullable(id())),
  url: z.optional(z.nullable(z.string().check(z.maxLength(1000)))),
  urlKh: z.optional(z.nullable(z.string().check(z.maxLength(1000)))),
  urlChs: z.optional(z.nullable(z.string().check(z.maxLength(1000)))),
  upperid: z.optional(z.nullable(id())),
  channel: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
  sort: z.optional(z.int32()),
};

export const adminBannerCreate = defineCall({
  method: 'POST',
  path: '/admin-api/v1/catalogue/banners/create',
  auth: 'user',
  summary: 'Adds a banner with its jump (checked: the product, category or address it names must exist)',
  tag: 'admin: catalogue',
  body: z.object(bannerInput),
  data: consoleBanner,
});

export const adminBannerUpdate = defineCall({
  method: 'POST',
  path: '/admin-api/v1/catalogue/banners/update',
  auth: 'user',
  summary: 'Changes a banner: position, names, picture, order and its jump (checked as when it was added)',
  tag: 'admin: catalogue',
  body: z.object({ id: id(), ...bannerInput }),
  data: consoleBanner,
});

export const adminBannerEnable = defineCall({
  method: 'POST',
  path: '/admin-api/v1/catalogue/banners/enable',
  auth: 'user',
  summary: 'Shows or hides a banner',
  tag: 'admin: catalogue',
  body: z.object({ id: id(), enabled: z.boolean() }),
  data: consoleBanner,
});
