/** The shop's languages (spec §1). `kh` is the Khmer code the spec uses; `km` is accepted as its alias. */
export const LANGUAGES = ['en-US', 'chs', 'kh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';
export const LANGUAGE_COOKIE = 'language';

const ALIASES: Record<string, Language> = {
  'en-us': 'en-US',
  en: 'en-US',
  chs: 'chs',
  zh: 'chs',
  'zh-cn': 'chs',
  'zh-hans': 'chs',
  kh: 'kh',
  km: 'kh',
  'km-kh': 'kh',
};

/** Maps any spelling a client may send (header, cookie, query) to one of the shop's languages. */
export function normalizeLanguage(value: string | null | undefined): Language {
  if (!value) return DEFAULT_LANGUAGE;
  return ALIASES[value.trim().toLowerCase()] ?? DEFAULT_LANGUAGE;
}

/** A text in each of the three languages. */
export type Localized = Record<Language, string>;
