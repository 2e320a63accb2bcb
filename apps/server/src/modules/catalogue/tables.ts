import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from '../../platform/sql.ts';

/** A text in each language of the shop (en-US, chs, kh). */
export type LocalizedText = { 'en-US': string; chs: string; kh: string };
/** One specification value of a SKU: dimension name and chosen value, each localized. */
export type SpecPair = { name: LocalizedText; value: LocalizedText };

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Three-level category tree: level 1 (top), 2 and 3; products hang on level 3. */
export const categories = pgTable(
  'catalogue_categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    level: smallint('level').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    imageId: integer('image_id'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('catalogue_categories_parent').on(t.parentId, t.sort)],
);

export const merchants = pgTable('catalogue_merchants', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  logoImageId: integer('logo_image_id'),
  enabled: boolean('enabled').notNull().default(true),
});

/**
 * Every picture of the catalogue (products, banners, categories, activities). The original is kept
 * re-encoded (metadata stripped) in the file store (platform/storage) at `storage_key`; sizes for
 * `srcset` are made from it on request. Perceptual features (dHash, aHash, colour histogram) are
 * computed when the image is saved.
 */
export const images = pgTable(
  'catalogue_images',
  {
    id: serial('id').primaryKey(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /**
     * Where the picture was kept before the file store: a row written then still has its bytes here
     * until the start-up move (`CatalogueImages.moveToStore`) puts them in the store and clears them.
     */
    bytes: bytea('bytes'),
    /** The picture's key in the file store, `catalogue/<digest>.webp` (one file for equal pictures). */
    storageKey: text('storage_key'),
    /** sha-256 of the stored bytes: the ETag. */
    digest: text('digest').notNull(),
    dhash: bigint('dhash', { mode: 'bigint' }).notNull(),
    ahash: bigint('ahash', { mode: 'bigint' }).notNull(),
    /** 4×4×4 RGB histogram, normalised to sum 1. */
    histogram: real('histogram').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A picture is somewhere: in the store, or (until the move) in its row.
  (t) => [check('catalogue_images_kept', sql`${t.storageKey} IS NOT NULL OR ${t.bytes} IS NOT NULL`)],
);

export const products = pgTable(
  'catalogue_products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    merchantId: integer('merchant_id'),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    /** The manual shown on /productManuals (may be empty). */
    manual: jsonb('manual').$type<LocalizedText>(),
    brand: text('brand').notNull().default(''),
    published: boolean('published').notNull().default(true),
    salesCount: integer('sales_count').notNull().default(0),
    /** The sum of its items' `sold` that `sales_count` already holds (catalogue.fold-sales adds the rest). */
    itemsSoldFolded: integer('items_sold_folded').notNull().default(0),
    /** Lowest price of its published SKUs, kept for sorting and cards. */
    minPriceCents: integer('min_price_cents').notNull().default(0),
    /** The first gallery picture, kept for cards. */
    coverImageId: integer('cover_image_id'),
    /** Every name, brand and category word in every language, lower-cased: what search reads. */
    searchText: text('search_text').notNull().default(''),
    /**
     * Words for full-text search: names, brand and categories, with the suffixes of Chinese and
     * Khmer runs. Search reads them in `catalogue_search` (searchIndex), which a trigger keeps.
     */
    searchDoc: text('search_doc').notNull().default(''),
    /** The SEARCH_DOC_VERSION `searchDoc` was written with (older ones are written again at start). */
    searchVersion: integer('search_version').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A list page (queries.ts, ORDER) reads its 20 cards in index order at any size (issue: a
    // million products): one index per order of a category's list, and the home feed's, over the
    // published products only.
    index('catalogue_products_category_default')
      .on(t.categoryId, t.sort.desc().nullsFirst(), t.salesCount.desc().nullsFirst(), t.id)
      .where(sql`${t.published}`),
    index('catalogue_products_category_sales')
      .on(t.categoryId, t.salesCount.desc().nullsFirst(), t.id)
      .where(sql`${t.published}`),
    index('catalogue_products_category_price').on(t.categoryId, t.minPriceCents, t.id).where(sql`${t.published}`),
    index('catalogue_products_category_price_desc')
      .on(t.categoryId, t.minPriceCents.desc().nullsFirst(), t.id)
      .where(sql`${t.published}`),
    index('catalogue_products_category_newest')
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published}`),
    index('catalogue_products_feed_default')
      .on(t.sort.desc().nullsFirst(), t.salesCount.desc().nullsFirst(), t.id)
      .where(sql`${t.published}`),
    index('catalogue_products_merchant').on(t.merchantId, t.categoryId),
    index('catalogue_products_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Also `catalogue_products_card`, (id) INCLUDE a card's columns, written by hand in migration
    // 0013 (drizzle-kit does not write INCLUDE): the cards are read off it, not off the rows.
  ],
);

/**
 * What search reads (search.ts): each published product's search words and what a search sorts
 * by, kept by a trigger on `catalogue_products` in the same transaction as the product's change
 * (migration 0010). Narrower than the products' rows, and split in SEARCH_SHARDS parts by product
 * (PARTITION BY HASH, written by hand in the migration: drizzle-kit does not write partitions), each
 * with its own full-text index: a search reads the parts in turn and stops at SEARCH_SCAN matches,
 * so a broad word collects the matches of one part, not of the whole catalogue.
 */
export const searchIndex = pgTable(
  'catalogue_search',
  {
    productId: integer('product_id').primaryKey(),
    salesCount: integer('sales_count').notNull(),
    minPriceCents: integer('min_price_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    searchVector: tsvector('search_vector').notNull(),
  },
  (t) => [index('catalogue_search_fts').using('gin', t.searchVector)],
);

/**
 * Which products' search rows changed, and in which catalogue generation (the one their transaction
 * moved `catalogue_generation` to): one row per product, kept by the search table's trigger in the
 * same transaction (migration 0012). A process holding the search index at generation G reads the
 * rows past G and patches its index instead of reading the whole table again (search-index.ts,
 * decision 0078). Product -1 marks the whole table emptied (everything changed).
 */
export const searchChanges = pgTable(
  'catalogue_search_changes',
  {
    productId: integer('product_id').primaryKey(),
    generation: bigint('generation', { mode: 'number' }).notNull(),
  },
  (t) => [index('catalogue_search_changes_generation').on(t.generation)],
);

/**
 * How many published products each category holds (its own, not its children's), kept by a trigger
 * on `catalogue_products` in the same transaction as the product's change (migration 0011): a
 * category's list adds its categories' rows instead of counting its products (issue 37).
 */
export const categoryCounts = pgTable('catalogue_category_counts', {
  categoryId: integer('category_id').primaryKey(),
  published: integer('published').notNull(),
});

export const productImages = pgTable(
  'catalogue_product_images',
  {
    productId: integer('product_id').notNull(),
    imageId: integer('image_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.imageId] }), index('catalogue_product_images_image').on(t.imageId)],
);

/** Specification attributes shown on /parameter (brand, weight, warranty, ...). */
export const productAttributes = pgTable(
  'catalogue_product_attributes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    value: jsonb('value').$type<LocalizedText>().notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('catalogue_product_attributes_product').on(t.productId, t.sort)],
);

/** A sellable item (SKU): one combination of specification values of a product. */
export const items = pgTable(
  'catalogue_items',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    spec: jsonb('spec').$type<SpecPair[]>().notNull(),
    priceCents: integer('price_cents').notNull(),
    /** The struck-through "was" price; null when there is none. */
    marketPriceCents: integer('market_price_cents'),
    stock: integer('stock').notNull().default(0),
    maxPurchase: integer('max_purchase').notNull().default(99),
    published: boolean('published').notNull().default(true),
    /** After this moment the item can no longer be bought (spec §3 "expired"). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    imageId: integer('image_id'),
    sort: integer('sort').notNull().default(0),
    /**
     * Items sold, all time, less those given back. The statement that takes the stock counts the
     * sale here, on the row it already updates and locks: not on the product row (wide, GIN-indexed
     * for search, and a second lock every buyer of a product would queue on until commit), nor as a
     * row of its own (a table, an index entry and a statement more per line; issue 5). The
     * `catalogue.fold-sales` job carries it to the product's `sales_count`. Not indexed, so that
     * stock updates stay HOT.
     */
    sold: integer('sold').notNull().default(0),
  },
  (t) => [index('catalogue_items_product').on(t.productId, t.sort)],
);

export const tags = pgTable('catalogue_tags', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  color: text('color').notNull().default('#e4393c'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const productTags = pgTable(
  'catalogue_product_tags',
  {
    tagId: integer('tag_id').notNull(),
    productId: integer('product_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.productId] }), index('catalogue_product_tags_product').on(t.productId)],
);

export const activities = pgTable('catalogue_activities', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  subtitle: jsonb('subtitle').$type<LocalizedText>().notNull(),
  imageId: integer('image_id'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const activityProducts = pgTable(
  'catalogue_activity_products',
  {
    activityId: integer('activity_id').notNull(),
    productId: integer('product_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.productId] })],
);

/**
 * Carousels, banners and adverts with the jump fields of spec §3. `position` says where it shows:
 * home, wingh5, mypage, bonus_unlogin, bonus_login.
 */
export const banners = pgTable(
  'catalogue_banners',
  {
    id: serial('id').primaryKey(),
    position: text('position').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    imageId: integer('image_id'),
    jumpType: text('jump_type').notNull(),
    jumpValue: text('jump_value'),
    productItemId: integer('product_item_id'),
    url: text('url'),
    urlKh: text('url_kh'),
    urlChs: text('url_chs'),
    upperid: integer('upperid'),
    channel: text('channel'),
    carouselType: text('carousel_type'),
    jumpReason: text('jump_reason'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('catalogue_banners_position').on(t.position, t.sort)],
);

/** How often each normalised keyword was searched (with results): the hot keywords. */
export const searchKeywords = pgTable('catalogue_search_keywords', {
  keyword: text('keyword').primaryKey(),
  count: integer('count').notNull().default(0),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * "Tell me when it is back" (v1/other/stockoutnotice). status: waiting → due (stock came back,
 * notification to deliver) → sent (handed to the notices module).
 */
export const stockNotices = pgTable(
  'catalogue_stock_notices',
  {
    userId: text('user_id').notNull(),
    itemId: integer('item_id').notNull(),
    status: text('status').notNull().default('waiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index('catalogue_stock_notices_item').on(t.itemId, t.status)],
);

/**
 * Every word of the catalogue's search words written in Latin letters (3+ letters): the vocabulary
 * a typo is corrected against ("smartphnoe" → "smartphone") before full-text search runs. A GiST
 * trigram index: it answers "the nearest words" (`<->`) without a similarity threshold setting.
 */
export const searchWords = pgTable(
  'catalogue_search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('catalogue_search_words_nearest').using('gist', sql`${t.word} gist_trgm_ops`)],
);

/**
 * The catalogue's generation: one row, moved on by triggers (migration 0008) in the same
 * transaction as any change a product card or a search shows (a listing, name, price, sales count,
 * an item's stock running out or coming back). A kept answer names the generation it was made
 * under; once the row has moved on, no process serves it again (search-answers.ts).
 */
export const catalogueGeneration = pgTable('catalogue_generation', {
  id: smallint('id').primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  /** The transaction that last moved it: one move per transaction, however many rows it changes. */
  lastTx: bigint('last_tx', { mode: 'number' }),
});
