/**
 * A map of at most `max` entries, the oldest set going first: what this process keeps of what it
 * saw, to spare a read (a statement then checks it, issue 5) or a load (sessions, catalogue
 * answers). Never the truth: whoever takes an entry must be ready to find it stale.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** The entry, removed: for what may be used once. */
  take(key: K): V | undefined {
    const value = this.entries.get(key);
    this.entries.delete(key);
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries[Symbol.iterator]();
  }
}
