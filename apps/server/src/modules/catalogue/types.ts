/**
 * The catalogue's types other modules use (re-exported by service.ts): what buying reads of an item,
 * a page of results, and the inputs of the writes (products, categories, tags, activities, banners).
 */
import type { banners, LocalizedText, SpecPair } from './tables.ts';

export type { LocalizedText, SpecPair } from './tables.ts';

/** What the buying module reads of an item (SKU). Flags as in spec §3. */
export type SkuInfo = {
  skuId: number;
  productId: number;
  name: string;
  specText: string;
  imageUrl: string | null;
  priceCents: number;
  marketPriceCents: number | null;
  stock: number;
  maxPurchase: number;
  published: boolean;
  productPublished: boolean;
  expired: boolean;
  outOfStock: boolean;
  /** Not buyable: expired, out of stock, or the item or its product unpublished. */
  unavailable: boolean;
};

export type Page<T> = { list: T[]; total: number; page: number; size: number };

export type NewProduct = {
  categoryId: number;
  merchantId?: number | null;
  name: LocalizedText;
  description: LocalizedText;
  manual?: LocalizedText | null;
  brand?: string;
  published?: boolean;
  salesCount?: number;
  sort?: number;
  imageIds: number[];
  attributes?: { name: LocalizedText; value: LocalizedText }[];
  items: {
    spec: SpecPair[];
    priceCents: number;
    marketPriceCents?: number | null;
    stock: number;
    maxPurchase?: number;
    published?: boolean;
    expiresAt?: Date | null;
    imageId?: number | null;
  }[];
  tagIds?: number[];
};

/** `addCategory`'s input. */
export type NewCategory = { parentId: number | null; name: LocalizedText; imageId?: number | null; sort?: number };

/** `addActivity`'s input. */
export type NewActivity = {
  name: LocalizedText;
  subtitle: LocalizedText;
  imageId?: number | null;
  startsAt: Date;
  endsAt: Date;
  sort?: number;
  productIds: number[];
};

/** `addBanner`'s input (a banner row). */
export type NewBanner = typeof banners.$inferInsert;

/** `updateProduct`'s input: a product as the console edits it; items with an id are changed. */
export type ProductEdit = Omit<NewProduct, 'items' | 'merchantId' | 'salesCount' | 'attributes' | 'manual'> & {
  items: (NewProduct['items'][number] & { id?: number })[];
};

/** `updateCategory`'s input. */
export type CategoryEdit = { name: LocalizedText; sort: number; enabled: boolean };

/** `saveTag`'s input. */
export type TagEdit = {
  id?: number;
  name: LocalizedText;
  color: string;
  sort: number;
  enabled: boolean;
  productIds: number[];
};

/** `saveActivity`'s input. */
export type ActivityEdit = {
  id?: number;
  name: LocalizedText;
  subtitle: LocalizedText;
  imageId: number | null;
  startsAt: Date;
  endsAt: Date;
  sort: number;
  enabled: boolean;
  productIds: number[];
};

/** `updateBanner`'s input: a banner's fields but its id and whether it is on. */
export type BannerEdit = Omit<typeof banners.$inferInsert, 'id' | 'enabled'>;
