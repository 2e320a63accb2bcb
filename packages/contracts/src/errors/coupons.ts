import type { ErrorEntry } from './types.ts';

/** Coupon and promo-code errors. COUPONCODE0005 is kept from the spec (§7: it passes silently). */
export const couponErrors = {
  COUPONCODE0001: {
    'en-US': 'This coupon is not available',
    chs: '该优惠券不可用',
    kh: 'គូប៉ុងនេះមិនអាចប្រើបានទេ',
  },
  COUPONCODE0002: {
    'en-US': 'This coupon has expired',
    chs: '该优惠券已过期',
    kh: 'គូប៉ុងនេះផុតកំណត់ហើយ',
  },
  COUPONCODE0003: {
    'en-US': 'This coupon needs a spend of at least {min}',
    chs: '该优惠券需消费满 {min} 才能使用',
    kh: 'គូប៉ុងនេះត្រូវការការចំណាយយ៉ាងហោចណាស់ {min}',
  },
  COUPONCODE0004: {
    'en-US': 'This coupon has already been used',
    chs: '该优惠券已被使用',
    kh: 'គូប៉ុងនេះត្រូវបានប្រើរួចហើយ',
  },
  COUPONCODE0005: {
    'en-US': 'Promotion code is invalid, please enter a valid promotion code',
    chs: '优惠码无效，请输入有效的优惠码',
    kh: 'លេខកូដប្រូម៉ូសិនមិនត្រឹមត្រូវ សូមបញ្ចូលលេខកូដដែលត្រឹមត្រូវ',
  },
  COUPONCODE0006: {
    'en-US': 'You have already received this coupon',
    chs: '您已领取过该优惠券',
    kh: 'អ្នកបានទទួលគូប៉ុងនេះរួចហើយ',
  },
  COUPONCODE0007: {
    'en-US': 'All coupons of this offer have been claimed',
    chs: '该活动的优惠券已被领完',
    kh: 'គូប៉ុងនៃការផ្តល់ជូននេះត្រូវបានទទួលអស់ហើយ',
  },
  COUPONCODE0008: {
    'en-US': 'This offer is not running now',
    chs: '该活动当前未开放',
    kh: 'ការផ្តល់ជូននេះមិនដំណើរការនៅពេលនេះទេ',
  },
  COUPONCODE0009: {
    'en-US': 'Only one coupon can be used per order',
    chs: '每个订单只能使用一张优惠券',
    kh: 'អាចប្រើគូប៉ុងតែមួយប៉ុណ្ណោះក្នុងមួយការបញ្ជាទិញ',
  },
  COUPONCODE0010: {
    'en-US': 'Please enter a promotion code',
    chs: '请输入优惠码',
    kh: 'សូមបញ្ចូលលេខកូដប្រូម៉ូសិន',
  },
  COUPONCODE0011: {
    'en-US': 'This offer is for new shoppers only',
    chs: '该优惠仅限新用户',
    kh: 'ការផ្តល់ជូននេះសម្រាប់តែអ្នកទិញថ្មីប៉ុណ្ណោះ',
  },
} satisfies Record<string, ErrorEntry>;
