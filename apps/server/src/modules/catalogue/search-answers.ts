/**
 * Kept search answers that are never older than the catalogue (issue: search under a campaign
 * rush). A search answer is kept as ready bytes under the catalogue's generation (tables.ts,
 * `catalogueGeneration`), which the database moves on in the same transaction as any change a card
 * or a search shows. Each search reads the generation by a read that started after the search
 * arrived, so a change committed before a search began is always seen by it, on every process; the
 * searches arriving while one read is under way share the next one, so a rush costs a few reads of
 * one row, not a search each.
 */
import { type Db, queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { catalogueGeneration } from './tables.ts';

type Waiter = { resolve: (generation: number) => void; reject: (error: unknown) => void };

export class CatalogueGeneration {
  private readonly db: Db;
  /** This process's own cache generation (shared.ts, CatalogueContext.cacheGeneration). */
  private readonly local: () => number;
  /** Callers waiting for a read that starts after they asked. */
  private waiting: Waiter[] = [];
  private reading = false;
  /** What this process last read, and its own numbering of what it has read (`epoch`). */
  private lastRead: number | null = null;
  private lastLocal = -1;
  private epoch = 0;

  constructor(db: Db, local: () => number) {
    this.db = db;
    this.local = local;
  }

  /**
   * The generation now: read by a statement that starts after this call. The number is this
   * process's own (it moves on whenever the database's row or this process's cache generation
   * does, and never comes back to an earlier value, even if the row were written anew).
   */
  fresh(): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.reading) void this.readForWaiting();
    });
  }

  private async readForWaiting() {
    this.reading = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        const local = this.local();
        const [row] = await queryRows<{ generation: string | number }>(
          this.db,
          sql`SELECT ${catalogueGeneration.generation} AS generation FROM ${catalogueGeneration} WHERE ${catalogueGeneration.id} = 1`,
          { prepared: true },
        );
        const read = Number(row?.generation ?? -1);
        if (read !== this.lastRead || local !== this.lastLocal) this.epoch++;
        this.lastRead = read;
        this.lastLocal = local;
        for (const waiter of batch) waiter.resolve(this.epoch);
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    this.reading = false;
  }
}

/**
 * Counts that only a catalogue change moves (a category's products, the whole catalogue's), kept
 * under the generation (read afresh each time, as searches read it): at a million products a
 * category's count read 28,000 index entries (7 ms) and the catalogue's a million (55 ms) on every
 * list page not in the short cache. One count per key is made at a time.
 */
export class CountsByGeneration {
  private readonly generation: CatalogueGeneration;
  private readonly counts = new Map<string, Promise<number>>();
  private under = -1;
  private static readonly MAX = 5_000;

  constructor(generation: CatalogueGeneration) {
    this.generation = generation;
  }

  async count(key: string, load: () => Promise<number>): Promise<number> {
    const generation = await this.generation.fresh();
    if (generation !== this.under || this.counts.size >= CountsByGeneration.MAX) {
      this.counts.clear();
      this.under = generation;
    }
    let counted = this.counts.get(key);
    if (!counted) {
      counted = load();
      this.counts.set(key, counted);
      // A failed count is not kept.
      counted.catch(() => {
        if (this.counts.get(key) === counted) this.counts.delete(key);
      });
    }
    return counted;
  }
}
