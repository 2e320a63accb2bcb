import type { ErrorEntry } from './types.ts';

/** Operator console (staff) errors: sign-in, roles, staff accounts and staff input. */
export const staffErrors = {
  STF00001: {
    http: 400,
    'en-US': 'Staff sign-in required',
    chs: '需要员工登录',
    kh: 'តម្រូវឱ្យបុគ្គលិកចូលគណនី',
  },
  STF00002: {
    'en-US': 'Your staff session is invalid or has expired, please sign in again',
    chs: '员工登录已失效，请重新登录',
    kh: 'វគ្គបុគ្គលិករបស់អ្នកមិនត្រឹមត្រូវ ឬផុតកំណត់ សូមចូលម្តងទៀត',
  },
  STF00003: {
    'en-US': 'Your role does not allow this; it needs one of: {roles}',
    chs: '您的角色无权执行此操作，需要以下角色之一：{roles}',
    kh: 'តួនាទីរបស់អ្នកមិនអនុញ្ញាតសកម្មភាពនេះទេ ត្រូវការតួនាទីមួយក្នុងចំណោម៖ {roles}',
  },
  STF00004: {
    'en-US': 'Wrong login name or password',
    chs: '登录名或密码错误',
    kh: 'ឈ្មោះចូល ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ',
  },
  STF00005: {
    http: 429,
    'en-US': 'Too many failed sign-ins; try again in {minutes} minutes',
    chs: '登录失败次数过多，请在 {minutes} 分钟后再试',
    kh: 'ការចូលបរាជ័យច្រើនដងពេក សូមព្យាយាមម្តងទៀតក្នុងរយៈពេល {minutes} នាទី',
  },
  STF00006: {
    'en-US': 'This staff account is disabled',
    chs: '该员工账号已停用',
    kh: 'គណនីបុគ្គលិកនេះត្រូវបានបិទ',
  },
  STF00007: {
    'en-US': 'The login name "{login}" is already taken',
    chs: '登录名“{login}”已被使用',
    kh: 'ឈ្មោះចូល "{login}" ត្រូវបានប្រើរួចហើយ',
  },
  STF00008: {
    'en-US': 'Login name: 3 to 32 letters, digits, dots, dashes or underscores, starting with a letter',
    chs: '登录名：3 至 32 个字母、数字、点、连字符或下划线，以字母开头',
    kh: 'ឈ្មោះចូល៖ អក្សរ លេខ ចំណុច សញ្ញាដក ឬសញ្ញាគូសក្រោម ពី 3 ដល់ 32 តួ ដោយចាប់ផ្តើមដោយអក្សរ',
  },
  STF00009: {
    'en-US': 'Password: at least 10 characters with both letters and digits',
    chs: '密码：至少 10 个字符，且须同时包含字母和数字',
    kh: 'ពាក្យសម្ងាត់៖ យ៉ាងហោចណាស់ 10 តួ ដោយមានទាំងអក្សរ និងលេខ',
  },
  STF00010: {
    'en-US': 'Staff member not found',
    chs: '找不到该员工',
    kh: 'រកមិនឃើញបុគ្គលិកនេះទេ',
  },
  STF00011: {
    'en-US': 'Choose at least one role',
    chs: '请至少选择一个角色',
    kh: 'សូមជ្រើសរើសតួនាទីយ៉ាងហោចណាស់មួយ',
  },
  STF00012: {
    'en-US': 'The shop must keep at least one active owner',
    chs: '商城必须保留至少一名启用的所有者',
    kh: 'ហាងត្រូវតែមានម្ចាស់សកម្មយ៉ាងហោចណាស់ម្នាក់',
  },
  STF00013: {
    'en-US': 'The current password is wrong',
    chs: '当前密码错误',
    kh: 'ពាក្យសម្ងាត់បច្ចុប្បន្នមិនត្រឹមត្រូវ',
  },
  STF00014: {
    'en-US': 'Display name: 1 to 60 characters',
    chs: '显示名称：1 至 60 个字符',
    kh: 'ឈ្មោះបង្ហាញ៖ ពី 1 ដល់ 60 តួ',
  },
  STF00015: {
    'en-US': 'There is no setting named "{key}"',
    chs: '没有名为“{key}”的设置',
    kh: 'គ្មានការកំណត់ឈ្មោះ "{key}" ទេ',
  },
  STF00016: {
    'en-US': 'The value of "{key}" is not valid: {detail}',
    chs: '“{key}”的值无效：{detail}',
    kh: 'តម្លៃរបស់ "{key}" មិនត្រឹមត្រូវ៖ {detail}',
  },
  STF00020: {
    'en-US': '{field}: fill in all three languages (English, Chinese, Khmer)',
    chs: '{field}：请填写全部三种语言（英文、中文、高棉文）',
    kh: '{field}៖ សូមបំពេញទាំងបីភាសា (អង់គ្លេស ចិន ខ្មែរ)',
  },
  STF00021: {
    'en-US': 'A product needs at least one item (specification, price and stock)',
    chs: '商品至少需要一个规格（规格、价格和库存）',
    kh: 'ផលិតផលត្រូវការយ៉ាងហោចណាស់ធាតុមួយ (លក្ខណៈ តម្លៃ និងស្តុក)',
  },
  STF00022: {
    'en-US': 'Item {index}: the price must be more than 0 and the market price, if given, not below it',
    chs: '第 {index} 个规格：价格必须大于 0，划线价（如填写）不得低于价格',
    kh: 'ធាតុទី {index}៖ តម្លៃត្រូវធំជាង 0 ហើយតម្លៃទីផ្សារ (បើមាន) មិនត្រូវតិចជាងវា',
  },
  STF00023: {
    'en-US': 'Stock must be a whole number from 0 to 1,000,000',
    chs: '库存必须是 0 至 1,000,000 的整数',
    kh: 'ស្តុកត្រូវជាចំនួនគត់ពី 0 ដល់ 1,000,000',
  },
  STF00024: {
    'en-US': 'Items must differ in their specification: "{spec}" is given twice',
    chs: '各规格不能相同：“{spec}”重复',
    kh: 'ធាតុត្រូវខុសគ្នាតាមលក្ខណៈ៖ "{spec}" ត្រូវបានផ្តល់ពីរដង',
  },
  STF00025: {
    'en-US': 'Unknown {what}: {value}',
    chs: '未知的{what}：{value}',
    kh: '{what} មិនស្គាល់៖ {value}',
  },
  STF00026: {
    'en-US': 'This jump needs {field}',
    chs: '此跳转需要填写 {field}',
    kh: 'ការលោតនេះត្រូវការ {field}',
  },
  STF00027: {
    'en-US': 'Not found: {what} {id}',
    chs: '找不到{what} {id}',
    kh: 'រកមិនឃើញ {what} {id}',
  },
  STF00028: {
    'en-US': '{field} must be a web address starting with https://',
    chs: '{field} 必须是以 https:// 开头的网址',
    kh: '{field} ត្រូវជាអាសយដ្ឋានគេហទំព័រចាប់ផ្តើមដោយ https://',
  },
  STF00029: {
    'en-US': 'Send one picture file in the field "file"',
    chs: '请在“file”字段上传一张图片',
    kh: 'សូមផ្ញើឯកសាររូបភាពមួយក្នុងវាល "file"',
  },
  STF00030: {
    'en-US': 'The amount must not be 0 and at most $10,000.00 either way',
    chs: '金额不能为 0，且增减均不超过 $10,000.00',
    kh: 'ចំនួនទឹកប្រាក់មិនអាចជា 0 ហើយមិនលើស $10,000.00 ទាំងបូក និងដក',
  },
  STF00031: {
    'en-US': 'The promo code "{code}" is taken; choose another (4 to 20 letters or digits)',
    chs: '优惠码“{code}”已被使用，请另选（4 至 20 个字母或数字）',
    kh: 'លេខកូដប្រូម៉ូសិន "{code}" ត្រូវបានប្រើរួចហើយ សូមជ្រើសរើសផ្សេង (អក្សរ ឬលេខ 4 ដល់ 20)',
  },
  STF00032: {
    'en-US': 'Promo code: 4 to 20 letters or digits',
    chs: '优惠码：4 至 20 个字母或数字',
    kh: 'លេខកូដប្រូម៉ូសិន៖ អក្សរ ឬលេខ 4 ដល់ 20',
  },
  STF00033: {
    'en-US': 'The discount must be more than 0 and less than the minimum spend',
    chs: '优惠金额必须大于 0 且小于最低消费',
    kh: 'ការបញ្ចុះតម្លៃត្រូវធំជាង 0 និងតិចជាងការចំណាយអប្បបរមា',
  },
  STF00034: {
    'en-US': 'Validity 1 to 365 days; per-user limit 1 to 100; total limit empty or at least 1',
    chs: '有效期 1 至 365 天；每人限领 1 至 100；总量留空或至少为 1',
    kh: 'សុពលភាព 1 ដល់ 365 ថ្ងៃ ដែនកំណត់ក្នុងម្នាក់ 1 ដល់ 100 ដែនកំណត់សរុបទទេ ឬយ៉ាងហោចណាស់ 1',
  },
  STF00035: {
    'en-US': 'A notice link is a path of the shop starting with /',
    chs: '通知链接必须是以 / 开头的商城路径',
    kh: 'តំណភ្ជាប់សេចក្តីជូនដំណឹងត្រូវជាផ្លូវរបស់ហាងចាប់ផ្តើមដោយ /',
  },
  STF00036: {
    'en-US': 'Give at least one phone number',
    chs: '请至少填写一个手机号',
    kh: 'សូមផ្តល់លេខទូរស័ព្ទយ៉ាងហោចណាស់មួយ',
  },
  STF00037: {
    'en-US': 'Waybill number: 4 to 40 letters, digits or dashes',
    chs: '运单号：4 至 40 个字母、数字或连字符',
    kh: 'លេខវិក្កយបត្រដឹក៖ អក្សរ លេខ ឬសញ្ញាដក 4 ដល់ 40',
  },
  STF00038: {
    'en-US': 'This order has not been shipped: there is nothing to track yet',
    chs: '该订单尚未发货，暂无物流可添加',
    kh: 'ការបញ្ជាទិញនេះមិនទាន់ដឹកចេញទេ៖ មិនទាន់មានអ្វីត្រូវតាមដាន',
  },
  STF00039: {
    http: 429,
    'en-US': 'Too many sign-in attempts; wait {seconds} seconds and try again',
    chs: '登录尝试过于频繁，请等待 {seconds} 秒后再试',
    kh: 'ការព្យាយាមចូលច្រើនពេក សូមរង់ចាំ {seconds} វិនាទី ហើយព្យាយាមម្តងទៀត',
  },
  STF00040: {
    'en-US': 'Choose products that exist: {ids} cannot be found',
    chs: '请选择存在的商品：找不到 {ids}',
    kh: 'សូមជ្រើសរើសផលិតផលដែលមាន៖ រកមិនឃើញ {ids}',
  },
  STF00041: {
    'en-US': 'A colour is written #RRGGBB, for example #e4393c',
    chs: '颜色格式为 #RRGGBB，例如 #e4393c',
    kh: 'ពណ៌ត្រូវសរសេរជា #RRGGBB ឧទាហរណ៍ #e4393c',
  },
  STF00042: {
    'en-US': 'The end must be after the start',
    chs: '结束时间必须晚于开始时间',
    kh: 'ពេលបញ្ចប់ត្រូវនៅក្រោយពេលចាប់ផ្តើម',
  },
  STF00043: {
    'en-US': 'Choose a picture uploaded to the catalogue',
    chs: '请选择已上传到商品库的图片',
    kh: 'សូមជ្រើសរើសរូបភាពដែលបានផ្ទុកឡើងទៅកាតាឡុក',
  },
  STF00060: {
    'en-US': 'This setup link is not valid: use the newest link the shop printed when it started',
    chs: '此设置链接无效：请使用商城启动时打印的最新链接',
    kh: 'តំណរៀបចំនេះមិនត្រឹមត្រូវទេ៖ សូមប្រើតំណចុងក្រោយបង្អស់ដែលហាងបានបង្ហាញនៅពេលវាចាប់ផ្តើម',
  },
  STF00061: {
    'en-US': 'This setup link has expired: restart the shop to get a new one',
    chs: '此设置链接已过期：请重新启动商城以获取新链接',
    kh: 'តំណរៀបចំនេះផុតកំណត់ហើយ៖ សូមចាប់ផ្តើមហាងឡើងវិញ ដើម្បីទទួលបានតំណថ្មី',
  },
  STF00062: {
    'en-US': 'This setup link has already been used: sign in with the account it created',
    chs: '此设置链接已被使用：请使用它创建的账号登录',
    kh: 'តំណរៀបចំនេះត្រូវបានប្រើរួចហើយ៖ សូមចូលដោយប្រើគណនីដែលវាបានបង្កើត',
  },
  STF00063: {
    'en-US': 'The console already has staff, so first-owner setup is closed: sign in, or ask an owner for an account',
    chs: '控制台已有员工，首位所有者设置已关闭：请登录，或请所有者为您创建账号',
    kh: 'កុងសូលមានបុគ្គលិករួចហើយ ដូច្នេះការរៀបចំម្ចាស់ដំបូងត្រូវបានបិទ៖ សូមចូល ឬសុំគណនីពីម្ចាស់',
  },
  STF00064: {
    http: 400,
    'en-US': 'Only the command line on the shop’s own machine may make this call',
    chs: '只有商城所在机器上的命令行可以执行此调用',
    kh: 'មានតែបន្ទាត់ពាក្យបញ្ជានៅលើម៉ាស៊ីនរបស់ហាងប៉ុណ្ណោះ ដែលអាចធ្វើការហៅនេះបាន',
  },
} satisfies Record<string, ErrorEntry>;
