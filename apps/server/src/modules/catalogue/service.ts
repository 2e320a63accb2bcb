import type { Language, ProductSort } from '@shop/contracts';
import type { SQL } from 'drizzle-orm';
import type { AnswerCaches } from '../../platform/answer-caches.ts';
import type { Db } from '../../platform/db.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import { CatalogueConsole } from './console.ts';
import { CatalogueImages } from './images.ts';
import { ProductSearch } from './product-search.ts';
import { CatalogueQueries } from './queries.ts';
import { SearchDocuments } from './search-documents.ts';
import { CatalogueContext } from './shared.ts';
import { CatalogueShops } from './shops.ts';
import { CatalogueStock, type SkuRow } from './stock.ts';
import type {
  ActivityEdit,
  BannerEdit,
  CategoryEdit,
  LocalizedText,
  NewActivity,
  NewBanner,
  NewCategory,
  NewProduct,
  ProductEdit,
  SkuInfo,
  TagEdit,
} from './types.ts';
import { CatalogueWriting } from './writing.ts';

export { imageUrl, itemFlags, specText } from './shared.ts';
export { STOCK_BACK_JOB } from './stock.ts';
export type * from './types.ts';

/**
 * The catalogue: categories, products and their items (SKUs), pictures, banners, tags,
 * promotions, search (full text + trigram) and look-alike search (perceptual hashes).
 *
 * The one service other modules use. Each use case lives in a file of its own (named at each
 * group below); this class builds them over one shared context and hands each call on.
 */
export class CatalogueService {
  private readonly ctx: CatalogueContext;
  private readonly stock: CatalogueStock;
  private readonly images: CatalogueImages;
  private readonly queries: CatalogueQueries;
  private readonly shops: CatalogueShops;
  private readonly productSearch: ProductSearch;
  private readonly searchDocuments: SearchDocuments;
  private readonly writing: CatalogueWriting;
  private readonly console: CatalogueConsole;

  constructor(db: Db, jobs: JobRunner, store: FileStore, caches?: AnswerCaches) {
    this.ctx = new CatalogueContext(db, jobs, store, caches);
    this.stock = new CatalogueStock(this.ctx);
    this.images = new CatalogueImages(this.ctx);
    this.queries = new CatalogueQueries(this.ctx);
    this.shops = new CatalogueShops(this.ctx, this.queries);
    this.productSearch = new ProductSearch(this.ctx, this.queries, this.images);
    this.searchDocuments = new SearchDocuments(this.ctx);
    this.writing = new CatalogueWriting(this.ctx);
    this.console = new CatalogueConsole(this.ctx, this.stock);
  }

  // ---------------------------------------------------------------- the shared cache (shared.ts)

  get cacheGeneration(): number {
    return this.ctx.cacheGeneration;
  }

  /** Until when an answer object of the shared cache is given out (ms), if it is one (its ready bytes live as long). */
  keptUntil(answer: unknown): number | undefined {
    return this.ctx.cache.expiryOf(answer);
  }

  invalidate(): void {
    this.ctx.invalidate();
  }

  // ---------------------------------------------------------------- items and stock for buying (stock.ts)

  getSkus(skuIds: number[], language: Language, db?: Db): Promise<SkuInfo[]> {
    return this.stock.getSkus(skuIds, language, db);
  }

  skusQuery(ids: number[]): SQL {
    return this.stock.skusQuery(ids);
  }

  skusRead(skuIds: SQL): SQL {
    return this.stock.skusRead(skuIds);
  }

  sellableIn(sku: SQL, quantity: number): SQL {
    return this.stock.sellableIn(sku, quantity);
  }

  pricesStill(lines: { skuId: number; priceCents: number }[]): SQL {
    return this.stock.pricesStill(lines);
  }

  skusFrom(rows: SkuRow[], language: Language): SkuInfo[] {
    return this.stock.skusFrom(rows, language);
  }

  takeStock(skuId: number, quantity: number, db?: Db): Promise<boolean> {
    return this.stock.takeStock(skuId, quantity, db);
  }

  stockTaking(lines: { skuId: number; quantity: number }[]): SQL {
    return this.stock.stockTaking(lines);
  }

  releaseStock(skuId: number, quantity: number, db?: Db): Promise<void> {
    return this.stock.releaseStock(skuId, quantity, db);
  }

