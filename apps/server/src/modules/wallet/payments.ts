// Order payments and refunds from the wallet: the parts of a payment's one statement (with the kept
// gift balance that spares its read), payOrder and refundOrder with their idempotency anchors, and
// what the wallet paid for an order.
import { and, eq, type SQL } from 'drizzle-orm';
import { BoundedMap } from '../../platform/bounded-map.ts';
import {
  alongside,
  type Db,
  inTransaction,
  isTransaction,
  queryRows,
  refusalOf,
  refuseUnless,
  valuesOf,
} from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import type { Ledger } from './ledger.ts';
import { walletAccounts, walletOrderMoves } from './tables.ts';

/** An order's wallet money: paid (of which from the gift balance) and refunded. */
export type OrderMoves = { paidCents: number; paidGiftCents: number; refundedCents: number };
export type OrderMoveResult = {
  giftCents: number;
  cashCents: number;
  replayed: boolean;
};

/** An order's move of wallet money: a payment (see `OrderPaymentInput`) or a refund. */
export type OrderMoveInput = {
  userId: string;
  /** The id of what is paid: an order's, or another payable kind's (`kind`). */
  orderId: string;
  amountCents: number;
  idempotencyKey: string;
  /** The cashier's payable kind of `orderId` (default 'order'): a top-up, a card fee... */
  kind?: string;
};

/**
 * Where a move is filed: its transfers' reference and its anchor's id. An order's is its id, as
 * before other kinds could be paid; another kind's is prefixed with the kind, so that kinds whose
 * ids look alike never share moves.
 */
const movedFor = ({ kind = 'order', orderId }: Pick<OrderMoveInput, 'kind' | 'orderId'>) => ({
  ref: { type: kind, id: orderId },
  anchorId: kind === 'order' ? orderId : `${kind}:${orderId}`,
});

/** A payment may leave the gift balance alone (`useGift: false`). */
export type OrderPaymentInput = OrderMoveInput & { useGift?: boolean };

/** A payment as parts of the caller's statement (see `orderPaymentParts`). */
export type OrderPaymentParts = {
  ctes: Record<string, SQL>;
  refusals: SQL[];
  split: { giftCents: number; cashCents: number };
};

/** The refusal of an order payment whose idempotency key was used before (see orderPaymentParts). */
const PAYMENT_MADE = 'wallet-payment-made';
/** The refusal of a payment split from a kept gift balance that moved since (see keptOrderPaymentParts). */
const GIFT_MOVED = 'wallet-gift-moved';

/** The order payments and refunds of one `WalletService`. */
export class OrderPayments {
  private readonly db: Db;
  private readonly ledger: Ledger;
  /** Each shopper's gift balance as this process last split a payment with it (keptOrderPaymentParts). */
  private readonly keptGift = new BoundedMap<string, number>(10_000);

  constructor(db: Db, ledger: Ledger) {
    this.db = db;
    this.ledger = ledger;
  }

  /**
   * Pays an order from the wallet: gift balance first (it is for shopping only), then cash, into the
   * payments clearing account. WAL00001 when gift + cash is not enough (nothing moves). The same
   * idempotency key twice pays once and answers the first result.
   */
  async payOrder(input: OrderPaymentInput, db: Db = this.db): Promise<OrderMoveResult> {
    const parts = await this.orderPaymentParts(input, db);
    try {
      await queryRows(db, sql`${alongside([], parts.ctes)} SELECT ${sql.join(parts.refusals, sql`, `)}`, {
        prepared: true,
      });
      return { ...parts.split, replayed: false };
    } catch (error) {
      const refusal = refusalOf(error);
      // A refused statement ends a caller's transaction: only on its own can it read the first result.
      if (refusal === PAYMENT_MADE && !isTransaction(db))
        return this.replayOf(db, { ...input, orderId: movedFor(input).anchorId, direction: 'pay' });
      if (refusal === PAYMENT_MADE) throw new AppError('WAL00007');
      if (refusal === 'WAL00001') throw new AppError('WAL00001');
      throw error;
    }
  }

