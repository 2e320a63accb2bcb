import { describe, expect, it } from 'vitest';
import { hmacHex, safeEqual } from './crypto.ts';

describe('crypto helpers', () => {
  it('hmacHex is hex HMAC-SHA256 (RFC 4231, test case 2)', () => {
    expect(hmacHex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('safeEqual tells same strings from others, of any length or script', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('', '')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('ក', 'ក')).toBe(true);
    // One character against three bytes of another: compared as bytes, never equal.
    expect(safeEqual('ក', 'abc')).toBe(false);
  });
});
