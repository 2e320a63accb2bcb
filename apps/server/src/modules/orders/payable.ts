// An order as the cashier's payable kind 'order' (payments/registry.ts): registered at start by the
// orders module, so the cashier pays, settles and refunds orders without knowing the orders module.
import { AppError } from '../../platform/errors.ts';
import type { Payable, PayableKind } from '../payments/public.ts';
import type { OrderRow } from './context.ts';
import type { OrderService } from './service.ts';

const asPayable = (order: OrderRow): Payable => ({
  kind: 'order',
  id: order.id,
  userId: order.userId,
  reference: order.orderNo,
  payableCents: order.payableCents,
  paidCents: order.paidCents,
  state: order.state,
  deadlineAt: order.deadlineAt,
});

/** What the move to paid carries: the order as read (or kept) for `moveInStatement`. */
type MoveRead = Parameters<OrderService['moveInStatement']>[0];

export function orderPayable(orders: OrderService): PayableKind {
  // The row a settlement locked, so the move to paid does not read it again.
  const lockedRows = new WeakMap<Payable, OrderRow>();
  return {
    kind: 'order',
    // Goods: the gift balance pays them first (the wallet's split).
    giftPays: true,
    own: async (userId, id) => asPayable(await orders.ownOrder(userId, id)),
    find: async (id) => {
      const order = await orders.getOrder(id);
      return order ? asPayable(order) : null;
    },
    /**
     * A payment starts only for an order waiting for it and within its time to pay: past its deadline
     * the order is the overdue sweep's to cancel (within a minute), not the shopper's to pay.
     */
    refusal: (payable, now = new Date()) => {
      if (payable.state !== 'WP') return new AppError(payable.paidCents > 0 ? 'PAY0008' : 'ORD0002', { action: 'pay' });
      if (payable.deadlineAt && payable.deadlineAt <= now) return new AppError('ORD0020');
      return null;
    },
    lockForSettlement: async (id, tx) => {
      const order = await orders.getOrderForUpdate(id, tx);
      if (!order) return null;
      const payable = asPayable(order);
      lockedRows.set(payable, order);
      return payable;
    },
    awaitsPayment: (payable) => payable.state === 'WP',
    markPaid: async (payable, channel, tx) => {
      await orders.move(payable.id, 'pay', 'system', { db: tx, channel, locked: lockedRows.get(payable) });
    },
    oneStatement: {
      read: async (id, with_) => {
        const read = await orders.orderForMove(id, with_);
        return read && { payable: asPayable(read.order), read: read.read, handle: read };
      },
      kept: (id, userId) => {
        const kept = orders.keptOrderForMove(id, userId);
        return kept && { payable: asPayable(kept.order), guard: kept.guard, handle: kept };
      },
      payInStatement: async (handle, channel, parts, alongside) => {
        await orders.moveInStatement(handle as MoveRead, 'pay', 'system', { channel, alongside, parts });
      },
    },
  };
}
