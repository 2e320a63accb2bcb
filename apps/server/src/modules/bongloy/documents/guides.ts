// The card's how-to pages (/bongloy/usageGuid, /bongloy/operatingManual, /bongloy/openAccountSteps,
// /bongloy/strategy): demo texts staff rewrite in the console. The figures are the module's own
// (fee, delivery, top-up range, balance cap, 30 minutes to pay): docs/bongloy.md.
import type { ContentText } from '../../content/public.ts';

const usageGuide: ContentText = {
  title: { 'en-US': 'Using your card', chs: '用卡指南', kh: 'របៀបប្រើកាតរបស់អ្នក' },
  body: {
    'en-US': `Your Bongloy prepaid card is a Mastercard. It pays wherever Mastercard is accepted, in shops and online, in Cambodia and abroad, up to the balance on the card.

## In a shop
- Tap the card on the terminal where you see the contactless sign, or insert it and enter your PIN.
- Check the amount on the screen before you confirm, and keep the receipt until the payment shows on your card.

## Online
- Enter your name as printed, the card number, the expiry date and the three-digit code on the back.
- Some shops then ask for a one-time code sent to the mobile number of your application.

## At an ATM
Any ATM with the Mastercard sign gives cash from your balance. The ATM's owner may charge a fee; it is shown before you confirm.

## Balance and top-up
- **Me › Prepaid card** shows each card's balance as the issuer reports it now.
- Top up from USD 10 to USD 1,000 at a time; one card holds at most USD 10,000.

## Keep it safe
Never tell anyone your PIN or the code on the back, not even our staff. If the card is lost or stolen, tell customer service at once.`,
    chs: `Bongloy 预付卡是一张万事达卡（Mastercard），可在柬埔寨及海外所有受理万事达卡的商户和网店消费，金额以卡内余额为限。

## 在商户消费
- 在带有非接触标志的终端上挥卡，或插卡并输入密码（PIN）。
- 确认前请核对屏幕上的金额，并保留小票，直到该笔交易显示在卡内记录中。

## 网上消费
- 输入卡面所印姓名、卡号、有效期及卡背面的三位安全码。
- 部分网店会再发送一次性验证码到您申请时填写的手机号。

## 在 ATM 取现
凡有万事达卡标志的 ATM 均可从卡内余额取现。ATM 所属机构可能收取手续费，确认前会在屏幕上显示。

## 余额与充值
- **我的 › 预付卡** 显示发卡方实时提供的每张卡余额。
- 单次充值 10 至 1,000 美元；每张卡余额上限为 10,000 美元。

## 用卡安全
切勿向任何人（包括本店员工）透露密码或卡背面的安全码。卡片遗失或被盗，请立即联系客服。`,
    kh: `កាតបង់ប្រាក់មុន Bongloy គឺជាកាត Mastercard។ វាអាចទូទាត់បានគ្រប់កន្លែងដែលទទួលយក Mastercard ទាំងនៅហាង និងតាមអនឡាញ ក្នុងប្រទេសកម្ពុជា និងនៅបរទេស រហូតដល់សមតុល្យដែលមាននៅក្នុងកាត។

## នៅក្នុងហាង
- ប៉ះកាតលើម៉ាស៊ីនដែលមានសញ្ញាគ្មានទំនាក់ទំនង (contactless) ឬបញ្ចូលកាត ហើយវាយលេខកូដសម្ងាត់ (PIN)។
- ពិនិត្យចំនួនទឹកប្រាក់នៅលើអេក្រង់មុនពេលបញ្ជាក់ ហើយរក្សាបង្កាន់ដៃទុក រហូតដល់ការទូទាត់បង្ហាញនៅលើកាតរបស់អ្នក។

## តាមអនឡាញ
- បញ្ចូលឈ្មោះដូចដែលបានបោះពុម្ព លេខកាត កាលបរិច្ឆេទផុតកំណត់ និងលេខកូដបីខ្ទង់នៅខាងក្រោយកាត។
- ហាងខ្លះនឹងស្នើសុំលេខកូដប្រើតែម្តង ដែលផ្ញើទៅលេខទូរស័ព្ទនៃពាក្យស្នើសុំរបស់អ្នក។

## នៅម៉ាស៊ីន ATM
ម៉ាស៊ីន ATM ណាដែលមានសញ្ញា Mastercard អាចដកសាច់ប្រាក់ពីសមតុល្យរបស់អ្នកបាន។ ម្ចាស់ម៉ាស៊ីន ATM អាចគិតថ្លៃសេវា ដែលនឹងបង្ហាញមុនពេលអ្នកបញ្ជាក់។

## សមតុល្យ និងការបញ្ចូលលុយ
- **ខ្ញុំ › កាតបង់ប្រាក់មុន** បង្ហាញសមតុល្យនៃកាតនីមួយៗ តាមដែលអ្នកចេញកាតរាយការណ៍នៅពេលនោះ។
- បញ្ចូលលុយពី 10 ដល់ 1,000 ដុល្លារក្នុងមួយដង; កាតមួយអាចមានសមតុល្យអតិបរមា 10,000 ដុល្លារ។

## រក្សាសុវត្ថិភាព
កុំប្រាប់លេខកូដសម្ងាត់ ឬលេខកូដនៅខាងក្រោយកាតដល់នរណាម្នាក់ សូម្បីតែបុគ្គលិករបស់យើង។ ប្រសិនបើកាតបាត់ ឬត្រូវគេលួច សូមជូនដំណឹងផ្នែកបម្រើអតិថិជនភ្លាមៗ។`,
  },
};

