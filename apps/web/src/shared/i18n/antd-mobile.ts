import type { Language } from '@shop/contracts';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { mergeLocale } from 'antd-mobile/es/utils/merge-locale';

/** antd-mobile's texts of its own (buttons, screen-reader labels: Stepper's, Input's clear, Popup's close...). */
export type AntdMobileLocale = typeof enUS;

/**
 * antd-mobile's locale for the page's language. Without one it speaks Chinese on every page (its
 * default is zh-CN). English and Chinese are antd-mobile's own; it has no Khmer, so Khmer is its
 * English with the texts of `antdMobile` in the common Khmer catalogue (shared/locales/kh.json)
 * over it, `common` being that catalogue once loaded.
 */
export function antdMobileLocale(language: Language, common?: Record<string, unknown>): AntdMobileLocale {
  if (language === 'chs') return zhCN;
  if (language === 'en-US') return enUS;
  const khmer = common?.antdMobile;
  return khmer && typeof khmer === 'object'
    ? (mergeLocale(enUS, { ...khmer, locale: 'km' }) as AntdMobileLocale)
    : enUS;
}
