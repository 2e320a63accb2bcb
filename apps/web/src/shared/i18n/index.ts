import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language, normalizeLanguage } from '@shop/contracts';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from '../navigation/cookies.ts';

export type LocaleLoader = () => Promise<{ default: Record<string, unknown> }>;

/** "namespace/language" of a translation file: shared/locales/kh.json is common/kh, features/wallet/locales/kh.json wallet/kh. */
export function localeKeyOf(file: string): string {
  const [, feature, language] = file.match(/(?:features\/([^/]+)|shared)\/locales\/([^/]+)\.json$/) ?? [];
  return `${feature ?? 'common'}/${language}`;
}

/** BCP 47 tags for Intl and the html lang attribute. */
export const INTL_LOCALE: Record<Language, string> = { 'en-US': 'en-US', chs: 'zh-CN', kh: 'km-KH' };
const HTML_LANG: Record<Language, string> = { 'en-US': 'en', chs: 'zh-Hans', kh: 'km' };

export function currentLanguage(): Language {
  return normalizeLanguage(i18next.language);
}

/** The language the visitor chose before (cookie `language`, spec §1), else en-US. */
export function initialLanguage(): Language {
  const fromCookie = getCookie(LANGUAGE_COOKIE);
  return fromCookie ? normalizeLanguage(fromCookie) : DEFAULT_LANGUAGE;
}

function applyToDocument(language: Language) {
  document.documentElement.lang = HTML_LANG[language];
  document.documentElement.dataset.language = language;
}

/**
 * Starts i18next with one namespace per feature, each language loaded only when needed.
 * `loaders` maps "namespace/language" to a lazy JSON import.
 */
export async function initI18n(loaders: Record<string, LocaleLoader>) {
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      const load = loaders[`${namespace}/${language}`];
      if (!load) return callback(null, {});
      load().then(
        (module) => callback(null, module.default),
        (error) => callback(error, false),
      );
    },
  };
  const language = initialLanguage();
  applyToDocument(language);
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
}

/** Switches the language now and for later visits (cookie), and tells the server in every call. */
export async function changeLanguage(language: Language) {
  setCookie(LANGUAGE_COOKIE, language);
  applyToDocument(language);
  await i18next.changeLanguage(language);
}

export { i18next };
