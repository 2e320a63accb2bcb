import type { ErrorEntry } from './types.ts';

/** Payment texts of spec §8. */
export const paymentErrors = {
  PAY0001: { 'en-US': 'Payment timeout', chs: '支付超时', kh: 'ការទូទាត់អស់ពេល' },
  PAY0002: { 'en-US': 'Payment failed', chs: '支付失败', kh: 'ការទូទាត់បរាជ័យ' },
  PAY0003: { 'en-US': 'Payment method not supported', chs: '不支持该支付方式', kh: 'មិនគាំទ្រវិធីទូទាត់នេះទេ' },
  PAY0004: {
    'en-US': 'This version does not support this payment, please upgrade first',
    chs: '当前版本不支持此支付，请先升级',
    kh: 'កំណែនេះមិនគាំទ្រការទូទាត់នេះទេ សូមធ្វើបច្ចុប្បន្នភាពជាមុនសិន',
  },
  PAY0005: { 'en-US': 'Insufficient balance', chs: '余额不足', kh: 'សមតុល្យមិនគ្រប់គ្រាន់' },
  PAY0006: { 'en-US': 'Please set a pay password first', chs: '请先设置支付密码', kh: 'សូមកំណត់ពាក្យសម្ងាត់ទូទាត់ជាមុនសិន' },
  PAY0007: { 'en-US': 'The payment signature is invalid', chs: '支付签名无效', kh: 'ហត្ថលេខាការទូទាត់មិនត្រឹមត្រូវ' },
  PAY0008: { 'en-US': 'The order has already been paid', chs: '订单已支付', kh: 'ការបញ្ជាទិញនេះត្រូវបានទូទាត់រួចហើយ' },
  PAY0009: { 'en-US': 'The payment does not exist', chs: '支付记录不存在', kh: 'ការទូទាត់នេះមិនមានទេ' },
  /** Why the wallet is not offered: what it can spend on this payment (cash and usable gift). */
  PAY0010: {
    'en-US': 'Balance {balance}, not enough',
    chs: '余额 {balance}，不足以支付',
    kh: 'សមតុល្យ {balance} មិនគ្រប់គ្រាន់ទេ',
  },
  /** KHQR is not offered: the shop cannot confirm payments with Bakong (its token is missing or expired). */
  PAY0011: {
    'en-US': 'KHQR payment is not available right now, please choose another way to pay',
    chs: '暂时无法使用 KHQR 支付，请选择其他支付方式',
    kh: 'ការទូទាត់ KHQR មិនអាចប្រើបានទេនៅពេលនេះ សូមជ្រើសរើសវិធីទូទាត់ផ្សេង',
  },
  /** A change to something while its payment waits for the bank's answer (issue 43: a payment pays only what it was made for). */
  PAY0060: {
    'en-US':
      'A payment for this is waiting for the bank’s answer, so it cannot be changed now. Try again once the payment is confirmed or has expired (at most 15 minutes).',
    chs: '此项的付款正在等待银行答复，现在无法修改。请在付款确认或过期后（最多 15 分钟）再试。',
    kh: 'ការទូទាត់សម្រាប់រឿងនេះកំពុងរង់ចាំចម្លើយពីធនាគារ ដូច្នេះមិនអាចកែប្រែបានទេឥឡូវនេះ។ សូមព្យាយាមម្តងទៀតនៅពេលការទូទាត់ត្រូវបានបញ្ជាក់ ឬផុតកំណត់ (យូរបំផុត 15 នាទី)។',
  },
  /** The answer to a gateway's pushback the shop could not confirm because the gateway refused the shop's key. */
  PAY0061: {
    'en-US': 'Received; not confirmed yet: the shop’s gateway key was refused, the payment is checked again later',
    chs: '已收到，尚未确认：网关拒绝了商店的密钥，稍后将再次核对该付款',
    kh: 'បានទទួល ប៉ុន្តែមិនទាន់បញ្ជាក់ទេ៖ សោច្រកទូទាត់របស់ហាងត្រូវបានបដិសេធ ការទូទាត់នឹងត្រូវពិនិត្យម្តងទៀតពេលក្រោយ',
  },
  /** A refund the shopper or staff named is not theirs or does not exist. */
  PAY0050: { 'en-US': 'The refund does not exist', chs: '退款记录不存在', kh: 'ការបង្វិលប្រាក់នេះមិនមានទេ' },
  /** The refund cannot take that step now (already sent to the bank, sent by the gateway, too old). */
  PAY0051: {
    'en-US': 'This refund cannot be changed now',
    chs: '该退款当前无法更改',
    kh: 'ការបង្វិលប្រាក់នេះមិនអាចផ្លាស់ប្តូរបានទេនៅពេលនេះ',
  },
  /** A KHQR refund sent to the bank account: the wallet no longer holds it (spent or withdrawn). */
  PAY0052: {
    'en-US': 'Your wallet no longer holds this refund, so it cannot be sent to your bank account',
    chs: '钱包中已没有这笔退款，无法退回银行账户',
    kh: 'កាបូបរបស់អ្នកលែងមានប្រាក់បង្វិលនេះហើយ ដូច្នេះមិនអាចផ្ញើទៅគណនីធនាគារបានទេ',
  },
  /** Staff closing a finance task without the bank transfer's reference. */
  PAY0053: {
    'en-US': 'Enter the bank transfer reference',
    chs: '请填写银行转账参考号',
    kh: 'សូមបញ្ចូលលេខយោងនៃការផ្ទេរប្រាក់តាមធនាគារ',
  },
} satisfies Record<string, ErrorEntry>;
