/**
 * What every part of the catalogue shares: the context (database, jobs, file store, the short cache of answers)
 * and the small helpers for texts, picture addresses and item flags.
 */
import type { ItemFlags, Language } from '@shop/contracts';
import { BoundedMap } from '../../platform/bounded-map.ts';
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
 */
export class TtlCache {
  private readonly map: BoundedMap<string, { at: number; value: Promise<unknown> }>;
  private readonly ttlMs: number;
  constructor(ttlMs: number, max = 2000) {
    this.ttlMs = ttlMs;
    this.map = new BoundedMap(max);
  }
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.map.get(key);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    this.map.set(key, { at: now, value });
    // A failed load is not remembered.
    value.catch(() => {
      if (this.map.get(key)?.value === value) this.map.delete(key);
    });
    return value;
  }
  clear() {
    this.map.clear();
  }
}

/** One per CatalogueService, handed to each of its parts. */
export class CatalogueContext {
  readonly db: Db;
  readonly jobs: JobRunner;
  /** Where the pictures are kept (platform/storage). */
  readonly store: FileStore;
  readonly cache = new TtlCache(3_000);
  /** The catalogue's generation in the database, read afresh (search-answers.ts). */
  readonly databaseGeneration: CatalogueGeneration;
  /** Counts kept while the generation holds (list totals). */
  readonly counts: CountsByGeneration;

  constructor(db: Db, jobs: JobRunner, store: FileStore) {
    this.db = db;
    this.jobs = jobs;
    this.store = store;
    this.databaseGeneration = new CatalogueGeneration(db, () => this.generation);
    this.counts = new CountsByGeneration(this.databaseGeneration);
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
