import type { ErrorEntry } from './types.ts';

/** Phone top-up (spec §5, §9: at least 1 USD). */
export const topupErrors = {
  TOP00001: {
    'en-US': 'The minimum top-up is USD 1.00',
    chs: '最低充值金额为 1.00 美元',
    kh: 'ការបញ្ចូលលុយអប្បបរមាគឺ 1.00 ដុល្លារ',
  },
  TOP00002: {
    'en-US': 'Please enter a Cambodian mobile number',
    chs: '请输入柬埔寨手机号码',
    kh: 'សូមបញ្ចូលលេខទូរស័ព្ទចល័តនៅកម្ពុជា',
  },
  TOP00003: {
    'en-US': 'We cannot top up this number: no operator we serve runs it',
    chs: '无法为该号码充值：我们不支持其运营商',
    kh: 'យើងមិនអាចបញ្ចូលលុយលេខនេះបានទេ ព្រោះប្រតិបត្តិករនេះមិនមាននៅក្នុងសេវារបស់យើង',
  },
  TOP00004: {
    'en-US': 'This amount is not offered for {operator}',
    chs: '{operator} 不提供该金额',
    kh: 'ចំនួនទឹកប្រាក់នេះមិនមានសម្រាប់ {operator} ទេ',
  },
  TOP00005: {
    'en-US': 'The top-up order does not exist',
    chs: '充值订单不存在',
    kh: 'ការបញ្ជាទិញបញ្ចូលលុយនេះមិនមានទេ',
  },
  TOP00006: {
    'en-US': 'This top-up can no longer be paid',
    chs: '该充值订单已无法支付',
    kh: 'ការបញ្ចូលលុយនេះមិនអាចទូទាត់បានទៀតទេ',
  },
  TOP00007: {
    'en-US': 'The operator did not complete the top-up; your money has been returned',
    chs: '运营商未完成充值，款项已退回',
    kh: 'ប្រតិបត្តិករមិនបានបញ្ចប់ការបញ្ចូលលុយទេ ប្រាក់របស់អ្នកត្រូវបានបង្វិលសងវិញ',
  },
  TOP00008: {
    'en-US': 'Only a top-up whose outcome is unknown can be asked again',
    chs: '只有结果未知的充值可以重新查询',
    kh: 'មានតែការបញ្ចូលលុយដែលមិនទាន់ដឹងលទ្ធផលទេ ដែលអាចសួរម្តងទៀតបាន',
  },
  TOP00009: {
    'en-US': 'Phone top-up is not available at the moment',
    chs: '暂不支持手机充值',
    kh: 'សេវាបញ្ចូលលុយទូរស័ព្ទមិនទាន់មាននៅពេលនេះទេ',
  },
  TOP00010: {
    'en-US': 'The top-up provider refused the shop’s credentials: check RELOADLY_CLIENT_ID and RELOADLY_CLIENT_SECRET',
    chs: '充值服务商拒绝了本店的凭据：请检查 RELOADLY_CLIENT_ID 和 RELOADLY_CLIENT_SECRET',
    kh: 'អ្នកផ្តល់សេវាបញ្ចូលលុយបានបដិសេធព័ត៌មានសម្គាល់របស់ហាង៖ សូមពិនិត្យ RELOADLY_CLIENT_ID និង RELOADLY_CLIENT_SECRET',
  },
  TOP00011: {
    'en-US': 'The top-up provider did not answer; try again in a moment',
    chs: '充值服务商没有响应，请稍后再试',
    kh: 'អ្នកផ្តល់សេវាបញ្ចូលលុយមិនបានឆ្លើយតបទេ សូមព្យាយាមម្តងទៀតបន្តិចទៀត',
  },
} satisfies Record<string, ErrorEntry>;
