import { describe, expect, it } from 'vitest';
import { isDocumentNumber, isEmailAddress, isEnglishName, isMobileNumber } from './field-rules.ts';

describe('the shop form fields’ rules (one copy for screen and server)', () => {
  it('names in English letters', () => {
    expect(isEnglishName('Sokha')).toBe(true);
    expect(isEnglishName("  Chan  O'Neil-Dara ")).toBe(true);
    expect(isEnglishName('Sokha1')).toBe(false);
    expect(isEnglishName('សុខា')).toBe(false);
    expect(isEnglishName('')).toBe(false);
  });
  it('document numbers, emails', () => {
    expect(isDocumentNumber('N1234567')).toBe(true);
    expect(isDocumentNumber('12')).toBe(false);
    expect(isDocumentNumber('N12345678901234')).toBe(false);
    expect(isEmailAddress('sokha@example.com')).toBe(true);
    expect(isEmailAddress('bad@')).toBe(false);
    expect(isEmailAddress('bad@host')).toBe(false);
  });
  it('Cambodian and Chinese mobile numbers as people type them', () => {
    for (const ok of [
      '012 345 678',
      '012345678',
      '+855 12 345 678',
      '00855 12 345 678',
      '096 123 4567',
      '+86 138 1234 5678',
    ])
      expect(isMobileNumber(ok), ok).toBe(true);
    expect(isMobileNumber('138 1234 5678', '+86')).toBe(true);
    expect(isMobileNumber('12 345 678', '+855')).toBe(true);
    for (const wrong of ['123', '12', '012 345', '023 123 456', 'abc', '+1 202 555 0100', '138 1234 5678'])
      expect(isMobileNumber(wrong), wrong).toBe(false);
  });
});
