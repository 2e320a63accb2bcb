import { createHash } from 'node:crypto';
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
  getTagProducts,
  getTags,
  getWingCarousel,
  searchByImage,
  searchProducts,
  stockOutNotice,
} from '@shop/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { acceptedEncoding, compress, type Encoding } from '../../platform/encoding.ts';
import { AppError } from '../../platform/errors.ts';
import { etagMatches, ok, registerCall } from '../../platform/http.ts';
import type { AppContext } from '../index.ts';

/** Lists change when operators edit them; a short shared cache is safe and saves most requests. */
const LIST_CACHE = 'public, max-age=30';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The answers the service keeps a few seconds are the same objects for every shopper asking in
 * the same language: their JSON (through the route's own response serializer) and an ETag are
 * made once per object and language, not once per request. A client sending the ETag back in
 * If-None-Match gets 304 without a body (registerCall).
 *
 * Phones ask for compressed answers (`Accept-Encoding: gzip, deflate, br`): an answer of 1 KB or
 * more is compressed once per object, language and coding, on the first request that asks for that
 * coding, and sent as is to the next ones (a 5 KB home feed page is under 1 KB in brotli). Each
 * coding has its own ETag (`"<hash>.br"`, `"<hash>.gz"`), so a 304 always names what the client
 * holds. Clients that ask for nothing get the JSON. Only these ready answers are compressed: a
 * compression hook on every answer would cost every request.
 */
const JSON_TYPE = 'application/json; charset=utf-8';
const MIN_COMPRESSED = 1024;
type Prepared = { body: Buffer; etag: string; encoding: Encoding | null };
type Answer = { hash: string; identity: Prepared; br?: Prepared; gzip?: Prepared };
const answers = new WeakMap<object, Map<string, Answer>>();
/**
 * What the answer depends on besides its path, for shared caches: the language (header, else the
 * `language` cookie: DESIGN §4) and, when it may be compressed, Accept-Encoding.
 */
const VARY = {
  small: { header: 'language', cookie: 'language, cookie' },
  compressible: { header: 'accept-encoding, language', cookie: 'accept-encoding, language, cookie' },
};
function sameAnswer<T>(request: FastifyRequest, reply: FastifyReply, data: T): T {
  const serialize = reply.getSerializationFunction(200 as never) as ((payload: unknown) => string) | undefined;
  if (!serialize || typeof data !== 'object' || data === null) return data;
  const byLanguage = answers.get(data) ?? new Map<string, Answer>();
  answers.set(data, byLanguage);
  let answer = byLanguage.get(request.language);
  if (!answer) {
    const json = Buffer.from(serialize(ok(request, data)));
    const hash = createHash('sha1').update(json).digest('base64url');
    answer = { hash, identity: { body: json, etag: `"${hash}"`, encoding: null } };
    byLanguage.set(request.language, answer);
  }
  const compressible = answer.identity.body.length >= MIN_COMPRESSED;
  const encoding = compressible ? acceptedEncoding(request.headers['accept-encoding']) : null;
  let chosen = answer.identity;
  if (encoding) {
    chosen = answer[encoding] ?? compressed(answer, encoding);
    answer[encoding] = chosen;
  }
  const vary = compressible ? VARY.compressible : VARY.small;
  reply
    .header('etag', chosen.etag)
    .header('vary', request.headers.language ? vary.header : vary.cookie)
    .type(JSON_TYPE);
  // A 304 has no body, so it names no coding (registerCall sends it).
  if (chosen.encoding && !etagMatches(request, chosen.etag)) reply.header('content-encoding', chosen.encoding);
  // Bytes, not a string: nothing to encode per request (the type is then the handler's to say).
  reply.serializer(() => chosen.body as never);
  return data;
}

function compressed(answer: Answer, encoding: Encoding): Prepared {
  const body = compress(answer.identity.body, encoding);
  // Never the case for JSON of 1 KB, but a coding that does not shrink the answer is not sent.
  if (body.length >= answer.identity.body.length) return answer.identity;
  return { body, etag: `"${answer.hash}.${encoding === 'br' ? 'br' : 'gz'}"`, encoding };
}

export function catalogueRoutes({ app, services, resolveSession }: AppContext) {
  const catalogue = services.catalogue;
  const r = <T extends Parameters<typeof registerCall>[1]>(
    call: T,
    handler: Parameters<typeof registerCall<T>>[3],
    cache?: string,
  ) => registerCall(app, call, resolveSession, handler, cache ? { cache } : {});
  /** A public read answered from the service's short cache: same JSON, ETag and 304 (see sameAnswer). */
  const cached = <T extends Parameters<typeof registerCall>[1]>(
    call: T,
    handler: Parameters<typeof registerCall<T>>[3],
    cache: string,
  ) => r(call, async (request, reply) => sameAnswer(request, reply, await handler(request, reply)), cache);

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
  r(searchProducts, async (req) => {
    const { keyword, sort, page, size } = req.query;
    return catalogue.search(keyword, sort, page, size, req.language);
  });
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

  r(searchByImage, async (req) => {
    if (!req.isMultipart()) throw new AppError('CAT00006');
    const file = await req.file();
    if (!file) throw new AppError('CAT00006');
    const bytes = await file.toBuffer();
    return catalogue.searchByImage(bytes, 20, req.language);
  });

  r(stockOutNotice, async (req) => {
    await catalogue.subscribeStockNotice(req.session?.subjectId as string, req.body.productItemId);
    return { subscribed: true };
  });

  cached(getMyPageAdverts, async (req) => catalogue.banners('mypage', req.language), LIST_CACHE);
  cached(getBonusAdvertUnlogin, async (req) => catalogue.banners('bonus_unlogin', req.language), LIST_CACHE);
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
