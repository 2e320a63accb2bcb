import type { BillKind, BillLine, Localized, Page, UserAccount, Withdrawal, WithdrawalState } from '@shop/contracts';
import { USER_ACCOUNTS } from '@shop/contracts';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
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
import { type AccountRef, Ledger, type PlatformAccount, type TransferInput, type TransferResult } from './ledger.ts';
import {
  walletAccounts,
  walletEntries,
  walletOrderMoves,
  walletTransfers,
  withdrawalHistory,
  withdrawals,
} from './tables.ts';

export type Balances = {
  cashCents: number;
  frozenCents: number;
  giftCents: number;
  points: number;
  ecashCents: number;
  bonusCents: number;
  loanCreditCents: number;
};

export type OrderMoveResult = {
  giftCents: number;
  cashCents: number;
  replayed: boolean;
};

export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Where a staff adjustment of each user account takes its money from (or gives it back to). */
const ADJUSTMENT_SOURCE: Record<UserAccount, PlatformAccount> = {
  cash: 'adjustments',
  frozen: 'adjustments',
  gift: 'adjustments',
  points: 'points_issuer',
  ecash: 'adjustments',
  bonus: 'adjustments',
  loan_credit: 'loans',
};

/** The refusal of an order payment whose idempotency key was used before (see orderPaymentParts). */
const PAYMENT_MADE = 'wallet-payment-made';
/** The refusal of a payment split from a kept gift balance that moved since (see keptOrderPaymentParts). */
const GIFT_MOVED = 'wallet-gift-moved';

/**
 * Wallet balances, order payments and refunds, rewards and staff adjustments. Every method that can
 * take part in a caller's transaction accepts its handle as the last argument.
 */
export class WalletService {
  readonly ledger: Ledger;
  private readonly db: Db;
  /** Each shopper's gift balance as this process last split a payment with it (keptOrderPaymentParts). */
  private readonly keptGift = new BoundedMap<string, number>(10_000);

  constructor(db: Db) {
    this.db = db;
    this.ledger = new Ledger(db);
  }

  init(): Promise<void> {
    return this.ledger.ensurePlatformAccounts();
  }

  async balances(userId: string, db: Db = this.db): Promise<Balances> {
    const b = await this.ledger.balancesOf(userId, db);
    return {
      cashCents: b.cash,
      frozenCents: b.frozen,
      giftCents: b.gift,
      points: b.points,
      ecashCents: b.ecash,
      bonusCents: b.bonus,
      loanCreditCents: b.loan_credit,
    };
  }

  /** The balances as an expression of a caller's statement, for `orderPaymentParts` (see Ledger.balancesRead). */
  balancesRead(userId: string): SQL {
    return this.ledger.balancesRead(userId);
  }

  /** The general primitive (see Ledger.transfer). */
  transfer(input: TransferInput, db: Db = this.db): Promise<TransferResult> {
    return this.ledger.transfer(input, db);
  }

