import type { ErrorEntry } from './types.ts';

/** Uploads and private files (spec §7 `v1/upload/*`). */
export const uploadErrors = {
  UPL00001: {
    'en-US': 'Please choose a photo (JPEG, PNG or WebP)',
    chs: '请选择一张照片（JPEG、PNG 或 WebP）',
    kh: 'សូមជ្រើសរើសរូបថត (JPEG, PNG ឬ WebP)',
  },
  UPL00002: {
    http: 413,
    'en-US': 'The photo is too large: at most {mb} MB',
    chs: '照片过大：最多 {mb} MB',
    kh: 'រូបថតធំពេក៖ យ៉ាងច្រើន {mb} MB',
  },
  UPL00003: {
    'en-US': 'The photo has too many pixels: at most {megapixels} megapixels',
    chs: '照片像素过多：最多 {megapixels} 百万像素',
    kh: 'រូបថតមានភីកសែលច្រើនពេក៖ យ៉ាងច្រើន {megapixels} មេហ្គាភីកសែល',
  },
  UPL00004: {
    'en-US': 'The photo is too small to read: at least {side} pixels on each side',
    chs: '照片太小无法辨认：每边至少 {side} 像素',
    kh: 'រូបថតតូចពេកមិនអាចអានបាន៖ យ៉ាងហោចណាស់ {side} ភីកសែលគ្រប់ជ្រុង',
  },
  UPL00005: {
    'en-US': 'This upload does not exist or has expired, please upload the photo again',
    chs: '该上传不存在或已过期，请重新上传照片',
    kh: 'ការផ្ទុកឡើងនេះមិនមាន ឬផុតកំណត់ហើយ សូមផ្ទុករូបថតឡើងម្តងទៀត',
  },
  UPL00006: {
    http: 404,
    'en-US': 'This link has expired or is not valid',
    chs: '该链接已过期或无效',
    kh: 'តំណនេះផុតកំណត់ ឬមិនត្រឹមត្រូវ',
  },
} satisfies Record<string, ErrorEntry>;
