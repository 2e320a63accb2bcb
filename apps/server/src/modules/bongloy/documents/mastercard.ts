// The card scheme's pages (/masterProtocol, /master/faq, /master/termsAndConditions): the card is a
// prepaid Mastercard. Demo texts staff rewrite in the console with the issuer's own wording.
import type { ContentText } from '../../content/public.ts';

const masterProtocol: ContentText = {
  title: {
    'en-US': 'Mastercard prepaid card protocol',
    chs: '万事达预付卡协议',
    kh: 'ពិធីសារកាតបង់ប្រាក់មុន Mastercard',
  },
  body: {
    'en-US': `Your Bongloy prepaid card carries the Mastercard brand under a licence from Mastercard to the card issuer. This protocol explains what that means for you.

1. **Acceptance.** The card is accepted by merchants and ATMs that show the Mastercard acceptance mark, in Cambodia and abroad.
2. **Authorisation.** The issuer approves each payment against your balance at that moment. A payment larger than the balance is declined.
3. **Currencies.** A payment in a currency other than US dollars is converted by Mastercard at its rate on the day the payment is processed; the converted amount is what leaves your card.
4. **Zero liability.** You are not held responsible for payments you did not make, provided you kept the card safe and reported its loss or the payment promptly.
5. **Disputes.** A payment you dispute is settled under Mastercard's rules between the issuer and the merchant's bank; the outcome can take up to 45 days.
6. **Identity Check.** An online payment may be confirmed with a one-time code sent to your mobile number (Mastercard Identity Check).
7. **Trademarks.** Mastercard and the circles design are registered trademarks of Mastercard International Incorporated.`,
    chs: `您的 Bongloy 预付卡经万事达授权发卡方发行，带有万事达品牌。本协议说明这对您意味着什么。

1. **受理。** 在柬埔寨及海外，凡展示万事达受理标志的商户和 ATM 均受理本卡。
2. **授权。** 发卡方根据您当时的余额批准每笔交易，超过余额的交易将被拒绝。
3. **币种。** 以美元以外货币支付时，由万事达按交易处理当日的汇率换算，从卡内扣除换算后的金额。
4. **零风险责任。** 只要您妥善保管卡片并及时报告卡片遗失或可疑交易，您无需为非本人进行的交易承担责任。
5. **争议。** 您提出异议的交易将按万事达规则由发卡方与商户银行处理，结果最长可能需要 45 天。
6. **身份验证。** 网上支付可能需要输入发送到您手机的一次性验证码（Mastercard Identity Check）。
7. **商标。** Mastercard 及圆圈图案为 Mastercard International Incorporated 的注册商标。`,
    kh: `កាតបង់ប្រាក់មុន Bongloy របស់អ្នកមានម៉ាក Mastercard ក្រោមអាជ្ញាប័ណ្ណពី Mastercard ទៅអ្នកចេញកាត។ ពិធីសារនេះពន្យល់ពីអត្ថន័យរបស់វាសម្រាប់អ្នក។

1. **ការទទួលយក។** កាតនេះត្រូវបានទទួលយកដោយអាជីវករ និងម៉ាស៊ីន ATM ដែលបង្ហាញសញ្ញាទទួលយក Mastercard ទាំងក្នុងប្រទេសកម្ពុជា និងនៅបរទេស។
2. **ការអនុញ្ញាត។** អ្នកចេញកាតអនុម័តការទូទាត់នីមួយៗ ដោយធៀបនឹងសមតុល្យរបស់អ្នកនៅពេលនោះ។ ការទូទាត់ដែលធំជាងសមតុល្យនឹងត្រូវបានបដិសេធ។
3. **រូបិយប័ណ្ណ។** ការទូទាត់ជារូបិយប័ណ្ណផ្សេងក្រៅពីដុល្លារអាមេរិក ត្រូវបានប្តូរដោយ Mastercard តាមអត្រារបស់ខ្លួននៅថ្ងៃដែលការទូទាត់ត្រូវបានដំណើរការ; ចំនួនដែលបានប្តូរគឺជាអ្វីដែលត្រូវដកចេញពីកាតរបស់អ្នក។
4. **គ្មានការទទួលខុសត្រូវ។** អ្នកមិនទទួលខុសត្រូវចំពោះការទូទាត់ដែលអ្នកមិនបានធ្វើឡើយ ដរាបណាអ្នកបានរក្សាកាតឱ្យមានសុវត្ថិភាព ហើយបានរាយការណ៍ពីការបាត់បង់ ឬការទូទាត់នោះភ្លាមៗ។
5. **វិវាទ។** ការទូទាត់ដែលអ្នកតវ៉ា ត្រូវបានដោះស្រាយតាមច្បាប់របស់ Mastercard រវាងអ្នកចេញកាត និងធនាគាររបស់អាជីវករ; លទ្ធផលអាចចំណាយពេលរហូតដល់ 45 ថ្ងៃ។
6. **ការផ្ទៀងផ្ទាត់អត្តសញ្ញាណ។** ការទូទាត់អនឡាញអាចត្រូវបានបញ្ជាក់ដោយលេខកូដប្រើតែម្តង ដែលផ្ញើទៅលេខទូរស័ព្ទរបស់អ្នក (Mastercard Identity Check)។
7. **ពាណិជ្ជសញ្ញា។** Mastercard និងរូបរង្វង់ គឺជាពាណិជ្ជសញ្ញាចុះបញ្ជីរបស់ Mastercard International Incorporated។`,
  },
};