  /**
   * Pays an order from the wallet: gift balance first (it is for shopping only), then cash, into the
   * payments clearing account. WAL00001 when gift + cash is not enough (nothing moves). The same
   * idempotency key twice pays once and answers the first result.
   */
  async payOrder(
    input: {
      userId: string;
      orderId: string;
      amountCents: number;
      idempotencyKey: string;
      useGift?: boolean;
    },
    db: Db = this.db,
  ): Promise<OrderMoveResult> {
    const parts = await this.orderPaymentParts(input, db);
    try {
      await queryRows(db, sql`${alongside([], parts.ctes)} SELECT ${sql.join(parts.refusals, sql`, `)}`, {
        prepared: true,
      });
      return { ...parts.split, replayed: false };
    } catch (error) {
      const refusal = refusalOf(error);
      // A refused statement ends a caller's transaction: only on its own can it read the first result.
      if (refusal === PAYMENT_MADE && !isTransaction(db)) return this.replayOf(db, { ...input, direction: 'pay' });
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
    input: { userId: string; orderId: string; amountCents: number; idempotencyKey: string; useGift?: boolean },
    db: Db = this.db,
    /** The balances as the caller read them with `balancesRead`, else read here. */
    balancesRead?: unknown,
  ): Promise<{
    ctes: Record<string, SQL>;
    refusals: SQL[];
    split: { giftCents: number; cashCents: number };
  }> {
    const { userId, orderId, amountCents, idempotencyKey } = input;
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
        { idempotencyKey, userId, orderId, direction: 'pay', giftCents, cashCents },
      ])} ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    };
    const refusals = [refuseUnless(sql`EXISTS (SELECT 1 FROM wallet_anchor)`, PAYMENT_MADE)];
    const ref = { type: 'order', id: orderId };
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
  async keptOrderPaymentParts(input: {
    userId: string;
    orderId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ ctes: Record<string, SQL>; refusals: SQL[] } | null> {
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
  async refundOrder(
    input: {
      userId: string;
      orderId: string;
      amountCents: number;
      idempotencyKey: string;
    },
    db: Db = this.db,
  ): Promise<OrderMoveResult> {
    const { userId, orderId, amountCents, idempotencyKey } = input;
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
      const ref = { type: 'order', id: orderId };
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

  /** What the wallet paid for an order and what was refunded of it. */
  async orderMoves(orderId: string, db: Db = this.db): Promise<{ paidCents: number; refundedCents: number }> {
    const rows = await db.select().from(walletOrderMoves).where(eq(walletOrderMoves.orderId, orderId));
    let paidCents = 0;
    let refundedCents = 0;
    for (const r of rows) {
      if (r.direction === 'pay') paidCents += r.giftCents + r.cashCents;
      else refundedCents += r.giftCents + r.cashCents;
    }
    return { paidCents, refundedCents };
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

  /**
   * A staff adjustment of one account, positive (credit) or negative (debit), with a reason; the
   * reason and the staff id are kept on the transfer (the audit trail) and shown on the bill.
   */
  async adjust(
    input: {
      userId: string;
      account: UserAccount;
      amountCents: number;
      reason: string;
      staffId: string;
      idempotencyKey: string;
    },
    db: Db = this.db,
  ): Promise<TransferResult> {
    const reason = input.reason.trim();
    if (!reason) throw new AppError('WAL00009');
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents === 0) throw new AppError('WAL00002');
    if (input.account === 'frozen') throw new Error('frozen moves only with withdrawals');
    const user: AccountRef = { userId: input.userId, account: input.account };
    const platform: AccountRef = { platform: ADJUSTMENT_SOURCE[input.account] };
    return this.ledger.transfer(
      {
        from: input.amountCents > 0 ? platform : user,
        to: input.amountCents > 0 ? user : platform,
        amountCents: Math.abs(input.amountCents),
        kind: input.account === 'loan_credit' ? 'loan_credit' : 'adjustment',
        ref: { type: 'adjustment', id: input.idempotencyKey },
        idempotencyKey: input.idempotencyKey,
        memo: { reason, staffId: input.staffId },
      },
      db,
    );
  }

  /** A reward into the gift balance (shopping only, not withdrawable), paid by promotions. */
  reward(
    input: {
      userId: string;
      amountCents: number;
      ref: { type: string; id: string };
      idempotencyKey: string;
    },
    db: Db = this.db,
  ): Promise<TransferResult> {
    return this.ledger.transfer(
      {
        from: { platform: 'promotions' },
        to: { userId: input.userId, account: 'gift' },
        amountCents: input.amountCents,
        kind: 'reward',
        ref: input.ref,
        idempotencyKey: input.idempotencyKey,
      },
      db,
    );
  }

  /** Bill detail: the entries of the user's accounts, newest first. */
  async bills(
    userId: string,
    query: {
      page: number;
      size: number;
      account?: UserAccount;
      kind?: BillKind;
    },
    db: Db = this.db,
  ): Promise<Page<BillLine>> {
    const ids = await this.ledger.accountIdsOf(userId, query.account ? [query.account] : USER_ACCOUNTS, db);
    if (ids.size === 0) return { list: [], total: 0, page: query.page, size: query.size };
    const where = and(
      inArray(walletEntries.accountId, [...ids.keys()]),
      query.kind ? eq(walletTransfers.kind, query.kind) : undefined,
    );
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(walletEntries)
      .innerJoin(walletTransfers, eq(walletTransfers.id, walletEntries.transferId))
      .where(where);
    const rows = await db
      .select({
        id: walletEntries.id,
        accountId: walletEntries.accountId,
        amount: walletEntries.amount,
        balanceAfter: walletEntries.balanceAfter,
        createdAt: walletEntries.createdAt,
        kind: walletTransfers.kind,
        refType: walletTransfers.refType,
        refId: walletTransfers.refId,
        memo: walletTransfers.memo,
      })
      .from(walletEntries)
      .innerJoin(walletTransfers, eq(walletTransfers.id, walletEntries.transferId))
      .where(where)
      .orderBy(desc(walletEntries.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    return {
      list: rows.map((r) => {
        const memo = r.memo as Record<string, string>;
        return {
          id: r.id,
          kind: r.kind as BillKind,
          account: ids.get(r.accountId) as UserAccount,
          amountCents: r.amount,
          balanceAfterCents: r.balanceAfter,
          refType: r.refType,
          refId: r.refId,
          ...(memo.reason ? { note: memo.reason } : {}),
          createdAt: r.createdAt.toISOString(),
        };
      }),
      total,
      page: query.page,
      size: query.size,
    };
  }
}

export type WithdrawalDecision = 'agree' | 'refuse' | 'finish';

/** Allowed moves of a withdrawal (spec §4). */
const WITHDRAWAL_MOVES: Record<string, Partial<Record<WithdrawalDecision, WithdrawalState>>> = {
  init: { agree: 'agree', refuse: 'refuse' },
  agree: { finish: 'finish', refuse: 'refuse' },
};

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export function withdrawalView(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountCents: row.amountCents,
    status: row.status,
    reason: row.reason,
    appliedAt: row.appliedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export type WithdrawalDeps = {
  wallet: WalletService;
  /** The shop's withdrawal minimum (system settings). */
  minimumCents: () => Promise<number>;
  /** Throws the catalogue error of a missing, wrong or locked pay password. */
  verifyPayPassword: (userId: string, password: string) => Promise<void>;
  /** Told of every decision inside its transaction (notices). */
  onDecided?: (row: WithdrawalRow, db: Db) => Promise<void>;
};

/** Withdrawals: apply (cash → frozen), then staff decide: refuse (frozen → cash), agree, finish (frozen → payouts). */
export class WithdrawalService {
  private readonly db: Db;
  private readonly deps: WithdrawalDeps;

  constructor(db: Db, deps: WithdrawalDeps) {
    this.db = db;
    this.deps = deps;
  }

  async apply(
    input: {
      userId: string;
      amountCents: number;
      payPassword: string;
      requestId?: string;
    },
    db: Db = this.db,
  ): Promise<WithdrawalRow> {
    const { userId, amountCents } = input;
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new AppError('WAL00002');
    const min = await this.deps.minimumCents();
    if (amountCents < min) throw new AppError('WAL00003', { min: formatUsd(min) });
    const requestKey = input.requestId ? `${userId}:${input.requestId}` : null;
    if (requestKey) {
      const [prior] = await db.select().from(withdrawals).where(eq(withdrawals.requestKey, requestKey));
      if (prior) {
        if (prior.amountCents !== amountCents) throw new AppError('WAL00007');
        return prior;
      }
    }
    const { cashCents } = await this.deps.wallet.balances(userId, db);
    if (amountCents > cashCents) throw new AppError('WAL00004', { max: formatUsd(cashCents) });
    await this.deps.verifyPayPassword(userId, input.payPassword);
    return db.transaction(async (tx) => {
      const inserted = await tx
        .insert(withdrawals)
        .values({ userId, amountCents, status: 'init', requestKey })
        .onConflictDoNothing({ target: withdrawals.requestKey })
        .returning();
      if (inserted.length === 0 && requestKey) {
        const [prior] = await tx.select().from(withdrawals).where(eq(withdrawals.requestKey, requestKey));
        return prior;
      }
      const row = inserted[0];
      try {
        await this.deps.wallet.transfer(
          {
            from: { userId, account: 'cash' },
            to: { userId, account: 'frozen' },
            amountCents,
            kind: 'withdrawal_apply',
            ref: { type: 'withdrawal', id: String(row.id) },
            idempotencyKey: `withdrawal:${row.id}:apply`,
          },
          tx,
        );
      } catch (error) {
        // Another application took the money between the check above and this transfer.
        if (error instanceof AppError && error.code === 'WAL00001') {
          const now = await this.deps.wallet.balances(userId, tx);
          throw new AppError('WAL00004', { max: formatUsd(now.cashCents) });
        }
        throw error;
      }
      await tx.insert(withdrawalHistory).values({
        withdrawalId: row.id,
        fromStatus: null,
        toStatus: 'init',
        actor: `user:${userId}`,
      });
      return row;
    });
  }

  /** A staff decision; WAL00006 when the state does not allow it. Money moves in the same transaction. */
  async decide(
    id: number,
    decision: WithdrawalDecision,
    staffId: string,
    reason?: string,
    db: Db = this.db,
  ): Promise<WithdrawalRow> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
      if (!row) throw new AppError('WAL00010');
      const next = WITHDRAWAL_MOVES[row.status]?.[decision];
      if (!next) throw new AppError('WAL00006', { from: row.status, to: decision });
      if (decision === 'refuse' && !reason?.trim()) throw new AppError('WAL00009');
      const ref = { type: 'withdrawal', id: String(id) };
      if (decision === 'refuse') {
        await this.deps.wallet.transfer(
          {
            from: { userId: row.userId, account: 'frozen' },
            to: { userId: row.userId, account: 'cash' },
            amountCents: row.amountCents,
            kind: 'withdrawal_refuse',
            ref,
            idempotencyKey: `withdrawal:${id}:refuse`,
          },
          tx,
        );
      } else if (decision === 'finish') {
        await this.deps.wallet.transfer(
          {
            from: { userId: row.userId, account: 'frozen' },
            to: { platform: 'payouts' },
            amountCents: row.amountCents,
            kind: 'withdrawal_finish',
            ref,
            idempotencyKey: `withdrawal:${id}:finish`,
          },
          tx,
        );
      }
      const now = new Date();
      const [updated] = await tx
        .update(withdrawals)
        .set({
          status: next,
          staffId,
          reason: reason?.trim() || row.reason,
          ...(decision === 'finish' ? { finishedAt: now } : { decidedAt: now }),
        })
        .where(eq(withdrawals.id, id))
        .returning();
      await tx.insert(withdrawalHistory).values({
        withdrawalId: id,
        fromStatus: row.status,
        toStatus: next,
        actor: `staff:${staffId}`,
        reason: reason ?? null,
      });
      await this.deps.onDecided?.(updated, tx);
      return updated;
    });
  }

  async list(userId: string, query: { page: number; size: number }, db: Db = this.db): Promise<Page<WithdrawalRow>> {
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId));
    const list = await db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId))
      .orderBy(desc(withdrawals.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    return { list, total, page: query.page, size: query.size };
  }

  /** For the operator console: withdrawals in one state (default: under review), oldest first. */
  async queue(
    status: string = 'init',
    query: { page: number; size: number } = { page: 1, size: 20 },
    db: Db = this.db,
  ): Promise<Page<WithdrawalRow>> {
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(eq(withdrawals.status, status));
    const list = await db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.status, status))
      .orderBy(withdrawals.id)
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    return { list, total, page: query.page, size: query.size };
  }

  get(id: number, db: Db = this.db): Promise<WithdrawalRow | undefined> {
    return db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, id))
      .then((r) => r[0]);
  }

  /** Sum of open (init, agree) withdrawals of a user: equals the frozen balance. */
  async openSum(userId: string, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({
        sum: sql<string>`COALESCE(SUM(${withdrawals.amountCents}), 0)`,
      })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ['init', 'agree'])));
    return Number(row.sum);
  }
}

