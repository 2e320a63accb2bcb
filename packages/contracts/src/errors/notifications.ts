import type { ErrorEntry } from './types.ts';

/** Notifications (issue 46): Telegram linking, web push. */
export const notificationErrors = {
  NTF00110: {
    'en-US': 'Telegram messages are not available at the moment',
    chs: '暂时无法使用 Telegram 消息',
    kh: 'សារតាម Telegram មិនអាចប្រើបាននៅពេលនេះទេ',
  },
  NTF00200: {
    'en-US': 'Push notifications are not available at the moment',
    chs: '暂时无法使用推送通知',
    kh: 'ការជូនដំណឹងរុញមិនអាចប្រើបាននៅពេលនេះទេ',
  },
  NTF00201: {
    'en-US': 'This browser’s push subscription cannot be used; turn push off and on again',
    chs: '此浏览器的推送订阅无法使用，请关闭推送后重新开启',
    kh: 'ការជាវការជូនដំណឹងរុញរបស់កម្មវិធីរុករកនេះមិនអាចប្រើបានទេ សូមបិទ ហើយបើកម្តងទៀត',
  },
} satisfies Record<string, ErrorEntry>;
