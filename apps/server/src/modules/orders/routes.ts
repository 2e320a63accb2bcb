import {
  addReview,
  addToCart,
  cancelOrder,
  cartBuyAgain,
  cartChoose,
  cartChooseAll,
  cartCount,
  cartMinus1,
  cartPlus1,
  cartRemoveList,
  createDirectPreorder,
  createPreorder,
  finishOrder,
  finishPreorder,
  hideOrder,
  modifyPreorder,
  preorderCouponCode,
  preorderCouponList,
  queryAllOrders,
  queryCancelledOrders,
  queryCart,
  queryFinishedOrders,
  queryOrderDetail,
  queryOrderLogistics,
  queryPreorder,
  queryReviewByOrder,
  queryUnreadOrderCount,
  queryWaitPayOrders,
  queryWaitProductOrders,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';
import { portsOf } from './ports.ts';

const user = (request: FastifyRequest) => (request.session as { subjectId: string }).subjectId;

export function orderRoutes({ app, services, resolveSession }: AppContext) {
  const o = services.orders;
  const ports = portsOf(services);

  registerCall(app, queryCart, resolveSession, async (r) => o.cart(user(r), r.language));
  registerCall(app, addToCart, resolveSession, async (r) =>
    o.setCartQuantity(user(r), r.body.skuId, r.language, { add: r.body.quantity }),
  );
  registerCall(app, cartPlus1, resolveSession, async (r) =>
    o.setCartQuantity(user(r), r.body.skuId, r.language, { add: 1 }),
  );
  registerCall(app, cartMinus1, resolveSession, async (r) =>
    o.setCartQuantity(user(r), r.body.skuId, r.language, { add: -1 }),
  );
  registerCall(app, cartCount, resolveSession, async (r) =>
    o.setCartQuantity(user(r), r.body.skuId, r.language, { set: r.body.quantity }),
  );
  registerCall(app, cartChoose, resolveSession, async (r) =>
    o.chooseCart(user(r), r.language, r.body.skuId, r.body.chosen),
  );
  registerCall(app, cartChooseAll, resolveSession, async (r) => o.chooseCart(user(r), r.language, null, r.body.chosen));
  registerCall(app, cartRemoveList, resolveSession, async (r) => o.removeCartLines(user(r), r.body.skuIds, r.language));
  registerCall(app, cartBuyAgain, resolveSession, async (r) => o.buyAgain(user(r), r.body.orderId, r.language));

  registerCall(app, createDirectPreorder, resolveSession, async (r) => {
    const { skuId, quantity, ...choices } = r.body;
    return o.createPreorder(user(r), r.language, { direct: { skuId, quantity } }, choices);
  });
  registerCall(app, createPreorder, resolveSession, async (r) =>
    o.createPreorder(user(r), r.language, { cart: true }, r.body),
  );
  registerCall(app, modifyPreorder, resolveSession, async (r) => {
    const { preorderId, ...change } = r.body;
    return o.modifyPreorder(user(r), r.language, preorderId, change);
  });
  registerCall(app, queryPreorder, resolveSession, async (r) =>
    o.openPreorder(user(r), r.query.preorderId, r.language),
  );
  registerCall(app, preorderCouponCode, resolveSession, async (r) =>
    o.modifyPreorder(user(r), r.language, r.query.preorderId, { couponCode: r.query.code }),
  );
  registerCall(app, preorderCouponList, resolveSession, async (r) => {
    const coupons = ports().coupons;
    const view = await o.viewPreorder(user(r), r.query.preorderId, r.language);
    if (!coupons?.usableFor) return [];
    return coupons.usableFor(user(r), view.itemTotalCents, r.language);
  });
  registerCall(app, finishPreorder, resolveSession, async (r) => {
    const order = await o.finishPreorder(user(r), r.body.preorderId, r.language);
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      state: order.state as 'WP',
      payableCents: order.payableCents,
      needsPayment: order.state === 'WP',
    };
  });

  const page = (q: { page?: number; size?: number }) => [q.page ?? 1, q.size ?? 10] as const;
  registerCall(app, queryAllOrders, resolveSession, async (r) => o.list(user(r), 'all', ...page(r.query)));
  registerCall(app, queryWaitPayOrders, resolveSession, async (r) => o.list(user(r), 'waitpay', ...page(r.query)));
  registerCall(app, queryWaitProductOrders, resolveSession, async (r) =>
    o.list(user(r), 'waitproduct', ...page(r.query)),
  );
  registerCall(app, queryFinishedOrders, resolveSession, async (r) => o.list(user(r), 'finish', ...page(r.query)));
  registerCall(app, queryCancelledOrders, resolveSession, async (r) => o.list(user(r), 'cancel', ...page(r.query)));
  registerCall(app, queryOrderDetail, resolveSession, async (r) => o.detail(user(r), r.query.orderId, r.language));
  registerCall(app, queryUnreadOrderCount, resolveSession, async (r) => o.unreadCounts(user(r)));
  registerCall(app, cancelOrder, resolveSession, async (r) => o.cancel(user(r), r.body.orderId));
  registerCall(app, finishOrder, resolveSession, async (r) => o.confirmReceipt(user(r), r.body.orderId));
  registerCall(app, hideOrder, resolveSession, async (r) => {
    await o.hide(user(r), r.body.orderId);
    return { hidden: true };
  });
  registerCall(app, queryOrderLogistics, resolveSession, async (r) => {
    const order = await o.ownOrder(user(r), r.query.orderId);
    return {
      logisticsCompany: order.logisticsCompany,
      waybillNo: order.waybillNo,
      events: await o.trackingEvents(order.id),
    };
  });

  registerCall(app, addReview, resolveSession, async (r) => {
    const reviews = ports().reviews;
    if (!reviews) throw new AppError('ORD0016');
    const userId = user(r);
    await o.markReviewed(userId, r.body.orderId, async (order, db) => {
      const items = await o.items(order.id, db);
      await reviews.addForOrder(
        { ...r.body, userId, orderId: order.id, items: items.map((i) => ({ skuId: i.skuId, productId: i.productId })) },
        db,
      );
    });
    return { reviewed: true };
  });
  registerCall(app, queryReviewByOrder, resolveSession, async (r) => {
    const userId = user(r);
    await o.ownOrder(userId, r.query.orderId);
    const reviews = ports().reviews;
    return reviews?.querybyorder ? reviews.querybyorder(r.query.orderId, userId, r.language) : null;
  });
}
