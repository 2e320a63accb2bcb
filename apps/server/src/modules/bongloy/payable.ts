// A card application as the cashier's payable kind 'bongloy' (payments/registry.ts): its fee paid
// by wallet cash (the gift balance is for shopping), a gateway, KHQR or the wallet app's bridge.
import { AppError } from '../../platform/errors.ts';
import type { Payable, PayableKind } from '../payments/public.ts';
import type { BongloyCards, TopupRow } from './cards.ts';
import type { ApplicationRow, BongloyService } from './service.ts';

/** The cashier's words: to pay, paid (under review or decided), closed. */
const CASHIER_STATE: Record<string, string> = {
  WP: 'WP',
  REVIEW: 'PAY',
  SENT_TO_ISSUER: 'PAY',
  APPROVED: 'FINISH',
  REFUSED: 'REFUND',
  DRAFT: 'CANCEL',
};

const asPayable = (row: ApplicationRow): Payable => ({
  kind: 'bongloy',
  id: row.id,
  userId: row.userId,
  reference: row.applicationNo,
  payableCents: row.totalCents,
  paidCents: row.paidCents,
  state: CASHIER_STATE[row.state] ?? 'CANCEL',
  deadlineAt: row.deadlineAt,
});

export function bongloyPayable(service: BongloyService): PayableKind {
  return {
    kind: 'bongloy',
    giftPays: false,
    resultPath: (id) => `/bongloy/success?id=${id}`,
    own: async (userId, id) => asPayable(await service.own(userId, id)),
    find: async (id) => {
      const row = await service.get(id);
      return row ? asPayable(row) : null;
    },
    refusal: (payable, now = new Date()) => {
      if (payable.state === 'WP' && (!payable.deadlineAt || payable.deadlineAt > now)) return null;
      return new AppError(payable.paidCents > 0 ? 'PAY0008' : 'BLG00016');
    },
    lockForSettlement: async (id, tx) => {
      const row = await service.getForUpdate(id, tx);
      return row ? asPayable(row) : null;
    },
    awaitsPayment: (payable) => payable.state === 'WP',
    markPaid: (payable, channel, tx) => service.markPaid(payable.id, channel, tx),
    lateMoney: (payable, payment, tx) => service.tellMoneyBack(payable.id, payment, tx),
  };
}

const TOPUP_CASHIER_STATE: Record<string, string> = {
  WP: 'WP',
  PAID: 'PAY',
  SUCCESS: 'FINISH',
  FAILED: 'REFUND',
  CANCEL: 'CANCEL',
};

const topupAsPayable = (row: TopupRow): Payable => ({
  kind: 'bongloytopup',
  id: row.id,
  userId: row.userId,
  reference: row.topupNo,
  payableCents: row.amountCents,
  paidCents: row.paidCents,
  state: TOPUP_CASHIER_STATE[row.state] ?? 'CANCEL',
  deadlineAt: row.deadlineAt,
});

/** A card top-up as the cashier's payable kind 'bongloytopup'. */
export function cardTopupPayable(cards: BongloyCards): PayableKind {
  return {
    kind: 'bongloytopup',
    giftPays: false,
    resultPath: (id) => `/bongloy/topUpSuccess?id=${id}`,
    own: async (userId, id) => topupAsPayable(await cards.ownTopup(userId, id)),
    find: async (id) => {
      const row = await cards.getTopup(id);
      return row ? topupAsPayable(row) : null;
    },
    refusal: (payable, now = new Date()) => {
      if (payable.state === 'WP' && (!payable.deadlineAt || payable.deadlineAt > now)) return null;
      return new AppError(payable.paidCents > 0 ? 'PAY0008' : 'BLG00025');
    },
    lockForSettlement: async (id, tx) => {
      const row = await cards.topupForUpdate(id, tx);
      return row ? topupAsPayable(row) : null;
    },
    awaitsPayment: (payable) => payable.state === 'WP',
    markPaid: (payable, channel, tx) => cards.markTopupPaid(payable.id, channel, tx),
  };
}
