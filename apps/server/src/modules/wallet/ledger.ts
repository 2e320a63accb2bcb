import type { BillKind, UserAccount } from '@shop/contracts';
import { USER_ACCOUNTS } from '@shop/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { alongside, type Db, inTransaction, queryRows, valuesOf } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { walletAccounts, walletEntries, walletTransfers } from './tables.ts';

/** The shop's side of every movement. Platform balances mirror the users' and may be negative. */
export const PLATFORM_ACCOUNTS = [
  'clearing', // wallet payments of orders, until settled
  'refunds', // refunds to the wallet of orders paid by other means
  'promotions', // invitation rewards and other gifts
  'payouts', // finished withdrawals, paid out to a bank or wallet app
  'adjustments', // staff adjustments, each with a reason
  'loans', // loan credit from the partner (later)
  'points_issuer', // integral points (unit: points)
  'tradeins', // phones bought from shoppers after a valuation's inspection visit
  'gift_sold', // gift cards shoppers bought to send, credited to the recipient's gift balance when claimed
] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

/**
 * Each platform account is kept in this many rows (shards). Every wallet payment credits the
 * clearing account: as one row it was a lock every checkout queued on until its commit (issue 5
 * bench: most database sessions waiting on it). A transfer uses the shard of the user on its other
 * side; the account's balance is the sum of its shards, and each shard is an account of the ledger
 * like any other (balance = its entries), so the audit rules hold unchanged.
 */
export const PLATFORM_SHARDS = 16;
const shardOwner = (shard: number) => (shard === 0 ? 'platform' : `platform/${shard}`);
function shardOf(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) % PLATFORM_SHARDS;
}

export type AccountRef = { userId: string; account: UserAccount } | { platform: PlatformAccount };

export type TransferInput = {
  from: AccountRef;
  to: AccountRef;
  amountCents: number;
  kind: BillKind;
  ref: { type: string; id: string };
  idempotencyKey: string;
  memo?: Record<string, string>;
};

export type TransferResult = { transferId: number; replayed: boolean };

const unitOf = (kind: string) => (kind === 'points' || kind === 'points_issuer' ? 'points' : 'cents');

type AccountRow = { id: number; kind: string; unit: string; ownerKind: string };

/** Users whose account ids are kept in process; past this the map starts again (ids are cheap to read). */
const KNOWN_ACCOUNTS_MAX = 50_000;

/**
 * The double-entry ledger (DESIGN §6). Every movement is one transfer with a unique idempotency
 * key and two entries; balances change in the same transaction, with one conditional update on the
 * source (so concurrent debits can never overdraw) and a database CHECK as the last guard.
 */
export class Ledger {
  private readonly db: Db;
  /** Row ids of each platform account, by shard. */
  private platformIds = new Map<PlatformAccount, number[]>();
  /** Account rows of users, by user id (see userAccounts). */
  private readonly knownAccounts = new Map<string, Map<UserAccount, AccountRow>>();
  /** Users whose accounts a transaction (not yet known to be committed) created. */
  private readonly madeIn = new WeakMap<Db, Set<string>>();

  constructor(db: Db) {
    this.db = db;
  }

  /** Creates the platform accounts (at every start; idempotent) and remembers their ids. */
  async ensurePlatformAccounts(): Promise<void> {
    await this.db
      .insert(walletAccounts)
      .values(
        PLATFORM_ACCOUNTS.flatMap((kind) =>
          Array.from({ length: PLATFORM_SHARDS }, (_, shard) => ({
            ownerKind: 'platform',
            ownerId: shardOwner(shard),
            kind,
            unit: unitOf(kind),
          })),
        ),
      )
      .onConflictDoNothing();
    const rows = await this.db
      .select({ id: walletAccounts.id, kind: walletAccounts.kind, ownerId: walletAccounts.ownerId })
      .from(walletAccounts)
      .where(eq(walletAccounts.ownerKind, 'platform'));
    for (const row of rows) {
      const shard = row.ownerId === 'platform' ? 0 : Number(row.ownerId.slice('platform/'.length));
      if (!Number.isInteger(shard) || shard >= PLATFORM_SHARDS) continue;
      const ids = this.platformIds.get(row.kind as PlatformAccount) ?? [];
      ids[shard] = row.id;
      this.platformIds.set(row.kind as PlatformAccount, ids);
    }
  }

