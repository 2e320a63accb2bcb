/**
 * Keys asked lately, to keep an answer only from its second ask (a "doorkeeper", as TinyLFU puts
 * one in front of a cache): a search's long tail asks most questions once, and keeping each of
 * those answers cost more than it saved (issue 48, decision 0084: every kept page went to the old
 * generation and was collected there, and its keeping took the cache's map work each time).
 *
 * A set of bits (BITS of them, 128 KB) that each key sets in two places, emptied once it has taken
 * KEYS_PER_ROUND new keys, so "lately" is about the last 100,000 questions. A key never asked can be
 * taken for one asked (two of its bits set by others: about 3 % when full); its answer is then kept
 * on its first ask, as every answer was before.
 */
const BITS = 1 << 20;
const KEYS_PER_ROUND = 100_000;

export class SeenBefore {
  private readonly bits = new Uint32Array(BITS / 32);
  private added = 0;

  /** Whether `key` was asked lately; it counts as asked from now on. */
  check(key: string): boolean {
    const hash = fnv1a(key);
    // Two places from one hash: its low bits, and its bits mixed again (murmur3's finaliser).
    const first = hash & (BITS - 1);
    const second = mix(hash) & (BITS - 1);
    const seen = this.has(first) && this.has(second);
    if (!seen) {
      if (this.added >= KEYS_PER_ROUND) {
        this.bits.fill(0);
        this.added = 0;
      }
      this.set(first);
      this.set(second);
      this.added++;
    }
    return seen;
  }

  private has(bit: number): boolean {
    return (this.bits[bit >>> 5] & (1 << (bit & 31))) !== 0;
  }

  private set(bit: number): void {
    this.bits[bit >>> 5] |= 1 << (bit & 31);
  }
}

/** FNV-1a over the string's UTF-16 code units (32 bits). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
