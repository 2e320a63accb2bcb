import { describe, expect, it } from 'vitest';
import { ByteBoundedMap, estimateBytes } from './byte-bounded-map.ts';

const sized = (max: number) => new ByteBoundedMap<string, string>(max, (_key, value) => value.length);

describe('ByteBoundedMap', () => {
  it('never holds more bytes than its bound, however many keys come', () => {
    const map = sized(1_000);
    for (let k = 0; k < 10_000; k++) {
      map.set(`k${k}`, 'x'.repeat(1 + (k % 97)));
      expect(map.bytes).toBeLessThanOrEqual(1_000);
    }
    // Bytes, not a count: many small entries or few large ones.
    expect(map.size).toBeGreaterThan(10);
    let sum = 0;
    for (let k = 9_999; k >= 0 && map.get(`k${k}`) !== undefined; k--) sum += (map.get(`k${k}`) as string).length;
    expect(sum).toBe(map.bytes);
  });

  it('drops the least recently used first, and a touch makes an entry recent', () => {
    const map = sized(30);
    map.set('a', 'x'.repeat(10));
    map.set('b', 'x'.repeat(10));
    map.set('c', 'x'.repeat(10));
    map.touch('a');
    map.set('d', 'x'.repeat(10));
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBeDefined();
    expect(map.get('c')).toBeDefined();
    expect(map.bytes).toBe(30);
  });

  it('keeps nothing larger than the whole bound, and replacing a key counts its bytes once', () => {
    const map = sized(50);
    expect(map.set('big', 'x'.repeat(51))).toBe(false);
    expect(map.get('big')).toBeUndefined();
    map.set('a', 'x'.repeat(20));
    map.set('a', 'x'.repeat(30));
    expect(map.bytes).toBe(30);
    expect(map.size).toBe(1);
  });

  it('learns an entry`s bytes later (a promise once loaded) and makes room for them', () => {
    const map = new ByteBoundedMap<string, unknown>(100, () => 1);
    map.set('a', 'first');
    map.set('b', 'second');
    map.resize('a', 60);
    map.resize('b', 60);
    expect(map.get('a')).toBeUndefined();
    expect(map.bytes).toBe(60);
    map.resize('b', 101);
    expect(map.get('b')).toBeUndefined();
    expect(map.bytes).toBe(0);
  });

  it('sweeps what is stale and clears', () => {
    const map = sized(100);
    map.set('old', 'x'.repeat(10));
    map.set('new', 'y'.repeat(10));
    map.deleteWhere((value) => value.startsWith('x'));
    expect(map.get('old')).toBeUndefined();
    expect(map.bytes).toBe(10);
    map.clear();
    expect(map.bytes).toBe(0);
    expect(map.size).toBe(0);
  });
});

describe('estimateBytes', () => {
  it('grows with what an answer holds: characters, entries, buffers', () => {
    const card = { productId: 1, name: 'Samsung Smartphone Classic A10', priceCents: 19900, flags: { expired: false } };
    const one = estimateBytes({ list: [card], total: 1 });
    const twenty = estimateBytes({ list: Array.from({ length: 20 }, () => card), total: 20 });
    expect(twenty).toBeGreaterThan(15 * one);
    expect(estimateBytes('ស្មាតហ្វូន')).toBeGreaterThan(estimateBytes('ab'));
    expect(estimateBytes(Buffer.alloc(5_000))).toBeGreaterThanOrEqual(5_000);
    // At least the characters of its JSON, whatever the answer.
    expect(twenty).toBeGreaterThan(JSON.stringify({ list: Array.from({ length: 20 }, () => card) }).length);
  });
});
