import type { LocalizedText } from './tables.ts';

/** Scripts written without spaces between words: Chinese (Han) and Khmer. */
const UNSPACED = /[\p{Script=Han}\p{Script=Khmer}]/u;
const UNSPACED_RUN = /[\p{Script=Han}\p{Script=Khmer}]+/gu;

/** Lower case, one space between words, at most 100 characters. */
export function normalizeKeyword(keyword: string): string {
  return keyword.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 100);
}

/** Words of a text: letters, digits and the unspaced scripts; punctuation separates. */
export function words(text: string): string[] {
  return normalizeKeyword(text)
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

function allNames(name: LocalizedText, brand: string, categoryNames: LocalizedText[]): string[] {
  return [name['en-US'], name.chs, name.kh, brand, ...categoryNames.flatMap((c) => [c['en-US'], c.chs, c.kh])];
}

/** What trigram search reads: every name in every language, lower-cased, one line. */
export function searchText(name: LocalizedText, brand: string, categoryNames: LocalizedText[]): string {
  return normalizeKeyword(allNames(name, brand, categoryNames).join(' '));
}

/**
 * What full-text search reads. Chinese and Khmer runs have no spaces between words, so every
 * suffix of such a run is added as a word: a prefix query then matches any part of the run.
 */
export function searchDocument(name: LocalizedText, brand: string, categoryNames: LocalizedText[]): string {
  const out = new Set<string>();
  for (const word of allNames(name, brand, categoryNames).flatMap(words)) {
    out.add(word);
    if (UNSPACED.test(word)) {
      for (const run of word.match(UNSPACED_RUN) ?? []) {
        const chars = [...run].slice(0, 24);
        for (let i = 0; i < chars.length; i++) out.add(chars.slice(i).join(''));
      }
    }
  }
  return [...out].join(' ');
}

/** The tsquery of a keyword: every word must match as a prefix. Empty when nothing is searchable. */
export function toTsQuery(keyword: string): string {
  return words(keyword)
    .map((w) => w.replace(/['\\:&|!()<>*]/g, ''))
    .filter(Boolean)
    .map((w) => `'${w}':*`)
    .join(' & ');
}
