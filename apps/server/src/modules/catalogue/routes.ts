import {
  getActivities,
  getActivityProducts,
  getBonusAdvertLogin,
  getBonusAdvertUnlogin,
  getCarousel,
  getCategoryProducts,
  getCategoryTree,
  getMerchantCatalog,
  getMerchantNextLevel,
  getMerchantProducts,
  getMyPageAdverts,
  getProductDetail,
  getSearchKeywords,
  getSimilarProducts,
  getStartupAdvert,
  getTagProducts,
  getTags,
  getWingCarousel,
  searchByImage,
  searchProducts,
  stockOutNotice,
} from '@shop/contracts';
import { z } from 'zod/mini';
import { AppError } from '../../platform/errors.ts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';
import { ReadyAnswers } from '../../platform/ready-answers.ts';
import { registerUploads } from '../../platform/uploads.ts';

/** Lists change when operators edit them; a short shared cache is safe and saves most requests. */
const LIST_CACHE = 'public, max-age=30';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A search answer may change at the next commit: clients revalidate it (ETag) every time. */
const SEARCH_CACHE = 'no-cache';
/**
 * Kept search answers: a minute after their last use (a page nobody asks for leaves memory), at
 * most 8 MB of them (some 4,000 pages as phones take them), and only from a page's second ask: a
 * long tail asks most pages once, and keeping each one cost more than it saved (issue 48,
 * decision 0084).
 */
const SEARCH_KEPT = { keepMs: 60_000, maxBytes: 8 * 1024 * 1024, sliding: true, name: 'search', fromSecondAsk: true };

export function catalogueRoutes({ app, services, resolveSession, answerCaches, frontDoor }: AppContext) {
  const catalogue = services.catalogue;
  const r = <T extends Parameters<typeof registerCall>[1]>(
    call: T,
    handler: Parameters<typeof registerCall<T>>[3],
    cache?: string,
  ) => registerCall(app, call, resolveSession, handler, cache ? { cache } : {});
  const ready = new ReadyAnswers(() => catalogue.cacheGeneration, Date.now, {
    name: 'catalogue',
    caches: answerCaches,
    front: frontDoor,
  });
  /**
   * A public read answered from the service's short cache: ready bytes, ETag and 304, and for calls
   * that need no session the URL's micro-cache (see ReadyAnswers), kept as long as the service
   * keeps the answer (`keptUntil`), served at the front door.
   */
  const cached = <T extends Parameters<typeof registerCall>[1]>(
    call: T,
    handler: Parameters<typeof registerCall<T>>[3],
    cache: string,
  ) => {
    const shared = call.auth === 'none';
    registerCall(
      app,
      call,
      resolveSession,
      async (request, reply) => {
        const answer = await handler(request, reply);
        return ready.answer(request, reply, answer, shared ? cache : undefined, {
          keptUntil: catalogue.keptUntil(answer),
        });
      },
      { cache, ...(shared ? { onRequest: ready.serve } : {}) },
    );
  };

  cached(getActivities, async (req) => catalogue.activities(req.language), LIST_CACHE);
  cached(getCarousel, async (req) => catalogue.banners('home', req.language), LIST_CACHE);
  cached(getWingCarousel, async (req) => catalogue.banners('wingh5', req.language), LIST_CACHE);
  cached(getTags, async (req) => catalogue.tags(req.language), LIST_CACHE);
  cached(getCategoryTree, async (req) => catalogue.categoryTree(req.language) as never, LIST_CACHE);
  cached(
    getCategoryProducts,
    async (req) => {
      const { categoryId, sort, page, size } = req.query;
      return catalogue.categoryProducts(categoryId, sort, page, size, req.language);
    },
    'public, max-age=10',
  );
  // Search answers kept as ready bytes until the catalogue's generation, read from the database
  // for each search, moves on (search-answers.ts): never older than a change, on any process.
  const searched = new ReadyAnswers(() => catalogue.freshGeneration(), Date.now, {
    ...SEARCH_KEPT,
    caches: answerCaches,
  });
  registerCall(
    app,
    searchProducts,
    resolveSession,
    async (req, reply) => {
      const { keyword, sort, page, size } = req.query;
      const found = await catalogue.searchOnce(searched.generationOf(req), keyword, sort, page, size, req.language);
      return searched.answer(req, reply, found.answer, SEARCH_CACHE, {
        keepUntil: found.until,
        onServe: found.onServe,
      });
    },
    { cache: SEARCH_CACHE, onRequest: searched.serve },
  );
  r(getSearchKeywords, async (req) => catalogue.searchKeywords(req.query.keyword));
  cached(
    getTagProducts,
    async (req) => {
      const { tagId, sort, page, size } = req.query;
      return catalogue.tagProducts(tagId, sort, page, size, req.language);
    },
    'public, max-age=10',
  );
  cached(
    getActivityProducts,
    async (req) => {
      const { activityId, sort, page, size } = req.query;
      return catalogue.activityProducts(activityId, sort, page, size, req.language);
    },
    'public, max-age=10',
  );
  cached(getProductDetail, async (req) => catalogue.productDetail(req.query, req.language), 'public, max-age=5');
  cached(
    getSimilarProducts,
    async (req) => catalogue.similarProducts(req.query.productId, req.query.size, req.language),
    LIST_CACHE,
  );
  cached(getMerchantCatalog, async (req) => catalogue.merchantCatalog(req.query.merchantId, req.language), LIST_CACHE);
  r(
    getMerchantNextLevel,
    async (req) => catalogue.merchantNextLevel(req.query.merchantId, req.query.categoryId, req.language),
    LIST_CACHE,
  );
  r(
    getMerchantProducts,
    async (req) => {
      const { merchantId, categoryId, sort, page, size } = req.query;
      return catalogue.merchantProducts(merchantId, categoryId, sort, page, size, req.language);
    },
    'public, max-age=10',
  );

  registerUploads(app, (scope) =>
    registerCall(scope, searchByImage, resolveSession, async (req) => {
      if (!req.isMultipart()) throw new AppError('CAT00006');
      const file = await req.file();
      if (!file) throw new AppError('CAT00006');
      const bytes = await file.toBuffer();
      return catalogue.searchByImage(bytes, 20, req.language);
    }),
  );

  r(stockOutNotice, async (req) => {
    await catalogue.subscribeStockNotice(req.session?.subjectId as string, req.body.productItemId);
    return { subscribed: true };
  });

  cached(getMyPageAdverts, async (req) => catalogue.banners('mypage', req.language), LIST_CACHE);
  cached(getBonusAdvertUnlogin, async (req) => catalogue.banners('bonus_unlogin', req.language), LIST_CACHE);
  cached(getStartupAdvert, async (req) => catalogue.banners('startup', req.language), LIST_CACHE);
  r(getBonusAdvertLogin, async (req) => catalogue.banners('bonus_login', req.language), 'private, max-age=30');

  // Pictures: immutable per id; widths for srcset.
  app.get(
    '/v1/catalogue/image/:id',
    {
      schema: {
        summary: 'A catalogue picture (webp) at 160, 320, 480 or 800 pixels wide',
        tags: ['catalogue'],
        params: z.object({ id: z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(2_147_483_647))) }),
        querystring: z.object({
          w: z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(4000)))),
        }),
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const { w } = request.query as { w?: number };
      const image = await catalogue.imageAt(id, w);
      if (!image) throw new AppError('CAT00010');
      reply.header('cache-control', IMMUTABLE).header('etag', image.etag);
      if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
      return reply.type('image/webp').send(image.bytes);
    },
  );
}
