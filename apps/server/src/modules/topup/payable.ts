// A top-up as the cashier's payable kind 'topup' (payments/registry.ts): paid by wallet cash (the
// gift balance is for shopping), a gateway, KHQR or the wallet app's bridge.

import { AppError } from '../../platform/errors.ts';
import type { Payable, PayableKind } from '../payments/public.ts';
import type { TopupRow, TopupService } from './service.ts';

/** The cashier's words for a top-up's state: to pay, paid (on its way or done), closed. */
const CASHIER_STATE: Record<string, string> = {
  WP: 'WP',
  PAID: 'PAY',
  SENT: 'PAY',
  HELD: 'PAY',
  SUCCESS: 'FINISH',
  FAILED: 'REFUND',
  CANCEL: 'CANCEL',
};

const asPayable = (row: TopupRow): Payable => ({
  kind: 'topup',
  id: row.id,
  userId: row.userId,
  reference: row.orderNo,
  payableCents: row.amountCents,
  paidCents: row.paidCents,
  state: CASHIER_STATE[row.state] ?? 'CANCEL',
  deadlineAt: row.deadlineAt,
});

export function topupPayable(topups: TopupService): PayableKind {
  return {
    kind: 'topup',
    giftPays: false,
    resultPath: (id) => `/topup?record=${id}`,
    own: async (userId, id) => asPayable(await topups.own(userId, id)),
    find: async (id) => {
      const row = await topups.get(id);
      return row ? asPayable(row) : null;
    },
    refusal: (payable, now = new Date()) => {
      if (payable.state === 'WP' && (!payable.deadlineAt || payable.deadlineAt > now)) return null;
      return new AppError(payable.paidCents > 0 ? 'PAY0008' : 'TOP00006');
    },
    lockForSettlement: async (id, tx) => {
      const row = await topups.getForUpdate(id, tx);
      return row ? asPayable(row) : null;
    },
    awaitsPayment: (payable) => payable.state === 'WP',
    markPaid: (payable, channel, tx) => topups.markPaid(payable.id, channel, tx),
  };
}
