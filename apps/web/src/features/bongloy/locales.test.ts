import { BONGLOY_NATIONALITIES } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import chs from './locales/chs.json';
import enUS from './locales/en-US.json';
import kh from './locales/kh.json';

const SCRIPT = { 'en-US': /^[A-Za-z .'-]+$/, chs: /^\p{Script=Han}+$/u, kh: /^\p{Script=Khmer}+$/u };

describe('step 1’s nationalities', () => {
  it('are named in each page language, in its own script (browsers have no Khmer region names)', () => {
    for (const [language, texts] of [
      ['en-US', enUS],
      ['chs', chs],
      ['kh', kh],
    ] as const) {
      const names = (texts as { nationalities?: Record<string, string> }).nationalities ?? {};
      for (const code of BONGLOY_NATIONALITIES) expect(names[code], `${language} ${code}`).toMatch(SCRIPT[language]);
      expect(new Set(Object.values(names)).size, language).toBe(BONGLOY_NATIONALITIES.length);
    }
  });
});
