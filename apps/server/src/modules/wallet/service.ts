// WalletService, the wallet module's service: balances, transfers, staff adjustments, rewards and
// the bill; order payments and refunds are handed on to payments.ts. Withdrawals live in
// withdrawals.ts; the names other files import from here are re-exported below.
import type { BillKind, BillLine, Page, UserAccount } from '@shop/contracts';
import { USER_ACCOUNTS } from '@shop/contracts';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { type AccountRef, Ledger, type PlatformAccount, type TransferInput, type TransferResult } from './ledger.ts';
import {
  type OrderMoveInput,
  type OrderMoveResult,
  type OrderMoves,
  type OrderPaymentInput,
  type OrderPaymentParts,
  OrderPayments,
} from './payments.ts';
import { walletAccounts, walletEntries, walletTransfers } from './tables.ts';

export { formatUsd } from './money.ts';
export type { OrderMoveResult } from './payments.ts';
export {
  type WithdrawalDecision,
  type WithdrawalDeps,
  type WithdrawalRow,
  WithdrawalService,
  withdrawalNotice,
  withdrawalView,
} from './withdrawals.ts';

export type Balances = {
  cashCents: number;
  frozenCents: number;
  giftCents: number;
  points: number;
  ecashCents: number;
  bonusCents: number;
  loanCreditCents: number;
};

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

/**
 * Wallet balances, order payments and refunds, rewards and staff adjustments. Every method that can
 * take part in a caller's transaction accepts its handle as the last argument.
 */
export class WalletService {
  readonly ledger: Ledger;
  private readonly db: Db;
  private readonly payments: OrderPayments;

  constructor(db: Db) {
    this.db = db;
    this.ledger = new Ledger(db);
    this.payments = new OrderPayments(db, this.ledger);
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

  // ---------------------------------------------------------------- order payments (payments.ts)

  payOrder(input: OrderPaymentInput, db?: Db): Promise<OrderMoveResult> {
    return this.payments.payOrder(input, db);
  }

  orderPaymentParts(input: OrderPaymentInput, db?: Db, balancesRead?: unknown): Promise<OrderPaymentParts> {
    return this.payments.orderPaymentParts(input, db, balancesRead);
  }

  keptOrderPaymentParts(input: OrderPaymentInput): Promise<{ ctes: Record<string, SQL>; refusals: SQL[] } | null> {
    return this.payments.keptOrderPaymentParts(input);
  }

  refundOrder(input: OrderMoveInput, db?: Db): Promise<OrderMoveResult> {
    return this.payments.refundOrder(input, db);
  }

  orderMoves(orderId: string, db?: Db): Promise<OrderMoves> {
    return this.payments.orderMoves(orderId, db);
  }

  // ---------------------------------------------------------------- adjustments, rewards, bills

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

export { walletAccounts };
