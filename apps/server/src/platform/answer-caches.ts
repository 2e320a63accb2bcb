/**
 * Every cache of answers a process keeps, by name, with the bytes it holds and its bound
 * (ByteBoundedMap): `/metrics` reports them (`shop_answer_cache_bytes`,
 * `shop_answer_cache_max_bytes`, `shop_answer_cache_entries`; platform/metrics.ts), so an
 * operator sees what the caches hold beside the process's resident memory. One per app.
 */
export type AnswerCacheFigures = { bytes: number; maxBytes: number; entries: number };

export class AnswerCaches {
  private readonly caches = new Map<string, () => AnswerCacheFigures>();

  /** A cache to report; a second one under the same name replaces the first (an app built again). */
  add(name: string, figures: () => AnswerCacheFigures): void {
    this.caches.set(name, figures);
  }

  figures(): { name: string; figures: AnswerCacheFigures }[] {
    return [...this.caches].map(([name, figures]) => ({ name, figures: figures() }));
  }
}
