/**
 * Kept search answers that are never older than the catalogue (issue: search under a campaign
 * rush). A search answer is kept as ready bytes under the catalogue's generation (tables.ts,
 * `catalogueGeneration`), which the database moves on in the same transaction as any change a card
 * or a search shows. Each search reads the generation by a read that started after the search
 * arrived, so a change committed before a search began is always seen by it, on every process; the
 * searches arriving while one read is under way share the next one, so a rush costs a few reads of
 * one row, not a search each.
 */
import { ByteBoundedMap } from '../../platform/byte-bounded-map.ts';
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
  /** The database's generation each of the last few epochs read (the search index's label). */
  private readonly databaseOf = new Map<number, number>();

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

  /**
   * The database's generation `epoch` read (one of the last EPOCHS_KEPT), or undefined. Two epochs
   * with the same database generation differ only by this process's own cache generation, which
   * the search table does not follow (search-index.ts).
   */
  database(epoch: number): number | undefined {
    return this.databaseOf.get(epoch);
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
        if (read !== this.lastRead || local !== this.lastLocal) {
          this.epoch++;
          this.databaseOf.set(this.epoch, read);
          if (this.databaseOf.size > EPOCHS_KEPT) this.databaseOf.delete(this.epoch - EPOCHS_KEPT);
        }
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

/** Epochs whose database generation is remembered (searches under way read one of the last few). */
const EPOCHS_KEPT = 64;

/** What the kept counts may hold (their keys). */
const COUNTS_BYTES = 1024 * 1024;

/**
 * Counts that only a catalogue change moves (a category's products, the whole catalogue's), kept
 * under the generation (read afresh each time, as searches read it): at a million products a
 * category's count read 28,000 index entries (7 ms) and the catalogue's a million (55 ms) on every
 * list page not in the short cache. One count per key is made at a time. At most COUNTS_BYTES of them.
 */
export class CountsByGeneration {
  private readonly generation: CatalogueGeneration;
  private readonly counts = new ByteBoundedMap<string, Promise<number>>(
    COUNTS_BYTES,
    (key) => ENTRY_BYTES + key.length * 2,
  );
  private under = -1;

  constructor(generation: CatalogueGeneration) {
    this.generation = generation;
  }

  async count(key: string, load: () => Promise<number>): Promise<number> {
    const generation = await this.generation.fresh();
    if (generation !== this.under) {
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

  figures() {
    return { bytes: this.counts.bytes, maxBytes: this.counts.maxBytes, entries: this.counts.size };
  }

  /** Forgets every count (they are counted again when asked). */
  clear(): void {
    this.counts.clear();
  }
}

/** A kept number or small record's key, promise or object and map slot. */
const ENTRY_BYTES = 160;

/**
 * What is known of a question while the catalogue's generation holds (search.ts's SearchRoute: the
 * statement that answers it and its total), at most `maxBytes` of it, the least recently used
 * going first: a question's other pages and orders skip the strategies that found nothing and the
 * count (issue 48). The generation is the one the search started under (ReadyAnswers), so a route
 * found before a change is never used after it.
 */
export class KeptByGeneration<V> {
  private readonly kept: ByteBoundedMap<string, V>;
  private under: number | undefined;

  constructor(maxBytes: number, sizeOf: (key: string, value: V) => number) {
    this.kept = new ByteBoundedMap(maxBytes, (key, value) => ENTRY_BYTES + key.length * 2 + sizeOf(key, value));
  }

  get(generation: number, key: string): V | undefined {
    return generation === this.under ? this.kept.touch(key) : undefined;
  }

  set(generation: number, key: string, value: V): void {
    // A search that started under an older generation keeps nothing; a newer one starts afresh.
    if (this.under !== undefined && generation < this.under) return;
    if (generation !== this.under) {
      this.kept.clear();
      this.under = generation;
    }
    this.kept.set(key, value);
  }

  figures() {
    return { bytes: this.kept.bytes, maxBytes: this.kept.maxBytes, entries: this.kept.size };
  }

  /** Forgets what is kept (found again when asked). */
  clear(): void {
    this.kept.clear();
  }
}