const operatingManual: ContentText = {
  title: { 'en-US': 'Operating manual', chs: '操作手册', kh: 'សៀវភៅណែនាំប្រតិបត្តិការ' },
  body: {
    'en-US': `Everything about your card is in **Me › Prepaid card**. This manual says where each task is done.

| Task | Where | What you need |
|---|---|---|
| Apply for a card | **Apply for a card** | passport or ID, your phone, the fee |
| Continue an application | **Continue** | nothing: each step is kept |
| Pay for an application | **Pay now** at step 5 | wallet, bank card, KHQR or the wallet app |
| Follow the review | **My applications** | |
| Activate a card | **Activate this card** | the card in your hand |
| Top up | **Top up a card** | an active card |
| See past top-ups | **Card top-up › Top-up history** | |

## Application states
- **Draft**: the steps are not finished yet.
- **Waiting for payment**: pay within 30 minutes, or the order goes back to step 4 and its cards stop counting towards your limit.
- **Under review**: we are checking your documents, usually within one working day.
- **Approved**: the card is issued; pick it up at our store or wait for the courier.
- **Refused**: the notice says why, and the fee is refunded to where you paid from.

## Top-up states
**Waiting for payment**, then **Crediting the card** (usually within a minute), then **Credited**. If the issuer cannot credit the card, the top-up shows **Failed, refunded** and the money goes back to where you paid from.`,
    chs: `与预付卡有关的一切都在 **我的 › 预付卡** 中。本手册说明每项操作在哪里完成。

| 操作 | 位置 | 所需 |
|---|---|---|
| 申请银行卡 | **申请银行卡** | 护照或身份证、手机、开卡费 |
| 继续申请 | **继续** | 无：每一步都已保存 |
| 支付申请费用 | 第 5 步 **立即支付** | 钱包、银行卡、KHQR 或钱包应用 |
| 查看审核进度 | **我的申请** | |
| 激活银行卡 | **激活此卡** | 手中的卡片 |
| 充值 | **为卡充值** | 一张已激活的卡 |
| 查看充值记录 | **银行卡充值 › 充值记录** | |

## 申请状态
- **草稿**：尚未完成所有步骤。
- **待支付**：请在 30 分钟内支付，否则订单退回第 4 步，所订卡片不再计入您的限额。
- **审核中**：我们正在核实您的证件，通常一个工作日内完成。
- **已通过**：卡片已发行，请到门店自取或等待快递。
- **已拒绝**：消息中会说明原因，费用原路退还。

## 充值状态
**待支付**，然后 **入账中**（通常一分钟内），最后 **已到账**。如发卡方无法入账，充值显示 **失败，已退款**，款项原路退还。`,
    kh: `អ្វីៗទាំងអស់អំពីកាតរបស់អ្នកស្ថិតនៅក្នុង **ខ្ញុំ › កាតបង់ប្រាក់មុន**។ សៀវភៅណែនាំនេះប្រាប់ពីកន្លែងដែលត្រូវធ្វើកិច្ចការនីមួយៗ។

| កិច្ចការ | កន្លែង | អ្វីដែលត្រូវការ |
|---|---|---|
| ស្នើសុំកាត | **ស្នើសុំកាត** | លិខិតឆ្លងដែន ឬអត្តសញ្ញាណប័ណ្ណ ទូរស័ព្ទ ថ្លៃសេវា |
| បន្តពាក្យស្នើសុំ | **បន្ត** | គ្មាន៖ ជំហាននីមួយៗត្រូវបានរក្សាទុក |
| បង់ប្រាក់សម្រាប់ពាក្យស្នើសុំ | **បង់ប្រាក់ឥឡូវ** នៅជំហានទី 5 | កាបូប កាតធនាគារ KHQR ឬកម្មវិធីកាបូប |
| តាមដានការពិនិត្យ | **ពាក្យស្នើសុំរបស់ខ្ញុំ** | |
| ធ្វើឱ្យកាតសកម្ម | **ធ្វើឱ្យកាតនេះសកម្ម** | កាតនៅក្នុងដៃរបស់អ្នក |
| បញ្ចូលលុយ | **បញ្ចូលលុយកាត** | កាតដែលសកម្ម |
| មើលការបញ្ចូលលុយកន្លងមក | **បញ្ចូលលុយកាត › ប្រវត្តិបញ្ចូលលុយ** | |

## ស្ថានភាពពាក្យស្នើសុំ
- **សេចក្តីព្រាង**៖ ជំហានមិនទាន់បញ្ចប់នៅឡើយ។
- **កំពុងរង់ចាំការទូទាត់**៖ សូមបង់ក្នុងរយៈពេល 30 នាទី បើមិនដូច្នេះទេ ការកុម្ម៉ង់នឹងត្រឡប់ទៅជំហានទី 4 វិញ ហើយកាតរបស់វាលែងរាប់បញ្ចូលក្នុងដែនកំណត់របស់អ្នក។
- **កំពុងពិនិត្យ**៖ យើងកំពុងពិនិត្យឯកសាររបស់អ្នក ជាធម្មតាក្នុងរយៈពេលមួយថ្ងៃធ្វើការ។
- **បានអនុម័ត**៖ កាតត្រូវបានចេញ; សូមមកយកនៅហាងរបស់យើង ឬរង់ចាំអ្នកដឹកជញ្ជូន។
- **បានបដិសេធ**៖ សារជូនដំណឹងប្រាប់មូលហេតុ ហើយថ្លៃសេវាត្រូវបានបង្វិលសងទៅកន្លែងដែលអ្នកបានបង់។

## ស្ថានភាពការបញ្ចូលលុយ
**កំពុងរង់ចាំការទូទាត់** បន្ទាប់មក **កំពុងបញ្ចូលទៅកាត** (ជាធម្មតាក្នុងរយៈពេលមួយនាទី) ហើយ **បានបញ្ចូល**។ ប្រសិនបើអ្នកចេញកាតមិនអាចបញ្ចូលទៅកាតបាន ការបញ្ចូលលុយនឹងបង្ហាញ **បរាជ័យ បានបង្វិលសង** ហើយប្រាក់ត្រឡប់ទៅកន្លែងដែលអ្នកបានបង់វិញ។`,
  },
};