const masterFaq: ContentText = {
  title: { 'en-US': 'Mastercard questions', chs: '万事达卡常见问题', kh: 'សំណួរអំពី Mastercard' },
  body: {
    'en-US': `## Where can I use the card?
Wherever you see the Mastercard sign: shops, restaurants, online shops and ATMs, in Cambodia and in more than 200 countries and territories.

## Can I pay without inserting the card?
Yes. Tap it on a terminal that shows the contactless sign. For larger amounts the terminal may still ask for your PIN.

## What happens when I pay in another currency?
Mastercard converts the amount to US dollars at its rate of the day; the converted amount is taken from your balance.

## Why was my payment declined?
Most often the balance was too low, the card was not activated yet, or the expiry date or the code was typed wrongly. Check your balance in **Me › Prepaid card** and try again.

## Someone used my card. What now?
Call customer service at once. We have the card blocked, and you are not held responsible for payments you did not make.

## Can I take out cash?
Yes, from your balance at ATMs with the Mastercard sign. The ATM's owner may charge a fee, shown before you confirm.`,
    chs: `## 在哪里可以用卡？
凡有万事达标志的地方：柬埔寨及全球 200 多个国家和地区的商店、餐厅、网店和 ATM。

## 可以不插卡付款吗？
可以。在带有非接触标志的终端上挥卡即可。金额较大时，终端仍可能要求输入密码。

## 用其他货币付款会怎样？
万事达按当日汇率将金额换算成美元，从您的余额中扣除换算后的金额。

## 为什么付款被拒？
最常见的原因是余额不足、卡片尚未激活，或有效期、安全码输入错误。请在 **我的 › 预付卡** 中查看余额后重试。

## 有人盗用了我的卡怎么办？
请立即联系客服。我们会冻结该卡，非本人进行的交易无需您承担责任。

## 可以取现吗？
可以，在有万事达标志的 ATM 从余额中取现。ATM 所属机构可能收取手续费，确认前会显示。`,
    kh: `## តើខ្ញុំអាចប្រើកាតនៅកន្លែងណាខ្លះ?
គ្រប់កន្លែងដែលអ្នកឃើញសញ្ញា Mastercard៖ ហាង ភោជនីយដ្ឋាន ហាងអនឡាញ និងម៉ាស៊ីន ATM ក្នុងប្រទេសកម្ពុជា និងក្នុងប្រទេស និងដែនដីជាង 200។

## តើខ្ញុំអាចទូទាត់ដោយមិនបញ្ចូលកាតបានទេ?
បាន។ ប៉ះវាលើម៉ាស៊ីនដែលបង្ហាញសញ្ញាគ្មានទំនាក់ទំនង។ សម្រាប់ចំនួនទឹកប្រាក់ធំៗ ម៉ាស៊ីនអាចនៅតែសុំលេខកូដសម្ងាត់របស់អ្នក។

## តើមានអ្វីកើតឡើងនៅពេលខ្ញុំទូទាត់ជារូបិយប័ណ្ណផ្សេង?
Mastercard ប្តូរចំនួនទឹកប្រាក់ទៅជាដុល្លារអាមេរិកតាមអត្រាប្រចាំថ្ងៃរបស់ខ្លួន; ចំនួនដែលបានប្តូរត្រូវបានដកពីសមតុល្យរបស់អ្នក។

## ហេតុអ្វីបានជាការទូទាត់របស់ខ្ញុំត្រូវបានបដិសេធ?
ភាគច្រើនដោយសារសមតុល្យទាបពេក កាតមិនទាន់សកម្ម ឬកាលបរិច្ឆេទផុតកំណត់ ឬលេខកូដត្រូវបានវាយខុស។ ពិនិត្យសមតុល្យរបស់អ្នកនៅក្នុង **ខ្ញុំ › កាតបង់ប្រាក់មុន** ហើយព្យាយាមម្តងទៀត។

## មាននរណាម្នាក់បានប្រើកាតរបស់ខ្ញុំ។ តើត្រូវធ្វើអ្វី?
ទូរស័ព្ទទៅផ្នែកបម្រើអតិថិជនភ្លាមៗ។ យើងនឹងឱ្យបិទកាត ហើយអ្នកមិនទទួលខុសត្រូវចំពោះការទូទាត់ដែលអ្នកមិនបានធ្វើឡើយ។

## តើខ្ញុំអាចដកសាច់ប្រាក់បានទេ?
បាន ពីសមតុល្យរបស់អ្នកនៅម៉ាស៊ីន ATM ដែលមានសញ្ញា Mastercard។ ម្ចាស់ម៉ាស៊ីន ATM អាចគិតថ្លៃសេវា ដែលបង្ហាញមុនពេលអ្នកបញ្ជាក់។`,
  },
};

