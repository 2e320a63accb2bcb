import { describe, expect, it } from 'vitest';
import { QuoteMemo } from './quote-memo.ts';

const row = (id: string, over: Record<string, unknown> = {}) =>
  ({
    id,
    userId: 'u1',
    couponId: null,
    orderId: null,
    expiresAt: new Date(Date.now() + 60_000),
    ...over,
  }) as unknown as Parameters<QuoteMemo['keep']>[0];

describe('QuoteMemo', () => {
  it('gives a kept quote once, to its shopper only, while the preorder lives', () => {
    const memo = new QuoteMemo();
    memo.keep(row('a'), []);
    expect(memo.take('a', 'u2')).toBeUndefined();
    memo.keep(row('a'), []);
    expect(memo.take('a', 'u1')?.row.id).toBe('a');
    expect(memo.take('a', 'u1')).toBeUndefined();
    memo.keep(row('b', { expiresAt: new Date(Date.now() - 1) }), []);
    expect(memo.take('b', 'u1')).toBeUndefined();
  });

  it('keeps no quote with a coupon or already placed, and at most its size, the oldest going first', () => {
    const memo = new QuoteMemo(2);
    memo.keep(row('c', { couponId: '7' }), []);
    memo.keep(row('p', { orderId: 'o' }), []);
    expect(memo.size).toBe(0);
    memo.keep(row('x'), []);
    memo.keep(row('y'), []);
    memo.keep(row('x'), []); // kept again: now the newest
    memo.keep(row('z'), []);
    expect(memo.size).toBe(2);
    expect(memo.take('y', 'u1')).toBeUndefined();
    expect(memo.take('x', 'u1')).toBeDefined();
    expect(memo.take('z', 'u1')).toBeDefined();
  });
});
