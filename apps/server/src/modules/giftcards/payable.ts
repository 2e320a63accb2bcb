// A gift card bought to send as the cashier's payable kind 'giftcard' (payments/registry.ts): paid by
// wallet cash, a gateway, KHQR or the wallet app's bridge; never by the gift balance (`giftPays`
// false: the wallet method then takes cash only, on the server).
import { AppError } from '../../platform/errors.ts';
import type { Payable, PayableKind } from '../payments/public.ts';
import type { GiftPurchaseRow, GiftSending } from './sending.ts';

const CASHIER_STATE: Record<string, string> = {
  WP: 'WP',
  SENT: 'PAY',
  CLAIMED: 'FINISH',
  REFUNDED: 'REFUND',
  CANCEL: 'CANCEL',
};

const asPayable = (row: GiftPurchaseRow): Payable => ({
  kind: 'giftcard',
  id: row.id,
  userId: row.buyerId,
  reference: row.reference,
  payableCents: row.amountCents,
  paidCents: row.paidCents,
  state: CASHIER_STATE[row.state] ?? 'CANCEL',
  deadlineAt: row.deadlineAt,
});

export function giftPurchasePayable(sending: GiftSending): PayableKind {
  return {
    kind: 'giftcard',
    giftPays: false,
    resultPath: () => '/giftCard/sent',
    own: async (userId, id) => asPayable(await sending.own(userId, id)),
    find: async (id) => {
      const row = await sending.get(id);
      return row ? asPayable(row) : null;
    },
    refusal: (payable, now = new Date()) => {
      if (payable.state === 'WP' && (!payable.deadlineAt || payable.deadlineAt > now)) return null;
      return new AppError('PAY0008');
    },
    lockForSettlement: async (id, tx) => {
      const row = await sending.getForUpdate(id, tx);
      return row ? asPayable(row) : null;
    },
    awaitsPayment: (payable) => payable.state === 'WP',
    markPaid: (payable, channel, tx) => sending.markPaid(payable.id, channel, tx),
  };
}
