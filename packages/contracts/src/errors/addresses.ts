import type { ErrorEntry } from './types.ts';

/** Address book errors (spec §5, §8). */
export const addressErrors = {
  ADDR0001: {
    'en-US': 'The address does not exist',
    chs: '地址不存在',
    kh: 'អាសយដ្ឋាននេះមិនមានទេ',
  },
  ADDR0002: {
    'en-US': 'Address cannot be reached, please choose again',
    chs: '地址无法送达，请重新选择',
    kh: 'មិនអាចដឹកជញ្ជូនដល់អាសយដ្ឋាននេះបានទេ សូមជ្រើសរើសម្តងទៀត',
  },
  ADDR0003: {
    'en-US': 'Phone number wrong, use a +855 or +86 mobile number',
    chs: '手机号码错误，请使用 +855 或 +86 手机号码',
    kh: 'លេខទូរស័ព្ទខុស សូមប្រើលេខទូរស័ព្ទដៃ +855 ឬ +86',
  },
  ADDR0004: {
    'en-US': 'Please choose the province, then the district, then the commune',
    chs: '请依次选择省份、区县和乡镇',
    kh: 'សូមជ្រើសរើសខេត្ត បន្ទាប់មកស្រុក/ខណ្ឌ បន្ទាប់មកឃុំ/សង្កាត់',
  },
  ADDR0005: {
    'en-US': 'You can keep at most {max} addresses',
    chs: '最多只能保存 {max} 个地址',
    kh: 'អ្នកអាចរក្សាទុកអាសយដ្ឋានបានច្រើនបំផុត {max}',
  },
  ADDR0006: {
    'en-US': 'The place on the map is not in the chosen province, please place the pin again',
    chs: '地图上的位置不在所选省份内，请重新标记位置',
    kh: 'ទីតាំងលើផែនទីមិននៅក្នុងខេត្តដែលបានជ្រើសរើសទេ សូមដាក់ម្ជុលម្តងទៀត',
  },
} satisfies Record<string, ErrorEntry>;
