import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import chs from './chs.json' with { type: 'json' };
import en from './en-US.json' with { type: 'json' };
import kh from './kh.json' with { type: 'json' };

// The shop's i18next set-up (shared/i18n): the three languages, no fallback language.
async function translator(lng: string) {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    fallbackLng: false,
    supportedLngs: ['en-US', 'chs', 'kh'],
    resources: { 'en-US': { overseas: en }, chs: { overseas: chs }, kh: { overseas: kh } },
    defaultNS: 'overseas',
    interpolation: { escapeValue: false },
  });
  return instance.t.bind(instance);
}

describe('overseas counts read as numbers of things in every language', () => {
  it('says one item, two items (en-US)', async () => {
    const t = await translator('en-US');
    expect(t('orderTotal', { count: 1, total: '$5.00' })).toBe('1 item · $5.00');
    expect(t('orderTotal', { count: 2, total: '$5.00' })).toBe('2 items · $5.00');
    expect(t('products', { count: 1 })).toBe('1 product');
    expect(t('found', { count: 1, channel: 'Taobao' })).toBe('1 product on Taobao');
    expect(t('found', { count: 0, channel: 'Taobao' })).toBe('0 products on Taobao');
  });

  it('has a text for every count in chs and kh, never the key', async () => {
    for (const lng of ['chs', 'kh']) {
      const t = await translator(lng);
      for (const count of [0, 1, 2, 5]) {
        for (const key of ['orderTotal', 'products', 'found']) {
          const text = t(key, { count, total: '$5.00', channel: 'x' });
          expect(text, `${lng} ${key} ${count}`).toContain(String(count));
          expect(text).not.toContain(key);
        }
      }
    }
  });
});