export { walletAccounts };

/** The notice a shopper gets when staff decide on a withdrawal. */
export function withdrawalNotice(row: WithdrawalRow): {
  kind: string;
  title: Localized;
  body: Localized;
  link: string;
} {
  const amount = formatUsd(row.amountCents);
  const reason = row.reason ?? '';
  const texts: Record<string, { title: Localized; body: Localized }> = {
    agree: {
      title: { 'en-US': 'Withdrawal approved', chs: '提现已通过审核', kh: 'ការដកប្រាក់ត្រូវបានអនុម័ត' },
      body: {
        'en-US': `Your withdrawal of ${amount} was approved and will be paid out soon.`,
        chs: `您的 ${amount} 提现已通过审核，即将打款。`,
        kh: `ការដកប្រាក់ ${amount} របស់អ្នកត្រូវបានអនុម័ត ហើយនឹងត្រូវបង់ឆាប់ៗនេះ។`,
      },
    },
    finish: {
      title: { 'en-US': 'Withdrawal paid out', chs: '提现已到账', kh: 'ការដកប្រាក់ត្រូវបានបង់រួច' },
      body: {
        'en-US': `Your withdrawal of ${amount} has been paid out.`,
        chs: `您的 ${amount} 提现已完成打款。`,
        kh: `ការដកប្រាក់ ${amount} របស់អ្នកត្រូវបានបង់រួចរាល់។`,
      },
    },
    refuse: {
      title: { 'en-US': 'Withdrawal refused', chs: '提现被拒绝', kh: 'ការដកប្រាក់ត្រូវបានបដិសេធ' },
      body: {
        'en-US': `Your withdrawal of ${amount} was refused and the money is back in your balance. Reason: ${reason}`,
        chs: `您的 ${amount} 提现被拒绝，款项已退回余额。原因：${reason}`,
        kh: `ការដកប្រាក់ ${amount} របស់អ្នកត្រូវបានបដិសេធ ហើយប្រាក់បានត្រឡប់ទៅសមតុល្យវិញ។ មូលហេតុ៖ ${reason}`,
      },
    },
  };
  const text = texts[row.status] ?? texts.agree;
  return { kind: 'withdrawal', ...text, link: '/emoneyWith' };
}
