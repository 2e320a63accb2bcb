import {
  adminOrderAction,
  adminOrderDetail,
  adminOrderShip,
  adminOrders,
  adminOrderTrack,
  type ConsoleOrder,
} from '@shop/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { type OrderRow, staffActions } from '../../orders/public.ts';
import { actorOf, registerStaffCall } from '../http.ts';

const ROLES = ['fulfilment'] as const;
/** Support reads a shopper's orders (to answer them); only fulfilment changes them. */
const READ_ROLES = ['fulfilment', 'support'] as const;

async function orderView(services: Services, o: OrderRow): Promise<ConsoleOrder> {
  const user = /^[0-9a-f-]{36}$/i.test(o.userId) ? await services.accounts.getUser(o.userId) : null;
  const paid = (await services.payments.paymentsOf(o.id)).find((p) => p.status === 'SUCCEEDED');
  return {
    id: o.id,
    orderNo: o.orderNo,
    userId: o.userId,
    userPhone: user?.phone ?? null,
    state: o.state,
    shipType: o.shipType,
    payType: o.payType,
    payableCents: o.payableCents,
    paidCents: o.paidCents,
    payChannel: o.payChannel,
    paidIn: paid
      ? {
          currency: paid.currency === 'KHR' ? 'KHR' : 'USD',
          amountRiel: paid.amountRiel,
          khrPerUsd: paid.khrPerUsd,
        }
      : null,
    cashRiel: o.cashRiel && o.cashKhrPerUsd ? { amountRiel: o.cashRiel, khrPerUsd: o.cashKhrPerUsd } : null,
    logisticsCompany: o.logisticsCompany,
    waybillNo: o.waybillNo,
    buyerComment: o.buyerComment,
    address: o.address,
    createdAt: o.createdAt.toISOString(),
    actions: staffActions(o),
  };
}

async function requireOrder(services: Services, orderId: string): Promise<OrderRow> {
  const order = /^[0-9a-f-]{36}$/i.test(orderId) ? await services.orders.getOrder(orderId) : undefined;
  if (!order) throw new AppError('STF00027', { what: 'order', id: orderId });
  return order;
}

export function orderConsoleRoutes({ app, services }: AppContext) {
  services.staff.addTiles({
    module: 'orders',
    roles: [...ROLES],
    tiles: async () => {
      const today = await services.orders.consoleToday();
      const toShip = await services.orders.consoleOrders({ state: 'WS', page: 1, size: 1 });
      return [
        { key: 'orders.today', value: today.count, unit: 'count' },
        { key: 'orders.salesToday', value: today.paidCents, unit: 'cents' },
        { key: 'orders.toShip', value: toShip.total, unit: 'count' },
      ];
    },
  });

  registerStaffCall(app, services, adminOrders, READ_ROLES, async (request) => {
    const keyword = request.query.keyword?.trim();
    let userIds: string[] | undefined;
    let orderNo: string | undefined;
    if (keyword) {
      if (/^[+\d\s-]{6,}$/.test(keyword) && !/^\d{12,}$/.test(keyword)) {
        const digits = keyword.replace(/[\s-]/g, '');
        const e164 = digits.startsWith('+') ? digits : `+855${digits.replace(/^0/, '')}`;
        const user = await services.accounts.findByPhone(e164);
        userIds = user ? [user.id] : [];
      } else orderNo = keyword;
    }
    const page = await services.orders.consoleOrders({
      state: request.query.state,
      orderNo,
      userIds,
      page: request.query.page,
      size: request.query.size,
    });
    return { ...page, list: await Promise.all(page.list.map((o) => orderView(services, o))) };
  });

  registerStaffCall(app, services, adminOrderDetail, READ_ROLES, async (request) => {
    const order = await requireOrder(services, request.query.orderId);
    const [items, history, tracking] = await Promise.all([
      services.orders.items(order.id),
      services.orders.history(order.id),
      services.orders.trackingEvents(order.id),
    ]);
    return {
      order: await orderView(services, order),
      items: items.map((i) => ({
        skuId: i.skuId,
        name: i.name,
        specText: i.specText,
        priceCents: i.priceCents,
        quantity: i.quantity,
      })),
      history: history.map((h) => ({
        action: h.action,
        fromState: h.fromState,
        toState: h.toState,
        actor: h.actor,
        note: h.note,
        at: h.at.toISOString(),
      })),
      tracking: (tracking as { status: string; description: string; location: string | null; at: Date | string }[]).map(
        (e) => ({
          status: e.status,
          description: e.description,
          location: e.location ?? null,
          at: new Date(e.at).toISOString(),
        }),
      ),
    };
  });

  registerStaffCall(app, services, adminOrderShip, ROLES, async (request) => {
    const company = request.body.logisticsCompany.trim();
    const waybill = request.body.waybillNo.trim();
    if (!company) throw new AppError('STF00026', { field: 'logisticsCompany' });
    if (!/^[A-Za-z0-9-]{4,40}$/.test(waybill)) throw new AppError('STF00037');
    const before = await requireOrder(services, request.body.orderId);
    const after = await services.orders.ship(before.id, company, waybill);
    await services.staff.audit(actorOf(request), {
      action: 'orders.ship',
      targetType: 'order',
      targetId: before.id,
      before: { state: before.state },
      after: { state: after.state, logisticsCompany: company, waybillNo: waybill },
    });
    return orderView(services, after);
  });

  registerStaffCall(app, services, adminOrderTrack, ROLES, async (request) => {
    const status = request.body.status.trim();
    const description = request.body.description.trim();
    if (!status) throw new AppError('STF00026', { field: 'status' });
    if (!description) throw new AppError('STF00026', { field: 'description' });
    const order = await requireOrder(services, request.body.orderId);
    if (!order.waybillNo) throw new AppError('STF00038');
    const at = new Date();
    const added = await services.orders.addTrackingEvent(order.id, {
      key: `console:${at.getTime()}:${status}`,
      status,
      description,
      location: request.body.location?.trim() || undefined,
      at,
    });
    await services.staff.audit(actorOf(request), {
      action: 'orders.track',
      targetType: 'order',
      targetId: order.id,
      after: { status, description, location: request.body.location ?? null },
    });
    return { added };
  });

  registerStaffCall(app, services, adminOrderAction, ROLES, async (request) => {
    const { action } = request.body;
    const reason = request.body.reason?.trim() ?? '';
    const before = await requireOrder(services, request.body.orderId);
    // The state first: a move it does not allow is refused whatever came with it (the move checks
    // again under the row lock).
    if (!staffActions(before).includes(action)) throw new AppError('ORD0002', { action });
    if ((action === 'cancel' || action === 'refund') && !reason) throw new AppError('STF00026', { field: 'reason' });
    const after = await services.orders.move(before.id, action, 'staff', { note: reason || undefined });
    await services.staff.audit(actorOf(request), {
      action: `orders.${action}`,
      targetType: 'order',
      targetId: before.id,
      before: { state: before.state, paidCents: before.paidCents },
      after: { state: after.state, reason: reason || null },
    });
    return orderView(services, after);
  });
}
