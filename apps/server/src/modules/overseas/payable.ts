// An overseas order as the cashier's payable kind 'overseas' (payments/registry.ts): online payment
// only (spec §1, §9): the wallet (cash and the gift balance: it is shopping) and the gateways; no
// cash at a store, no cash on delivery.
import { AppError } from '../../platform/errors.ts';
import type { Payable, PayableKind } from '../payments/public.ts';
import type { OrderRow, Orders } from './orders.ts';

const CASHIER_STATE: Record<string, string> = {
  WP: 'WP',
  PAID: 'PAY',
  BOUGHT: 'PAY',
  WAREHOUSE: 'PAY',
  FREIGHT: 'PAY',
  ARRIVED: 'PAY',
  DELIVERED: 'FINISH',
  CANCEL: 'CANCEL',
  REFUNDED: 'REFUND',
};

const asPayable = (row: OrderRow): Payable => ({
  kind: 'overseas',
  id: row.id,
  userId: row.userId,
  reference: row.orderNo,
  payableCents: row.totalCents,
  paidCents: row.paidCents,
  state: CASHIER_STATE[row.state] ?? 'CANCEL',
  deadlineAt: row.deadlineAt,
});

export function overseasPayable(orders: Orders): PayableKind {
  return {
    kind: 'overseas',
    giftPays: true,
    resultPath: (id) => `/Smilebuy/orderDetail?orderId=${id}`,
    own: async (userId, id) => asPayable(await orders.own(userId, id)),
    find: async (id) => {
      const row = await orders.get(id);
      return row ? asPayable(row) : null;
    },
    refusal: (payable, now = new Date()) => {
      if (payable.state === 'WP' && (!payable.deadlineAt || payable.deadlineAt > now)) return null;
      return new AppError(payable.paidCents > 0 ? 'PAY0008' : 'HAI00011');
    },
    lockForSettlement: async (id, tx) => {
      const row = await orders.getForUpdate(id, tx);
      return row ? asPayable(row) : null;
    },
    awaitsPayment: (payable) => payable.state === 'WP',
    markPaid: (payable, channel, tx) => orders.markPaid(payable.id, channel, tx),
  };
}
