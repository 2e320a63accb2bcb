// The wallet as a pay method: the balance with the 6-digit pay password, the payable's move to
// paid, the payment row and the wallet's transfers in one statement (decisions 0008, 0011).
import { randomUUID } from 'node:crypto';
import { errorMessage, isErrorCode } from '@shop/contracts';
import type { SQL } from 'drizzle-orm';
import { refusalOf, refuseUnless } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Services } from '../../platform/module.ts';
import type { PayAnswer, Payable, PayableKind, PayMethod } from './registry.ts';

/** What paying by wallet uses of the wallet and accounts services (read on use: tests stand in for them). */
export type WalletSide = {
  readonly wallet: Pick<
    Services['wallet'],
    'balances' | 'balancesRead' | 'orderPaymentParts' | 'keptOrderPaymentParts' | 'refundOrder'
  >;
  readonly accounts: Pick<
    Services['accounts'],
    'hasPayPassword' | 'payPasswordRead' | 'payPasswordKept' | 'verifyPayPassword'
  >;
};

/** The idempotency key of a payable's wallet payment (`order-pay:<id>`): the same thing is paid from the wallet once. */
const walletPayKey = (payable: Pick<Payable, 'kind' | 'id'>) => `${payable.kind}-pay:${payable.id}`;

/** The answer to a wallet payment, which is settled when it answers. */
const walletPaid = (paymentId: string): PayAnswer => ({
  paymentId,
  status: 'SUCCEEDED',
  redirectUrl: null,
  form: null,
  khqr: null,
  bridge: null,
});

/**
 * `paymentRow` is the payments module's insert of the settled payment row, run in the same statement.
 */
export function walletMethod(side: WalletSide, paymentRow: (paymentId: string, payable: Payable) => SQL): PayMethod {
  /**
   * The wallet payment without its read (issue 5), from what this process kept: the payable it just
   * made, the pay password it verified before and the gift balance it last split with. The statement
   * checks each of them besides its own checks; its payment's id, or undefined when something is not
   * kept or the statement refused, and the payment then reads as usual, which gives a refusal its words.
   */
  async function payFromKept(
    kind: PayableKind,
    one: NonNullable<PayableKind['oneStatement']>,
    userId: string,
    id: string,
    payPassword: string,
  ): Promise<string | undefined> {
    const kept = one.kept(id, userId);
    if (!kept) return undefined;
    const payable = kept.payable;
    if (kind.refusal(payable)) return undefined; // the read says why
    const password = await side.accounts.payPasswordKept(userId, payPassword);
    if (!password) return undefined;
    const parts = await side.wallet.keptOrderPaymentParts({
      userId,
      orderId: id,
      amountCents: payable.payableCents,
      idempotencyKey: walletPayKey(payable),
    });
    if (!parts) return undefined;
    const paymentId = randomUUID();
    try {
      await one.payInStatement(
        kept.handle,
        'wallet',
        { ctes: parts.ctes, refusals: [...parts.refusals, refuseUnless(password, 'pay-password-moved'), kept.guard] },
        [paymentRow(paymentId, payable)],
      );
      return paymentId;
    } catch (error) {
      if (refusalOf(error)) return undefined;
      throw error;
    }
  }

  return {
    answers: ['wallet'],

    async offer(userId, payable, _entrance, language) {
      const balances = await side.wallet.balances(userId);
      const balance = extractCash(balances);
      const hasPayPassword = await side.accounts.hasPayPassword(userId);
      const enough = balance !== null && balance >= payable.payableCents;
      return {
        channels: [{ code: 'wallet', enabled: enough, reason: enough ? null : errorMessage('PAY0005', language) }],
        cashier: { walletBalanceCents: balance, hasPayPassword },
      };
    },

    async pay({ userId, kind, id, payPassword }) {
      const one = kind.oneStatement;
      if (!one) throw new AppError('PAY0003');
      if (!payPassword) throw new AppError('PAY0006');
      const paidFromKept = await payFromKept(kind, one, userId, id, payPassword);
      if (paidFromKept) return walletPaid(paidFromKept);
      // One read (issue 5): the payable, the shopper's pay password and lock-out, the wallet's balances.
      const read = await one.read(id, {
        pay_password: side.accounts.payPasswordRead(userId),
        balances: side.wallet.balancesRead(userId),
      });
      if (!read) throw new AppError('ORD0001');
      try {
        await side.accounts.verifyPayPassword(userId, payPassword, undefined, read.read.pay_password);
      } catch (error) {
        // None set yet (one read of the shopper instead of asking hasPayPassword first).
        if (error instanceof AppError && error.code === 'USR00031') throw new AppError('PAY0006');
        throw error;
      }
      if (read.payable.userId !== userId) throw new AppError('ORD0001');
      const payable = read.payable;
      const refusal = kind.refusal(payable);
      if (refusal) throw refusal;
      // One statement (issue 5): the payable's move, its history, the payment row and the wallet's
      // anchor and transfers; any refusal leaves none of them.
      const parts = await side.wallet.orderPaymentParts(
        { userId, orderId: id, amountCents: payable.payableCents, idempotencyKey: walletPayKey(payable) },
        undefined,
        read.read.balances,
      );
      const paymentId = randomUUID();
      try {
        await one.payInStatement(read.handle, 'wallet', parts, [paymentRow(paymentId, payable)]);
      } catch (error) {
        const code = refusalOf(error);
        if (code && isErrorCode(code)) throw new AppError(code); // the wallet's WAL00001
        if (code) {
          // The payable moved since it was read (a second tap on "pay"): say what happened to it.
          const now = await kind.find(id);
          const why = now && kind.refusal(now);
          if (why) throw why;
        }
        throw error;
      }
      return walletPaid(paymentId);
    },

    async refund({ kind, id, userId, amountCents }, tx) {
      await side.wallet.refundOrder(
        {
          userId,
          orderId: id,
          amountCents,
          idempotencyKey: kind === 'order' ? `order-refund:${id}` : `${kind}-refund:${id}`,
        },
        tx,
      );
    },
  };
}

/** The cash balance from whatever shape the wallet's `balances` answers (the tests' stand-in answers a number). */
function extractCash(balances: unknown): number | null {
  if (typeof balances === 'number') return balances;
  if (balances && typeof balances === 'object') {
    const b = balances as Record<string, unknown>;
    for (const key of ['cashCents', 'cash', 'balanceCents', 'availableCents'])
      if (typeof b[key] === 'number') return b[key] as number;
  }
  return null;
}
