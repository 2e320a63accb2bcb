import type { SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { limitCounters } from './tables.ts';

/**
 * The numbers behind every limit and lock-out of accounts. Counted in the database
 * (docs/decisions/0004) with single atomic statements, so a burst on many instances counts right.
 */
export const LIMITS = {
  sms: {
    validMinutes: 15,
    codeLength: 4,
    perPhonePerDay: 5,
    /** From this many codes today (phone) or (address), a solved slide puzzle is required. */
    puzzleFromPhoneCount: 2,
    // Per address: config.sms.perIpPerDay and config.sms.puzzleFromIp (one office or NAT may share one).
    /** Wrong entries one code survives. */
    triesPerCode: 5,
  },
  /** Wrong SMS codes per phone before code checks lock. */
  codeLock: { max: 10, windowMs: 60 * 60_000, lockMs: 30 * 60_000 },
  /** Wrong passwords per phone number. */
  loginLock: { max: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  /** Wrong passwords per client address, whatever the phone. */
  loginIpLock: { max: 30, windowMs: 60 * 60_000, lockMs: 60 * 60_000 },
  /** Wrong pay passwords per shopper. */
  payLock: { max: 5, windowMs: 60 * 60_000, lockMs: 30 * 60_000 },
  /** Slide-puzzle images per address per hour. */
  puzzlePerIpPerHour: 60,
  ticketMinutes: 10,
} as const;

/** The calendar day in Phnom Penh, for "per day" limits. */
export function shopDay(at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Phnom_Penh',
  }).format(at);
}

