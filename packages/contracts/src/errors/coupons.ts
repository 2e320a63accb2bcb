import type { ErrorEntry } from './types.ts';

/** Coupon and promo-code errors. COUPONCODE0005 is kept from the spec (§7: it passes silently). */
export const couponErrors = {
  COUPONCODE0005: {
    'en-US': 'Promotion code is invalid, please enter a valid promotion code',
    chs: '优惠码无效，请输入有效的优惠码',
    kh: 'លេខកូដប្រូម៉ូសិនមិនត្រឹមត្រូវ សូមបញ្ចូលលេខកូដដែលត្រឹមត្រូវ',
  },
} satisfies Record<string, ErrorEntry>;
