import { describe, expect, it } from 'vitest';
import { LANGUAGES, normalizeLanguage } from '../i18n.ts';
import { ERRORS, type ErrorCode, errorHttpStatus, errorMessage } from './index.ts';

describe('the error catalogue', () => {
  const codes = Object.keys(ERRORS) as ErrorCode[];

  it('has a message in every language for every code, with the same placeholders', () => {
    for (const code of codes) {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const english = (ERRORS[code] as Record<string, string>)['en-US'];
      for (const language of LANGUAGES) {
        const text = (ERRORS[code] as Record<string, string>)[language];
        expect(text, `${code} ${language}`).toBeTruthy();
        expect(placeholders(text), `${code} ${language}`).toEqual(placeholders(english));
      }
    }
  });

  it('keeps the codes the spec names', () => {
    expect(errorMessage('USR00003', 'en-US')).toMatch(/session/i);
    expect(errorMessage('COUPONCODE0005', 'en-US')).toBe(
      'Promotion code is invalid, please enter a valid promotion code',
    );
  });

  it('fills placeholders and gives business outcomes HTTP 200', () => {
    expect(errorMessage('SYS00001', 'chs', { detail: 'page' })).toBe('请求参数无效：page');
    expect(errorHttpStatus('USR00003')).toBe(200);
    expect(errorHttpStatus('USR00001')).toBe(400);
    expect(errorHttpStatus('SYS00002')).toBe(404);
  });
});

describe('languages', () => {
  it('maps the spellings clients send to en-US, chs and kh', () => {
    expect(normalizeLanguage('km')).toBe('kh');
    expect(normalizeLanguage('KM-KH')).toBe('kh');
    expect(normalizeLanguage('zh-CN')).toBe('chs');
    expect(normalizeLanguage('fr')).toBe('en-US');
    expect(normalizeLanguage(undefined)).toBe('en-US');
  });
});
