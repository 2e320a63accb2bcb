/**
 * A map that holds at most `maxBytes` of what it keeps, the least recently used going first: the
 * bound of every cache of answers (issue 48). A count of entries does not bound memory when the
 * keys are the client's to choose (a search's long tail fills 5,000 entries with whole pages).
 * Each entry's bytes are the caller's measure (`sizeOf`), or told later (`resize`) when the value
 * is a promise whose answer is not known yet. An entry larger than the whole bound is not kept.
 */
export class ByteBoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private held = 0;
  readonly maxBytes: number;
  private readonly sizeOf: (key: K, value: V) => number;

  constructor(maxBytes: number, sizeOf: (key: K, value: V) => number) {
    this.maxBytes = maxBytes;
    this.sizeOf = sizeOf;
  }

  /** Keeps `value` (the newest), making room by dropping the least recently used; false when it alone is too large. */
  set(key: K, value: V, bytes = this.sizeOf(key, value)): boolean {
    this.delete(key);
    if (bytes > this.maxBytes) return false;
    this.makeRoom(bytes);
    this.entries.set(key, { value, bytes });
    this.held += bytes;
    return true;
  }

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** The entry, made the most recently used. */
  touch(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Says an entry's bytes now that they are known (a loaded promise); dropped if it no longer fits. */
  resize(key: K, bytes: number): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.delete(key);
    this.set(key, entry.value, bytes);
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }

  /** Drops every entry `stale` says is of no more use (a sweep of expired answers). */
  deleteWhere(stale: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.entries) if (stale(entry.value, key)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }

  /** The bytes held, by the callers' measure. */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.entries.size;
  }

  private makeRoom(bytes: number) {
    for (const [oldest] of this.entries) {
      if (this.held + bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }
}

/**
 * About the bytes V8 holds for a JSON-like value (an answer object): a string's characters (two
 * bytes each, as Chinese and Khmer take) and header, a slot per property or element with its
 * name, a header per object: at least the characters of the value's JSON. An estimate for a bound, not an account: within a factor of two of a heap snapshot for
 * the catalogue's answers. Buffers count their bytes.
 */
export function estimateBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return 16 + value.length * 2;
  if (value === null || typeof value !== 'object') return 8;
  if (depth > 32) return 0;
  if (Buffer.isBuffer(value)) return 64 + value.byteLength;
  if (value instanceof Date) return 32;
  let bytes = 24;
  if (Array.isArray(value)) {
    for (const item of value) bytes += 8 + estimateBytes(item, depth + 1);
    return bytes;
  }
  for (const key in value) bytes += 8 + key.length + estimateBytes((value as Record<string, unknown>)[key], depth + 1);
  return bytes;
}
