// The pay password: setting it (after an SMS code or its ticket), checking it for a wallet payment
// or withdrawal, and the parts a payment's own statement reads it with (payPasswordRead, -Kept).
import { eq, type SQL } from 'drizzle-orm';
import { BoundedMap } from '../../platform/bounded-map.ts';
import { type Db, queryRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import type { SmsCodes } from './codes.ts';
import { AccountsPart, type AccountsShared, UUID_SHAPE } from './context.ts';
import { LIMITS, Limiter, minutesOf } from './limits.ts';
import { hashPayPassword, verifyPayPassword } from './secrets.ts';
import { users } from './tables.ts';

const PAY_PASSWORD = /^\d{6}$/;

export function checkPayPasswordFormat(password: string): void {
  if (!PAY_PASSWORD.test(password)) throw new AppError('USR00030');
}

export type SetPayPasswordInput = {
  payPassword: string;
  repeatPayPassword: string;
  code?: string;
  ticket?: string;
};

/** The pay password of one `AccountsService`; SMS codes and tickets come from its `SmsCodes`. */
export class PayPasswords extends AccountsPart {
  /** Pay password hashes this process verified, by shopper (for `payPasswordKept`). */
  private readonly payHashes = new BoundedMap<string, string>(10_000);
  private readonly codes: SmsCodes;

  constructor(shared: AccountsShared, codes: SmsCodes) {
    super(shared);
    this.codes = codes;
  }

  async hasPayPassword(userId: string, db: Db = this.db): Promise<boolean> {
    const row = await this.row(userId, db);
    return Boolean(row.payPasswordHash);
  }

  /**
   * What `verifyPayPassword` reads, as an expression of a caller's statement (issue 5: a wallet
   * payment reads it with the order): a JSON object of the hash and the lock-out, NULL when there is
   * no such shopper.
   */
  payPasswordRead(userId: string): SQL {
    if (!UUID_SHAPE.test(userId)) return sql`NULL::json`;
    return sql`(SELECT json_build_object('hash', pay_password_hash, 'ms', ${this.limiter.lockedMsOf(`paypwd:${userId}`)})
      FROM ${users} WHERE id = ${userId})`;
  }

  /**
   * A wallet payment without reading the shopper first (issue 5): when this process verified their
   * pay password before and `password` matches that hash, the condition for the payment's statement
   * that the hash is still the one stored and no wrong try is on record (the statement refuses
   * otherwise); else null, and the caller verifies with a read (`verifyPayPassword`), which is also
   * where a wrong try is counted.
   */
  async payPasswordKept(userId: string, password: string): Promise<SQL | null> {
    const hash = this.payHashes.get(userId);
    if (!hash || !PAY_PASSWORD.test(password)) return null;
    if (!(await verifyPayPassword(password, hash, this.deps.config.payPasswordKey)).ok) return null;
    return sql`(EXISTS (SELECT 1 FROM ${users} WHERE id = ${userId} AND pay_password_hash = ${hash})
      AND ${this.limiter.lockedMsOf(`paypwd:${userId}`)} IS NULL)`;
  }

  /**
   * Checks a shopper's pay password. Throws USR00031 (none set), USR00032 (wrong, with tries left)
   * or USR00033 (locked after too many wrong tries). Wrong tries are counted outside the caller's
   * transaction, so a rolled-back payment still counts its failed try.
   */
  async verifyPayPassword(userId: string, password: string, db: Db = this.db, read?: unknown): Promise<void> {
    const key = `paypwd:${userId}`;
    // Every wallet payment passes here: the hash and the lock-out in one statement, or in the
    // caller's (`payPasswordRead`, passed back as `read`).
    const row = (
      read !== undefined
        ? read
        : (
            await queryRows<{ read: unknown }>(db, sql`SELECT ${this.payPasswordRead(userId)} AS read`, {
              prepared: true,
            })
          )[0].read
    ) as { hash: string | null; ms: number | null } | null;
    if (!row) throw new AppError('USR00003');
    if (!row.hash) throw new AppError('USR00031');
    const { lockedMs: locked, counted } = Limiter.statusOf(row.ms);
    if (locked) throw new AppError('USR00033', { minutes: minutesOf(locked) });
    const check = PAY_PASSWORD.test(password)
      ? await verifyPayPassword(password, row.hash, this.deps.config.payPasswordKey)
      : { ok: false, rehash: false };
    if (!check.ok) {
      const { remaining, lockedMs } = await this.limiter.fail(key, LIMITS.payLock);
      if (lockedMs) throw new AppError('USR00033', { minutes: minutesOf(lockedMs) });
      throw new AppError('USR00032', { remaining });
    }
    if (check.rehash) {
      // Stored the older way (scrypt): kept the new way from the first right answer on.
      await this.db
        .update(users)
        .set({ payPasswordHash: hashPayPassword(password, this.deps.config.payPasswordKey) })
        .where(eq(users.id, userId));
    }
    // Every payment passes here: only a shopper with wrong tries on record costs a write.
    if (counted) await this.limiter.clear(key);
    if (!check.rehash) this.payHashes.set(userId, row.hash);
  }

  /** Checks the SMS code for the pay password and hands out a one-use ticket for the next step. */
  async verifyPayPasswordCode(userId: string, code: string): Promise<{ ticket: string; validMinutes: number }> {
    const row = await this.row(userId);
    if (!row.phone) throw new AppError('USR00035');
    await this.codes.checkCode(row.phone, 'paypwd', code);
    const ticket = await this.codes.issueTicket('paypwd', userId);
    return { ticket, validMinutes: LIMITS.ticketMinutes };
  }

  async setPayPassword(userId: string, input: SetPayPasswordInput) {
    checkPayPasswordFormat(input.payPassword);
    if (input.payPassword !== input.repeatPayPassword) throw new AppError('USR00023');
    const row = await this.row(userId);
    if (!row.phone) throw new AppError('USR00035');
    if (input.ticket) await this.codes.useTicket('paypwd', input.ticket, userId);
    else await this.codes.checkCode(row.phone, 'paypwd', input.code ?? '');
    await this.db
      .update(users)
      .set({
        payPasswordHash: hashPayPassword(input.payPassword, this.deps.config.payPasswordKey),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await this.limiter.clear(`paypwd:${userId}`);
  }
}
