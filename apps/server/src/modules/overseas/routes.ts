import {
  haitaoCartAdd,
  haitaoCartChoose,
  haitaoCartChooseAll,
  haitaoCartCount,
  haitaoCartMinus,
  haitaoCartPlus,
  haitaoCartQuery,
  haitaoCartRemove,
  haitaoCashierRefresh,
  haitaoCategories,
  haitaoChannels,
  haitaoCreateDirect,
  haitaoCreatePreorder,
  haitaoFinishPreorder,
  haitaoFreightRules,
  haitaoHotList,
  haitaoMerchantOrder,
  haitaoModifyPreorder,
  haitaoOrderDetail,
  haitaoOrderEndPage,
  haitaoOrderLogistics,
  haitaoOrderPay,
  haitaoOrdersAll,
  haitaoOrdersCancel,
  haitaoOrdersFinish,
  haitaoOrdersWaitProduct,
  haitaoOrdersWaitSend,
  haitaoPicGet,
  haitaoPicUpload,
  haitaoProductDetail,
  haitaoProducts,
  haitaoRecommend,
  haitaoShopDetail,
  haitaoSimilar,
  haitaoUrlCheck,
  LAND_FREIGHT_DAYS,
  OVERSEAS_DAYS,
  z,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import { LocalOverseasSource } from '../../integrations/overseas-source/local.ts';
import { AppError } from '../../platform/errors.ts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';
import { registerUploads } from '../../platform/uploads.ts';

const user = (request: FastifyRequest) => (request.session as { subjectId: string }).subjectId;
const LISTS = 'public, max-age=30';
const WIDTHS = [160, 320, 480, 800];

export function overseasRoutes({ app, services, resolveSession }: AppContext) {
  const { shopping, checkout, orders } = services.overseas;

  registerCall(app, haitaoChannels, resolveSession, async (q) => shopping.channels(q.language), { cache: LISTS });
  registerCall(app, haitaoCategories, resolveSession, async (q) => shopping.categories(q.query.channel, q.language), {
    cache: LISTS,
  });
  registerCall(app, haitaoProducts, resolveSession, async (q) => shopping.search(q.query, q.language), {
    cache: LISTS,
  });
  registerCall(app, haitaoHotList, resolveSession, async (q) => shopping.hot(q.query.channel, q.language), {
    cache: LISTS,
  });
  registerCall(app, haitaoRecommend, resolveSession, async (q) =>
    shopping.recommend(q.query.channel, q.query.page, q.query.size, q.language),
  );
  registerCall(app, haitaoProductDetail, resolveSession, async (q) =>
    shopping.product(q.query.channel, q.query.productId, q.language),
  );
  registerCall(
    app,
    haitaoSimilar,
    resolveSession,
    async (q) => shopping.similar(q.query.channel, q.query.productId, q.language),
    {
      cache: LISTS,
    },
  );
  registerCall(app, haitaoShopDetail, resolveSession, async (q) => shopping.shop(q.query.channel, q.query.shopId), {
    cache: LISTS,
  });
  registerCall(app, haitaoUrlCheck, resolveSession, async (q) => shopping.urlCheck(q.body.text));
  registerCall(app, haitaoPicGet, resolveSession, async (q) =>
    shopping.byPicture(q.query.channel, q.query.picId, q.language),
  );
  registerUploads(app, (scope) =>
    registerCall(scope, haitaoPicUpload, resolveSession, async (q) => {
      if (!q.isMultipart()) throw new AppError('HAI00014');
      const file = await q.file();
      if (!file) throw new AppError('HAI00014');
      return { picId: await shopping.keepPicture(await file.toBuffer()) };
    }),
  );
  registerCall(app, haitaoFreightRules, resolveSession, async () => {
    const s = await shopping.settings();
    return {
      perKgCents: s.perKgCents,
      minimumCents: s.minimumCents,
      volumetricDivisor: s.volumetricDivisor,
      landDays: { ...LAND_FREIGHT_DAYS },
      estimateDays: { ...OVERSEAS_DAYS },
    };
  });

  // Cart
  registerCall(app, haitaoCartQuery, resolveSession, async (q) => shopping.cart(user(q), q.language));
  registerCall(app, haitaoCartAdd, resolveSession, async (q) => shopping.add(user(q), q.body, q.language));
  registerCall(app, haitaoCartChoose, resolveSession, async (q) =>
    shopping.choose(user(q), q.body.ids, q.body.chosen, q.language),
  );
  registerCall(app, haitaoCartChooseAll, resolveSession, async (q) =>
    shopping.choose(user(q), 'all', q.body.chosen, q.language),
  );
  registerCall(app, haitaoCartRemove, resolveSession, async (q) => shopping.remove(user(q), q.body.ids, q.language));
  registerCall(app, haitaoCartPlus, resolveSession, async (q) =>
    shopping.count(user(q), q.body.id, { by: 1 }, q.language),
  );
  registerCall(app, haitaoCartMinus, resolveSession, async (q) =>
    shopping.count(user(q), q.body.id, { by: -1 }, q.language),
  );
  registerCall(app, haitaoCartCount, resolveSession, async (q) =>
    shopping.count(user(q), q.body.id, { to: q.body.count }, q.language),
  );

  // Quotes
  registerCall(app, haitaoCreateDirect, resolveSession, async (q) =>
    checkout.createDirect(user(q), q.body, q.language),
  );
  registerCall(app, haitaoCreatePreorder, resolveSession, async (q) => checkout.create(user(q), q.language));
  registerCall(app, haitaoModifyPreorder, resolveSession, async (q) => checkout.modify(user(q), q.body, q.language));
  registerCall(app, haitaoFinishPreorder, resolveSession, async (q) => checkout.finish(user(q), q.body));

  // Orders
  const tabs = [
    [haitaoOrdersAll, 'all'],
    [haitaoOrdersWaitSend, 'waitsend'],
    [haitaoOrdersWaitProduct, 'waitproduct'],
    [haitaoOrdersFinish, 'finish'],
    [haitaoOrdersCancel, 'cancel'],
  ] as const;
  for (const [call, tab] of tabs)
    registerCall(app, call, resolveSession, async (q) => orders.list(user(q), tab, q.query.page, q.query.size));
  registerCall(app, haitaoOrderDetail, resolveSession, async (q) =>
    orders.view(await orders.own(user(q), q.query.orderId), q.language),
  );
  registerCall(app, haitaoOrderEndPage, resolveSession, async (q) => {
    const row = await orders.own(user(q), q.query.orderId);
    return {
      orderId: row.id,
      orderNo: row.orderNo,
      state: row.state as 'WP',
      totalCents: row.totalCents,
      estimate: orders.estimate(row),
    };
  });
  registerCall(app, haitaoOrderLogistics, resolveSession, async (q) => {
    const row = await orders.own(user(q), q.query.orderId);
    return {
      orderNo: row.orderNo,
      state: row.state as 'WP',
      events: await orders.events(row.id, q.language),
      estimate: orders.estimate(row),
    };
  });
  registerCall(app, haitaoMerchantOrder, resolveSession, async (q) => {
    const view = await orders.view(await orders.own(user(q), q.query.orderId), q.language);
    const part = view.sourceOrders.find((s) => s.shopId === q.query.shopId);
    if (!part) throw new AppError('HAI00010');
    return part;
  });
  registerCall(app, haitaoCashierRefresh, resolveSession, async (q) =>
    services.payments.cashier(user(q), q.query.orderId, q.language, 'h5', 'overseas'),
  );
  registerCall(app, haitaoOrderPay, resolveSession, async (q) => {
    const answer = await services.payments.pay(user(q), q.body.orderId, q.body.channel, q.body.payPassword, 'overseas');
    return { paymentId: answer.paymentId, status: answer.status, redirectUrl: answer.redirectUrl };
  });

  // The local source's pictures (a real source's pictures are on its own servers).
  const source = services.overseasSource.inner;
  if (source instanceof LocalOverseasSource)
    app.get(
      '/v1/haitao/picture/:channel/:productId/:n',
      {
        schema: {
          summary: 'A picture of the local overseas source (webp) at 160, 320, 480 or 800 pixels wide',
          tags: ['overseas'],
          params: z.object({
            channel: z.enum(['taobao', 'alibaba']),
            productId: z.string().check(z.regex(/^\d{12}$/)),
            n: z.pipe(z.coerce.number(), z.int().check(z.minimum(0), z.maximum(9))),
          }),
          querystring: z.object({
            w: z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(4000)))),
          }),
        },
      },
      async (request, reply) => {
        const { channel, productId, n } = request.params as {
          channel: 'taobao' | 'alibaba';
          productId: string;
          n: number;
        };
        const { w } = request.query as { w?: number };
        const width = WIDTHS.find((x) => x >= (w ?? 480)) ?? 800;
        const bytes = await source.picture(channel, productId, n, width);
        if (!bytes) throw new AppError('HAI00003');
        reply.header('cache-control', 'public, max-age=86400, immutable');
        return reply.type('image/webp').send(bytes);
      },
    );
}
