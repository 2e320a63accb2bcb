import type { ErrorEntry } from './types.ts';

/** Wallet, ledger and withdrawal errors (spec §8: insufficient balance, withdrawal limits, states). */
export const walletErrors = {
  WAL00001: {
    'en-US': 'Insufficient balance',
    chs: '余额不足',
    kh: 'សមតុល្យមិនគ្រប់គ្រាន់',
  },
  WAL00002: {
    'en-US': 'Please enter an amount',
    chs: '请输入金额',
    kh: 'សូមបញ្ចូលចំនួនទឹកប្រាក់',
  },
  WAL00003: {
    'en-US': 'The minimum withdrawal is {min}',
    chs: '最低提现金额为 {min}',
    kh: 'ការដកប្រាក់អប្បបរមាគឺ {min}',
  },
  WAL00004: {
    'en-US': 'Withdrawal amount over limit: at most {max} is available',
    chs: '提现金额超出限额：最多可提现 {max}',
    kh: 'ចំនួនដកប្រាក់លើសកំណត់៖ អាចដកបានច្រើនបំផុត {max}',
  },
  WAL00005: {
    'en-US': 'Unknown withdrawal state',
    chs: '未知的提现状态',
    kh: 'ស្ថានភាពដកប្រាក់មិនស្គាល់',
  },
  WAL00006: {
    'en-US': 'This withdrawal cannot move from {from} to {to}',
    chs: '该提现不能从 {from} 变为 {to}',
    kh: 'ការដកប្រាក់នេះមិនអាចប្តូរពី {from} ទៅ {to} បានទេ',
  },
  WAL00007: {
    'en-US': 'This request was already used for a different operation',
    chs: '该请求编号已用于其他操作',
    kh: 'សំណើនេះត្រូវបានប្រើសម្រាប់ប្រតិបត្តិការផ្សេងរួចហើយ',
  },
  WAL00008: {
    'en-US': 'The refund is larger than what remains to refund on this order',
    chs: '退款金额超过该订单可退金额',
    kh: 'ការសងប្រាក់វិញធំជាងចំនួនដែលនៅសល់សម្រាប់ការបញ្ជាទិញនេះ',
  },
  WAL00009: {
    'en-US': 'Please give a reason',
    chs: '请填写原因',
    kh: 'សូមផ្តល់មូលហេតុ',
  },
  WAL00010: {
    'en-US': 'Withdrawal not found',
    chs: '找不到该提现记录',
    kh: 'រកមិនឃើញការដកប្រាក់',
  },
  WAL00011: {
    'en-US': 'Please set a pay password first',
    chs: '请先设置支付密码',
    kh: 'សូមកំណត់ពាក្យសម្ងាត់ទូទាត់ជាមុនសិន',
  },
  WAL00012: {
    'en-US': 'The account number is wrong: use the 6 to 20 digits of your bank account',
    chs: '账号有误：请填写银行账户的 6 至 20 位数字',
    kh: 'លេខគណនីមិនត្រឹមត្រូវ៖ សូមប្រើលេខ ៦ ដល់ ២០ ខ្ទង់នៃគណនីធនាគាររបស់អ្នក',
  },
} satisfies Record<string, ErrorEntry>;
