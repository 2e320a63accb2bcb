import {
  type CurrencyRate,
  type CurrencyRateChange,
  isValidKhrPerUsd,
  KHR_PER_USD_MAX,
  KHR_PER_USD_MIN,
  RATE_STALE_AFTER_MS,
  type RateSource,
} from '@shop/contracts';
import { desc } from 'drizzle-orm';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { currencyRates } from './tables.ts';

/**
 * How long a process answers the rate from memory. A change made through this process is seen at
 * once (the memory is forgotten); another instance of the fleet sees it within this time. Payments
 * never read this memory: they lock the rate read in their own transaction (`lockedRate`).
 */
export const RATE_MEMORY_MS = 5_000;

/** Two changes of the rate take turns, so each one's "previous" is the rate it replaced. */
const RATE_LOCK = 4_700_001;

type Row = typeof currencyRates.$inferSelect;

const rateOf = (row: Row): CurrencyRate => ({
  khrPerUsd: row.khrPerUsd,
  asOf: row.asOf.toISOString(),
  source: row.source as RateSource,
});

const changeOf = (row: Row): CurrencyRateChange => ({
  id: row.id,
  khrPerUsd: row.khrPerUsd,
  previousKhrPerUsd: row.previousKhrPerUsd,
  source: row.source as RateSource,
  asOf: row.asOf.toISOString(),
  setBy: row.setBy,
  note: row.note,
});

/** The day's KHR per USD rate and its history (issue 47). */
export class CurrencyService {
  private readonly db: Db;
  private memory: { at: number; value: Promise<CurrencyRate | null> } | null = null;
  /** Subscribers told after every change (the web's ready answers, tests). */
  private readonly listeners: ((rate: CurrencyRate) => void)[] = [];

  constructor(db: Db) {
    this.db = db;
  }

  /** The current rate, or null when none was ever set: from memory for RATE_MEMORY_MS. */
  current(): Promise<CurrencyRate | null> {
    const now = Date.now();
    if (this.memory && now - this.memory.at < RATE_MEMORY_MS) return this.memory.value;
    const value = this.read(this.db);
    const entry = { at: now, value };
    this.memory = entry;
    // A failed read is not remembered.
    value.catch(() => {
      if (this.memory === entry) this.memory = null;
    });
    return value;
  }

  /**
   * The rate a payment locks: read afresh in the caller's transaction, never from memory, so the
   * amount a code carries is the rate staff see at that moment.
   */
  lockedRate(db: Db = this.db): Promise<CurrencyRate | null> {
    return this.read(db);
  }

  /** Whether `rate` is older than RATE_STALE_AFTER_MS at `now` (no rate is stale). */
  isStale(rate: CurrencyRate | null, now = Date.now()): boolean {
    return !rate || now - Date.parse(rate.asOf) > RATE_STALE_AFTER_MS;
  }

  /** Sets the rate; the change is kept with who, when, the old and new rate and the source. */
  async set(input: {
    khrPerUsd: number;
    source: RateSource;
    setBy: string;
    note?: string | null;
    asOf?: Date;
  }): Promise<CurrencyRateChange> {
    if (!isValidKhrPerUsd(input.khrPerUsd))
      throw new AppError('CUR00001', { min: KHR_PER_USD_MIN, max: KHR_PER_USD_MAX });
    const row = await inTransaction(this.db, async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${RATE_LOCK})`);
      const previous = await this.latest(tx);
      const [inserted] = await tx
        .insert(currencyRates)
        .values({
          khrPerUsd: input.khrPerUsd,
          previousKhrPerUsd: previous?.khrPerUsd ?? null,
          source: input.source,
          setBy: input.setBy,
          note: input.note?.trim() || null,
          ...(input.asOf ? { asOf: input.asOf } : {}),
        })
        .returning();
      return inserted;
    });
    this.memory = null;
    const rate = rateOf(row);
    for (const listener of this.listeners) listener(rate);
    return changeOf(row);
  }

  /** Called after every change of the rate. */
  onChange(listener: (rate: CurrencyRate) => void): void {
    this.listeners.push(listener);
  }

  /** The changes, newest first. */
  async history(page: number, size: number): Promise<{ list: CurrencyRateChange[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .select()
        .from(currencyRates)
        .orderBy(desc(currencyRates.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.$count(currencyRates),
    ]);
    return { list: rows.map(changeOf), total };
  }

  /** Whether any rate was ever set (demo data sets one only then). */
  async anySet(): Promise<boolean> {
    return (await this.db.$count(currencyRates)) > 0;
  }

  private async read(db: Db): Promise<CurrencyRate | null> {
    const row = await this.latest(db);
    return row ? rateOf(row) : null;
  }

  private async latest(db: Db): Promise<Row | undefined> {
    const [row] = await db.select().from(currencyRates).orderBy(desc(currencyRates.id)).limit(1);
    return row;
  }
}
