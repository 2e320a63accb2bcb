import { describe, expect, it } from 'vitest';
import { intersect } from './search-index.ts';

/** The index's intersection of two sorted lists of places, walked or galloped, cut at a limit. */
describe("the search index's intersection", () => {
  const sorted = (n: number, every: number, from = 0) => Int32Array.from({ length: n }, (_, k) => from + k * every);
  const expected = (a: Int32Array, b: Int32Array, limit: number) => {
    const inB = new Set(b);
    return [...a].filter((x) => inB.has(x)).slice(0, limit);
  };

  it('is the places in both, in order, walked or galloped', () => {
    const cases: [Int32Array, Int32Array][] = [
      [sorted(50, 7), sorted(100, 3)],
      [sorted(5, 1000, 3), sorted(100_000, 1)],
      [Int32Array.from([0, 99_999, 200_000]), sorted(100_000, 1)],
      [sorted(3, 2), sorted(10_000, 5, 1)],
      [new Int32Array(0), sorted(100, 1)],
    ];
    for (const [a, b] of cases) {
      expect([...intersect(a, b, 10_000)]).toEqual(expected(a, b, 10_000));
      expect([...intersect(a, b, 2)]).toEqual(expected(a, b, 2));
    }
  });
});
