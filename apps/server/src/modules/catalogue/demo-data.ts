// The demo shop: a believable Cambodian marketplace in three languages. Its category tree (the
// electronics and the everyday goods), the words that make product names differ, its merchants,
// tags, activities and reviews, and the colours of its swatches.
import { ELECTRONICS_TOPS } from './demo-electronics.ts';
import { EVERYDAY_TOPS } from './demo-everyday.ts';
import { L, type Top } from './demo-words.ts';
import type { LocalizedText } from './tables.ts';

export type { Leaf, Shape, Top } from './demo-words.ts';

export const CATEGORY_TREE: Top[] = [...ELECTRONICS_TOPS, ...EVERYDAY_TOPS];

/** Words that make product names differ, in three languages. */
export const ADJECTIVES: LocalizedText[] = [
  L('Classic', '经典款', 'បុរាណ'),
  L('Pro', '专业版', 'ប្រូ'),
  L('Lite', '轻巧款', 'ស្រាល'),
  L('Premium', '高级款', 'ពិសេស'),
  L('Eco', '环保款', 'អេកូ'),
  L('Max', '加大款', 'ម៉ាក់'),
  L('Plus', '升级款', 'ផ្លាស់'),
  L('Mini', '迷你款', 'តូច'),
];

export const MERCHANTS: LocalizedText[] = [
  L('Angkor Mall Official', 'Angkor Mall 官方店', 'ហាងផ្លូវការ Angkor Mall'),
  L('Phnom Penh Digital', '金边数码', 'ភ្នំពេញឌីជីថល'),
  L('Siem Reap Home Store', '暹粒家居', 'ហាងគ្រឿងផ្ទះសៀមរាប'),
  L('Mekong Fresh Market', '湄公鲜市', 'ផ្សារស្រស់មេគង្គ'),
  L('Battambang Fashion', '马德望时装', 'ម៉ូដបាត់ដំបង'),
];

export const TAGS: { name: LocalizedText; color: string }[] = [
  { name: L('Hot Deals', '热卖', 'ពេញនិយម'), color: '#e4393c' },
  { name: L('New Arrivals', '新品', 'ទំនិញថ្មី'), color: '#1677ff' },
  { name: L('Made in Cambodia', '柬埔寨制造', 'ផលិតនៅកម្ពុជា'), color: '#00b578' },
  { name: L('Free Delivery', '免运费', 'ដឹកជញ្ជូនឥតគិតថ្លៃ'), color: '#ff8f1f' },
  { name: L('Under $10', '10美元以下', 'ក្រោម $10'), color: '#7b2ff7' },
  { name: L('Best Rated', '好评如潮', 'វាយតម្លៃល្អបំផុត'), color: '#c41d7f' },
];

export const ACTIVITIES: { name: LocalizedText; subtitle: LocalizedText; color: string; days: number }[] = [
  {
    name: L('Water Festival Sale', '送水节大促', 'ពិធីបុណ្យអុំទូក'),
    subtitle: L('Up to 40% off', '低至六折', 'បញ្ចុះតម្លៃរហូតដល់ 40%'),
    color: '#1677ff',
    days: 10,
  },
  {
    name: L('11.11 Mega Sale', '双十一狂欢', 'ការលក់ធំ 11.11'),
    subtitle: L('Deals every hour', '每小时特惠', 'ការផ្តល់ជូនរៀងរាល់ម៉ោង'),
    color: '#e4393c',
    days: 14,
  },
  {
    name: L('Back to School', '开学季', 'ត្រឡប់ទៅសាលារៀនវិញ'),
    subtitle: L('Laptops, bags and books', '电脑、书包和文具', 'កុំព្យូទ័រ កាបូប និងសៀវភៅ'),
    color: '#00b578',
    days: 30,
  },
  {
    name: L('Khmer New Year Gifts', '柬埔寨新年礼物', 'កាដូចូលឆ្នាំខ្មែរ'),
    subtitle: L('Gifts for the family', '送给家人的礼物', 'កាដូសម្រាប់គ្រួសារ'),
    color: '#ff8f1f',
    days: 60,
  },
];

export const REVIEW_TEXTS: LocalizedText[] = [
  L('Good quality, fast delivery to Phnom Penh.', '质量很好，送到金边很快。', 'គុណភាពល្អ ដឹកជញ្ជូនលឿនមកភ្នំពេញ។'),
  L('Exactly as described, I will buy again.', '和描述一样，会再买。', 'ដូចការពិពណ៌នា ខ្ញុំនឹងទិញម្តងទៀត។'),
  L('Well packed, the courier was friendly.', '包装很好，快递员很友好。', 'វេចខ្ចប់ល្អ អ្នកដឹកជញ្ជូនរួសរាយ។'),
  L('Price is fair for the quality.', '性价比不错。', 'តម្លៃសមរម្យនឹងគុណភាព។'),
  L('Arrived in two days in Siem Reap.', '两天就到暹粒了。', 'មកដល់សៀមរាបក្នុងរយៈពេលពីរថ្ងៃ។'),
  L('OK, but the colour is a little different.', '还可以，但颜色有点不一样。', 'ល្អ ប៉ុន្តែពណ៌ខុសបន្តិច។'),
];

export const COLOR_SWATCH: Record<string, string> = {
  Black: '#2b2b2b',
  White: '#f2f2f2',
  Blue: '#2f6fdf',
  Red: '#d9363e',
  Green: '#2e9d5b',
  Pink: '#f07fa8',
};
