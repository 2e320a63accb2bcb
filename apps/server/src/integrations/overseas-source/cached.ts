// Answers of the overseas source kept for a while, so a page never waits on a slow source for
// more than `limitMs` (a second): a fresh answer is served at once; an old one is served when the
// source is slower than the limit or failing, and renewed behind; with none kept, the caller is told
// the source is slow (and the asking goes on, so the next try finds the answer).
import { BoundedMap } from '../../platform/bounded-map.ts';
import type { Channel, OverseasSource, ParcelSink, PurchaseRequest, SearchInput } from './source.ts';
import { SourceUnavailableError } from './source.ts';

/** The source did not answer within the limit and nothing was kept. */
export class SourceSlowError extends Error {}

type Kept = { value: unknown; at: number };

export type CacheTimes = { limitMs: number; listTtlMs: number; productTtlMs: number };

export class CachedSource implements OverseasSource {
  readonly inner: OverseasSource;
  readonly times: CacheTimes;
  private readonly kept = new BoundedMap<string, Kept>(5000);
  private readonly asking = new Map<string, Promise<unknown>>();

  constructor(inner: OverseasSource, times: Partial<CacheTimes> = {}) {
    this.inner = inner;
    this.times = { limitMs: 1000, listTtlMs: 5 * 60_000, productTtlMs: 60_000, ...times };
  }

  get name() {
    return this.inner.name;
  }

  parcelsTo(sink: ParcelSink) {
    this.inner.parcelsTo?.(sink);
  }

  /** Forgets every kept answer (tests; the console after changing a product's source). */
  forget(): void {
    this.kept.clear();
  }

  private async answer<T>(key: string, ttlMs: number, ask: () => Promise<T>): Promise<T> {
    const kept = this.kept.get(key);
    const now = Date.now();
    if (kept && now - kept.at < ttlMs) return kept.value as T;
    let pending = this.asking.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = ask().then((value) => {
        this.kept.set(key, { value, at: Date.now() });
        return value;
      });
      const settled = pending.finally(() => this.asking.delete(key));
      settled.catch(() => {});
      this.asking.set(key, settled);
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.times.limitMs);
    });
    try {
      const first = await Promise.race([pending, late]);
      if (first !== 'late') return first;
      if (kept) return kept.value as T;
      throw new SourceSlowError(`overseas source slower than ${this.times.limitMs} ms`);
    } catch (error) {
      if (error instanceof SourceSlowError) throw error;
      if (kept) return kept.value as T;
      throw error instanceof SourceUnavailableError ? error : new SourceUnavailableError(String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  categories(channel: Channel) {
    return this.answer(`cat:${channel}`, this.times.listTtlMs, () => this.inner.categories(channel));
  }
  search(input: SearchInput) {
    const key = `search:${input.channel}:${input.keyword ?? ''}:${input.categoryId ?? ''}:${input.shopId ?? ''}:${input.sort ?? ''}:${input.page}:${input.size}`;
    return this.answer(key, this.times.listTtlMs, () => this.inner.search(input));
  }
  hot(channel: Channel, size: number) {
    return this.answer(`hot:${channel}:${size}`, this.times.listTtlMs, () => this.inner.hot(channel, size));
  }
  recommend(channel: Channel, page: number, size: number) {
    return this.answer(`rec:${channel}:${page}:${size}`, this.times.listTtlMs, () =>
      this.inner.recommend(channel, page, size),
    );
  }
  /** A product; `maxAgeMs` asks for a fresher answer than usual (checking out). */
  product(channel: Channel, id: string, maxAgeMs = this.times.productTtlMs) {
    return this.answer(`product:${channel}:${id}`, Math.min(maxAgeMs, this.times.productTtlMs), () =>
      this.inner.product(channel, id),
    );
  }
  similar(channel: Channel, id: string, size: number) {
    return this.answer(`similar:${channel}:${id}:${size}`, this.times.listTtlMs, () =>
      this.inner.similar(channel, id, size),
    );
  }
  shop(channel: Channel, shopId: string) {
    return this.answer(`shop:${channel}:${shopId}`, this.times.listTtlMs, () => this.inner.shop(channel, shopId));
  }
  searchByPicture(channel: Channel, picture: Buffer, size: number) {
    return this.inner.searchByPicture(channel, picture, size);
  }
  purchase(request: PurchaseRequest) {
    return this.inner.purchase(request);
  }
  /** The source's day report, never kept (null: a source without one). */
  dayReport(day: string) {
    return this.inner.report ? this.inner.report(day) : Promise.resolve(null);
  }
}
