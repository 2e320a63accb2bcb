/**
 * Every cache of answers a process keeps, by name, with the bytes it holds and its bound
 * (ByteBoundedMap): `/metrics` reports them (`shop_answer_cache_bytes`,
 * `shop_answer_cache_max_bytes`, `shop_answer_cache_entries`; platform/metrics.ts), so an
 * operator sees what the caches hold beside the process's resident memory. One per app.
 */
export type AnswerCacheFigures = { bytes: number; maxBytes: number; entries: number };

export class AnswerCaches {
  private readonly caches = new Map<string, { figures: () => AnswerCacheFigures; release?: () => void }>();

  /**
   * A cache to report, and how it is emptied when the process is idle (platform/idle-memory.ts;
   * none: it is kept). A second one under the same name replaces the first (an app built again).
   */
  add(name: string, figures: () => AnswerCacheFigures, release?: () => void): void {
    this.caches.set(name, { figures, release });
  }

  figures(): { name: string; figures: AnswerCacheFigures }[] {
    return [...this.caches].map(([name, cache]) => ({ name, figures: cache.figures() }));
  }

  /** Empties every cache that can be (they fill again on the next asks). */
  release(): void {
    for (const cache of this.caches.values()) cache.release?.();
  }
}
