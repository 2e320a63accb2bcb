// The prepaid card's information pages (content documents `bongloy.*`, docs/content.md): demo
// texts that staff rewrite in the console (Catalogue › Content); `provide` never overwrites theirs.
import type { ContentText } from '../content/public.ts';
import { AGREEMENT_DOCUMENTS } from './documents/agreements.ts';
import { GUIDE_DOCUMENTS } from './documents/guides.ts';
import { MASTERCARD_DOCUMENTS } from './documents/mastercard.ts';
import { SERVICE_DOCUMENTS } from './documents/service-pages.ts';

const introduce: ContentText = {
  title: { 'en-US': 'Bongloy prepaid card', chs: 'Bongloy 预付卡', kh: 'កាតបង់ប្រាក់មុន Bongloy' },
  body: {
    'en-US': `A prepaid Mastercard in your name, topped up from your Angkor Mall wallet.

## What you can do
- Pay in shops and online wherever the card is accepted.
- Top up from USD 10 to USD 1,000 at a time, paid by wallet, bank or KHQR.
- See the balance in the app at any time.

## What it costs
- **USD 5.00** per card, **USD 2.00** delivery by express (free pickup at our store).
- Up to the per-person limit of cards over all your applications.

## How to get it
Apply in five steps in **Me › Prepaid card**: your details, your passport or ID pictures, your signature, the card order, the payment. We review your documents within one working day; the fee is refunded if we cannot issue the card.`,
    chs: `以您本人姓名开立的万事达（Mastercard）预付卡，可从 Angkor Mall 钱包充值。

## 用途
- 在所有受理该卡的商户及网店消费。
- 单次充值 10 至 1,000 美元，可用钱包、银行或 KHQR 支付。
- 随时在应用中查看余额。

## 费用
- 每张卡 **5.00 美元**，快递配送 **2.00 美元**（门店自取免费）。
- 所有申请合计不超过每人卡片上限。

## 如何申请
在 **我的 › 预付卡** 中五步完成申请：个人信息、护照或身份证照片、签名、卡片订单、支付。我们会在一个工作日内审核您的证件；如无法发卡，费用将退还。`,
    kh: `កាត Mastercard បង់ប្រាក់មុនក្នុងឈ្មោះរបស់អ្នក បញ្ចូលលុយពីកាបូប Angkor Mall របស់អ្នក។

## អ្វីដែលអ្នកអាចធ្វើបាន
- ទូទាត់នៅហាង និងតាមអនឡាញ គ្រប់កន្លែងដែលទទួលយកកាត។
- បញ្ចូលលុយពី 10 ដល់ 1,000 ដុល្លារក្នុងមួយដង តាមកាបូប ធនាគារ ឬ KHQR។
- មើលសមតុល្យក្នុងកម្មវិធីគ្រប់ពេល។

## តម្លៃ
- **5.00 ដុល្លារ** ក្នុងមួយកាត ការដឹកជញ្ជូនរហ័ស **2.00 ដុល្លារ** (មកយកនៅហាងដោយឥតគិតថ្លៃ)។
- រហូតដល់ចំនួនកាតអតិបរមាក្នុងម្នាក់ សម្រាប់ពាក្យស្នើសុំទាំងអស់របស់អ្នក។

## របៀបទទួលបាន
ស្នើសុំជាប្រាំជំហានក្នុង **ខ្ញុំ › កាតបង់ប្រាក់មុន**៖ ព័ត៌មានរបស់អ្នក រូបថតលិខិតឆ្លងដែន ឬអត្តសញ្ញាណប័ណ្ណ ហត្ថលេខា ការកុម្ម៉ង់កាត និងការទូទាត់។ យើងពិនិត្យឯកសាររបស់អ្នកក្នុងរយៈពេលមួយថ្ងៃធ្វើការ; ថ្លៃសេវានឹងត្រូវបង្វិលសង ប្រសិនបើយើងមិនអាចចេញកាតបាន។`,
  },
};

