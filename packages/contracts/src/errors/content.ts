import type { ErrorEntry } from './types.ts';

/** Content documents (docs/content.md). */
export const contentErrors = {
  CNT00001: {
    'en-US': 'This page is not available',
    chs: '该页面暂不可用',
    kh: 'ទំព័រនេះមិនមានទេ',
  },
} satisfies Record<string, ErrorEntry>;
