import { defineCall } from '../call.ts';
import { pageQuery, pageSchema } from '../envelope.ts';
import { cents, int, queryInt, rowId, z } from '../schema.ts';

/**
 * Catalogue calls of spec §7 (all GET), reviews, favourites and the catalogue's "other" calls.
 * Pictures are served by `GET /v1/catalogue/image/{id}?w=` in the widths 160, 320, 480 and 800.
 */

const nullableString = () => z.nullable(z.string());
/** Checked for emptiness by the handler, which answers CAT00005 (spec §5: the keyword is required). */
const keyword = () => z._default(z.string().check(z.maxLength(100)), '');

/** The flags every item shows wherever it appears (spec §3, cart item flags). */
export const itemFlags = z.object({
  expired: z.boolean(),
  outOfStock: z.boolean(),
  unpublished: z.boolean(),
});
export type ItemFlags = z.infer<typeof itemFlags>;

/** A product as a card in a list. */
export const productCard = z.object({
  productId: int(),
  /** The item (SKU) a tap opens: the cheapest one on sale. */
  productItemId: int(),
  name: z.string(),
  imageUrl: nullableString(),
  priceCents: cents(),
  marketPriceCents: z.nullable(cents()),
  salesCount: int(),
  flags: itemFlags,
});
export type ProductCard = z.infer<typeof productCard>;

export const productSort = z.enum(['default', 'sales', 'priceAsc', 'priceDesc', 'newest']);
export type ProductSort = z.infer<typeof productSort>;

const listQuery = { ...pageQuery, sort: z._default(productSort, 'default') };
export const productPage = pageSchema(productCard);

/** Banner / jump item (spec §3). */
export const jumpItem = z.object({
  id: int(),
  name: z.string(),
  imageUrl: nullableString(),
  jumpType: z.string(),
  jumpValue: nullableString(),
  productItemID: z.nullable(int()),
  url: nullableString(),
  urlKh: nullableString(),
  urlChs: nullableString(),
  upperid: z.nullable(int()),
  channel: nullableString(),
  carouselType: nullableString(),
  jumpReason: nullableString(),
});
export type JumpItem = z.infer<typeof jumpItem>;

