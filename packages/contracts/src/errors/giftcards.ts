import type { ErrorEntry } from './types.ts';

/** Gift cards (issue 20): activation by number and code, and the console's batches. */
export const giftcardErrors = {
  GFT00001: {
    'en-US': 'The card number or code is wrong; {remaining} tries left',
    chs: '卡号或卡密错误，还可尝试 {remaining} 次',
    kh: 'លេខកាត ឬលេខកូដមិនត្រឹមត្រូវ នៅសល់ {remaining} ដងទៀត',
  },
  GFT00002: {
    'en-US': 'Too many wrong tries; please try again in {minutes} minutes',
    chs: '错误次数过多，请 {minutes} 分钟后再试',
    kh: 'ព្យាយាមខុសច្រើនដងពេក សូមព្យាយាមម្តងទៀតក្នុងរយៈពេល {minutes} នាទី',
  },
  GFT00003: {
    'en-US': 'This gift card has expired',
    chs: '该礼品卡已过期',
    kh: 'កាតអំណោយនេះបានផុតកំណត់ហើយ',
  },
  GFT00004: {
    'en-US': 'This gift card has been voided',
    chs: '该礼品卡已作废',
    kh: 'កាតអំណោយនេះត្រូវបានលុបចោល',
  },
  // GFT00005 ("already been used") is retired: an activated card is not spent, and the shopper is
  // told who activated it (GFT00011 them, GFT00012 another account).
  GFT00006: {
    'en-US': 'The gift card does not exist',
    chs: '礼品卡不存在',
    kh: 'កាតអំណោយនេះមិនមានទេ',
  },
  GFT00007: {
    'en-US': 'A batch has 1 to {maxCount} cards of USD 0.01 to {maxValue} each',
    chs: '每批 1 至 {maxCount} 张，每张面值 0.01 至 {maxValue} 美元',
    kh: 'មួយបាច់មាន 1 ដល់ {maxCount} កាត ហើយតម្លៃនីមួយៗពី 0.01 ដល់ {maxValue} ដុល្លារ',
  },
  GFT00008: {
    'en-US': 'The expiry date must be in the future',
    chs: '有效期必须晚于当前时间',
    kh: 'កាលបរិច្ឆេទផុតកំណត់ត្រូវតែនៅពេលអនាគត',
  },
  GFT00009: {
    'en-US': 'The batch does not exist',
    chs: '该批次不存在',
    kh: 'បាច់នេះមិនមានទេ',
  },
  GFT00010: {
    'en-US': 'An activated gift card cannot be voided',
    chs: '已激活的礼品卡不能作废',
    kh: 'កាតអំណោយដែលបានធ្វើឱ្យសកម្មហើយ មិនអាចលុបចោលបានទេ',
  },
  /** The right number and code of a card this shopper activated before (its value is in their gift balance). */
  GFT00011: {
    'en-US': 'You have already activated this gift card; its value is in your gift balance',
    chs: '您已激活过这张礼品卡，面值已存入您的礼品余额',
    kh: 'អ្នកបានធ្វើឱ្យកាតអំណោយនេះសកម្មរួចហើយ តម្លៃរបស់វាមាននៅក្នុងសមតុល្យអំណោយរបស់អ្នក',
  },
  /** The right number and code of a card another account activated. */
  GFT00012: {
    'en-US': 'This gift card has already been activated by another account',
    chs: '该礼品卡已被其他账户激活',
    kh: 'កាតអំណោយនេះត្រូវបានធ្វើឱ្យសកម្មដោយគណនីផ្សេងរួចហើយ',
  },
  // Gift cards bought and sent (issue 46 point 5).
  GFT00100: {
    'en-US': 'Choose an amount from {min} to {max}',
    chs: '请选择 {min} 至 {max} 之间的金额',
    kh: 'សូមជ្រើសរើសចំនួនទឹកប្រាក់ពី {min} ដល់ {max}',
  },
  GFT00101: {
    'en-US': 'Please choose one of the card designs',
    chs: '请选择一种卡面',
    kh: 'សូមជ្រើសរើសរចនាកាតមួយ',
  },
  GFT00102: {
    'en-US': 'The message can be at most {max} characters',
    chs: '留言最多 {max} 个字',
    kh: 'សារអាចមានយ៉ាងច្រើន {max} តួអក្សរ',
  },
  GFT00103: {
    'en-US': 'You cannot send a gift card to your own number',
    chs: '不能把礼品卡送给自己的号码',
    kh: 'អ្នកមិនអាចផ្ញើកាតអំណោយទៅលេខរបស់ខ្លួនឯងបានទេ',
  },
  GFT00104: {
    'en-US': 'You can send at most {count} gift cards a day; please try again tomorrow',
    chs: '每天最多可送 {count} 张礼品卡，请明天再试',
    kh: 'អ្នកអាចផ្ញើកាតអំណោយបានច្រើនបំផុត {count} ក្នុងមួយថ្ងៃ សូមព្យាយាមម្តងទៀតនៅថ្ងៃស្អែក',
  },
  GFT00105: {
    'en-US': 'You can send at most {amount} of gift cards a day; {left} is left today',
    chs: '每天最多可送 {amount} 的礼品卡，今天还可送 {left}',
    kh: 'អ្នកអាចផ្ញើកាតអំណោយបានច្រើនបំផុត {amount} ក្នុងមួយថ្ងៃ ថ្ងៃនេះនៅសល់ {left}',
  },
  GFT00106: {
    'en-US': 'This number has received {count} gift cards today; please try again tomorrow',
    chs: '该号码今天已收到 {count} 张礼品卡，请明天再试',
    kh: 'លេខនេះបានទទួលកាតអំណោយ {count} រួចហើយថ្ងៃនេះ សូមព្យាយាមម្តងទៀតនៅថ្ងៃស្អែក',
  },
  GFT00107: {
    'en-US': 'This gift link is not valid. Ask the sender to send it again',
    chs: '该礼品链接无效，请联系赠送人重新发送',
    kh: 'តំណអំណោយនេះមិនត្រឹមត្រូវទេ សូមស្នើអ្នកផ្ញើឱ្យផ្ញើម្តងទៀត',
  },
  GFT00108: {
    'en-US': 'This gift card has already been claimed',
    chs: '该礼品卡已被领取',
    kh: 'កាតអំណោយនេះត្រូវបានទទួលយករួចហើយ',
  },
  GFT00109: {
    'en-US': 'A claimed gift card cannot be refunded',
    chs: '已领取的礼品卡不能退款',
    kh: 'កាតអំណោយដែលបានទទួលយករួចហើយ មិនអាចសងប្រាក់វិញបានទេ',
  },
  GFT00110: {
    'en-US': 'The gift card does not exist',
    chs: '该礼品卡不存在',
    kh: 'កាតអំណោយនេះមិនមានទេ',
  },
  GFT00111: {
    'en-US': 'This gift card cannot be sent again now',
    chs: '该礼品卡现在不能重新发送',
    kh: 'កាតអំណោយនេះមិនអាចផ្ញើម្តងទៀតបានទេពេលនេះ',
  },
  GFT00112: {
    'en-US': 'A gift card can be refunded once it is unclaimed, from {date}',
    chs: '礼品卡未被领取满期后（{date} 起）才能退款',
    kh: 'កាតអំណោយអាចសងប្រាក់វិញបាន នៅពេលគ្មានអ្នកទទួលយក ចាប់ពី {date}',
  },
  GFT00113: {
    'en-US': 'This gift card was refunded to its sender and can no longer be claimed',
    chs: '该礼品卡已退款给赠送人，不能再领取',
    kh: 'កាតអំណោយនេះត្រូវបានសងប្រាក់ទៅអ្នកផ្ញើវិញ ហើយមិនអាចទទួលយកបានទៀតទេ',
  },
  GFT00114: {
    'en-US': 'This gift card was sent to another number',
    chs: '该礼品卡已发送至其他号码',
    kh: 'កាតអំណោយនេះត្រូវបានផ្ញើទៅលេខផ្សេង',
  },
} satisfies Record<string, ErrorEntry>;
