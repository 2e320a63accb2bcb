import { initI18n, type LocaleLoader, localeKeyOf } from '../shared/i18n/index.ts';

/**
 * Every translation file of the app, loaded lazily: the shared "common" namespace from
 * shared/locales and one namespace per feature from features/<name>/locales.
 */
const shared = import.meta.glob<{ default: Record<string, unknown> }>('../shared/locales/*.json');
const features = import.meta.glob<{ default: Record<string, unknown> }>('../features/*/locales/*.json');

function loaders(): Record<string, LocaleLoader> {
  const map: Record<string, LocaleLoader> = {};
  for (const [file, load] of [...Object.entries(shared), ...Object.entries(features)]) map[localeKeyOf(file)] = load;
  return map;
}

export const startI18n = () => initI18n(loaders());
