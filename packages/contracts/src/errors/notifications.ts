import type { ErrorEntry } from './types.ts';

/** Notifications (issue 46): Telegram linking. */
export const notificationErrors = {
  NTF00110: {
    'en-US': 'Telegram messages are not available at the moment',
    chs: '暂时无法使用 Telegram 消息',
    kh: 'សារតាម Telegram មិនអាចប្រើបាននៅពេលនេះទេ',
  },
} satisfies Record<string, ErrorEntry>;