type Row = {
  count: number;
  last_at: Date | string | null;
  locked_until: Date | string | null;
  window_start: Date | string;
};
/** Rows of a raw statement, the same on both drivers. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));

export class Limiter {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Takes one use of `key` if at most `max` uses happened in the window and the last use is at least
   * `gapMs` old. Atomic: of a burst, exactly the allowed number get `ok`.
   */
  async take(
    key: string,
    rule: { max: number; windowMs: number; gapMs?: number },
    db: Db = this.db,
  ): Promise<{ ok: true; count: number } | { ok: false; reason: 'gap' | 'max'; waitMs: number }> {
    const win = `${rule.windowMs} milliseconds`;
    const gap = `${rule.gapMs ?? 0} milliseconds`;
    const result = rowsOf<{ count: number }>(
      await db.execute(sql`
      INSERT INTO ${limitCounters} AS c (key, window_start, count, last_at) VALUES (${key}, now(), 1, now())
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN c.window_start <= now() - ${win}::interval THEN 1 ELSE c.count + 1 END,
        window_start = CASE WHEN c.window_start <= now() - ${win}::interval THEN now() ELSE c.window_start END,
        last_at = now()
      WHERE (c.last_at IS NULL OR c.last_at <= now() - ${gap}::interval)
        AND (c.window_start <= now() - ${win}::interval OR c.count < ${rule.max})
      RETURNING count`),
    );
    if (result.length > 0) return { ok: true, count: Number(result[0].count) };
    const row = await this.read(key, db);
    const now = Date.now();
    const lastAt = asDate(row?.last_at ?? null);
    if (rule.gapMs && lastAt && now - lastAt.getTime() < rule.gapMs) {
      return {
        ok: false,
        reason: 'gap',
        waitMs: rule.gapMs - (now - lastAt.getTime()),
      };
    }
    const start = asDate(row?.window_start ?? null) ?? new Date();
    return {
      ok: false,
      reason: 'max',
      waitMs: Math.max(0, start.getTime() + rule.windowMs - now),
    };
  }

  /** How many uses `key` has in its current window (0 when none or the window is over). */
  async count(key: string, windowMs: number, db: Db = this.db): Promise<number> {
    const row = await this.read(key, db);
    if (!row) return 0;
    const start = asDate(row.window_start) as Date;
    return Date.now() - start.getTime() >= windowMs ? 0 : Number(row.count);
  }

  /** Milliseconds `key` stays locked, or 0. */
  async lockedFor(key: string, db: Db = this.db): Promise<number> {
    const result = rowsOf<{ ms: number }>(
      await db.execute(sql`
      SELECT GREATEST(0, EXTRACT(EPOCH FROM (locked_until - now())) * 1000)::float8 AS ms
      FROM ${limitCounters} WHERE key = ${key} AND locked_until > now()`),
    );
    return result.length ? Math.ceil(Number(result[0].ms)) : 0;
  }

  /** Like `lockedFor`, and whether any failure of `key` is on record (so a success knows to `clear`). */
  async status(key: string, db: Db = this.db): Promise<{ lockedMs: number; counted: boolean }> {
    const [row] = rowsOf<{ ms: number | null }>(await db.execute(sql`SELECT ${this.lockedMsOf(key)} AS ms`));
    return Limiter.statusOf(row?.ms ?? null);
  }

  /**
   * The lock time left of `key` in ms as an SQL expression, NULL when no failure is on record: a
   * caller reads it with its own columns (one statement) and passes it to `statusOf`.
   */
  lockedMsOf(key: string): SQL {
    return sql`(SELECT GREATEST(0, COALESCE(EXTRACT(EPOCH FROM (locked_until - now())) * 1000, 0))::float8
      FROM ${limitCounters} WHERE key = ${key})`;
  }

  static statusOf(ms: number | string | null): { lockedMs: number; counted: boolean } {
    return ms === null ? { lockedMs: 0, counted: false } : { lockedMs: Math.ceil(Number(ms)), counted: true };
  }

  /**
   * Counts one failure of `key`. At `max` failures within the window the key locks for `lockMs`
   * and the count starts again. Returns the failures left before a lock, or the lock time. A key
   * locked already stays as it is (a failure counted in a race with the one that locked it neither
   * lifts nor lengthens the lock): `already` says so, with the lock time left.
   */
  async fail(
    key: string,
    rule: { max: number; windowMs: number; lockMs: number },
    db: Db = this.db,
  ): Promise<{ remaining: number; lockedMs: number; already?: true }> {
    const win = `${rule.windowMs} milliseconds`;
    const lock = `${rule.lockMs} milliseconds`;
    const fresh = sql`(c.window_start <= now() - ${win}::interval OR c.locked_until IS NOT NULL)`;
    const next = sql`(CASE WHEN ${fresh} THEN 1 ELSE c.count + 1 END)`;
    const firstLocks = rule.max <= 1;
    const result = rowsOf<{ count: number; locked: boolean }>(
      await db.execute(sql`
      INSERT INTO ${limitCounters} AS c (key, window_start, count, last_at, locked_until)
      VALUES (${key}, now(), ${firstLocks ? 0 : 1}, now(), ${firstLocks ? sql`now() + ${lock}::interval` : sql`NULL`})
      ON CONFLICT (key) DO UPDATE SET
        window_start = CASE WHEN ${fresh} THEN now() ELSE c.window_start END,
        locked_until = CASE WHEN ${next} >= ${rule.max} THEN now() + ${lock}::interval ELSE NULL END,
        count = CASE WHEN ${next} >= ${rule.max} THEN 0 ELSE ${next} END,
        last_at = now()
      WHERE c.locked_until IS NULL OR c.locked_until <= now()
      RETURNING count, (locked_until IS NOT NULL) AS locked`),
    );
    const row = result[0];
    if (!row) return { remaining: 0, lockedMs: Math.max(1, await this.lockedFor(key, db)), already: true };
    if (row.locked) return { remaining: 0, lockedMs: rule.lockMs };
    return {
      remaining: Math.max(0, rule.max - Number(row?.count ?? 0)),
      lockedMs: 0,
    };
  }

  /**
   * Takes back one failure `fail` counted before the thing was checked, when it never was (the
   * party that checks it did not answer). `locked`: that failure set the lock, lifted again with the
   * failures before it kept. A lock another failure set since stays.
   */
  async giveBack(key: string, rule: { max: number }, locked: boolean, db: Db = this.db): Promise<void> {
    await db.execute(
      locked
        ? sql`UPDATE ${limitCounters} SET locked_until = NULL, count = ${Math.max(0, rule.max - 1)}
            WHERE key = ${key} AND locked_until > now()`
        : sql`UPDATE ${limitCounters} SET count = GREATEST(count - 1, 0)
            WHERE key = ${key} AND (locked_until IS NULL OR locked_until <= now())`,
    );
  }

  /**
   * Forgets the failures of `key` (after a success); a lock in force stays, unless `evenLocked` (the
   * success was the try that locked it, counted before it was checked: `tries`).
   */
  async clear(key: string, db: Db = this.db, evenLocked = false): Promise<void> {
    await db.execute(
      evenLocked
        ? sql`DELETE FROM ${limitCounters} WHERE key = ${key}`
        : sql`DELETE FROM ${limitCounters} WHERE key = ${key} AND (locked_until IS NULL OR locked_until <= now())`,
    );
  }

  private async read(key: string, db: Db): Promise<Row | undefined> {
    return rowsOf<Row>(
      await db.execute(sql`SELECT count, last_at, locked_until, window_start FROM ${limitCounters} WHERE key = ${key}`),
    )[0];
  }
}

export const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
