import { errorMessage, LANGUAGES } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import chs from './locales/chs.json';
import en from './locales/en-US.json';
import kh from './locales/kh.json';

/** The number's hint on /topup says what the server's refusal of that number says. */
describe('the top-up number hints', () => {
  const locales = { 'en-US': en, chs, kh } as const;
  it.each(LANGUAGES)('in %s are the catalogue’s TOP00002 and TOP00003', (language) => {
    expect(locales[language].invalidNumber).toBe(errorMessage('TOP00002', language));
    expect(locales[language].unservedNumber).toBe(errorMessage('TOP00003', language));
  });
});
