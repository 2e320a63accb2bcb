import type { ErrorEntry } from './types.ts';

/** Riel beside dollars (issue 47): the day's rate and payments in riel. */
export const currencyErrors = {
  /** A staff-entered rate outside the bounds of riel.ts (KHR_PER_USD_MIN–MAX, whole riel). */
  CUR00001: {
    'en-US': 'The rate is whole riel per US dollar, from {min} to {max}',
    chs: '汇率须为每美元的整数瑞尔，范围 {min} 至 {max}',
    kh: 'អត្រាប្តូរប្រាក់ត្រូវជាចំនួនរៀលគត់ក្នុងមួយដុល្លារ ពី {min} ដល់ {max}',
  },
} satisfies Record<string, ErrorEntry>;