  /**
   * A wallet payment of an order as parts of one statement (issue 5: the payment goes in the same
   * statement as the order's move, no transaction): the anchor row with its gift/cash split, gift
   * balance first (it is for shopping only) unless `useGift` is false, then cash, each part a
   * transfer into the payments clearing account. The refusals, in this order: the key was used
   * before (PAYMENT_MADE: nothing of this statement stays), a part's money is not there (WAL00001).
   * The split comes from the balances read now; if they change before the statement runs, its
   * conditional debits refuse rather than overdraw.
   */
  async orderPaymentParts(
    input: OrderPaymentInput,
    db: Db = this.db,
    /** The balances as the caller read them with `balancesRead`, else read here. */
    balancesRead?: unknown,
  ): Promise<OrderPaymentParts> {
    const { userId, amountCents, idempotencyKey } = input;
    const { ref, anchorId } = movedFor(input);
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new AppError('WAL00002');
    const balances =
      balancesRead !== undefined ? this.ledger.balancesFrom(balancesRead) : await this.ledger.balancesOf(userId, db);
    const giftCents = input.useGift === false ? 0 : Math.min(balances.gift, amountCents);
    const cashCents = amountCents - giftCents;
    // What the gift balance will be if this payment goes through, for the next payment's split
    // (keptOrderPaymentParts, whose statement refuses it if it turns out wrong).
    this.keptGift.set(userId, balances.gift - giftCents);
    const ctes: Record<string, SQL> = {
      wallet_anchor: sql`INSERT INTO ${walletOrderMoves} ${valuesOf(walletOrderMoves, [
        { idempotencyKey, userId, orderId: anchorId, direction: 'pay', giftCents, cashCents },
      ])} ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    };
    const refusals = [refuseUnless(sql`EXISTS (SELECT 1 FROM wallet_anchor)`, PAYMENT_MADE)];
    // Both parts credit the clearing account: in one statement they must credit different shards.
    for (const [account, cents, shardOffset] of [
      ['gift', giftCents, 1],
      ['cash', cashCents, 0],
    ] as const) {
      if (cents <= 0) continue;
      const transfer = await this.ledger.transferParts(
        {
          from: { userId, account },
          to: { platform: 'clearing' },
          amountCents: cents,
          kind: 'payment',
          ref,
          idempotencyKey: `${idempotencyKey}:${account}`,
        },
        `${account}_`,
        db,
        shardOffset,
      );
      Object.assign(ctes, transfer.ctes);
      refusals.push(refuseUnless(transfer.moved, 'WAL00001'));
    }
    return { ctes, refusals, split: { giftCents, cashCents } };
  }

  /**
   * `orderPaymentParts` without reading the balances (issue 5): split by the gift balance this
   * process last split a payment of the shopper's with, and refused (`GIFT_MOVED`, nothing moves)
   * unless the gift balance is still that, so the split is the one a read would make. Null when this
   * process has none: the caller reads (`balancesRead`) and calls `orderPaymentParts`.
   */
  async keptOrderPaymentParts(
    input: OrderPaymentInput,
  ): Promise<{ ctes: Record<string, SQL>; refusals: SQL[] } | null> {
    const gift = this.keptGift.get(input.userId);
    if (gift === undefined) return null;
    const parts = await this.orderPaymentParts(input, this.db, { gift });
    parts.refusals.push(
      refuseUnless(
        sql`COALESCE((SELECT balance FROM ${walletAccounts}
          WHERE owner_kind = 'user' AND owner_id = ${input.userId} AND kind = 'gift'), 0) = ${gift}`,
        GIFT_MOVED,
      ),
    );
    return parts;
  }

  /**
   * Refunds (part of) a wallet payment of an order back to the wallet: gift money returns as gift
   * (first), the rest as cash. At most what was paid from the wallet and not yet refunded (WAL00008).
   * A refund of an order paid by other means into the wallet is a `transfer` from the 'refunds'
   * platform account.
   */
  async refundOrder(input: OrderMoveInput, db: Db = this.db): Promise<OrderMoveResult> {
    const { userId, amountCents, idempotencyKey } = input;
    const { ref, anchorId: orderId } = movedFor(input);
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new AppError('WAL00002');
    return inTransaction(db, async (tx) => {
      const anchor = await this.anchor(tx, {
        idempotencyKey,
        userId,
        orderId,
        direction: 'refund',
        amountCents,
      });
      if (anchor.replayed) return anchor.result;
      const [sums] = await tx
        .select({
          gift: sql<string>`COALESCE(SUM(CASE WHEN direction = 'pay' THEN gift_cents ELSE -gift_cents END), 0)`,
          cash: sql<string>`COALESCE(SUM(CASE WHEN direction = 'pay' THEN cash_cents ELSE -cash_cents END), 0)`,
        })
        .from(walletOrderMoves)
        .where(and(eq(walletOrderMoves.userId, userId), eq(walletOrderMoves.orderId, orderId)));
      const giftLeft = Number(sums.gift);
      const cashLeft = Number(sums.cash);
      if (amountCents > giftLeft + cashLeft) throw new AppError('WAL00008');
      const giftCents = Math.min(giftLeft, amountCents);
      const cashCents = amountCents - giftCents;
      if (giftCents > 0) {
        await this.ledger.transfer(
          {
            from: { platform: 'clearing' },
            to: { userId, account: 'gift' },
            amountCents: giftCents,
            kind: 'refund',
            ref,
            idempotencyKey: `${idempotencyKey}:gift`,
          },
          tx,
        );
      }
      if (cashCents > 0) {
        await this.ledger.transfer(
          {
            from: { platform: 'clearing' },
            to: { userId, account: 'cash' },
            amountCents: cashCents,
            kind: 'refund',
            ref,
            idempotencyKey: `${idempotencyKey}:cash`,
          },
          tx,
        );
      }
      await tx
        .update(walletOrderMoves)
        .set({ giftCents, cashCents })
        .where(and(eq(walletOrderMoves.orderId, orderId), eq(walletOrderMoves.id, anchor.id)));
      return { giftCents, cashCents, replayed: false };
    });
  }

  /** What the wallet paid for an order (and of it from the gift balance) and what was refunded of it. */
  async orderMoves(orderId: string, db: Db = this.db): Promise<OrderMoves> {
    const rows = await db.select().from(walletOrderMoves).where(eq(walletOrderMoves.orderId, orderId));
    let paidCents = 0;
    let paidGiftCents = 0;
    let refundedCents = 0;
    for (const r of rows) {
      if (r.direction === 'pay') {
        paidCents += r.giftCents + r.cashCents;
        paidGiftCents += r.giftCents;
      } else refundedCents += r.giftCents + r.cashCents;
    }
    return { paidCents, paidGiftCents, refundedCents };
  }

  private async anchor(
    tx: Db,
    a: {
      idempotencyKey: string;
      userId: string;
      orderId: string;
      direction: 'pay' | 'refund';
      amountCents: number;
      /** The gift and cash parts when known now (else written by the caller later). */
      split?: { giftCents: number; cashCents: number };
    },
  ): Promise<{ replayed: false; id: number } | { replayed: true; result: OrderMoveResult }> {
    // A template, not the query builder: every wallet payment writes one (issue 5, see db.ts).
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO ${walletOrderMoves} ${valuesOf(walletOrderMoves, [
        {
          idempotencyKey: a.idempotencyKey,
          userId: a.userId,
          orderId: a.orderId,
          direction: a.direction,
          ...a.split,
        },
      ])} ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      { prepared: true },
    );
    if (inserted.length > 0) return { replayed: false, id: Number(inserted[0].id) };
    return { replayed: true, result: await this.replayOf(tx, a) };
  }

  /** The first result of an order move whose key was used before; WAL00007 when it was for another. */
  private async replayOf(
    db: Db,
    a: { idempotencyKey: string; userId: string; orderId: string; direction: 'pay' | 'refund'; amountCents: number },
  ): Promise<OrderMoveResult> {
    const [prior] = await db
      .select()
      .from(walletOrderMoves)
      .where(eq(walletOrderMoves.idempotencyKey, a.idempotencyKey));
    if (
      !prior ||
      prior.userId !== a.userId ||
      prior.orderId !== a.orderId ||
      prior.direction !== a.direction ||
      prior.giftCents + prior.cashCents !== a.amountCents
    ) {
      throw new AppError('WAL00007');
    }
    return { giftCents: prior.giftCents, cashCents: prior.cashCents, replayed: true };
  }
}
