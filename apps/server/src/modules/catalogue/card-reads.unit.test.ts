import { describe, expect, it } from 'vitest';
import { CardReads } from './card-reads.ts';
import type { CardRow } from './queries.ts';

/** Card rows read for many pages at once (card-reads.ts). */
describe('card reads shared by pages', () => {
  const row = (id: number) => ({ id, items: [] }) as unknown as CardRow;

  it('reads the pages waiting together, a bounded batch per statement, a few statements at once', async () => {
    const statements: number[][] = [];
    let underWay = 0;
    let most = 0;
    const reads = new CardReads(async (ids) => {
      statements.push(ids);
      underWay++;
      most = Math.max(most, underWay);
      await new Promise((resolve) => setTimeout(resolve, 5));
      underWay--;
      return ids.filter((id) => id !== 13).map(row);
    });
    const pages = Array.from({ length: 40 }, (_, page) => Array.from({ length: 20 }, (_, k) => page * 20 + k));
    const answers = await Promise.all(pages.map((ids) => reads.rows(ids)));
    answers.forEach((rows, page) => {
      for (const id of pages[page]) expect(rows.get(id)?.id ?? null).toBe(id === 13 ? null : id);
    });
    // 800 products: far fewer statements than pages, none over 100 products, at most 3 at once.
    expect(statements.length).toBeLessThan(pages.length / 2);
    expect(Math.max(...statements.map((ids) => ids.length))).toBeLessThanOrEqual(100);
    expect(most).toBeLessThanOrEqual(3);
    expect(reads.figures.pages).toBe(pages.length);
  });

  it('fails the pages of a statement that fails, and reads on for the next ones', async () => {
    let fail = true;
    const reads = new CardReads(async (ids) => {
      if (fail) throw new Error('database down');
      return ids.map(row);
    });
    await expect(reads.rows([1, 2])).rejects.toThrow('database down');
    fail = false;
    expect((await reads.rows([3])).get(3)?.id).toBe(3);
  });
});
