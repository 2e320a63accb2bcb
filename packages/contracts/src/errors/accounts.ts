import type { ErrorEntry } from './types.ts';

/**
 * Accounts: phone, SMS codes, passwords, pay passwords, the security check, profile, Friend code
 * and third-party accounts. Texts of spec §8 where the spec gives them.
 */
export const accountErrors = {
  USR00010: {
    'en-US': 'Phone number wrong, please check it',
    chs: '手机号码错误，请检查',
    kh: 'លេខទូរស័ព្ទមិនត្រឹមត្រូវ សូមពិនិត្យម្តងទៀត',
  },
  USR00011: {
    'en-US': 'The verification code must be {length} digits',
    chs: '验证码长度错误，应为{length}位数字',
    kh: 'លេខកូដផ្ទៀងផ្ទាត់ត្រូវតែមាន {length} ខ្ទង់',
  },
  USR00012: {
    'en-US': 'Verification code wrong or expired',
    chs: '验证码错误或已过期',
    kh: 'លេខកូដផ្ទៀងផ្ទាត់មិនត្រឹមត្រូវ ឬផុតកំណត់',
  },
  USR00013: {
    'en-US': 'Please wait {seconds} s before asking for a new code',
    chs: '请在{seconds}秒后再获取验证码',
    kh: 'សូមរង់ចាំ {seconds} វិនាទី មុននឹងស្នើសុំលេខកូដថ្មី',
  },
  USR00014: {
    'en-US': 'Too many codes were sent to this phone today, please try again tomorrow',
    chs: '今日该手机号获取验证码次数过多，请明天再试',
    kh: 'លេខកូដត្រូវបានផ្ញើទៅទូរស័ព្ទនេះច្រើនពេកនៅថ្ងៃនេះ សូមព្យាយាមម្តងទៀតនៅថ្ងៃស្អែក',
  },
  USR00015: {
    'en-US': 'Too many codes were asked from your network today, please try again tomorrow',
    chs: '今日您的网络获取验证码次数过多，请明天再试',
    kh: 'បណ្តាញរបស់អ្នកបានស្នើសុំលេខកូដច្រើនពេកនៅថ្ងៃនេះ សូមព្យាយាមម្តងទៀតនៅថ្ងៃស្អែក',
  },
  USR00016: {
    'en-US': 'Please complete the slide-puzzle security check',
    chs: '请先完成滑块安全验证',
    kh: 'សូមបំពេញការត្រួតពិនិត្យសុវត្ថិភាពដោយរំកិលរូបផ្គុំ',
  },
  USR00017: {
    'en-US': 'Security check failed, please try again',
    chs: '安全验证失败，请重试',
    kh: 'ការត្រួតពិនិត្យសុវត្ថិភាពបរាជ័យ សូមព្យាយាមម្តងទៀត',
  },
  USR00020: {
    'en-US': 'Phone number or password incorrect',
    chs: '手机号码或密码错误',
    kh: 'លេខទូរស័ព្ទ ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ',
  },
  USR00021: {
    'en-US': 'Too many wrong tries, please try again in {minutes} minutes',
    chs: '错误次数过多，请{minutes}分钟后再试',
    kh: 'ព្យាយាមខុសច្រើនដងពេក សូមព្យាយាមម្តងទៀតក្នុងរយៈពេល {minutes} នាទី',
  },
  USR00022: {
    'en-US': 'This account is locked, please contact customer service',
    chs: '该账号已被锁定，请联系客服',
    kh: 'គណនីនេះត្រូវបានចាក់សោ សូមទាក់ទងផ្នែកបម្រើអតិថិជន',
  },
  USR00023: {
    'en-US': 'The two passwords do not match',
    chs: '两次输入的密码不一致',
    kh: 'ពាក្យសម្ងាត់ទាំងពីរមិនដូចគ្នា',
  },
  USR00024: {
    'en-US': 'The password must be 6 to 20 characters with letters and digits',
    chs: '密码须为6至20位，包含字母和数字',
    kh: 'ពាក្យសម្ងាត់ត្រូវមាន 6 ដល់ 20 តួ ដែលមានទាំងអក្សរ និងលេខ',
  },
  USR00025: {
    'en-US': 'Please enter a valid email address',
    chs: '请输入有效的邮箱地址',
    kh: 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលដែលត្រឹមត្រូវ',
  },
  USR00026: {
    'en-US': 'This phone number is already registered, please log in',
    chs: '该手机号已注册，请直接登录',
    kh: 'លេខទូរស័ព្ទនេះបានចុះឈ្មោះរួចហើយ សូមចូលគណនី',
  },
  USR00027: {
    'en-US': 'No account uses this phone number, please register',
    chs: '该手机号尚未注册，请先注册',
    kh: 'មិនមានគណនីប្រើលេខទូរស័ព្ទនេះទេ សូមចុះឈ្មោះ',
  },
  USR00028: {
    'en-US': 'Please agree to the privacy policy and the user agreement first',
    chs: '请先同意隐私政策和用户协议',
    kh: 'សូមយល់ព្រមលើគោលការណ៍ឯកជនភាព និងកិច្ចព្រមព្រៀងអ្នកប្រើប្រាស់ជាមុនសិន',
  },
  USR00029: {
    'en-US': 'Old password incorrect',
    chs: '原密码错误',
    kh: 'ពាក្យសម្ងាត់ចាស់មិនត្រឹមត្រូវ',
  },
  USR00030: {
    'en-US': 'The pay password must be exactly 6 digits',
    chs: '支付密码必须为6位数字',
    kh: 'ពាក្យសម្ងាត់ទូទាត់ត្រូវតែមាន 6 ខ្ទង់គត់',
  },
  USR00031: {
    'en-US': 'Please set a pay password first',
    chs: '请先设置支付密码',
    kh: 'សូមកំណត់ពាក្យសម្ងាត់ទូទាត់ជាមុនសិន',
  },
  USR00032: {
    'en-US': 'Pay password incorrect, {remaining} tries left',
    chs: '支付密码错误，还可尝试{remaining}次',
    kh: 'ពាក្យសម្ងាត់ទូទាត់មិនត្រឹមត្រូវ នៅសល់ {remaining} ដង',
  },
  USR00033: {
    'en-US': 'Pay password locked after too many wrong tries, please try again in {minutes} minutes',
    chs: '支付密码错误次数过多已锁定，请{minutes}分钟后再试',
    kh: 'ពាក្យសម្ងាត់ទូទាត់ត្រូវបានចាក់សោដោយសារខុសច្រើនដង សូមព្យាយាមម្តងទៀតក្នុងរយៈពេល {minutes} នាទី',
  },
  USR00034: {
    'en-US': 'The verification has expired, please start again',
    chs: '验证已过期，请重新开始',
    kh: 'ការផ្ទៀងផ្ទាត់បានផុតកំណត់ សូមចាប់ផ្តើមម្តងទៀត',
  },
  USR00035: {
    'en-US': 'Please bind a phone number first',
    chs: '请先绑定手机号',
    kh: 'សូមភ្ជាប់លេខទូរស័ព្ទជាមុនសិន',
  },
  USR00036: {
    'en-US': 'This phone number is used by another account',
    chs: '该手机号已被其他账号使用',
    kh: 'លេខទូរស័ព្ទនេះត្រូវបានប្រើដោយគណនីផ្សេង',
  },
  USR00037: {
    'en-US': 'The new phone number is the same as the current one',
    chs: '新手机号与当前手机号相同',
    kh: 'លេខទូរស័ព្ទថ្មីដូចគ្នានឹងលេខបច្ចុប្បន្ន',
  },
  USR00040: {
    'en-US': 'Please enter the birthday as dd/mm/yyyy with a real date',
    chs: '请按 日/月/年（dd/mm/yyyy）输入有效的生日',
    kh: 'សូមបញ្ចូលថ្ងៃខែឆ្នាំកំណើតជាទម្រង់ dd/mm/yyyy ដែលត្រឹមត្រូវ',
  },
  USR00041: {
    'en-US': 'Please enter your feedback',
    chs: '请输入反馈内容',
    kh: 'សូមបញ្ចូលមតិកែលម្អរបស់អ្នក',
  },
  USR00042: {
    'en-US': 'Upload failed or empty image',
    chs: '上传失败或图片为空',
    kh: 'ការផ្ទុកឡើងបរាជ័យ ឬរូបភាពទទេ',
  },
  USR00043: {
    'en-US': 'Please enter a name of at most {max} characters',
    chs: '请输入不超过{max}个字符的名字',
    kh: 'សូមបញ្ចូលឈ្មោះដែលមិនលើសពី {max} តួអក្សរ',
  },
  USR00044: {
    'en-US': 'The gender is not one of the choices',
    chs: '性别选项无效',
    kh: 'ភេទមិនមែនជាជម្រើសមួយក្នុងចំណោមជម្រើសទេ',
  },
  USR00045: {
    'en-US': 'Please enter a valid ID card number',
    chs: '请输入有效的身份证号码',
    kh: 'សូមបញ្ចូលលេខអត្តសញ្ញាណប័ណ្ណដែលត្រឹមត្រូវ',
  },
  USR00050: {
    'en-US': 'Friend code invalid, please check it',
    chs: 'Friend code 无效，请检查',
    kh: 'Friend code មិនត្រឹមត្រូវ សូមពិនិត្យម្តងទៀត',
  },
  USR00051: {
    'en-US': 'This Friend code has expired',
    chs: '该 Friend code 已过期',
    kh: 'Friend code នេះបានផុតកំណត់',
  },
  USR00052: {
    'en-US': 'This Friend code has already been used',
    chs: '该 Friend code 已被使用',
    kh: 'Friend code នេះត្រូវបានប្រើរួចហើយ',
  },
  USR00053: {
    'en-US': 'Please enter the Friend code',
    chs: '请输入 Friend code',
    kh: 'សូមបញ្ចូល Friend code',
  },
  USR00060: {
    'en-US': 'Third-party binding failed',
    chs: '第三方绑定失败',
    kh: 'ការភ្ជាប់គណនីភាគីទីបីបរាជ័យ',
  },
  USR00061: {
    'en-US': 'This login method is not available',
    chs: '该登录方式不可用',
    kh: 'វិធីចូលគណនីនេះមិនអាចប្រើបានទេ',
  },
  USR00062: {
    'en-US': 'This third-party account is bound to another account',
    chs: '该第三方账号已绑定其他账号',
    kh: 'គណនីភាគីទីបីនេះត្រូវបានភ្ជាប់ទៅគណនីផ្សេង',
  },
  USR00063: {
    'en-US': 'Please bind a phone number before unbinding your last login method',
    chs: '解绑最后一种登录方式前，请先绑定手机号',
    kh: 'សូមភ្ជាប់លេខទូរស័ព្ទ មុនពេលផ្តាច់វិធីចូលគណនីចុងក្រោយរបស់អ្នក',
  },
} satisfies Record<string, ErrorEntry>;