  /**
   * The ids of a user's accounts, creating them on first use (in the caller's transaction). Account
   * rows are never deleted nor change kind, so ids read from committed rows are kept in process;
   * rows this transaction made are not kept until another call reads them after its commit.
   */
  async userAccounts(userId: string, db: Db): Promise<Map<UserAccount, AccountRow>> {
    const known = this.knownAccounts.get(userId);
    if (known) return known;
    const read = () =>
      db
        .select({
          id: walletAccounts.id,
          kind: walletAccounts.kind,
          unit: walletAccounts.unit,
          ownerKind: walletAccounts.ownerKind,
        })
        .from(walletAccounts)
        .where(and(eq(walletAccounts.ownerKind, 'user'), eq(walletAccounts.ownerId, userId)));
    let rows = await read();
    const existed = rows.length === USER_ACCOUNTS.length && !this.madeIn.get(db)?.has(userId);
    if (rows.length < USER_ACCOUNTS.length) {
      const made = this.madeIn.get(db) ?? new Set<string>();
      this.madeIn.set(db, made.add(userId));
      await db
        .insert(walletAccounts)
        .values(
          USER_ACCOUNTS.map((kind) => ({
            ownerKind: 'user',
            ownerId: userId,
            kind,
            unit: unitOf(kind),
          })),
        )
        .onConflictDoNothing();
      rows = await read();
    }
    const accounts = new Map(rows.map((r) => [r.kind as UserAccount, r]));
    if (existed) {
      if (this.knownAccounts.size >= KNOWN_ACCOUNTS_MAX) this.knownAccounts.clear();
      this.knownAccounts.set(userId, accounts);
    }
    return accounts;
  }

  /** A platform side is the shard of `shardKey` (the user on the other side), so payments spread. */
  private async resolve(ref: AccountRef, db: Db, shardKey: string, shardOffset = 0): Promise<AccountRow> {
    if ('platform' in ref) {
      const id = this.platformIds.get(ref.platform)?.[(shardOf(shardKey) + shardOffset) % PLATFORM_SHARDS];
      if (id === undefined) throw new Error(`platform account ${ref.platform} missing: ensurePlatformAccounts first`);
      return {
        id,
        kind: ref.platform,
        unit: unitOf(ref.platform),
        ownerKind: 'platform',
      };
    }
    const row = (await this.userAccounts(ref.userId, db)).get(ref.account);
    if (!row) throw new Error(`account ${ref.account} of ${ref.userId} missing`);
    return row;
  }

  /** Balances of a user's accounts (0 for accounts never used). */
  async balancesOf(userId: string, db: Db = this.db): Promise<Record<UserAccount, number>> {
    const [row] = await queryRows<{ balances: unknown }>(db, sql`SELECT ${this.balancesRead(userId)} AS balances`, {
      prepared: true,
    });
    return this.balancesFrom(row.balances);
  }

  /**
   * `balancesOf` as an expression of a caller's statement (issue 5: a wallet payment reads the
   * balances with the order): a JSON object of kind → balance, read back by `balancesFrom`.
   */
  balancesRead(userId: string): SQL {
    return sql`(SELECT COALESCE(json_object_agg(kind, balance), '{}'::json) FROM ${walletAccounts}
      WHERE owner_kind = 'user' AND owner_id = ${userId})`;
  }

  balancesFrom(value: unknown): Record<UserAccount, number> {
    const read = (value ?? {}) as Record<string, number | string>;
    const out = Object.fromEntries(USER_ACCOUNTS.map((k) => [k, 0])) as Record<UserAccount, number>;
    for (const kind of USER_ACCOUNTS) if (read[kind] !== undefined) out[kind] = Number(read[kind]);
    return out;
  }

