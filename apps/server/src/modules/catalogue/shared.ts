/**
 * What every part of the catalogue shares: the context (database, jobs, file store, the short cache of answers)
 * and the small helpers for texts, picture addresses and item flags.
 */
import type { ItemFlags, Language } from '@shop/contracts';
import type { AnswerCaches } from '../../platform/answer-caches.ts';
import { ByteBoundedMap, estimateBytes } from '../../platform/byte-bounded-map.ts';
import type { Db } from '../../platform/db.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import { CatalogueGeneration, CountsByGeneration } from './search-answers.ts';
import type { LocalizedText, SpecPair } from './tables.ts';

/** The rows of a raw query, whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const imageUrl = (id: number | null | undefined): string | null => (id ? `/v1/catalogue/image/${id}` : null);

export const tr = (text: LocalizedText | null | undefined, language: Language): string =>
  text ? text[language] || text['en-US'] : '';

export function specText(spec: SpecPair[], language: Language): string {
  return spec.map((s) => tr(s.value, language)).join(' / ');
}

export function itemFlags(
  item: { stock: number; published: boolean; expiresAt: Date | null },
  productPublished: boolean,
  now = new Date(),
): ItemFlags {
  return {
    expired: item.expiresAt !== null && item.expiresAt.getTime() <= now.getTime(),
    outOfStock: item.stock <= 0,
    unpublished: !item.published || !productPublished,
  };
}

/**
 * A few seconds of memory for answers every shopper asks for (home, categories, details). One load
 * per key at a time: when an entry expires under load, the waiting requests share the same load.
 * Bounded by the bytes it holds (issue 48), the least recently loaded going first: an answer's
 * estimate (`estimateBytes`) counted twice, for the ready bytes (JSON and its codings) that
 * ReadyAnswers keeps beside an answer object for as long as the object lives. Answers expired for
 * four times the ttl are dropped every ttl while any are kept.
 */
export class TtlCache {
  private readonly map: ByteBoundedMap<string, { at: number; value: Promise<unknown> }>;
  /** Until when each loaded answer object is given out (its entry's load time + ttl). */
  private readonly expiries = new WeakMap<object, number>();
  private readonly ttlMs: number;
  private sweeper: NodeJS.Timeout | null = null;
  constructor(ttlMs: number, maxBytes = 16 * 1024 * 1024) {
    this.ttlMs = ttlMs;
    this.map = new ByteBoundedMap(maxBytes, (key) => PENDING_BYTES + key.length * 2);
  }
  /**
   * The answer kept under `key`, else `load`'s. `stillHolds`: an expired answer that it says still
   * holds (detail-versions.ts) is kept again, the same object, instead of being loaded anew.
   */
  get<T>(key: string, load: () => Promise<T>, stillHolds?: (kept: T) => Promise<boolean>): Promise<T> {
    const hit = this.map.get(key);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value =
      hit && stillHolds
        ? (hit.value as Promise<T>).then(
            async (kept) => ((await stillHolds(kept).catch(() => false)) ? kept : load()),
            () => load(),
          )
        : load();
    const entry = { at: now, value };
    this.map.set(key, entry);
    this.keepSweeping();
    value.then(
      (loaded) => {
        if (typeof loaded === 'object' && loaded !== null) this.expiries.set(loaded, now + this.ttlMs);
        if (this.map.get(key) === entry)
          this.map.resize(key, PENDING_BYTES + key.length * 2 + 2 * estimateBytes(loaded));
      },
      // A failed load is not remembered.
      () => {
        if (this.map.get(key) === entry) this.map.delete(key);
      },
    );
    return value;
  }
  clear() {
    this.map.clear();
  }
  /** Until when `value`, an answer this cache loaded, is given out (ms since the epoch), if it did. */
  expiryOf(value: unknown): number | undefined {
    return typeof value === 'object' && value !== null ? this.expiries.get(value) : undefined;
  }
  /** What it holds, for `/metrics`. */
  figures() {
    return { bytes: this.map.bytes, maxBytes: this.map.maxBytes, entries: this.map.size };
  }
  private keepSweeping() {
    if (this.sweeper) return;
    this.sweeper = setInterval(
      () => {
        const now = Date.now();
        // Expired answers stay a while, to be kept again by `stillHolds` rather than loaded anew.
        this.map.deleteWhere((entry) => now - entry.at >= this.ttlMs * RECHECKED_WITHIN);
        if (this.map.size === 0 && this.sweeper) {
          clearInterval(this.sweeper);
          this.sweeper = null;
        }
      },
      Math.max(this.ttlMs, 1_000),
    ).unref();
  }
}
/** An expired answer is kept this many times its ttl for `stillHolds` to keep it again, then dropped. */
const RECHECKED_WITHIN = 4;
/** An entry whose answer is still loading: its key, promise and slot. */
const PENDING_BYTES = 200;

/** One per CatalogueService, handed to each of its parts. */
export class CatalogueContext {
  readonly db: Db;
  readonly jobs: JobRunner;
  /** Where the pictures are kept (platform/storage). */
  readonly store: FileStore;
  /**
   * 8 MB: the demo catalogue's answer objects take 6.7 MB; over a large catalogue a product page is
   * rarely asked twice in 3 s, so more only holds memory (decision 0086's amendment).
   */
  readonly cache = new TtlCache(3_000, 8 * 1024 * 1024);
  /** The catalogue's generation in the database, read afresh (search-answers.ts). */
  readonly databaseGeneration: CatalogueGeneration;
  /** Counts kept while the generation holds (list totals). */
  readonly counts: CountsByGeneration;

  /** Where the caches of answers report their bytes (`/metrics`), when the app gives it. */
  readonly caches: AnswerCaches | undefined;

  constructor(db: Db, jobs: JobRunner, store: FileStore, caches?: AnswerCaches) {
    this.db = db;
    this.jobs = jobs;
    this.store = store;
    this.caches = caches;
    this.databaseGeneration = new CatalogueGeneration(db, () => this.generation);
    this.counts = new CountsByGeneration(this.databaseGeneration);
    caches?.add(
      'catalogue objects',
      () => this.cache.figures(),
      () => this.cache.clear(),
    );
    caches?.add(
      'catalogue counts',
      () => this.counts.figures(),
      () => this.counts.clear(),
    );
  }

  private generation = 0;
  /** Changes whenever the cached answers are forgotten: ready answers made from them go too. */
  get cacheGeneration(): number {
    return this.generation;
  }

  /** Forget cached answers (after an operator change; tests). */
  invalidate(): void {
    this.cache.clear();
    this.generation++;
  }
}