const openAccountSteps: ContentText = {
  title: { 'en-US': 'How to open your card', chs: '开卡步骤', kh: 'ជំហានបើកកាត' },
  body: {
    'en-US': `Applying takes about ten minutes. Have your passport or Cambodian ID card at hand, and good light for the pictures.

1. **Personal information.** Your name in English letters as on your document, the document's number and end date, email, birthday (dd/mm/yyyy; you must be 18 or older), birthplace, nationality and mobile number. A number other than your account's own is proven with an SMS code.
2. **Documents.** A picture of the information page, a photo of you holding the document and a selfie. Foreigners add the page of their Cambodian visa. Tap **How to take it** for tips.
3. **Signature.** Sign in the box with your finger and accept the card service terms.
4. **Card order.** Choose how many cards (within the per-person limit), and store pickup (free) or express delivery (USD 2.00). Each card costs USD 5.00.
5. **Payment.** Pay at the cashier within 30 minutes.

We then review your application, usually within one working day, and tell you in your notices. Once the card is in your hand, activate it with the last four digits printed on it.`,
    chs: `申请大约需要十分钟。请准备好护照或柬埔寨身份证，并在光线充足的地方拍照。

1. **个人信息。** 与证件一致的英文姓名、证件号码及有效期、电子邮箱、出生日期（dd/mm/yyyy，须年满 18 周岁）、出生地、国籍和手机号码。如手机号不是您账户本身的号码，需用短信验证码验证。
2. **证件照片。** 证件信息页、手持证件照和自拍照。外籍人士还需提供柬埔寨签证页。点击 **拍摄说明** 查看提示。
3. **签名。** 用手指在框内签名，并同意银行卡服务条款。
4. **卡片订单。** 选择卡片数量（不超过每人限额），以及门店自取（免费）或快递配送（2.00 美元）。每张卡 5.00 美元。
5. **支付。** 请在 30 分钟内在收银台完成支付。

随后我们将审核您的申请，通常一个工作日内完成，并通过消息通知您。拿到卡片后，输入卡面所印卡号后四位即可激活。`,
    kh: `ការស្នើសុំចំណាយពេលប្រហែលដប់នាទី។ សូមរៀបចំលិខិតឆ្លងដែន ឬអត្តសញ្ញាណប័ណ្ណខ្មែររបស់អ្នក និងពន្លឺល្អសម្រាប់ថតរូប។

1. **ព័ត៌មានផ្ទាល់ខ្លួន។** ឈ្មោះរបស់អ្នកជាអក្សរអង់គ្លេសដូចនៅលើឯកសារ លេខឯកសារ និងថ្ងៃផុតកំណត់ អ៊ីមែល ថ្ងៃខែឆ្នាំកំណើត (dd/mm/yyyy; អ្នកត្រូវមានអាយុ 18 ឆ្នាំឡើងទៅ) ទីកន្លែងកំណើត សញ្ជាតិ និងលេខទូរស័ព្ទ។ លេខដែលមិនមែនជាលេខគណនីរបស់អ្នក ត្រូវបញ្ជាក់ដោយលេខកូដ SMS។
2. **ឯកសារ។** រូបថតទំព័រព័ត៌មាន រូបថតអ្នកកាន់ឯកសារ និងរូបថតខ្លួនឯង។ ជនបរទេសបន្ថែមទំព័រទិដ្ឋាការកម្ពុជា។ ចុច **របៀបថត** ដើម្បីមើលគន្លឹះ។
3. **ហត្ថលេខា។** ចុះហត្ថលេខាក្នុងប្រអប់ដោយម្រាមដៃរបស់អ្នក ហើយយល់ព្រមលើលក្ខខណ្ឌសេវាកាត។
4. **ការកុម្ម៉ង់កាត។** ជ្រើសរើសចំនួនកាត (ក្នុងដែនកំណត់ក្នុងម្នាក់) និងការមកយកនៅហាង (ឥតគិតថ្លៃ) ឬការដឹកជញ្ជូនរហ័ស (2.00 ដុល្លារ)។ កាតនីមួយៗមានតម្លៃ 5.00 ដុល្លារ។
5. **ការទូទាត់។** បង់ប្រាក់នៅកន្លែងគិតលុយក្នុងរយៈពេល 30 នាទី។

បន្ទាប់មកយើងពិនិត្យពាក្យស្នើសុំរបស់អ្នក ជាធម្មតាក្នុងរយៈពេលមួយថ្ងៃធ្វើការ ហើយប្រាប់អ្នកតាមសារជូនដំណឹង។ នៅពេលកាតនៅក្នុងដៃរបស់អ្នក សូមធ្វើឱ្យវាសកម្មដោយលេខបួនខ្ទង់ចុងក្រោយដែលបោះពុម្ពនៅលើកាត។`,
  },
};

