import { describe, expect, it } from 'vitest';
import { findUnreadable, MAX_NESTING, readableText } from './input-text.ts';

describe('readable text', () => {
  it('refuses NUL and unpaired surrogates, keeps every real character', () => {
    expect(readableText('ភ្នំពេញ 金边 Phnom Penh 👍')).toBe(true);
    expect(readableText('')).toBe(true);
    expect(readableText('a\u0000b')).toBe(false);
    expect(readableText('\ud800')).toBe(false);
    expect(readableText('x\udc00')).toBe(false);
    expect(readableText('\ud83d\udc4d')).toBe(true);
  });

  it('names the first unreadable place of a parsed input, keys included', () => {
    expect(findUnreadable({ a: 'ok', list: [1, 'fine', { deep: 'x\u0000' }] }, 'body')).toEqual({
      path: 'body.list[2].deep',
      reason: 'character',
    });
    expect(findUnreadable({ 'a\u0000': 1 }, 'body')).toEqual({ path: 'body.?', reason: 'character' });
    expect(findUnreadable('\ud800', 'query.keyword')).toEqual({ path: 'query.keyword', reason: 'character' });
    expect(findUnreadable({ a: 1, b: null, c: true, d: ['x'] }, 'body')).toBeNull();
    expect(findUnreadable(undefined, 'body')).toBeNull();
  });

  it('refuses nesting past MAX_NESTING without recursing (a million brackets)', () => {
    let nested: unknown = 'x';
    for (let i = 0; i < MAX_NESTING; i++) nested = [nested];
    expect(findUnreadable(nested, 'body')).toBeNull();
    expect(findUnreadable([nested], 'body')?.reason).toBe('nesting');
    const huge = JSON.parse(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
    expect(findUnreadable(huge, 'body')).toMatchObject({ reason: 'nesting' });
  });
});