  /** The balance of a platform account: the sum of its shards. */
  async platformBalance(account: PlatformAccount, db: Db = this.db): Promise<number> {
    const ids = this.platformIds.get(account);
    if (!ids?.length) return 0;
    const [row] = await db
      .select({ balance: sql<string>`COALESCE(SUM(${walletAccounts.balance}), 0)` })
      .from(walletAccounts)
      .where(inArray(walletAccounts.id, ids));
    return Number(row?.balance ?? 0);
  }

  /**
   * Moves `amountCents` from one account to another, once per idempotency key. A repeated key with
   * the same accounts and amount returns the first transfer; with different ones it is WAL00007.
   * A user source without enough balance is WAL00001 and nothing moves. In a caller's transaction
   * no savepoint is taken (`inTransaction`): the caller lets the error roll its transaction back.
   */
  async transfer(input: TransferInput, db: Db = this.db): Promise<TransferResult> {
    return inTransaction(db, async (tx) => {
      const { from, to, ctes, moved } = await this.transferParts(input, '', tx);
      const [row] = await queryRows<{ transfer_id: string | null; moved: boolean }>(
        tx,
        sql`${alongside([], ctes)} SELECT (SELECT id FROM t) AS transfer_id, ${moved} AS moved`,
        { prepared: true },
      );
      if (row.transfer_id === null) {
        const [existing] = await tx
          .select()
          .from(walletTransfers)
          .where(eq(walletTransfers.idempotencyKey, input.idempotencyKey));
        if (
          !existing ||
          existing.fromAccount !== from.id ||
          existing.toAccount !== to.id ||
          existing.amount !== input.amountCents
        ) {
          throw new AppError('WAL00007');
        }
        return { transferId: existing.id, replayed: true };
      }
      // Not both balances moved: the source lacks the money. The error rolls the
      // transaction back, the transfer row and any half-made move with it.
      if (row.moved !== true) throw new AppError('WAL00001');
      return { transferId: Number(row.transfer_id), replayed: false };
    });
  }

