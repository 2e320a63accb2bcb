import type { ErrorEntry } from './types.ts';

/** Phone valuation and its inspection appointments. */
export const valuationErrors = {
  EVA00001: {
    'en-US': 'This phone model is not valued at the moment',
    chs: '暂不支持该机型估价',
    kh: 'ម៉ូដែលទូរស័ព្ទនេះមិនទាន់អាចវាយតម្លៃបាននៅពេលនេះទេ',
  },
  EVA00002: {
    'en-US': 'Please answer every question about the phone’s condition',
    chs: '请回答所有关于手机状况的问题',
    kh: 'សូមឆ្លើយសំណួរទាំងអស់អំពីស្ថានភាពទូរស័ព្ទ',
  },
  EVA00003: {
    'en-US': 'The valuation does not exist',
    chs: '估价记录不存在',
    kh: 'ការវាយតម្លៃនេះមិនមានទេ',
  },
  EVA00004: {
    'en-US': 'Please choose a time within store hours, from tomorrow on',
    chs: '请选择门店营业时间内的时段（明天起）',
    kh: 'សូមជ្រើសរើសម៉ោងក្នុងម៉ោងបើកហាង ចាប់ពីថ្ងៃស្អែកតទៅ',
  },
  EVA00005: {
    'en-US': 'This time is fully booked, please choose another',
    chs: '该时段已约满，请选择其他时段',
    kh: 'ម៉ោងនេះត្រូវបានកក់ពេញហើយ សូមជ្រើសរើសម៉ោងផ្សេង',
  },
  EVA00006: {
    'en-US': 'Please choose a store or one of your addresses',
    chs: '请选择门店或您的收货地址',
    kh: 'សូមជ្រើសរើសហាង ឬអាសយដ្ឋានមួយរបស់អ្នក',
  },
  EVA00007: {
    'en-US': 'The appointment does not exist',
    chs: '预约不存在',
    kh: 'ការណាត់ជួបនេះមិនមានទេ',
  },
  EVA00008: {
    'en-US': 'This appointment can no longer be changed',
    chs: '该预约已无法更改',
    kh: 'ការណាត់ជួបនេះមិនអាចផ្លាស់ប្តូរបានទៀតទេ',
  },
  EVA00009: {
    'en-US': 'This valuation already has an appointment',
    chs: '该估价已有预约',
    kh: 'ការវាយតម្លៃនេះមានការណាត់ជួបរួចហើយ',
  },
  EVA00010: {
    'en-US': 'The final price must be between USD 0.01 and the estimate’s base price',
    chs: '最终价格须在 0.01 美元与估价基准价之间',
    kh: 'តម្លៃចុងក្រោយត្រូវនៅចន្លោះ 0.01 ដុល្លារ និងតម្លៃមូលដ្ឋាននៃការវាយតម្លៃ',
  },
  EVA00011: {
    'en-US': 'The price rule is not valid: the floor must be below the base and deductions not negative',
    chs: '价格规则无效：保底价须低于基准价，扣减不能为负',
    kh: 'ច្បាប់តម្លៃមិនត្រឹមត្រូវ៖ តម្លៃអប្បបរមាត្រូវទាបជាងតម្លៃមូលដ្ឋាន ហើយការកាត់មិនអាចអវិជ្ជមានបានទេ',
  },
  EVA00012: {
    'en-US': 'A model with this code exists already',
    chs: '该机型代码已存在',
    kh: 'ម៉ូដែលដែលមានកូដនេះមានរួចហើយ',
  },
  EVA00013: {
    'en-US':
      'These visit hours are not possible: open before close, at least one slot a day, slots of 15 to 240 minutes, 1 to 100 visits a slot',
    chs: '该上门时间设置无效：开门须早于关门，每天至少一个时段，时段 15 至 240 分钟，每个时段 1 至 100 个预约',
    kh: 'ម៉ោងណាត់ជួបនេះមិនអាចទៅរួចទេ៖ បើកមុនបិទ យ៉ាងហោចណាស់មួយម៉ោងក្នុងមួយថ្ងៃ ម៉ោងនីមួយៗពី 15 ដល់ 240 នាទី និង 1 ដល់ 100 ការណាត់ក្នុងមួយម៉ោង',
  },
  EVA00014: {
    'en-US': 'The brand does not exist, or its name is empty',
    chs: '品牌不存在，或名称为空',
    kh: 'ម៉ាកនេះមិនមាន ឬឈ្មោះរបស់វាទទេ',
  },
  /** Staff record a visit's outcome only once the visit has started (the phone was seen). */
  EVA00015: {
    'en-US': 'The visit has not started yet: its outcome can be recorded from its start time',
    chs: '上门质检尚未开始：质检开始后才能登记结果',
    kh: 'ការណាត់ជួបមិនទាន់ចាប់ផ្តើមនៅឡើយទេ៖ អាចកត់ត្រាលទ្ធផលបានចាប់ពីម៉ោងចាប់ផ្តើម',
  },
} satisfies Record<string, ErrorEntry>;
