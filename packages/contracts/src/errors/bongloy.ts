import type { ErrorEntry } from './types.ts';

/** The prepaid card application (spec §3, §5, §9). */
export const bongloyErrors = {
  BLG00001: {
    'en-US': 'Please enter the first name in English letters',
    chs: '请用英文字母填写名字',
    kh: 'សូមបញ្ចូលនាមខ្លួនជាអក្សរអង់គ្លេស',
  },
  BLG00017: {
    'en-US': 'Please enter the last name in English letters',
    chs: '请用英文字母填写姓氏',
    kh: 'សូមបញ្ចូលនាមត្រកូលជាអក្សរអង់គ្លេស',
  },
  BLG00002: {
    'en-US': 'Please enter a valid Cambodian ID card or passport number (6 to 12 letters or digits)',
    chs: '请输入有效的柬埔寨身份证或护照号码（6 至 12 位字母或数字）',
    kh: 'សូមបញ្ចូលលេខអត្តសញ្ញាណប័ណ្ណខ្មែរ ឬលិខិតឆ្លងដែនដែលត្រឹមត្រូវ (អក្សរ ឬលេខ 6 ដល់ 12)',
  },
  BLG00003: {
    'en-US': 'The document has expired or its validity date is not valid',
    chs: '证件已过期或有效期无效',
    kh: 'ឯកសារផុតកំណត់ ឬកាលបរិច្ឆេទសុពលភាពមិនត្រឹមត្រូវ',
  },
  BLG00004: {
    'en-US': 'Please enter a valid email address',
    chs: '请输入有效的电子邮箱',
    kh: 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលដែលត្រឹមត្រូវ',
  },
  BLG00005: {
    'en-US': 'Please enter the birthday as dd/mm/yyyy',
    chs: '请按 日/月/年（dd/mm/yyyy）填写生日',
    kh: 'សូមបញ្ចូលថ្ងៃខែឆ្នាំកំណើតជា dd/mm/yyyy',
  },
  BLG00006: {
    'en-US': 'You must be 18 or older to apply for a card',
    chs: '申请银行卡须年满 18 周岁',
    kh: 'អ្នកត្រូវមានអាយុ 18 ឆ្នាំឡើងទៅ ដើម្បីស្នើសុំកាត',
  },
  BLG00007: {
    'en-US': 'Please enter the birthplace',
    chs: '请填写出生地',
    kh: 'សូមបញ្ចូលទីកន្លែងកំណើត',
  },
  BLG00008: {
    'en-US': 'Please verify the phone number with the SMS code',
    chs: '请用短信验证码验证手机号',
    kh: 'សូមផ្ទៀងផ្ទាត់លេខទូរស័ព្ទដោយលេខកូដ SMS',
  },
  BLG00009: {
    'en-US': 'Every picture is required: {missing}',
    chs: '每张照片都必须上传：{missing}',
    kh: 'រូបថតទាំងអស់ត្រូវតែមាន៖ {missing}',
  },
  BLG00010: {
    'en-US': 'Please sign and accept the card service terms',
    chs: '请签名并同意银行卡服务条款',
    kh: 'សូមចុះហត្ថលេខា និងយល់ព្រមលើលក្ខខណ្ឌសេវាកាត',
  },
  BLG00011: {
    'en-US': 'At most {limit} cards per person: you can order {left} more',
    chs: '每人最多 {limit} 张卡：您还可以申请 {left} 张',
    kh: 'យ៉ាងច្រើន {limit} កាតក្នុងម្នាក់៖ អ្នកអាចកុម្ម៉ង់បាន {left} ទៀត',
  },
  BLG00012: {
    'en-US': 'Please fill in the delivery name, mobile, zip code and address',
    chs: '请填写收件人姓名、手机号、邮编和地址',
    kh: 'សូមបំពេញឈ្មោះ លេខទូរស័ព្ទ លេខកូដប្រៃសណីយ៍ និងអាសយដ្ឋានសម្រាប់ដឹកជញ្ជូន',
  },
  BLG00013: {
    'en-US': 'The card application does not exist',
    chs: '银行卡申请不存在',
    kh: 'ពាក្យស្នើសុំកាតនេះមិនមានទេ',
  },
  BLG00014: {
    'en-US': 'This application can no longer be changed',
    chs: '该申请已无法修改',
    kh: 'ពាក្យស្នើសុំនេះមិនអាចកែប្រែបានទៀតទេ',
  },
  BLG00015: {
    'en-US': 'Please finish step {step} first',
    chs: '请先完成第 {step} 步',
    kh: 'សូមបំពេញជំហានទី {step} ជាមុនសិន',
  },
  BLG00016: {
    'en-US': 'This card application is closed or already paid',
    chs: '该银行卡申请已关闭或已支付',
    kh: 'ពាក្យស្នើសុំកាតនេះបានបិទ ឬបានបង់រួចហើយ',
  },
  BLG00018: {
    'en-US': 'Only an application under review can be decided (this one is {state})',
    chs: '只能审核审核中的申请（该申请状态为 {state}）',
    kh: 'អាចសម្រេចបានតែពាក្យស្នើសុំដែលកំពុងពិនិត្យប៉ុណ្ណោះ (ពាក្យនេះស្ថិតក្នុងស្ថានភាព {state})',
  },
  BLG00019: {
    'en-US': 'Please give the reason of the refusal',
    chs: '请填写拒绝原因',
    kh: 'សូមផ្តល់មូលហេតុនៃការបដិសេធ',
  },
  BLG00020: {
    'en-US': 'The card does not exist',
    chs: '该卡不存在',
    kh: 'កាតនេះមិនមានទេ',
  },
  BLG00021: {
    'en-US': 'The last four digits do not match the card, {remaining} tries left',
    chs: '卡号后四位不匹配，还可尝试{remaining}次',
    kh: 'លេខបួនខ្ទង់ចុងក្រោយមិនត្រូវនឹងកាតទេ នៅសល់ {remaining} ដង',
  },
  BLG00022: {
    'en-US': 'Please activate the card before topping it up',
    chs: '请先激活该卡再充值',
    kh: 'សូមធ្វើឱ្យកាតសកម្មមុនពេលបញ្ចូលលុយ',
  },
  BLG00023: {
    'en-US': 'A card top-up is from {min} to {max}',
    chs: '单次充值金额为 {min} 至 {max}',
    kh: 'ការបញ្ចូលលុយកាតគឺពី {min} ដល់ {max}',
  },
  BLG00024: {
    'en-US': 'The card top-up does not exist',
    chs: '该充值订单不存在',
    kh: 'ការបញ្ចូលលុយកាតនេះមិនមានទេ',
  },
  BLG00025: {
    'en-US': 'This card top-up is closed or already paid',
    chs: '该充值订单已关闭或已支付',
    kh: 'ការបញ្ចូលលុយកាតនេះបានបិទ ឬបានបង់រួចហើយ',
  },
  BLG00026: {
    'en-US': 'Card activation is locked after too many wrong tries, please try again in {minutes} minutes',
    chs: '卡号后四位错误次数过多，激活已锁定，请{minutes}分钟后再试',
    kh: 'ការធ្វើឱ្យកាតសកម្មត្រូវបានចាក់សោដោយសារបញ្ចូលខុសច្រើនដង សូមព្យាយាមម្តងទៀតក្នុងរយៈពេល {minutes} នាទី',
  },
  BLG00027: {
    'en-US': 'Prepaid cards are not available at the moment',
    chs: '预付卡服务暂不可用',
    kh: 'សេវាកាតបង់ប្រាក់ជាមុនមិនអាចប្រើបានទេនៅពេលនេះ',
  },
  BLG00070: {
    'en-US': 'The card issuer answers only for an application staff approved and sent to it (this one is {state})',
    chs: '发卡机构只能答复已由工作人员审核通过并提交给它的申请（该申请状态为 {state}）',
    kh: 'អ្នកចេញកាតអាចឆ្លើយតបបានតែពាក្យស្នើសុំដែលបុគ្គលិកបានអនុម័ត និងផ្ញើទៅវាប៉ុណ្ណោះ (ពាក្យនេះស្ថិតក្នុងស្ថានភាព {state})',
  },
  BNG00090: {
    'en-US':
      'The card issuer did not answer. The application stays sent to it: approve it again in a few minutes to ask the issuer again',
    chs: '发卡机构未响应。该申请仍为已提交发卡机构状态：请几分钟后再次点击通过，以重新询问发卡机构',
    kh: 'អ្នកចេញកាតមិនបានឆ្លើយតប។ ពាក្យស្នើសុំនៅតែបានផ្ញើទៅវា៖ សូមអនុម័តម្តងទៀតក្នុងរយៈពេលប៉ុន្មាននាទីទៀត ដើម្បីសួរអ្នកចេញកាតម្តងទៀត',
  },
  BNG00091: {
    'en-US':
      'The card issuer did not answer, so the card is not activated yet and this try does not count. Please try again in a few minutes',
    chs: '发卡机构未响应，卡片尚未激活，本次尝试不计入次数。请几分钟后再试',
    kh: 'អ្នកចេញកាតមិនបានឆ្លើយតប ដូច្នេះកាតមិនទាន់សកម្មនៅឡើយទេ ហើយការព្យាយាមនេះមិនត្រូវបានរាប់ទេ។ សូមព្យាយាមម្តងទៀតក្នុងរយៈពេលប៉ុន្មាននាទីទៀត',
  },
} satisfies Record<string, ErrorEntry>;
