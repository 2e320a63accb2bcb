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
const KHMER = /\p{Script=Khmer}/u;
/** Chinese words up to this many characters are found by an exact lexeme (every part of a run is one). */
const HAN_PART = 4;
/**
 * The longest part of a Chinese or Khmer run written as one word: each place a word can start in a
 * run is written with up to this many characters after it, so a long phrase costs its length times
 * this, not its length squared, and a word anywhere in it is found (a longer query asks for its
 * first this many characters).
 */
const RUN_PART = 24;

/**
 * Bumped whenever `searchDocument` changes what it writes: the documents of an older version are
 * written again when the shop starts (CatalogueService.refreshSearchDocuments).
 */
export const SEARCH_DOC_VERSION = 3;

/**
 * What full-text search reads. Every prefix of a word (two letters at least) and every part of a
 * Chinese run (up to HAN_PART characters) is a word of its own, so a search by the start of a word
 * is an exact lexeme match, which the GIN index answers without rechecking rows. Khmer runs have
 * no spaces between words either: from every letter able to start a word, the run's next RUN_PART
 * characters are added, and a prefix query (`word:*`) finds any word of the phrase.
 */
export function searchDocument(name: LocalizedText, brand: string, categoryNames: LocalizedText[]): string {
  const out = new Set<string>();
  for (const word of allNames(name, brand, categoryNames).flatMap(words)) {
    out.add(word);
    if (!UNSPACED.test(word)) {
      const chars = [...word];
      for (let end = 2; end < chars.length; end++) out.add(chars.slice(0, end).join(''));
      continue;
    }
    for (const run of word.match(UNSPACED_RUN) ?? []) {
      const chars = [...run];
      for (let i = 0; i < chars.length; i++) {
        if (HAN.test(chars[i])) {
          // Chinese: from every character (one character is a word), and every short part.
          out.add(chars.slice(i, i + RUN_PART).join(''));
          for (let end = i + 1; end <= Math.min(chars.length, i + HAN_PART); end++)
            out.add(chars.slice(i, end).join(''));
        } else if (KHMER_START.test(chars[i]) && chars[i - 1] !== COENG && chars.length - i >= 2) {
          // Khmer: from a letter that can start a word, two characters at least (not from a vowel
          // sign, nor from a subscript letter, which follows the coeng sign).
          out.add(chars.slice(i, i + RUN_PART).join(''));
        }
      }
    }
  }
  return [...out].join(' ');
}

/** The Khmer sign that makes the next letter a subscript (part of the same syllable). */
const COENG = '\u17D2';

/** Plurals that are not: their singular would find other words. */
const NOT_PLURAL = new Set(['lens', 'news', 'series', 'species', 'gas', 'bus', 'yes', 'this', 'always', 'perhaps']);

/**
 * The singular an English plural may stand for ("dresses" → "dress", "batteries" → "battery",
 * "shoes" → "shoe"), or nothing. A search by a plural also finds the singular: names say "Dress",
 * shoppers type "dresses".
 */
export function singular(word: string): string | null {
  if (word.length < 4 || !/^[a-z]+s$/.test(word) || NOT_PLURAL.has(word)) return null;
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return null;
  return word.slice(0, -1);
}

/**
 * The tsquery of a keyword: every word must match the start of a word of the document. Latin
 * words and short Chinese ones are exact lexemes (their prefixes are in the document); Khmer and
 * longer Chinese ones are prefix queries. Empty when nothing is searchable.
 */
export function toTsQuery(keyword: string): string {
  return words(keyword)
    .map((w) => w.replace(/['\\:&|!()<>*]/g, ''))
    .filter(Boolean)
    .map((w) => {
      if (!isLexeme(w)) return `'${[...w].slice(0, RUN_PART).join('')}':*`;
      const one = singular(w);
      return one ? `('${w}' | '${one}')` : `'${w}'`;
    })
    .join(' & ');
}

function isLexeme(word: string): boolean {
  const length = [...word].length;
  if (KHMER.test(word)) return false;
  if (HAN.test(word)) return length <= HAN_PART && [...word].every((c) => HAN.test(c));
  return length >= 2;
}

/** The Latin words (3+ letters, no digits: model codes are not corrected) of a product's names: the typo vocabulary. */
export function vocabulary(name: LocalizedText, brand: string, categoryNames: LocalizedText[]): string[] {
  return [...new Set(allNames(name, brand, categoryNames).flatMap(words))].filter((w) => /^[a-z]{3,}$/.test(w));
}
