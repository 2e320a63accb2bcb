// The wallet as a pay method: the balance with the 6-digit pay password, the payable's move to
// paid, the payment row and the wallet's transfers in one statement (decisions 0008, 0011).
import { randomUUID } from 'node:crypto';
import { errorMessage, isErrorCode } from '@shop/contracts';
import type { SQL } from 'drizzle-orm';
import { type Db, inTransaction, refusalOf, refuseUnless } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Services } from '../../platform/module.ts';
import { formatUsd } from '../wallet/public.ts';
import type { PayAnswer, Payable, PayableKind, PayMethod } from './registry.ts';

/** What paying by wallet uses of the wallet and accounts services (read on use: tests stand in for them). */
export type WalletSide = {
  readonly wallet: Pick<
    Services['wallet'],
    | 'balances'
    | 'balancesRead'
    | 'orderPaymentParts'
    | 'keptOrderPaymentParts'
    | 'payOrder'
    | 'refundOrder'
    | 'orderMoves'
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
 * `paymentRow` is the payments module's insert of the settled payment row, run in the same statement;
 * `refundToWallet` the refund path's wallet refund (refunds.ts: the ledger's refund and its record).
 */
export function walletMethod(
  side: WalletSide,
  paymentRow: (paymentId: string, payable: Payable) => SQL,
  db: Db,
  refundToWallet: (input: { kind: string; id: string; userId: string; amountCents: number }, tx: Db) => Promise<void>,
): PayMethod {
  /** The pay password, checked on its own (a wrong one counts towards the lock-out whatever follows). */
  async function verifyPayPassword(userId: string, payPassword: string) {
    try {
      await side.accounts.verifyPayPassword(userId, payPassword);
    } catch (error) {
      if (error instanceof AppError && error.code === 'USR00031') throw new AppError('PAY0006');
      throw error;
    }
  }

  /**
   * Any payable kind (a top-up, a card fee...): in one transaction the payable is locked and checked,
   * the wallet pays it (its idempotency key: once per payable), the payment row is written and the
   * kind marks it paid. Gift money pays only kinds that say it may (`giftPays`: it is for shopping).
   */
  async function payInTransaction(kind: PayableKind, userId: string, id: string, payPassword: string) {
    const seen = await kind.own(userId, id);
    const refusal = kind.refusal(seen);
    if (refusal) throw refusal;
    await verifyPayPassword(userId, payPassword);
    const paymentId = randomUUID();
    await inTransaction(db, async (tx) => {
      const payable = await kind.lockForSettlement(id, tx);
      if (!payable || payable.userId !== userId) throw new AppError('PAY0009');
      const why = kind.refusal(payable);
      if (why) throw why;
      await side.wallet.payOrder(
        {
          userId,
          orderId: id,
          kind: kind.kind,
          amountCents: payable.payableCents,
          idempotencyKey: walletPayKey(payable),
          useGift: kind.giftPays === true,
        },
        tx,
      );
      await tx.execute(paymentRow(paymentId, payable));
      await kind.markPaid(payable, 'wallet', tx);
    });
    return walletPaid(paymentId);
  }

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
      useGift: kind.giftPays === true,
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

    async offer(userId, payable, _entrance, language, kind) {
      const { cash, gift } = extractBalances(await side.wallet.balances(userId));
      const hasPayPassword = await side.accounts.hasPayPassword(userId);
      // What a wallet payment of this payable can spend: the gift balance only where it may pay
      // (shopping, spec §9), spent first, then cash; the same split `orderPaymentParts` makes.
      const usableGift = kind.giftPays === true ? gift : 0;
      const spendable = cash + usableGift;
      const giftPart = Math.min(usableGift, payable.payableCents);
      const enough = spendable >= payable.payableCents;
      return {
        channels: [
          {
            code: 'wallet',
            enabled: enough,
            reason: enough ? null : errorMessage('PAY0010', language, { balance: formatUsd(spendable) }),
          },
        ],
        cashier: {
          walletBalanceCents: spendable,
          wallet: {
            cashCents: cash,
            giftCents: usableGift,
            split: enough
              ? { giftCents: giftPart, cashCents: payable.payableCents - giftPart }
              : { giftCents: giftPart, cashCents: Math.min(cash, payable.payableCents - giftPart) },
          },
          hasPayPassword,
        },
      };
    },

    async pay({ userId, kind, id, payPassword }) {
      if (!payPassword) throw new AppError('PAY0006');
      const one = kind.oneStatement;
      if (!one) return payInTransaction(kind, userId, id, payPassword);
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
        {
          userId,
          orderId: id,
          amountCents: payable.payableCents,
          idempotencyKey: walletPayKey(payable),
          useGift: kind.giftPays === true,
        },
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
      // Back to the same balances (gift, then cash), under the payable's refund key: refunds.ts.
      await refundToWallet({ kind, id, userId, amountCents }, tx);
    },
  };
}

/** The cash and gift balances from the wallet's `balances` (the tests' stand-in may answer cash alone, a number). */
function extractBalances(balances: unknown): { cash: number; gift: number } {
  if (typeof balances === 'number') return { cash: balances, gift: 0 };
  const b = (balances ?? {}) as Record<string, unknown>;
  const cents = (key: string) => (typeof b[key] === 'number' ? (b[key] as number) : 0);
  return { cash: cents('cashCents'), gift: cents('giftCents') };
}
