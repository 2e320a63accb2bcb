// Withdrawals: the shopper applies (cash → frozen), staff decide (refuse, agree, finish), the lists
// and sums staff and shoppers see, and the notice a shopper gets of a decision.
import type {
  Localized,
  Page,
  Withdrawal,
  WithdrawalBank,
  WithdrawalDestinationInput,
  WithdrawalState,
} from '@shop/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { type StaffSearch, staffSearchPage } from '../../platform/staff-search.ts';
import type { TransferInput, TransferResult } from './ledger.ts';
import { formatUsd } from './money.ts';
import { withdrawalHistory, withdrawals } from './tables.ts';

export type WithdrawalDecision = 'agree' | 'refuse' | 'finish';

/** Allowed moves of a withdrawal (spec §4). */
const WITHDRAWAL_MOVES: Record<string, Partial<Record<WithdrawalDecision, WithdrawalState>>> = {
  init: { agree: 'agree', refuse: 'refuse' },
  agree: { finish: 'finish', refuse: 'refuse' },
};

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** An account number shown back: its last 4 digits only. */
export function maskAccount(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`;
}

export function withdrawalView(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountCents: row.amountCents,
    destination:
      row.bank && row.accountNumber
        ? {
            bank: row.bank as WithdrawalBank,
            accountName: row.accountName ?? '',
            accountMasked: maskAccount(row.accountNumber),
          }
        : null,
    status: row.status,
    reason: row.reason,
    appliedAt: row.appliedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** What withdrawals use of the wallet (its service, which re-exports this file). */
type WalletMoves = {
  balances(userId: string, db?: Db): Promise<{ cashCents: number }>;
  transfer(input: TransferInput, db?: Db): Promise<TransferResult>;
};

export type WithdrawalDeps = {
  wallet: WalletMoves;
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
      /** Where the money goes; the shop's call always asks for it (contracts: applyWithdrawal). */
      destination?: WithdrawalDestinationInput;
      requestId?: string;
    },
    db: Db = this.db,
  ): Promise<WithdrawalRow> {
    const { userId, amountCents } = input;
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new AppError('WAL00002');
    const accountNumber = input.destination?.accountNumber.replace(/\s/g, '');
    if (accountNumber !== undefined && !/^\d{6,20}$/.test(accountNumber)) throw new AppError('WAL00012');
    const destination = input.destination
      ? { bank: input.destination.bank, accountName: input.destination.accountName.trim(), accountNumber }
      : {};
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
        .values({ userId, amountCents, status: 'init', requestKey, ...destination })
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

  /** The console's list: by state, the shopper and the withdrawal's number; tab counts alike. */
  staffSearch(filter: StaffSearch) {
    const t = withdrawals;
    const columns = { state: t.status, userId: t.userId, reference: t.id, exactReference: true };
    return staffSearchPage(this.db, t, columns, filter, [t.id]);
  }
}

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