  foldSales(db?: Db): Promise<number> {
    return this.stock.foldSales(db);
  }

  /** foldSales when the items may have changed since the last one (null: skipped; stock.ts). */
  foldSalesWhenChanged(): Promise<number | null> {
    return this.stock.foldSalesWhenChanged();
  }

  setStock(skuId: number, stock: number, db?: Db): Promise<void> {
    return this.stock.setStock(skuId, stock, db);
  }

  subscribeStockNotice(userId: string, skuId: number): Promise<void> {
    return this.stock.subscribeStockNotice(userId, skuId);
  }

  deliverStockBack(
    skuId: number,
    deliver: ((userId: string, sku: SkuInfo) => Promise<void>) | undefined,
    db?: Db,
  ): Promise<{ due: number; sent: number }> {
    return this.stock.deliverStockBack(skuId, deliver, db);
  }

  stockNoticesOf(userId: string) {
    return this.stock.stockNoticesOf(userId);
  }

  // ---------------------------------------------------------------- pictures (images.ts)

  saveImage(input: Buffer, db?: Db, options?: { trusted?: boolean }): Promise<number> {
    return this.images.saveImage(input, db, options);
  }

  imageAt(id: number, width: number | undefined) {
    return this.images.imageAt(id, width);
  }

  moveImagesToStore(): Promise<number> {
    return this.images.moveToStore();
  }

  // ---------------------------------------------------------------- reads for the screens (queries.ts)

  categoryTree(language: Language) {
    return this.queries.categoryTree(language);
  }

  productCards(productIds: number[], language: Language, db?: Db) {
    return this.queries.productCards(productIds, language, db);
  }

  categoryProducts(categoryId: number | undefined, sort: ProductSort, page: number, size: number, language: Language) {
    return this.queries.categoryProducts(categoryId, sort, page, size, language);
  }

  tagProducts(tagId: number, sort: ProductSort, page: number, size: number, language: Language) {
    return this.queries.tagProducts(tagId, sort, page, size, language);
  }

  activityProducts(activityId: number, sort: ProductSort, page: number, size: number, language: Language) {
    return this.queries.activityProducts(activityId, sort, page, size, language);
  }

  activities(language: Language) {
    return this.queries.activities(language);
  }

  tags(language: Language) {
    return this.queries.tags(language);
  }

  banners(position: string, language: Language) {
    return this.queries.banners(position, language);
  }

  productDetail(query: { productId?: number; productItemId?: number }, language: Language) {
    return this.queries.productDetail(query, language);
  }

  /** Product pages kept again (none of their rows changed) and made again, since the start (detail-versions.ts). */
  detailVersionFigures() {
    return this.queries.versions.figures();
  }

  // ---------------------------------------------------------------- shops (shops.ts)

  merchantCatalog(merchantId: number, language: Language) {
    return this.shops.merchantCatalog(merchantId, language);
  }

  merchantNextLevel(merchantId: number, categoryId: number, language: Language) {
    return this.shops.merchantNextLevel(merchantId, categoryId, language);
  }

  merchantProducts(
    merchantId: number,
    categoryId: number | undefined,
    sort: ProductSort,
    page: number,
    size: number,
    language: Language,
  ) {
    return this.shops.merchantProducts(merchantId, categoryId, sort, page, size, language);
  }

  // ---------------------------------------------------------------- search (product-search.ts, search-documents.ts)

  search(keyword: string, sort: ProductSort, page: number, size: number, language: Language) {
    return this.productSearch.search(keyword, sort, page, size, language);
  }

  /** Builds the in-process search index for the generation now, in the background (search-index.ts). */
  buildSearchIndex(): void {
    this.productSearch.index.start();
  }

  /**
   * The in-process search index's builds, answers and bytes (search-index.ts), and its pages: ranked
   * here or by PostgreSQL, and the statements that read cards not kept (product-search.ts).
   */
  searchIndexFigures() {
    return { ...this.productSearch.index.figures(), ...this.productSearch.pages };
  }

  /** The search with what keeping its answer needs (product-search.ts, search-answers.ts). */
  searchForKeeping(keyword: string, sort: ProductSort, page: number, size: number, language: Language) {
    return this.productSearch.searchForKeeping(keyword, sort, page, size, language);
  }

