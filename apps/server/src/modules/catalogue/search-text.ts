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
 * Bumped whenever `searchDocument` changes what it writes: the documents of an older version are
 * written again when the shop starts (CatalogueService.refreshSearchDocuments).
 */
export const SEARCH_DOC_VERSION = 2;

/**
 * What full-text search reads. Every prefix of a word (two letters at least) and every part of a
 * Chinese run (up to HAN_PART characters) is a word of its own, so a search by the start of a word
 * is an exact lexeme match, which the GIN index answers without rechecking rows. Khmer runs have
 * no spaces between words either: every suffix that starts at a letter able to start a word is
 * added, and a prefix query (`word:*`) finds any part of it.
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
      const chars = [...run].slice(0, 24);
      for (let i = 0; i < chars.length; i++) {
        if (HAN.test(chars[i])) {
          // Chinese: every suffix (one character is a word) and every short part.
          out.add(chars.slice(i).join(''));
          for (let end = i + 1; end <= Math.min(chars.length, i + HAN_PART); end++)
            out.add(chars.slice(i, end).join(''));
        } else if (i > 0 && KHMER_START.test(chars[i]) && chars.length - i >= 2) {
          // Khmer: from a letter that can start a word, two characters at least (not from a vowel
          // sign or a subscript).
          out.add(chars.slice(i).join(''));
        }
      }
    }
  }
  return [...out].join(' ');
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
    .map((w) => (isLexeme(w) ? `'${w}'` : `'${w}':*`))
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
