import type { ErrorEntry } from './types.ts';

/** The partner programme (docs/partners.md). */
export const partnerErrors = {
  PTN00001: {
    'en-US': 'Your partner application is waiting for a decision',
    chs: '您的合作伙伴申请正在审核中',
    kh: 'ពាក្យស្នើសុំជាដៃគូរបស់អ្នកកំពុងរង់ចាំការសម្រេច',
  },
  PTN00002: {
    'en-US': 'You are a partner already',
    chs: '您已经是合作伙伴',
    kh: 'អ្នកជាដៃគូរួចហើយ',
  },
  PTN00003: {
    'en-US': 'The partner application does not exist',
    chs: '合作伙伴申请不存在',
    kh: 'ពាក្យស្នើសុំជាដៃគូនេះមិនមានទេ',
  },
  PTN00004: {
    'en-US': 'This application has been decided already',
    chs: '该申请已处理',
    kh: 'ពាក្យស្នើសុំនេះត្រូវបានសម្រេចរួចហើយ',
  },
  PTN00005: {
    'en-US': 'Tell the shopper why the application is refused',
    chs: '请填写拒绝申请的原因',
    kh: 'សូមប្រាប់អតិថិជនពីមូលហេតុដែលពាក្យស្នើសុំត្រូវបានបដិសេធ',
  },
} satisfies Record<string, ErrorEntry>;
