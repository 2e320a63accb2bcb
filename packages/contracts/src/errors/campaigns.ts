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
  CMP00008: {
    'en-US': 'This campaign has no lucky draw',
    chs: '该活动没有抽奖',
    kh: 'កម្មវិធីនេះមិនមានការចាប់រង្វាន់ទេ',
  },
  CMP00009: {
    'en-US': 'You have used all your draws in this campaign',
    chs: '您在本活动中的抽奖次数已用完',
    kh: 'អ្នកបានប្រើការចាប់រង្វាន់ទាំងអស់របស់អ្នកក្នុងកម្មវិធីនេះហើយ',
  },
  CMP00010: {
    'en-US': 'A campaign has at most one lucky draw and one spend-and-get rule, each prize batch once',
    chs: '每个活动最多一个抽奖和一个满额赠券规则，每个奖品批次只能出现一次',
    kh: 'កម្មវិធីមួយមានការចាប់រង្វាន់មួយ និងច្បាប់ចំណាយហើយទទួលមួយយ៉ាងច្រើន ហើយបាច់រង្វាន់នីមួយៗតែម្តង',
  },
} satisfies Record<string, ErrorEntry>;
