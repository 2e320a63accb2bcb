import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every text of the shop in its three languages (the journeys walk one language each in `npm test`,
 * decision 0085, so a text missing in one language must be caught here): each locale file has the
 * same keys in en-US, chs and kh, a text empty in none or in all (a hint the screen never shows
 * for a channel that needs nothing), with the same placeholders. Plural forms are by language
 * (English has `_one` and `_other`, Chinese and Khmer `_other` only), so a key is compared without
 * its plural ending. `antdMobile` is Khmer's alone: antd-mobile brings English and Chinese itself
 * (antd-mobile.test.ts checks Khmer has all of them).
 */
const LANGUAGES = ['en-US', 'chs', 'kh'] as const;
const src = path.resolve(import.meta.dirname, '../..');
const folders = [
  path.join(src, 'shared/locales'),
  ...readdirSync(path.join(src, 'features'))
    .map((feature) => path.join(src, 'features', feature, 'locales'))
    .filter((folder) => existsSync(path.join(folder, 'en-US.json'))),
];
const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)[^}]*\}\}/g;

/** Each leaf of a locale file: its key path without a plural ending, and its text. */
function leaves(value: unknown, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const visit = (node: unknown, at: string) => {
    if (typeof node === 'string') {
      const key = at.replace(PLURAL, '');
      out.set(key, [...(out.get(key) ?? []), node]);
    } else if (Array.isArray(node)) {
      for (const [k, child] of node.entries()) visit(child, `${at}[${k}]`);
    } else if (node && typeof node === 'object')
      for (const [name, child] of Object.entries(node))
        if (!(at === '' && name === 'antdMobile')) visit(child, at ? `${at}.${name}` : name);
  };
  visit(value, prefix);
  return out;
}
const placeholders = (texts: string[]) =>
  [...new Set(texts.flatMap((text) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1])))].sort();

describe('the shop’s locale files', () => {
  it('are found: the shared texts and each feature’s', () => {
    expect(folders.length).toBeGreaterThan(10);
  });

  for (const folder of folders) {
    const name = path.relative(src, folder);
    it(`${name}: the same keys in en-US, chs and kh, none empty alone, the same placeholders`, () => {
      const files = Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          leaves(JSON.parse(readFileSync(path.join(folder, `${language}.json`), 'utf8'))),
        ]),
      ) as Record<(typeof LANGUAGES)[number], Map<string, string[]>>;
      const english = files['en-US'];
      for (const language of LANGUAGES) {
        const texts = files[language];
        expect([...texts.keys()].sort(), `${name} ${language}: keys`).toEqual([...english.keys()].sort());
        for (const [key, values] of texts) {
          const empty = (list: string[]) => list.map((text) => text.trim() === '');
          expect(empty(values), `${name} ${language}: ${key} empty here and not in en-US, or the reverse`).toEqual(
            empty(english.get(key) ?? []),
          );
          expect(placeholders(values), `${name} ${language}: ${key}'s placeholders`).toEqual(
            placeholders(english.get(key) ?? []),
          );
        }
      }
    });
  }
});
