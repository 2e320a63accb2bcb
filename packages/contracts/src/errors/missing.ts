/**
 * Codes that say the thing a link names does not exist: the product, category, tag, promotion,
 * shop, order or address of the page. A screen reached by such a link says "not found" in the
 * shopper's language and offers a way on, rather than a toast over a blank page. A malformed link
 * (its id fails the call's schema) answers SYS00001 and is treated the same way by the screen.
 */
export const NOT_FOUND_CODES: readonly string[] = [
  'SYS00002',
  'CAT00001',
  'CAT00002',
  'CAT00003',
  'CAT00004',
  'CAT00007',
  'ORD0001',
  'ADDR0001',
  'GFT00006',
  'EVA00001',
  'BLG00013',
  'BLG00024',
  'EVA00003',
  'HAI00003',
  'HAI00010',
  'HAI00015',
];

/** The code of a call whose input did not pass its schema (HTTP 400). */
export const INVALID_INPUT_CODE = 'SYS00001';
