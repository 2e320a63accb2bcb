import type { ErrorEntry } from './types.ts';

/** Gift cards (issue 20): activation by number and code, and the console's batches. */
export const giftcardErrors = {
  GFT00001: {
    'en-US': 'The card number or code is wrong; {remaining} tries left',
    chs: '卡号或卡密错误，还可尝试 {remaining} 次',
    kh: 'លេខកាត ឬលេខកូដមិនត្រឹមត្រូវ នៅសល់ {remaining} ដងទៀត',
  },
  GFT00002: {
    'en-US': 'Too many wrong tries; please try again in {minutes} minutes',
    chs: '错误次数过多，请 {minutes} 分钟后再试',
    kh: 'ព្យាយាមខុសច្រើនដងពេក សូមព្យាយាមម្តងទៀតក្នុងរយៈពេល {minutes} នាទី',
  },
  GFT00003: {
    'en-US': 'This gift card has expired',
    chs: '该礼品卡已过期',
    kh: 'កាតអំណោយនេះបានផុតកំណត់ហើយ',
  },
  GFT00004: {
    'en-US': 'This gift card has been voided',
    chs: '该礼品卡已作废',
    kh: 'កាតអំណោយនេះត្រូវបានលុបចោល',
  },
  // GFT00005 ("already been used") is retired: an activated card is not spent, and the shopper is
  // told who activated it (GFT00011 them, GFT00012 another account).
  GFT00006: {
    'en-US': 'The gift card does not exist',
    chs: '礼品卡不存在',
    kh: 'កាតអំណោយនេះមិនមានទេ',
  },
  GFT00007: {
    'en-US': 'A batch has 1 to {maxCount} cards of USD 0.01 to {maxValue} each',
    chs: '每批 1 至 {maxCount} 张，每张面值 0.01 至 {maxValue} 美元',
    kh: 'មួយបាច់មាន 1 ដល់ {maxCount} កាត ហើយតម្លៃនីមួយៗពី 0.01 ដល់ {maxValue} ដុល្លារ',
  },
  GFT00008: {
    'en-US': 'The expiry date must be in the future',
    chs: '有效期必须晚于当前时间',
    kh: 'កាលបរិច្ឆេទផុតកំណត់ត្រូវតែនៅពេលអនាគត',
  },
  GFT00009: {
    'en-US': 'The batch does not exist',
    chs: '该批次不存在',
    kh: 'បាច់នេះមិនមានទេ',
  },
  GFT00010: {
    'en-US': 'An activated gift card cannot be voided',
    chs: '已激活的礼品卡不能作废',
    kh: 'កាតអំណោយដែលបានធ្វើឱ្យសកម្មហើយ មិនអាចលុបចោលបានទេ',
  },
  /** The right number and code of a card this shopper activated before (its value is in their gift balance). */
  GFT00011: {
    'en-US': 'You have already activated this gift card; its value is in your gift balance',
    chs: '您已激活过这张礼品卡，面值已存入您的礼品余额',
    kh: 'អ្នកបានធ្វើឱ្យកាតអំណោយនេះសកម្មរួចហើយ តម្លៃរបស់វាមាននៅក្នុងសមតុល្យអំណោយរបស់អ្នក',
  },
  /** The right number and code of a card another account activated. */
  GFT00012: {
    'en-US': 'This gift card has already been activated by another account',
    chs: '该礼品卡已被其他账户激活',
    kh: 'កាតអំណោយនេះត្រូវបានធ្វើឱ្យសកម្មដោយគណនីផ្សេងរួចហើយ',
  },
} satisfies Record<string, ErrorEntry>;