  /**
   * A transfer as named CTEs of a statement (`alongside` in db.ts), their names starting with
   * `prefix`: the transfer row (its key makes it once), the two balances and the two entries. The
   * lower account id is updated first (two transfers between the same accounts never deadlock) and
   * the second update waits on the first; the source is updated only when it holds enough (a
   * platform account may go negative), with the database CHECK behind it. `moved` is true when both
   * balances moved; false when the source lacks the money or the key was used before. (Booleans over
   * the CTEs, not counts: an aggregate's set-up is a measurable part of a statement's start, issue 5.)
   * `transfer` runs these alone; a caller whose own rows must go with the money runs them in its
   * statement (a wallet payment with the order's move, issue 5). A row can be updated only once by
   * one statement: two transfers in one statement to the same platform account take different
   * shards by `shardOffset`.
   */
  async transferParts(
    input: TransferInput,
    prefix: string,
    db: Db,
    shardOffset = 0,
  ): Promise<{ from: AccountRow; to: AccountRow; ctes: Record<string, SQL>; moved: SQL }> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new Error(`transfer amount must be a positive integer, got ${input.amountCents}`);
    }
    if (!input.idempotencyKey) throw new Error('transfer needs an idempotency key');
    const shardKey =
      'userId' in input.from ? input.from.userId : 'userId' in input.to ? input.to.userId : input.idempotencyKey;
    const from = await this.resolve(input.from, db, shardKey, shardOffset);
    const to = await this.resolve(input.to, db, shardKey, shardOffset);
    if (from.id === to.id) throw new Error('transfer between one account and itself');
    if (from.unit !== to.unit) throw new Error(`transfer across units: ${from.kind} → ${to.kind}`);
    const amount = input.amountCents;
    const [low, high] =
      from.id < to.id
        ? [
            { id: from.id, delta: -amount, debit: true },
            { id: to.id, delta: amount, debit: false },
          ]
        : [
            { id: to.id, delta: amount, debit: false },
            { id: from.id, delta: -amount, debit: true },
          ];
    const enough = (side: { debit: boolean }) =>
      side.debit ? sql`AND (owner_kind = 'platform' OR balance >= ${amount})` : sql``;
    const names = { t: `${prefix}t`, low: `${prefix}low`, high: `${prefix}high`, entries: `${prefix}entries` };
    const [t, lowName, highName] = [names.t, names.low, names.high].map((n) => sql.raw(n));
    return {
      from,
      to,
      ctes: {
        [names.t]: sql`INSERT INTO ${walletTransfers} ${valuesOf(walletTransfers, [
          {
            idempotencyKey: input.idempotencyKey,
            fromAccount: from.id,
            toAccount: to.id,
            amount,
            kind: input.kind,
            refType: input.ref.type,
            refId: input.ref.id,
            memo: input.memo ?? {},
          },
        ])}
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING id`,
        [names.low]: sql`UPDATE ${walletAccounts} SET balance = balance + ${low.delta}
          WHERE id = ${low.id} AND EXISTS (SELECT 1 FROM ${t}) ${enough(low)}
          RETURNING id, balance`,
        [names.high]: sql`UPDATE ${walletAccounts} SET balance = balance + ${high.delta}
          WHERE id = ${high.id} AND EXISTS (SELECT 1 FROM ${lowName}) ${enough(high)}
          RETURNING id, balance`,
        [names.entries]: sql`INSERT INTO ${walletEntries} (transfer_id, account_id, amount, balance_after)
          SELECT ${t}.id, ${lowName}.id, ${low.delta}::bigint, ${lowName}.balance FROM ${t}, ${lowName}
          UNION ALL SELECT ${t}.id, ${highName}.id, ${high.delta}::bigint, ${highName}.balance FROM ${t}, ${highName}`,
      },
      moved: sql`(EXISTS (SELECT 1 FROM ${lowName}) AND EXISTS (SELECT 1 FROM ${highName}))`,
    };
  }

  /** Checks of DESIGN §6 over the whole ledger; empty when everything holds. Used by tests and ops. */
  async audit(db: Db = this.db): Promise<string[]> {
    const problems: string[] = [];
    const mismatched = await queryRows<{
      id: number;
      balance: string;
      sum: string;
    }>(
      db,
      sql`
      SELECT a.id, a.balance, COALESCE(SUM(e.amount), 0) AS sum
      FROM ${walletAccounts} a LEFT JOIN ${walletEntries} e ON e.account_id = a.id
      GROUP BY a.id HAVING a.balance <> COALESCE(SUM(e.amount), 0)`,
    );
    for (const row of mismatched) problems.push(`account ${row.id}: balance ${row.balance} ≠ entries ${row.sum}`);
    const totals = await queryRows<{ unit: string; total: string }>(
      db,
      sql`SELECT unit, SUM(balance) AS total FROM ${walletAccounts} GROUP BY unit`,
    );
    for (const row of totals) if (Number(row.total) !== 0) problems.push(`sum of ${row.unit} accounts is ${row.total}`);
    const negative = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM ${walletAccounts} WHERE owner_kind = 'user' AND balance < 0`,
    );
    for (const row of negative) problems.push(`user account ${row.id} is negative`);
    const unbalanced = await queryRows<{ transfer_id: number }>(
      db,
      sql`SELECT transfer_id FROM ${walletEntries} GROUP BY transfer_id HAVING SUM(amount) <> 0 OR COUNT(*) <> 2`,
    );
    for (const row of unbalanced) problems.push(`transfer ${row.transfer_id} is unbalanced`);
    return problems;
  }

  /** Account ids of a user by kind, for reading bills. */
  async accountIdsOf(
    userId: string,
    kinds: readonly UserAccount[],
    db: Db = this.db,
  ): Promise<Map<number, UserAccount>> {
    const rows = await db
      .select({ id: walletAccounts.id, kind: walletAccounts.kind })
      .from(walletAccounts)
      .where(
        and(
          eq(walletAccounts.ownerKind, 'user'),
          eq(walletAccounts.ownerId, userId),
          inArray(walletAccounts.kind, [...kinds]),
        ),
      );
    return new Map(rows.map((r) => [r.id, r.kind as UserAccount]));
  }
}
