import type { ErrorEntry } from './types.ts';

/** Riel beside dollars (issue 47): the day's rate and payments in riel. */
export const currencyErrors = {
  /** A staff-entered rate outside the bounds of riel.ts (KHR_PER_USD_MIN–MAX, whole riel). */
  CUR00001: {
    'en-US': 'The rate is whole riel per US dollar, from {min} to {max}',
    chs: '汇率须为每美元的整数瑞尔，范围 {min} 至 {max}',
    kh: 'អត្រាប្តូរប្រាក់ត្រូវជាចំនួនរៀលគត់ក្នុងមួយដុល្លារ ពី {min} ដល់ {max}',
  },
  /** Paying in riel needs a rate; none was ever set. */
  CUR00002: {
    'en-US': 'Paying in riel is not available yet; please pay in US dollars',
    chs: '暂不支持瑞尔支付，请使用美元支付',
    kh: 'ការបង់ប្រាក់ជារៀលមិនទាន់អាចប្រើបានទេ សូមបង់ជាដុល្លារអាមេរិក',
  },
  /** Riel is paid by KHQR only (the gateways and the wallet take US dollars). */
  CUR00003: {
    'en-US': 'Only KHQR can be paid in riel',
    chs: '仅 KHQR 支持以瑞尔支付',
    kh: 'មានតែ KHQR ទេដែលអាចបង់ជារៀលបាន',
  },
  /** The amount is less than half a 100-riel note: there is nothing to pay in riel. */
  CUR00004: {
    'en-US': 'This amount is too small to pay in riel; please pay in US dollars',
    chs: '金额过小，无法以瑞尔支付，请使用美元支付',
    kh: 'ចំនួនទឹកប្រាក់នេះតូចពេកសម្រាប់បង់ជារៀល សូមបង់ជាដុល្លារអាមេរិក',
  },
  /** One live KHQR per payable (issue 43): a code in the other currency is still open. */
  CUR00005: {
    'en-US': 'A KHQR code in {currency} is still open for this payment; pay it, or try again after {time}',
    chs: '此付款仍有一个 {currency} 的 KHQR 码有效；请支付该码，或在 {time} 后重试',
    kh: 'នៅមានលេខកូដ KHQR ជា {currency} សម្រាប់ការបង់ប្រាក់នេះ សូមបង់វា ឬព្យាយាមម្តងទៀតក្រោយ {time}',
  },
} satisfies Record<string, ErrorEntry>;
