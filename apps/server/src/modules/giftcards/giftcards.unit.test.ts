import { describe, expect, it } from 'vitest';
import {
  giftCardKey,
  hashCode,
  isCardCode,
  isCardNumber,
  newCardCode,
  newCardNumber,
  normalizeDigits,
  numberHash,
  verifyCode,
} from './secrets.ts';

describe('gift card secrets', () => {
  const key = giftCardKey('test-key');

  it('draws 16-digit numbers starting 8855 and 8-digit codes', () => {
    for (let i = 0; i < 50; i++) {
      expect(isCardNumber(newCardNumber())).toBe(true);
      expect(newCardNumber().startsWith('8855')).toBe(true);
      expect(isCardCode(newCardCode())).toBe(true);
    }
  });

  it('reads a number as printed, without spaces, dashes or dots', () => {
    expect(normalizeDigits(' 8855 2026-0000.0001 ')).toBe('8855202600000001');
    expect(isCardNumber(normalizeDigits('8855 2026 0000 000'))).toBe(false);
  });

  it('finds a number by its keyed hash, which depends on the key', () => {
    expect(numberHash('8855202600000001', key)).toBe(numberHash('8855202600000001', key));
    expect(numberHash('8855202600000001', key)).not.toBe(numberHash('8855202600000002', key));
    expect(numberHash('8855202600000001', giftCardKey('other'))).not.toBe(numberHash('8855202600000001', key));
  });

  it('keeps codes salted: two hashes of one code differ, both verify, a wrong code or key does not', () => {
    const a = hashCode('20260001', key);
    const b = hashCode('20260001', key);
    expect(a).not.toBe(b);
    expect(a).not.toContain('20260001');
    expect(verifyCode('20260001', a, key)).toBe(true);
    expect(verifyCode('20260001', b, key)).toBe(true);
    expect(verifyCode('20260002', a, key)).toBe(false);
    expect(verifyCode('20260001', a, giftCardKey('other'))).toBe(false);
    expect(verifyCode('20260001', 'garbage', key)).toBe(false);
  });
});
