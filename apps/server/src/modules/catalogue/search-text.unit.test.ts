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
