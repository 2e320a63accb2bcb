// The demo catalogue's shared words: the shapes its pictures are drawn as, a leaf category's
// description, and the specification dimensions and values its SKUs take, in three languages.
import type { LocalizedText } from './tables.ts';

/** Three languages in one call: English, simplified Chinese, Khmer. */
export const L = (en: string, chs: string, kh: string): LocalizedText => ({ 'en-US': en, chs, kh });

export type Shape =
  | 'phone'
  | 'tablet'
  | 'laptop'
  | 'tv'
  | 'headphones'
  | 'watch'
  | 'shirt'
  | 'dress'
  | 'shoe'
  | 'bag'
  | 'bottle'
  | 'jar'
  | 'sack'
  | 'pot'
  | 'fan'
  | 'box'
  | 'ball'
  | 'toy'
  | 'book'
  | 'lamp'
  | 'helmet'
  | 'can';

export type Leaf = {
  name: LocalizedText;
  noun: LocalizedText;
  shape: Shape;
  brands: string[];
  /** Price range in USD cents. */
  price: [number, number];
  /** The specification dimension of its SKUs and its values. */
  spec: { name: LocalizedText; values: LocalizedText[] };
};

export type Top = { name: LocalizedText; mids: { name: LocalizedText; leaves: Leaf[] }[] };

export const COLOR = L('Colour', '颜色', 'ពណ៌');
export const SIZE = L('Size', '尺码', 'ទំហំ');
export const CAP = L('Capacity', '容量', 'ចំណុះ');
export const WEIGHT = L('Weight', '重量', 'ទម្ងន់');
export const STORAGE = L('Storage', '存储', 'ទំហំផ្ទុក');
export const PACK = L('Pack', '包装', 'កញ្ចប់');

export const black = L('Black', '黑色', 'ខ្មៅ');
export const white = L('White', '白色', 'ស');
export const blue = L('Blue', '蓝色', 'ខៀវ');
export const red = L('Red', '红色', 'ក្រហម');
export const green = L('Green', '绿色', 'បៃតង');
export const pink = L('Pink', '粉色', 'ផ្កាឈូក');
export const colours = [black, white, blue, red];
export const sizes = [L('S', 'S', 'S'), L('M', 'M', 'M'), L('L', 'L', 'L'), L('XL', 'XL', 'XL')];
export const shoeSizes = ['39', '40', '41', '42', '43'].map((s) => L(s, s, s));
export const storage = ['64GB', '128GB', '256GB'].map((s) => L(s, s, s));
export const volumes = ['500 ml', '1 L', '1.5 L'].map((s) => L(s, s, s));
export const weights = [L('1 kg', '1 公斤', '1 គីឡូ'), L('5 kg', '5 公斤', '5 គីឡូ'), L('25 kg', '25 公斤', '25 គីឡូ')];
export const packs = [
  L('Single', '单件', 'មួយ'),
  L('Pack of 3', '三件装', 'កញ្ចប់ 3'),
  L('Pack of 6', '六件装', 'កញ្ចប់ 6'),
];

export const leaf = (
  name: LocalizedText,
  noun: LocalizedText,
  shape: Shape,
  brands: string[],
  price: [number, number],
  spec: Leaf['spec'],
): Leaf => ({ name, noun, shape, brands, price, spec });