const faq: ContentText = {
  title: { 'en-US': 'Prepaid card questions', chs: '预付卡常见问题', kh: 'សំណួរអំពីកាតបង់ប្រាក់មុន' },
  body: {
    'en-US': `## Who can apply?
Anyone 18 or older with a valid Cambodian ID card or passport. Foreigners also send the page of their Cambodian visa.

## How long does the review take?
Usually one working day. You get a notice when the card is issued, or why it was refused (the fee is then refunded to where you paid it from).

## How do I activate the card?
Open **Prepaid card**, tap **Activate this card** and enter the last four digits printed on the card.

## Can I close the app during the application?
Yes. Your application is saved at each step; open it again and continue where you stopped.

## Who sees my documents?
Only you and our card review team. Every time a reviewer opens your documents it is recorded.`,
    chs: `## 谁可以申请？
年满 18 周岁、持有有效柬埔寨身份证或护照的人士。外籍人士还需提供柬埔寨签证页。

## 审核需要多长时间？
通常为一个工作日。发卡或被拒（及原因）都会通过消息通知您；被拒时费用原路退还。

## 如何激活银行卡？
打开 **预付卡**，点击 **激活此卡**，输入卡面上卡号的后四位。

## 申请过程中可以关闭应用吗？
可以。每一步都会保存，重新打开即可从中断处继续。

## 谁能看到我的证件？
只有您本人和我们的银行卡审核团队。审核人员每次查看证件都会被记录。`,
    kh: `## តើនរណាអាចស្នើសុំបាន?
អ្នកដែលមានអាយុ 18 ឆ្នាំឡើងទៅ ដែលមានអត្តសញ្ញាណប័ណ្ណខ្មែរ ឬលិខិតឆ្លងដែនមានសុពលភាព។ ជនបរទេសត្រូវផ្ញើទំព័រទិដ្ឋាការកម្ពុជាផងដែរ។

## តើការពិនិត្យចំណាយពេលប៉ុន្មាន?
ជាធម្មតាមួយថ្ងៃធ្វើការ។ អ្នកនឹងទទួលបានសារជូនដំណឹងនៅពេលកាតត្រូវបានចេញ ឬមូលហេតុនៃការបដិសេធ (ថ្លៃសេវានឹងត្រូវបង្វិលសងទៅកន្លែងដែលអ្នកបានបង់)។

## តើខ្ញុំធ្វើឱ្យកាតសកម្មដោយរបៀបណា?
បើក **កាតបង់ប្រាក់មុន** ចុច **ធ្វើឱ្យកាតនេះសកម្ម** ហើយបញ្ចូលលេខបួនខ្ទង់ចុងក្រោយដែលបោះពុម្ពនៅលើកាត។

## តើខ្ញុំអាចបិទកម្មវិធីពេលកំពុងស្នើសុំបានទេ?
បាន។ ពាក្យស្នើសុំរបស់អ្នកត្រូវបានរក្សាទុកនៅគ្រប់ជំហាន; បើកម្តងទៀត ហើយបន្តពីកន្លែងដែលអ្នកបានឈប់។

## តើនរណាអាចមើលឯកសាររបស់ខ្ញុំ?
មានតែអ្នក និងក្រុមពិនិត្យកាតរបស់យើងប៉ុណ្ណោះ។ រាល់ពេលដែលអ្នកពិនិត្យបើកឯកសាររបស់អ្នក វាត្រូវបានកត់ត្រា។`,
  },
};

const terms: ContentText = {
  title: { 'en-US': 'Card service terms', chs: '银行卡服务条款', kh: 'លក្ខខណ្ឌសេវាកាត' },
  body: {
    'en-US': `1. **The service.** Angkor Mall takes your application for a Bongloy prepaid card and passes it to the card issuer, who issues and runs the card.
2. **Your information.** What you give must be true and your own. Your documents are used only to check who you are and are deleted after your application is closed for the period the law requires.
3. **Fees.** The card fee and the delivery fee are shown before you pay. They are refunded in full if your application is refused.
4. **Limits.** One person may hold the number of cards the shop sets, over all applications. A top-up is from USD 10 to USD 1,000.
5. **Top-ups.** A top-up the issuer cannot credit is refunded to where you paid from.
6. **Changes.** We tell you of any change to these terms at least 30 days ahead.`,
    chs: `1. **服务内容。** Angkor Mall 受理您的 Bongloy 预付卡申请并提交给发卡方，由发卡方发放和管理该卡。
2. **您的信息。** 您提供的信息必须真实且属于您本人。您的证件仅用于核实身份，并在申请关闭后按法律要求的期限删除。
3. **费用。** 开卡费和运费在支付前显示；如申请被拒，全额退还。
4. **限额。** 每人所有申请合计可持有的卡数以本店设定为准；单次充值 10 至 1,000 美元。
5. **充值。** 发卡方无法入账的充值将原路退还。
6. **变更。** 条款如有变更，我们至少提前 30 天通知您。`,
    kh: `1. **សេវា។** Angkor Mall ទទួលពាក្យស្នើសុំកាតបង់ប្រាក់មុន Bongloy របស់អ្នក ហើយបញ្ជូនទៅអ្នកចេញកាត ដែលចេញ និងគ្រប់គ្រងកាត។
2. **ព័ត៌មានរបស់អ្នក។** អ្វីដែលអ្នកផ្តល់ត្រូវតែពិត និងជារបស់អ្នក។ ឯកសាររបស់អ្នកត្រូវបានប្រើតែដើម្បីផ្ទៀងផ្ទាត់អត្តសញ្ញាណ ហើយត្រូវបានលុបបន្ទាប់ពីពាក្យស្នើសុំត្រូវបានបិទ តាមរយៈពេលដែលច្បាប់តម្រូវ។
3. **ថ្លៃសេវា។** ថ្លៃកាត និងថ្លៃដឹកជញ្ជូនត្រូវបានបង្ហាញមុនពេលអ្នកបង់។ វាត្រូវបានបង្វិលសងទាំងស្រុង ប្រសិនបើពាក្យស្នើសុំរបស់អ្នកត្រូវបានបដិសេធ។
4. **ដែនកំណត់។** មនុស្សម្នាក់អាចកាន់កាតតាមចំនួនដែលហាងកំណត់ សម្រាប់ពាក្យស្នើសុំទាំងអស់។ ការបញ្ចូលលុយគឺពី 10 ដល់ 1,000 ដុល្លារ។
5. **ការបញ្ចូលលុយ។** ការបញ្ចូលលុយដែលអ្នកចេញកាតមិនអាចបញ្ចូលបាន នឹងត្រូវបង្វិលសងទៅកន្លែងដែលអ្នកបានបង់។
6. **ការផ្លាស់ប្តូរ។** យើងនឹងជូនដំណឹងអ្នកអំពីការផ្លាស់ប្តូរលក្ខខណ្ឌទាំងនេះយ៉ាងហោចណាស់ 30 ថ្ងៃមុន។`,
  },
};

