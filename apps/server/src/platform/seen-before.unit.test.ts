import { describe, expect, it } from 'vitest';
import { SeenBefore } from './seen-before.ts';

describe('keys asked lately (the ready answers’ doorkeeper)', () => {
  it('says a key was asked from its second ask on', () => {
    const seen = new SeenBefore();
    expect(seen.check('/v1/product/search?keyword=phone')).toBe(false);
    expect(seen.check('/v1/product/search?keyword=phone')).toBe(true);
    expect(seen.check('/v1/product/search?keyword=phone')).toBe(true);
    expect(seen.check('/v1/product/search?keyword=phones')).toBe(false);
  });

  it('takes few keys never asked for asked ones, and forgets after a round', () => {
    const seen = new SeenBefore();
    for (let k = 0; k < 90_000; k++) seen.check(`/v1/product/search?keyword=w${k}&page=1`);
    let mistaken = 0;
    for (let k = 0; k < 5_000; k++) if (seen.check(`/v1/product/search?keyword=other${k}&page=2`)) mistaken++;
    // About 3 % when full (two bits of 2^20 each, some 100,000 keys).
    expect(mistaken / 5_000).toBeLessThan(0.05);
    // Past a round of new keys the bits are emptied: the first keys are new again.
    for (let k = 0; k < 20_000; k++) seen.check(`/later/${k}`);
    expect(seen.check('/v1/product/search?keyword=w1&page=1')).toBe(false);
  });
});
