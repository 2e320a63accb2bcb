import type { ErrorEntry } from './types.ts';

/** Campaign pages (docs/campaigns.md). */
export const campaignErrors = {
  CMP00001: {
    'en-US': 'There is no campaign on this page now',
    chs: '此页面当前没有活动',
    kh: 'បច្ចុប្បន្នមិនមានកម្មវិធីនៅលើទំព័រនេះទេ',
  },
  CMP00002: {
    'en-US': 'This campaign has not started yet',
    chs: '活动尚未开始',
    kh: 'កម្មវិធីនេះមិនទាន់ចាប់ផ្តើមនៅឡើយទេ',
  },
  CMP00003: {
    'en-US': 'This campaign has ended',
    chs: '活动已结束',
    kh: 'កម្មវិធីនេះបានបញ្ចប់ហើយ',
  },
  CMP00004: {
    'en-US': 'This coupon is not offered by this campaign',
    chs: '该活动不提供此优惠券',
    kh: 'កម្មវិធីនេះមិនផ្តល់គូប៉ុងនេះទេ',
  },
  CMP00005: {
    'en-US': 'The campaign must end after it starts',
    chs: '活动结束时间必须晚于开始时间',
    kh: 'កម្មវិធីត្រូវបញ្ចប់ក្រោយពេលចាប់ផ្តើម',
  },
  CMP00006: {
    'en-US': 'The campaign does not exist',
    chs: '活动不存在',
    kh: 'កម្មវិធីនេះមិនមានទេ',
  },
  CMP00007: {
    'en-US': 'A block names a tag, activity or coupon batch that does not exist',
    chs: '某个模块引用了不存在的标签、活动或优惠券批次',
    kh: 'ប្លុកមួយបានយោងស្លាក សកម្មភាព ឬបាច់គូប៉ុងដែលមិនមាន',
  },
} satisfies Record<string, ErrorEntry>;
