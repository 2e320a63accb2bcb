import { describe, expect, it } from 'vitest';
import { searchDocument, toTsQuery, vocabulary } from './search-text.ts';

const L = (en: string, chs: string, kh: string) => ({ 'en-US': en, chs, kh });
const name = L('Samsung Galaxy A15 Smartphone', '三星 Galaxy A15 智能手机', 'ស្មាតហ្វូន Samsung');
const category = [L('Mobile Phones', '手机', 'ទូរស័ព្ទដៃ')];

describe('search documents and queries', () => {
  it('writes every prefix of a Latin word and every short part of a Chinese run as a word', () => {
    const doc = searchDocument(name, 'Samsung', category).split(' ');
    expect(doc).toEqual(expect.arrayContaining(['smartphone', 'sm', 'smartph', 'a1', 'a15', 'galax']));
    expect(doc).toEqual(expect.arrayContaining(['智能手机', '能手', '手机', '能手机', '机']));
    // Khmer: suffixes from a letter that can start a word.
    expect(doc).toEqual(expect.arrayContaining(['ស្មាតហ្វូន', 'ហ្វូន']));
    expect(doc).not.toContain('s');
  });

  it('asks for exact words where the document has them, prefixes for Khmer and long Chinese', () => {
    expect(toTsQuery('Smartph 手机')).toBe("'smartph' & '手机'");
    expect(toTsQuery('ស្មាត')).toBe("'ស្មាត':*");
    expect(toTsQuery('三星智能手机')).toBe("'三星智能手机':*");
    expect(toTsQuery('a OK')).toBe("'a':* & 'ok'");
    expect(toTsQuery('%_')).toBe('');
  });

  it('corrects typos against whole words, not their prefixes', () => {
    expect(vocabulary(name, 'Samsung', category)).toEqual(['samsung', 'galaxy', 'smartphone', 'mobile', 'phones']);
  });
});

/**
 * What PostgreSQL's `@@` answers for a document of `searchDocument` and a query of `toTsQuery`
 * (terms `'w'` exact, `'w':*` prefix, `|` within parentheses, `&` between): the match, in JS.
 */
function finds(doc: string, keyword: string): boolean {
  const lexemes = doc.split(' ');
  const query = toTsQuery(keyword);
  if (!query) return false;
  return query.split(' & ').every((group) =>
    group
      .replace(/^\(|\)$/g, '')
      .split(' | ')
      .some((term) => {
        const [, word, prefix] = term.match(/^'(.*)'(:\*)?$/) as RegExpMatchArray;
        return prefix ? lexemes.some((l) => l.startsWith(word)) : lexemes.includes(word);
      }),
  );
}

describe('search quality (issue: a million products)', () => {
  const doc = (en: string, kh = '') => searchDocument(L(en, '', kh), '', []);

  it('finds the singular by its English plural', () => {
    expect(finds(doc('Zando Dress Classic'), 'dresses')).toBe(true);
    expect(finds(doc('Anker Power Bank Battery'), 'batteries')).toBe(true);
    expect(finds(doc('Casio Watch'), 'watches')).toBe(true);
    expect(finds(doc('Adidas Running Shoe'), 'shoes')).toBe(true);
    expect(finds(doc('Ray-Ban Sunglass Case'), 'sunglasses')).toBe(true);
    expect(finds(doc('Samsung Galaxy Phone'), 'samsung phones')).toBe(true);
    // What ends in s without being a plural keeps its meaning.
    expect(finds(doc('Glass Bottle'), 'glass')).toBe(true);
    expect(finds(doc('Lenovo Tablet'), 'lens')).toBe(false);
    expect(finds(doc('Zando Dress'), 'shoes')).toBe(false);
  });

  it('finds a Khmer word inside a longer Khmer phrase written without spaces', () => {
    // "New smartphone for students in Cambodia", as one run of Khmer letters.
    const phrase = doc('Phone', 'ទូរស័ព្ទដៃស្មាតហ្វូនថ្មីសម្រាប់សិស្សនិស្សិតនៅកម្ពុជា');
    expect(finds(phrase, 'ស្មាតហ្វូន')).toBe(true);
    expect(finds(phrase, 'សិស្ស')).toBe(true);
    expect(finds(phrase, 'កម្ពុជា')).toBe(true);
    expect(finds(phrase, 'ទូរស័ព្ទដៃស្មាតហ្វូនថ្មីសម្រាប់សិស្សនិស្សិតនៅកម្ពុជា')).toBe(true);
    expect(finds(phrase, 'បាល់')).toBe(false);
  });
});
