import type { ErrorEntry } from './types.ts';

/** Partner installment loan (spec §4, §5, §9). */
export const loanErrors = {
  LOAN0001: {
    'en-US': 'Loans are for applicants aged 18 to 50',
    chs: '贷款申请人年龄须在 18 至 50 岁之间',
    kh: 'ប្រាក់កម្ចីសម្រាប់អ្នកដាក់ពាក្យដែលមានអាយុពី 18 ដល់ 50 ឆ្នាំ',
  },
  LOAN0002: {
    'en-US': 'A monthly income of at least USD 200 is required',
    chs: '月收入须至少为 200 美元',
    kh: 'ត្រូវមានប្រាក់ចំណូលប្រចាំខែយ៉ាងតិច 200 ដុល្លារ',
  },
  LOAN0003: {
    'en-US': 'Loans are only for residents of Cambodia',
    chs: '贷款仅面向柬埔寨居民',
    kh: 'ប្រាក់កម្ចីសម្រាប់តែអ្នករស់នៅក្នុងប្រទេសកម្ពុជាប៉ុណ្ណោះ',
  },
  LOAN0004: {
    'en-US': 'This ID is already used by another account: one account per customer',
    chs: '该证件已被其他账户使用：每位客户仅限一个账户',
    kh: 'អត្តសញ្ញាណប័ណ្ណនេះត្រូវបានប្រើដោយគណនីផ្សេងរួចហើយ៖ អតិថិជនម្នាក់មានគណនីតែមួយ',
  },
  LOAN0005: {
    'en-US': 'Apply with the phone number of your own account',
    chs: '请使用您本人账户的手机号码申请',
    kh: 'សូមដាក់ពាក្យដោយប្រើលេខទូរស័ព្ទនៃគណនីរបស់អ្នកផ្ទាល់',
  },
  LOAN0006: {
    'en-US': 'You already have a loan application or a loan open',
    chs: '您已有一笔进行中的贷款申请或贷款',
    kh: 'អ្នកមានពាក្យស្នើសុំ ឬប្រាក់កម្ចីមួយដែលកំពុងដំណើរការរួចហើយ',
  },
  LOAN0007: {
    'en-US': 'No further loans can be granted: a loan was 30 days late',
    chs: '无法再发放贷款：曾有贷款逾期 30 天',
    kh: 'មិនអាចផ្តល់ប្រាក់កម្ចីបន្ថែមបានទេ ព្រោះប្រាក់កម្ចីមួយយឺតយ៉ាវ 30 ថ្ងៃ',
  },
  LOAN0008: {
    'en-US': 'The amount must be between USD {min} and USD {max}',
    chs: '金额须在 {min} 至 {max} 美元之间',
    kh: 'ចំនួនទឹកប្រាក់ត្រូវនៅចន្លោះ {min} ដល់ {max} ដុល្លារ',
  },
  LOAN0009: {
    'en-US': 'Enter an amount above zero and not more than what is owed',
    chs: '请输入大于零且不超过应还金额的金额',
    kh: 'សូមបញ្ចូលចំនួនធំជាងសូន្យ និងមិនលើសពីចំនួនដែលជំពាក់',
  },
  LOAN0010: {
    'en-US': 'This loan is already repaid',
    chs: '该贷款已还清',
    kh: 'ប្រាក់កម្ចីនេះត្រូវបានសងរួចហើយ',
  },
  LOAN0011: {
    'en-US': 'An extension needs more than 40% of the principal repaid',
    chs: '展期需已偿还超过 40% 的本金',
    kh: 'ការពន្យារពេលត្រូវការការសងប្រាក់ដើមលើសពី 40%',
  },
  LOAN0012: {
    'en-US': 'This loan cannot be extended again',
    chs: '该贷款无法再次展期',
    kh: 'ប្រាក់កម្ចីនេះមិនអាចពន្យារពេលម្តងទៀតបានទេ',
  },
  LOAN0013: {
    'en-US': 'Loan applications are not available at the moment',
    chs: '暂时无法申请贷款',
    kh: 'មិនអាចដាក់ពាក្យស្នើសុំប្រាក់កម្ចីបាននៅពេលនេះទេ',
  },
  LOAN0014: {
    'en-US': 'The phone number cannot be changed while a loan is open',
    chs: '贷款未结清期间无法更换手机号码',
    kh: 'មិនអាចប្តូរលេខទូរស័ព្ទបានទេ ខណៈពេលដែលប្រាក់កម្ចីនៅមិនទាន់បិទ',
  },
  LOAN0015: {
    'en-US': 'Enter the date of birth as dd/mm/yyyy',
    chs: '请按 日/月/年（dd/mm/yyyy）格式输入出生日期',
    kh: 'សូមបញ្ចូលថ្ងៃខែឆ្នាំកំណើតជា dd/mm/yyyy',
  },
  LOAN0016: {
    'en-US': 'Choose 1, 2 or 3 monthly installments',
    chs: '请选择 1、2 或 3 期按月还款',
    kh: 'សូមជ្រើសរើសការបង់រំលស់ប្រចាំខែ 1, 2 ឬ 3 ដង',
  },
  LOAN0017: {
    'en-US': 'This loan cannot do that in its present state',
    chs: '该贷款当前状态下无法进行此操作',
    kh: 'ប្រាក់កម្ចីនេះមិនអាចធ្វើដូច្នេះបានក្នុងស្ថានភាពបច្ចុប្បន្នទេ',
  },
  LOAN0018: {
    'en-US': 'The bank account must be in your own name ({name})',
    chs: '银行账户须为您本人名下（{name}）',
    kh: 'គណនីធនាគារត្រូវតែជាឈ្មោះរបស់អ្នកផ្ទាល់ ({name})',
  },
  LOAN0019: {
    'en-US': 'The loan does not exist',
    chs: '该贷款不存在',
    kh: 'ប្រាក់កម្ចីនេះមិនមានទេ',
  },
  LOAN0020: {
    'en-US': 'An extension request is already waiting for the lender’s answer',
    chs: '已有一项展期申请在等待贷款方答复',
    kh: 'សំណើពន្យារពេលមួយកំពុងរង់ចាំចម្លើយពីអ្នកផ្តល់ប្រាក់កម្ចី',
  },
  LOAN0021: {
    'en-US': 'Please add a picture of your national ID card and a picture of your face',
    chs: '请上传您的身份证照片和面部照片',
    kh: 'សូមបន្ថែមរូបថតអត្តសញ្ញាណប័ណ្ណ និងរូបថតមុខរបស់អ្នក',
  },
  LOAN0022: {
    'en-US': 'This repayment is closed: the loan is already repaid. Nothing was taken.',
    chs: '该还款已关闭：贷款已还清，未扣任何款项。',
    kh: 'ការសងប្រាក់នេះត្រូវបានបិទ៖ ប្រាក់កម្ចីត្រូវបានសងរួចហើយ។ មិនមានការកាត់ប្រាក់ទេ។',
  },
  LOAN0023: {
    'en-US': 'The approved amount is USD {amount}: look at its schedule and fees, then accept it',
    chs: '批准金额为 {amount} 美元：请查看其还款计划和费用后再接受',
    kh: 'ចំនួនទឹកប្រាក់ដែលបានអនុម័តគឺ {amount} ដុល្លារ៖ សូមមើលកាលវិភាគ និងថ្លៃសេវារបស់វា រួចទទួលយក',
  },
} satisfies Record<string, ErrorEntry>;
