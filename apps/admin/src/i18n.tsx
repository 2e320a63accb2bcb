import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import chs from './locales/chs.json';
import en from './locales/en-US.json';
import kh from './locales/kh.json';

export const LANGUAGES = ['en-US', 'chs', 'kh'] as const;
export type Language = (typeof LANGUAGES)[number];
const texts: Record<Language, Record<string, string>> = { 'en-US': en, chs, kh };
const KEY = 'console.language';

export function getLanguage(): Language {
  try {
    const stored = localStorage.getItem(KEY) as Language | null;
    if (stored && LANGUAGES.includes(stored)) return stored;
  } catch {}
  return 'en-US';
}

/**
 * Loads the bundled Khmer face (main.tsx) before Khmer is shown: Chromium keeps the boxes it drew
 * in ellipsised texts (card titles, selects) before a web font arrived. Gives up after 1.5 s.
 */
export function khmerFontReady(): Promise<unknown> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  const load = Promise.all(['400', '700'].map((w) => document.fonts.load(`${w} 16px "Noto Sans Khmer"`, 'ក')));
  return Promise.race([load, new Promise((resolve) => setTimeout(resolve, 1500))]).catch(() => undefined);
}

export type T = (key: string, params?: Record<string, string | number>) => string;

/** en-US is the fallback for a key another language has not translated yet. */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const template = texts[language][key] ?? texts['en-US'][key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const Ctx = createContext<{ language: Language; setLanguage: (l: Language) => void; t: T }>({
  language: 'en-US',
  setLanguage: () => {},
  t: (key) => key,
});

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState<Language>(getLanguage);
  const setLanguage = useCallback((l: Language) => {
    try {
      localStorage.setItem(KEY, l);
    } catch {}
    document.documentElement.lang = l === 'chs' ? 'zh-Hans' : l === 'kh' ? 'km' : 'en';
    if (l === 'kh') void khmerFontReady().then(() => setState(l));
    else setState(l);
  }, []);
  const value = useMemo(
    () => ({ language, setLanguage, t: ((key, params) => translate(language, key, params)) as T }),
    [language, setLanguage],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useI18n() {
  return useContext(Ctx);
}
export function useT(): T {
  return useContext(Ctx).t;
}
