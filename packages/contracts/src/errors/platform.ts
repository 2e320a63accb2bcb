import type { ErrorEntry } from './types.ts';

/** Errors every call can give: input, paths, limits and faults (DESIGN §4). */
export const platformErrors = {
  SYS00001: {
    http: 400,
    'en-US': 'Invalid request: {detail}',
    chs: '请求参数无效：{detail}',
    kh: 'សំណើមិនត្រឹមត្រូវ៖ {detail}',
  },
  SYS00002: {
    http: 404,
    'en-US': 'This page could not be found',
    chs: '找不到该页面',
    kh: 'រកមិនឃើញទំព័រនេះទេ',
  },
  SYS00003: {
    http: 429,
    'en-US': 'Too many requests, please try again later',
    chs: '请求过于频繁，请稍后再试',
    kh: 'សំណើច្រើនពេក សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ',
  },
  SYS00004: {
    http: 500,
    'en-US': 'Network problem, please try again later',
    chs: '网络异常，请稍后再试',
    kh: 'បញ្ហាបណ្តាញ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ',
  },
  SYS00005: {
    http: 413,
    'en-US': 'The upload is too large',
    chs: '上传的文件过大',
    kh: 'ឯកសារផ្ទុកឡើងធំពេក',
  },
  SYS00006: {
    http: 503,
    'en-US': 'The service is starting, please try again shortly',
    chs: '服务正在启动，请稍后再试',
    kh: 'សេវាកំពុងចាប់ផ្តើម សូមព្យាយាមម្តងទៀតបន្តិចទៀត',
  },
  SYS00007: {
    http: 400,
    'en-US': 'The request contains characters that cannot be used: {field}',
    chs: '请求中含有无法使用的字符：{field}',
    kh: 'សំណើមានតួអក្សរដែលមិនអាចប្រើបាន៖ {field}',
  },
  SYS00008: {
    http: 503,
    'en-US': 'The shop is busy right now, please try again in a moment',
    chs: '当前访问人数较多，请稍后再试',
    kh: 'ហាងកំពុងមមាញឹកពេលនេះ សូមព្យាយាមម្តងទៀតបន្តិចទៀត',
  },
  USR00001: {
    http: 400,
    'en-US': 'The token parameter is missing, please log in',
    chs: '缺少 token 参数，请先登录',
    kh: 'ខ្វះប៉ារ៉ាម៉ែត្រ token សូមចូលគណនី',
  },
  USR00003: {
    'en-US': 'Your session is invalid, please log in again',
    chs: '登录已失效，请重新登录',
    kh: 'វគ្គរបស់អ្នកមិនត្រឹមត្រូវ សូមចូលគណនីម្តងទៀត',
  },
  USR00004: {
    'en-US': 'You do not have permission to do this',
    chs: '您没有权限执行此操作',
    kh: 'អ្នកមិនមានសិទ្ធិធ្វើសកម្មភាពនេះទេ',
  },
} satisfies Record<string, ErrorEntry>;
