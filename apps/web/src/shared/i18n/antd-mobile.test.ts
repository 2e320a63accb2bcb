import enUS from 'antd-mobile/es/locales/en-US';
import { describe, expect, it } from 'vitest';
import kh from '../locales/kh.json';
import { antdMobileLocale } from './antd-mobile.ts';

/** Every text path of antd-mobile's English locale, but the form's validation messages (the shop's forms have their own). */
function paths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    `${prefix}${key}` === 'Form.defaultValidateMessages' ? [] : paths(inner, `${prefix}${key}.`),
  );
}
const at = (value: unknown, path: string) =>
  path
    .replace(/\.$/, '')
    .split('.')
    .reduce<unknown>((v, key) => (v as Record<string, unknown>)?.[key], value);

describe('antd-mobile’s own texts follow the page language', () => {
  it('names the stepper’s buttons for screen readers in each language (its default is Chinese)', () => {
    expect(antdMobileLocale('en-US', {}).Stepper).toEqual({ decrease: 'decrease', increase: 'increase' });
    expect(antdMobileLocale('chs', {}).Stepper).toEqual({ decrease: '减少', increase: '增加' });
    expect(antdMobileLocale('kh', kh).Stepper).toEqual({ decrease: 'បន្ថយ', increase: 'បន្ថែម' });
    expect(antdMobileLocale('kh', kh).common.confirm).toBe('បញ្ជាក់');
  });

  it('has every text of antd-mobile in Khmer', () => {
    const khmer = antdMobileLocale('kh', kh);
    for (const path of paths(enUS).filter((p) => p !== 'locale.')) {
      const text = at(khmer, path);
      if (path === 'Calendar.yearAndMonth.') continue; // a pattern of numbers
      if (Array.isArray(text)) for (const item of text) expect(item, path).toMatch(/\p{Script=Khmer}/u);
      else expect(text, path).toMatch(/\p{Script=Khmer}/u);
    }
  });
});
