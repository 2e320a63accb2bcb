/** The searches the catalogue benches ask (bench/catalogue.ts, bench/search-tail.ts). */
export const QUERIES = [
  'smartphone',
  'samsung',
  'rice cooker',
  'smartphnoe',
  'headphnes',
  'sneak',
  'jasmine rice',
  '手机',
  '电饭煲',
  'កាសស្តាប់',
  'អង្ករ',
  'lego blocks',
  'xiaomi fan',
  'nike',
  'sunscren',
  'laptop asus',
];
/** The campaign's keywords: the above, a plural and a Khmer word inside longer names. */
export const RUSH = [...QUERIES, 'dresses', 'ស្មាតហ្វូន'];
/** Searches that must find something at every size (typos, Chinese, Khmer, plurals, Khmer inside a phrase). */
export const MUST_FIND = [
  'smartphnoe',
  'headphnes',
  'sunscren',
  '手机',
  '电饭煲',
  'កាសស្តាប់',
  'អង្ករ',
  'dresses',
  'smartphones',
  'ស្មាត',
  // "listen", inside កាសស្តាប់ (headphones): a Khmer word inside a longer one.
  'ស្តាប់',
];
