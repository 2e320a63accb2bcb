import { initI18n, type LocaleLoader } from '../shared/i18n/index.ts';

/**
 * Every translation file of the app, loaded lazily: the shared "common" namespace from
 * shared/locales and one namespace per feature from features/<name>/locales.
 */
const shared = import.meta.glob<{ default: Record<string, unknown> }>('../shared/locales/*.json');
const features = import.meta.glob<{ default: Record<string, unknown> }>('../features/*/locales/*.json');

function loaders(): Record<string, LocaleLoader> {
  const map: Record<string, LocaleLoader> = {};
  for (const [file, load] of Object.entries(shared)) {
    map[`common/${file.match(/([^/]+)\.json$/)?.[1]}`] = load;
  }
  for (const [file, load] of Object.entries(features)) {
    const [, feature, language] = file.match(/features\/([^/]+)\/locales\/([^/]+)\.json$/) ?? [];
    map[`${feature}/${language}`] = load;
  }
  return map;
}

export const startI18n = () => initI18n(loaders());