const cardholderAgreement: ContentText = {
  title: { 'en-US': 'Cardholder agreement', chs: '持卡人协议', kh: 'កិច្ចព្រមព្រៀងម្ចាស់កាត' },
  body: {
    'en-US': `This agreement is between you, the cardholder, and the card issuer; Angkor Mall acts as its agent for applications and top-ups.

1. **Your card.** The card is yours alone; do not let anyone else use it. Keep the card and its number safe.
2. **Activation.** The card works once you activate it in the app with the last four digits printed on it.
3. **Balance.** You can spend only what is on the card. The balance the app shows comes from the issuer.
4. **Lost or stolen card.** Tell customer service at once; the issuer blocks the card and what was on it is kept for a new card.
5. **Expiry.** The card is valid until the month and year printed on it.
6. **Closing.** You may close the card at any time; what is left on it is paid back to your Angkor Mall wallet.`,
    chs: `本协议由您（持卡人）与发卡方签订；Angkor Mall 作为其代理受理申请和充值。

1. **您的银行卡。** 该卡仅限您本人使用，请勿交给他人。请妥善保管卡片及卡号。
2. **激活。** 在应用中输入卡面上卡号后四位激活后即可使用。
3. **余额。** 只能使用卡内余额。应用中显示的余额来自发卡方。
4. **挂失。** 请立即联系客服；发卡方将冻结该卡，卡内余额转入新卡。
5. **有效期。** 卡片有效期至卡面所印年月。
6. **销卡。** 您可随时销卡，卡内余额退回您的 Angkor Mall 钱包。`,
    kh: `កិច្ចព្រមព្រៀងនេះគឺរវាងអ្នក ម្ចាស់កាត និងអ្នកចេញកាត; Angkor Mall ធ្វើជាភ្នាក់ងារសម្រាប់ពាក្យស្នើសុំ និងការបញ្ចូលលុយ។

1. **កាតរបស់អ្នក។** កាតនេះសម្រាប់តែអ្នកប៉ុណ្ណោះ; កុំឱ្យអ្នកដទៃប្រើ។ រក្សាកាត និងលេខកាតឱ្យមានសុវត្ថិភាព។
2. **ការធ្វើឱ្យសកម្ម។** កាតដំណើរការនៅពេលអ្នកធ្វើឱ្យវាសកម្មក្នុងកម្មវិធី ដោយប្រើលេខបួនខ្ទង់ចុងក្រោយដែលបោះពុម្ពនៅលើកាត។
3. **សមតុល្យ។** អ្នកអាចចំណាយបានតែអ្វីដែលមាននៅក្នុងកាត។ សមតុល្យដែលកម្មវិធីបង្ហាញមកពីអ្នកចេញកាត។
4. **កាតបាត់ ឬត្រូវបានលួច។** ប្រាប់សេវាអតិថិជនភ្លាមៗ; អ្នកចេញកាតនឹងបិទកាត ហើយប្រាក់ដែលនៅសល់ត្រូវបានរក្សាទុកសម្រាប់កាតថ្មី។
5. **ការផុតកំណត់។** កាតមានសុពលភាពរហូតដល់ខែ និងឆ្នាំដែលបោះពុម្ពនៅលើកាត។
6. **ការបិទ។** អ្នកអាចបិទកាតនៅពេលណាក៏បាន; ប្រាក់ដែលនៅសល់នឹងត្រូវបង្វិលទៅកាបូប Angkor Mall របស់អ្នក។`,
  },
};

