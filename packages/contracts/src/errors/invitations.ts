import type { ErrorEntry } from './types.ts';

/** Invitation (sharebind) errors. The client shows none of them as a toast (spec §7). */
export const invitationErrors = {
  INV00001: {
    'en-US': 'This invite code does not exist',
    chs: '邀请码不存在',
    kh: 'លេខកូដអញ្ជើញនេះមិនមានទេ',
  },
  INV00002: {
    'en-US': 'You cannot invite yourself',
    chs: '不能邀请自己',
    kh: 'អ្នកមិនអាចអញ្ជើញខ្លួនឯងបានទេ',
  },
  INV00003: {
    'en-US': 'You have already been invited by a friend',
    chs: '您已被好友邀请过',
    kh: 'អ្នកត្រូវបានមិត្តភក្តិអញ្ជើញរួចហើយ',
  },
  INV00004: {
    'en-US': 'Only new shoppers can accept an invitation',
    chs: '只有新用户才能接受邀请',
    kh: 'មានតែអ្នកទិញថ្មីប៉ុណ្ណោះដែលអាចទទួលការអញ្ជើញបាន',
  },
} satisfies Record<string, ErrorEntry>;