const masterTerms: ContentText = {
  title: {
    'en-US': 'Mastercard terms and conditions',
    chs: '万事达卡条款与细则',
    kh: 'លក្ខខណ្ឌ Mastercard',
  },
  body: {
    'en-US': `These terms apply to every payment made with your Bongloy prepaid Mastercard, alongside the cardholder agreement.

1. **Who is who.** The card issuer issues the card under a licence from Mastercard; Angkor Mall takes applications and top-ups as the issuer's agent.
2. **Balance.** The card is prepaid: you can spend only the balance on it. It gives no credit and earns no interest.
3. **Fees.** USD 5.00 per card and USD 2.00 for express delivery, paid when you apply. Top-ups in the Angkor Mall app cost nothing. ATM owners may charge a fee of their own.
4. **Limits.** USD 10 to USD 1,000 per top-up, and at most USD 10,000 on a card.
5. **Foreign currency.** Converted at the Mastercard rate of the processing day.
6. **Expiry.** The card works until the last day of the month printed on it. A balance left on an expired card is paid back to your Angkor Mall wallet.
7. **Blocking.** The issuer may block a card used against these terms or the law, and tells you why.
8. **Changes.** You are told of changes at least 30 days before they apply.`,
    chs: `本条款与持卡人协议一并适用于使用 Bongloy 万事达预付卡进行的每笔交易。

1. **各方角色。** 发卡方经万事达授权发行本卡；Angkor Mall 作为发卡方的代理受理申请和充值。
2. **余额。** 本卡为预付卡：只能使用卡内余额，不提供信用额度，也不计利息。
3. **费用。** 每张卡 5.00 美元，快递配送 2.00 美元，于申请时支付。在 Angkor Mall 应用中充值免费。ATM 所属机构可能另行收费。
4. **限额。** 单次充值 10 至 1,000 美元，每张卡余额最多 10,000 美元。
5. **外币。** 按交易处理当日的万事达汇率换算。
6. **有效期。** 卡片可使用至卡面所印月份的最后一天。过期卡内的余额将退回您的 Angkor Mall 钱包。
7. **冻结。** 如卡片的使用违反本条款或法律，发卡方可冻结该卡并告知原因。
8. **变更。** 条款如有变更，将至少提前 30 天通知您。`,
    kh: `លក្ខខណ្ឌទាំងនេះអនុវត្តចំពោះរាល់ការទូទាត់ដែលធ្វើឡើងដោយកាតបង់ប្រាក់មុន Mastercard Bongloy របស់អ្នក រួមជាមួយកិច្ចព្រមព្រៀងម្ចាស់កាត។

1. **តួនាទី។** អ្នកចេញកាតចេញកាតក្រោមអាជ្ញាប័ណ្ណពី Mastercard; Angkor Mall ទទួលពាក្យស្នើសុំ និងការបញ្ចូលលុយក្នុងនាមជាភ្នាក់ងាររបស់អ្នកចេញកាត។
2. **សមតុល្យ។** កាតនេះជាកាតបង់ប្រាក់មុន៖ អ្នកអាចចំណាយបានតែសមតុល្យដែលមាននៅលើវា។ វាមិនផ្តល់ឥណទាន និងមិនទទួលបានការប្រាក់ទេ។
3. **ថ្លៃសេវា។** 5.00 ដុល្លារក្នុងមួយកាត និង 2.00 ដុល្លារសម្រាប់ការដឹកជញ្ជូនរហ័ស ដែលបង់នៅពេលអ្នកស្នើសុំ។ ការបញ្ចូលលុយក្នុងកម្មវិធី Angkor Mall គឺឥតគិតថ្លៃ។ ម្ចាស់ម៉ាស៊ីន ATM អាចគិតថ្លៃសេវាផ្ទាល់ខ្លួន។
4. **ដែនកំណត់។** 10 ដល់ 1,000 ដុល្លារក្នុងមួយការបញ្ចូលលុយ និងអតិបរមា 10,000 ដុល្លារនៅលើកាតមួយ។
5. **រូបិយប័ណ្ណបរទេស។** ត្រូវបានប្តូរតាមអត្រា Mastercard នៃថ្ងៃដំណើរការ។
6. **ការផុតកំណត់។** កាតប្រើបានរហូតដល់ថ្ងៃចុងក្រោយនៃខែដែលបោះពុម្ពនៅលើវា។ សមតុល្យដែលនៅសល់លើកាតផុតកំណត់ នឹងត្រូវបង់ត្រឡប់ទៅកាបូប Angkor Mall របស់អ្នកវិញ។
7. **ការបិទ។** អ្នកចេញកាតអាចបិទកាតដែលត្រូវបានប្រើផ្ទុយនឹងលក្ខខណ្ឌទាំងនេះ ឬច្បាប់ ហើយប្រាប់អ្នកពីមូលហេតុ។
8. **ការផ្លាស់ប្តូរ។** អ្នកនឹងត្រូវបានជូនដំណឹងអំពីការផ្លាស់ប្តូរយ៉ាងហោចណាស់ 30 ថ្ងៃមុនពេលវាអនុវត្ត។`,
  },
};

export const MASTERCARD_DOCUMENTS = {
  'bongloy.masterProtocol': masterProtocol,
  'bongloy.masterFaq': masterFaq,
  'bongloy.masterTerms': masterTerms,
};