  /** searchForKeeping, once for the searches asking the same at once under one generation. */
  searchOnce(
    generation: number | undefined,
    keyword: string,
    sort: ProductSort,
    page: number,
    size: number,
    language: Language,
  ) {
    return this.productSearch.searchOnce(generation, keyword, sort, page, size, language);
  }

  /**
   * The catalogue's generation, read by a statement that starts after this call: an answer kept
   * under it is never served after a change to what it shows (search-answers.ts).
   */
  freshGeneration(): Promise<number> {
    return this.ctx.databaseGeneration.fresh();
  }

  searchKeywords(typed: string | undefined) {
    return this.productSearch.searchKeywords(typed);
  }

  similarProducts(productId: number, limit: number, language: Language) {
    return this.productSearch.similarProducts(productId, limit, language);
  }

  searchByImage(photo: Buffer, limit: number, language: Language) {
    return this.productSearch.searchByImage(photo, limit, language);
  }

  refreshSearchDocuments(db?: Db): Promise<number> {
    return this.searchDocuments.refreshSearchDocuments(db);
  }

  // ---------------------------------------------------------------- writing the catalogue (writing.ts)

  addCategory(input: NewCategory, db?: Db) {
    return this.writing.addCategory(input, db);
  }

  addMerchant(name: LocalizedText, logoImageId?: number | null, db?: Db) {
    return this.writing.addMerchant(name, logoImageId, db);
  }

  addTag(name: LocalizedText, color: string, sort?: number, db?: Db) {
    return this.writing.addTag(name, color, sort, db);
  }

  addActivity(input: NewActivity, db?: Db) {
    return this.writing.addActivity(input, db);
  }

  addBanner(input: NewBanner, db?: Db) {
    return this.writing.addBanner(input, db);
  }

  addProduct(input: NewProduct, db?: Db): Promise<{ productId: number; itemIds: number[] }> {
    return this.writing.addProduct(input, db);
  }

  addProducts(inputs: NewProduct[], db?: Db): Promise<{ productId: number; itemIds: number[] }[]> {
    return this.writing.addProducts(inputs, db);
  }

  itemIdsOf(productIds: number[], db?: Db): Promise<Map<number, number[]>> {
    return this.writing.itemIdsOf(productIds, db);
  }

  productIds(db?: Db): Promise<number[]> {
    return this.writing.productIds(db);
  }

  setProductPublished(productId: number, published: boolean, db?: Db) {
    return this.writing.setProductPublished(productId, published, db);
  }

  setItemPublished(skuId: number, published: boolean, db?: Db) {
    return this.writing.setItemPublished(skuId, published, db);
  }

  productExists(productId: number, db?: Db): Promise<boolean> {
    return this.writing.productExists(productId, db);
  }

  countProducts(): Promise<number> {
    return this.writing.countProducts();
  }

  // ---------------------------------------------------------------- operator console (console.ts)

  categoryRows() {
    return this.console.categoryRows();
  }

  consoleProducts(query: { page: number; size: number; keyword?: string }) {
    return this.console.consoleProducts(query);
  }

  consoleProduct(productId: number) {
    return this.console.consoleProduct(productId);
  }

  consoleItem(skuId: number) {
    return this.console.consoleItem(skuId);
  }

  consoleBanners(position?: string) {
    return this.console.consoleBanners(position);
  }

  setBannerEnabled(id: number, enabled: boolean, db?: Db) {
    return this.console.setBannerEnabled(id, enabled, db);
  }

  consoleProductExtras(productId: number) {
    return this.console.consoleProductExtras(productId);
  }

  updateProduct(productId: number, input: ProductEdit): Promise<void> {
    return this.console.updateProduct(productId, input);
  }

  updateCategory(id: number, patch: CategoryEdit) {
    return this.console.updateCategory(id, patch);
  }

  existingProductIds(productIds: number[]): Promise<Set<number>> {
    return this.console.existingProductIds(productIds);
  }

  consoleTags() {
    return this.console.consoleTags();
  }

  saveTag(input: TagEdit): Promise<number | null> {
    return this.console.saveTag(input);
  }

  consoleActivities() {
    return this.console.consoleActivities();
  }

  saveActivity(input: ActivityEdit): Promise<number | null> {
    return this.console.saveActivity(input);
  }

  updateBanner(id: number, input: BannerEdit) {
    return this.console.updateBanner(id, input);
  }

  lowStockCount(threshold: number): Promise<number> {
    return this.console.lowStockCount(threshold);
  }
}