const kycFaq: ContentText = {
  title: {
    'en-US': 'Identity check (KYC) questions',
    chs: '身份验证（KYC）常见问题',
    kh: 'សំណួរអំពីការផ្ទៀងផ្ទាត់អត្តសញ្ញាណ (KYC)',
  },
  body: {
    'en-US': `## Why do you ask for my documents?
A card issuer must know who holds each card (know your customer, KYC). We check that the pictures show you and a valid document.

## Which pictures are needed?
The information page of your passport or the front of your Cambodian ID card, a photo of you holding it, and a selfie or ID photo. Foreigners add the page of their Cambodian visa.

## Why was my application refused?
The notice tells you why: often a blurred picture, a document past its date, or a name that does not match. Apply again with new pictures; the fee of the refused application is refunded.

## How are my pictures kept?
Re-encoded without location or camera data, stored privately, shown only to you and the card review team, and deleted after your application is closed for the period the law requires.`,
    chs: `## 为什么需要我的证件？
发卡方必须了解每张卡的持卡人（了解您的客户，KYC）。我们会核实照片中是您本人以及证件是否有效。

## 需要哪些照片？
护照信息页或柬埔寨身份证正面、手持证件的照片、自拍或证件照。外籍人士还需提供柬埔寨签证页。

## 为什么我的申请被拒？
消息中会说明原因：常见的有照片模糊、证件过期或姓名不符。请用新照片重新申请；被拒申请的费用会退还。

## 我的照片如何保存？
重新编码并去除位置和相机信息，私密存储，只有您和银行卡审核团队可以查看，并在申请关闭后按法律要求的期限删除。`,
    kh: `## ហេតុអ្វីបានជាអ្នកសុំឯកសាររបស់ខ្ញុំ?
អ្នកចេញកាតត្រូវតែដឹងថានរណាជាម្ចាស់កាតនីមួយៗ (ស្គាល់អតិថិជនរបស់អ្នក KYC)។ យើងពិនិត្យថារូបថតបង្ហាញអ្នក និងឯកសារមានសុពលភាព។

## តើត្រូវការរូបថតអ្វីខ្លះ?
ទំព័រព័ត៌មាននៃលិខិតឆ្លងដែន ឬផ្នែកខាងមុខនៃអត្តសញ្ញាណប័ណ្ណខ្មែរ រូបថតអ្នកកាន់វា និងរូបថតខ្លួនឯង ឬរូបថតអត្តសញ្ញាណ។ ជនបរទេសបន្ថែមទំព័រទិដ្ឋាការកម្ពុជា។

## ហេតុអ្វីបានជាពាក្យស្នើសុំរបស់ខ្ញុំត្រូវបានបដិសេធ?
សារជូនដំណឹងប្រាប់អ្នកពីមូលហេតុ៖ ជាញឹកញាប់រូបថតមិនច្បាស់ ឯកសារផុតកំណត់ ឬឈ្មោះមិនត្រូវគ្នា។ ស្នើសុំម្តងទៀតជាមួយរូបថតថ្មី; ថ្លៃសេវានៃពាក្យស្នើសុំដែលត្រូវបានបដិសេធនឹងត្រូវបង្វិលសង។

## តើរូបថតរបស់ខ្ញុំត្រូវបានរក្សាទុកដោយរបៀបណា?
ត្រូវបានអ៊ិនកូដឡើងវិញដោយគ្មានទិន្នន័យទីតាំង ឬកាមេរ៉ា រក្សាទុកជាឯកជន បង្ហាញតែអ្នក និងក្រុមពិនិត្យកាត ហើយត្រូវបានលុបបន្ទាប់ពីពាក្យស្នើសុំត្រូវបានបិទ តាមរយៈពេលដែលច្បាប់តម្រូវ។`,
  },
};

/** The documents of the card's information pages, by key. */
export const BONGLOY_DOCUMENTS: Record<string, ContentText> = {
  'bongloy.introduce': introduce,
  'bongloy.faq': faq,
  'bongloy.terms': terms,
  'bongloy.cardholderAgreement': cardholderAgreement,
  'bongloy.kycFaq': kycFaq,
  ...GUIDE_DOCUMENTS,
  ...AGREEMENT_DOCUMENTS,
  ...MASTERCARD_DOCUMENTS,
  ...SERVICE_DOCUMENTS,
};
