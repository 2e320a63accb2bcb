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

/**
 * What trigram (typo) search reads: the product's names in every language and its brand,
 * lower-cased. Kept short: every typo search compares against it.
 */
export function searchText(name: LocalizedText, brand: string, _categoryNames: LocalizedText[] = []): string {
  return normalizeKeyword([name['en-US'], name.chs, name.kh, brand].join(' '));
}

/** Khmer consonants and independent vowels: where a Khmer word can start. */
const KHMER_START = /^[\u1780-\u17B3]/u;
const HAN = /\p{Script=Han}/u;

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
        for (let i = 1; i < chars.length; i++) {
          const suffix = chars.slice(i).join('');
          // Chinese: every suffix (one character is a word). Khmer: from a letter that can start a
          // word, two characters at least (not from a vowel sign or a subscript).
          if (HAN.test(chars[i]) || (KHMER_START.test(chars[i]) && chars.length - i >= 2)) out.add(suffix);
        }
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

/** The Latin-letter words (3+ letters) of a search document: the typo vocabulary. */
export function vocabulary(doc: string): string[] {
  return [...new Set(doc.split(' ').filter((w) => /^[a-z][a-z0-9-]{2,}$/.test(w)))];
}