export const activity = z.object({
  id: int(),
  name: z.string(),
  subtitle: z.string(),
  imageUrl: nullableString(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type Activity = z.infer<typeof activity>;

export const tag = z.object({ id: int(), name: z.string(), color: z.string() });
export type Tag = z.infer<typeof tag>;

export type CategoryNode = {
  id: number;
  name: string;
  level: number;
  imageUrl: string | null;
  children: CategoryNode[];
};
const categoryLeaf = z.object({
  id: int(),
  name: z.string(),
  level: int(),
  imageUrl: nullableString(),
  children: z.array(z.never()),
});
const categoryMid = z.object({
  id: int(),
  name: z.string(),
  level: int(),
  imageUrl: nullableString(),
  children: z.array(categoryLeaf),
});
export const categoryNode = z.object({
  id: int(),
  name: z.string(),
  level: int(),
  imageUrl: nullableString(),
  children: z.array(categoryMid),
});

export const getActivities = defineCall({
  method: 'GET',
  path: '/v1/activity/queryall',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Running promotions (activities)',
  data: z.array(activity),
});

export const getCarousel = defineCall({
  method: 'GET',
  path: '/v1/carousel/query',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Home carousel banners with their jump fields',
  data: z.array(jumpItem),
});

export const getWingCarousel = defineCall({
  method: 'GET',
  path: '/v1/carousel/wingh5/query',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Carousel for the wallet-app (Wing) web view',
  data: z.array(jumpItem),
});

export const getTags = defineCall({
  method: 'GET',
  path: '/v1/tag/queryall',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Product tags shown on the home page',
  data: z.array(tag),
});

export const getCategoryTree = defineCall({
  method: 'GET',
  path: '/v1/threelevelcategory/query',
  auth: 'none',
  tag: 'catalogue',
  summary: 'The three-level category tree',
  data: z.array(categoryNode),
});

export const getCategoryProducts = defineCall({
  method: 'GET',
  path: '/v1/newcategory/queryproductitem',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Products of a category (any level, with its sub-categories); without categoryId, the home feed',
  query: z.object({ categoryId: z.optional(queryInt(1)), ...listQuery }),
  data: z.object({
    ...productPage.shape,
    category: z.nullable(
      z.object({ id: int(), name: z.string(), level: int(), path: z.array(z.object({ id: int(), name: z.string() })) }),
    ),
  }),
});

export const searchProducts = defineCall({
  method: 'GET',
  path: '/v1/product/search',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Full-text and typo-tolerant product search in the three languages',
  query: z.object({ keyword: keyword(), ...listQuery }),
  data: productPage,
});

export const getSearchKeywords = defineCall({
  method: 'GET',
  path: '/v1/product/searchkeywords',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Hot keywords (most searched) and suggestions for what is typed',
  query: z.object({ keyword: z.optional(z.string().check(z.maxLength(100))) }),
  data: z.object({ hot: z.array(z.string()), suggestions: z.array(z.string()) }),
});

export const getTagProducts = defineCall({
  method: 'GET',
  path: '/v1/tag/queryproductitem',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Products of a tag',
  query: z.object({ tagId: queryInt(1), ...listQuery }),
  data: z.object({ ...productPage.shape, tag }),
});

export const getActivityProducts = defineCall({
  method: 'GET',
  path: '/v1/activity/queryproductitem',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Products of a promotion',
  query: z.object({ activityId: queryInt(1), ...listQuery }),
  data: z.object({ ...productPage.shape, activity }),
});

export const specPair = z.object({ name: z.string(), value: z.string() });

export const productItem = z.object({
  productItemId: int(),
  spec: z.array(specPair),
  specText: z.string(),
  priceCents: cents(),
  marketPriceCents: z.nullable(cents()),
  stock: int(),
  maxPurchase: int(),
  imageUrl: nullableString(),
  flags: itemFlags,
});
export type ProductItem = z.infer<typeof productItem>;

export const productDetail = z.object({
  productId: int(),
  name: z.string(),
  description: z.string(),
  manual: nullableString(),
  brand: z.string(),
  published: z.boolean(),
  salesCount: int(),
  merchant: z.nullable(z.object({ id: int(), name: z.string() })),
  category: z.object({ id: int(), name: z.string(), path: z.array(z.object({ id: int(), name: z.string() })) }),
  images: z.array(z.object({ id: int(), url: z.string() })),
  attributes: z.array(specPair),
  /** Dimensions of the specification picker and their values, in order. */
  specs: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  items: z.array(productItem),
  /** The item asked for, or the cheapest one on sale. */
  selectedItemId: int(),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const getProductDetail = defineCall({
  method: 'GET',
  path: '/v1/product/queryproductitemsinproduct',
  auth: 'none',
  tag: 'catalogue',
  summary: 'A product with all its items (SKUs), pictures, specification and attributes',
  query: z.object({ productItemId: z.optional(queryInt(1)), productId: z.optional(queryInt(1)) }),
  data: productDetail,
});

export const getSimilarProducts = defineCall({
  method: 'GET',
  path: '/v1/product/similar',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Products whose pictures look like this product’s (perceptual hash ranking)',
  query: z.object({ productId: queryInt(1), size: z._default(queryInt(1, 50), 20) }),
  data: z.array(productCard),
});

/** POST multipart, field `file`: a photo. Answers the products that look most alike. */
export const searchByImage = defineCall({
  method: 'POST',
  path: '/v1/product/imagesearch',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Search by photo (multipart field "file"): products whose pictures look alike',
  data: z.array(z.object({ ...productCard.shape, distance: z.number() })),
});

const merchantInfo = z.object({ id: int(), name: z.string(), logoUrl: nullableString(), productCount: int() });
const simpleCategory = z.object({
  id: int(),
  name: z.string(),
  level: int(),
  imageUrl: nullableString(),
  productCount: int(),
});

export const getMerchantCatalog = defineCall({
  method: 'GET',
  path: '/v1/catalog/list/query',
  auth: 'none',
  tag: 'catalogue',
  summary: 'A shop (merchant) and its top-level categories',
  query: z.object({ merchantId: queryInt(1) }),
  data: z.object({ merchant: merchantInfo, categories: z.array(simpleCategory) }),
});

export const getMerchantNextLevel = defineCall({
  method: 'GET',
  path: '/v1/catalog/nextLevel',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Sub-categories of a shop’s category that hold its products',
  query: z.object({ merchantId: queryInt(1), categoryId: queryInt(1) }),
  data: z.array(simpleCategory),
});

export const getMerchantProducts = defineCall({
  method: 'GET',
  path: '/v1/catalog/show/query',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Products of a shop, optionally in one of its categories',
  query: z.object({ merchantId: queryInt(1), categoryId: z.optional(queryInt(1)), ...listQuery }),
  data: z.object({ ...productPage.shape, merchant: merchantInfo }),
});

// Reviews

export const review = z.object({
  id: int(),
  userName: z.string(),
  text: z.string(),
  stars: int(),
  packaging: int(),
  speed: int(),
  specText: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof review>;

export const getReviewsByProduct = defineCall({
  method: 'GET',
  path: '/v1/appraise/querybyproduct',
  auth: 'none',
  tag: 'reviews',
  summary: 'Reviews of a product, newest first',
  query: z.object({ productId: queryInt(1), ...pageQuery }),
  data: pageSchema(review),
});

export const reviewSummary = z.object({
  total: int(),
  averageStars: z.number(),
  /** Share of 4 and 5 star reviews, 0 to 100. */
  goodRate: int(),
  byStars: z.array(int()),
});

export const countReviewsByProduct = defineCall({
  method: 'GET',
  path: '/v1/appraise/countbyproduct',
  auth: 'none',
  tag: 'reviews',
  summary: 'How many reviews a product has, average and distribution of stars',
  query: z.object({ productId: queryInt(1) }),
  data: reviewSummary,
});

// Favourites

export const listFavourites = defineCall({
  method: 'GET',
  path: '/v1/favourite/list',
  auth: 'user',
  tag: 'favourites',
  summary: 'The shopper’s favourite products, newest first, with their item flags',
  query: z.object({ ...pageQuery }),
  data: pageSchema(productCard),
});

export const isFavourite = defineCall({
  method: 'GET',
  path: '/v1/favourite/isexist',
  auth: 'user',
  tag: 'favourites',
  summary: 'Whether a product is among the shopper’s favourites',
  query: z.object({ productId: queryInt(1) }),
  data: z.object({ exists: z.boolean() }),
});

export const addFavourite = defineCall({
  method: 'POST',
  path: '/v1/favourite/add',
  auth: 'user',
  tag: 'favourites',
  summary: 'Adds a product to the favourites (again is fine)',
  body: z.object({ productId: rowId() }),
  data: z.object({ exists: z.boolean() }),
});

export const removeFavourite = defineCall({
  method: 'POST',
  path: '/v1/favourite/remove',
  auth: 'user',
  tag: 'favourites',
  summary: 'Removes products from the favourites',
  body: z.object({ productIds: z.array(rowId()).check(z.minLength(1), z.maxLength(100)) }),
  data: z.object({ removed: int() }),
});

// Other

export const stockOutNotice = defineCall({
  method: 'POST',
  path: '/v1/other/stockoutnotice',
  auth: 'user',
  tag: 'catalogue',
  summary: 'Asks to be told when an out-of-stock item is back',
  body: z.object({ productItemId: rowId() }),
  data: z.object({ subscribed: z.boolean() }),
});

export const getMyPageAdverts = defineCall({
  method: 'GET',
  path: '/v1/other/mypageadvert/new',
  auth: 'optional',
  tag: 'catalogue',
  summary: 'Adverts of the personal page',
  data: z.array(jumpItem),
});

export const getBonusAdvertUnlogin = defineCall({
  method: 'GET',
  path: '/v1/other/bonusadvert/unlogin',
  auth: 'none',
  tag: 'catalogue',
  summary: 'Bonus advert for visitors (e.g. coupons for new shoppers)',
  data: z.array(jumpItem),
});

export const getStartupAdvert = defineCall({
  method: 'GET',
  path: '/v1/other/startupadvert',
  auth: 'none',
  tag: 'catalogue',
  summary: 'The launch advert of the wallet app’s entry (/startup), shown with a skip countdown',
  data: z.array(jumpItem),
});

export const getBonusAdvertLogin = defineCall({
  method: 'GET',
  path: '/v1/other/bonusadvert/login',
  auth: 'user',
  tag: 'catalogue',
  summary: 'Bonus advert for signed-in shoppers',
  data: z.array(jumpItem),
});