const strategy: ContentText = {
  title: { 'en-US': 'Card tips', chs: '用卡攻略', kh: 'គន្លឹះប្រើកាត' },
  body: {
    'en-US': `A few habits that get the most out of your prepaid card.

## Spend only what you planned
A prepaid card can never go into debt. Top up what you mean to spend on this month's online shopping or on a trip, and you always know where you stand.

## Top up before you travel
Top-ups are credited within a minute, but top up the day before a trip so the balance is ready wherever you land. Payments in other currencies are converted by Mastercard at the rate of the day.

## Keep a card for online shops
Use the prepaid card, not your bank account, for subscriptions and for shops you try for the first time: no one can ever take more than what is on the card.

## Watch the balance
Look at **Me › Prepaid card** after each payment. A payment you do not recognise? Tell customer service the same day.

## A second card
If the per-person limit allows, hold two cards: one for everyday spending, one with a small balance for online shopping.`,
    chs: `几个好习惯，让您的预付卡物尽其用。

## 只花计划内的钱
预付卡永远不会透支。按本月网购或旅行的预算充值，花了多少一目了然。

## 出行前先充值
充值通常一分钟内到账，但最好在出行前一天充值，落地即可使用。以其他货币支付时，由万事达按当日汇率换算。

## 网购专用一张卡
订阅服务和首次尝试的网店请用预付卡而不是银行账户：任何人都无法拿走超过卡内余额的钱。

## 关注余额
每次消费后查看 **我的 › 预付卡**。发现不认识的交易？请当天联系客服。

## 再办一张卡
如每人限额允许，可持有两张卡：一张日常消费，一张只留少量余额用于网购。`,
    kh: `ទម្លាប់មួយចំនួនដែលជួយឱ្យអ្នកទទួលបានប្រយោជន៍ច្រើនបំផុតពីកាតបង់ប្រាក់មុនរបស់អ្នក។

## ចំណាយតែអ្វីដែលអ្នកបានគ្រោងទុក
កាតបង់ប្រាក់មុនមិនអាចជំពាក់បំណុលបានឡើយ។ បញ្ចូលលុយតាមចំនួនដែលអ្នកចង់ចំណាយលើការទិញទំនិញអនឡាញក្នុងខែនេះ ឬលើការធ្វើដំណើរ ហើយអ្នកតែងតែដឹងពីស្ថានភាពរបស់អ្នក។

## បញ្ចូលលុយមុនពេលធ្វើដំណើរ
ការបញ្ចូលលុយត្រូវបានបញ្ចូលក្នុងរយៈពេលមួយនាទី ប៉ុន្តែសូមបញ្ចូលមួយថ្ងៃមុនការធ្វើដំណើរ ដើម្បីឱ្យសមតុល្យរួចរាល់នៅកន្លែងណាក៏ដោយដែលអ្នកទៅដល់។ ការទូទាត់ជារូបិយប័ណ្ណផ្សេងទៀតត្រូវបានប្តូរដោយ Mastercard តាមអត្រាប្រចាំថ្ងៃ។

## ទុកកាតមួយសម្រាប់ហាងអនឡាញ
ប្រើកាតបង់ប្រាក់មុន មិនមែនគណនីធនាគាររបស់អ្នកទេ សម្រាប់ការជាវប្រចាំ និងហាងដែលអ្នកសាកល្បងលើកដំបូង៖ គ្មាននរណាអាចយកលើសពីអ្វីដែលមាននៅលើកាតបានឡើយ។

## តាមដានសមតុល្យ
មើល **ខ្ញុំ › កាតបង់ប្រាក់មុន** បន្ទាប់ពីការទូទាត់នីមួយៗ។ មានការទូទាត់ដែលអ្នកមិនស្គាល់? សូមប្រាប់ផ្នែកបម្រើអតិថិជននៅថ្ងៃដដែល។

## កាតទីពីរ
ប្រសិនបើដែនកំណត់ក្នុងម្នាក់អនុញ្ញាត សូមកាន់កាតពីរ៖ មួយសម្រាប់ការចំណាយប្រចាំថ្ងៃ មួយទៀតមានសមតុល្យតិចសម្រាប់ការទិញទំនិញអនឡាញ។`,
  },
};

export const GUIDE_DOCUMENTS = {
  'bongloy.usageGuide': usageGuide,
  'bongloy.operatingManual': operatingManual,
  'bongloy.openAccountSteps': openAccountSteps,
  'bongloy.strategy': strategy,
};
