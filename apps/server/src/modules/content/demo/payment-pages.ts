import type { ContentText } from '../service.ts';

/** /UPIcashback: UnionPay International card cashback. */
export const upiCashback: ContentText = {
  title: { 'en-US': 'UnionPay cashback 10%', chs: '银联卡返现 10%', kh: 'ប្រាក់ត្រឡប់វិញ 10% ជាមួយ UnionPay' },
  body: {
    'en-US': `**Pay with any UnionPay card and get 10% back to your wallet.**

## How it works
1. Add products to your cart and check out as usual.
2. At the cashier choose **Bank card** and pay with a UnionPay card (card number starting with 62).
3. Within 3 working days 10% of the amount paid comes back to your wallet balance.

## Rules
- Up to **USD 5.00** cashback per order and **USD 15.00** per shopper during the promotion.
- Minimum order amount USD 10.00 after coupons.
- Top-ups, gift cards and wallet withdrawals do not count.
- A refunded order loses its cashback.

| Period | Cashback | Cap per order |
| --- | --- | --- |
| 1 Dec 2026 – 31 Jan 2027 | 10% | USD 5.00 |

> Promotion offered with UnionPay International. Angkor Mall may end it early when the budget is used up.`,
    chs: `**使用任意银联卡付款，即享 10% 返现至钱包。**

## 参与方式
1. 照常将商品加入购物车并结算。
2. 在收银台选择 **银行卡**，使用银联卡（卡号以 62 开头）付款。
3. 3 个工作日内，实付金额的 10% 返还至您的钱包余额。

## 活动规则
- 每笔订单最高返现 **5.00 美元**，活动期间每位用户最高 **15.00 美元**。
- 使用优惠券后订单金额不低于 10.00 美元。
- 话费充值、礼品卡和钱包提现不参与活动。
- 订单退款后返现将被收回。

| 活动时间 | 返现比例 | 每单上限 |
| --- | --- | --- |
| 2026年12月1日 – 2027年1月31日 | 10% | 5.00 美元 |

> 本活动由银联国际支持。预算用完时 Angkor Mall 可提前结束活动。`,
    kh: `**ទូទាត់ដោយកាត UnionPay ណាមួយ ហើយទទួលបានប្រាក់ត្រឡប់វិញ 10% ចូលកាបូបរបស់អ្នក។**

## របៀបចូលរួម
1. ដាក់ទំនិញក្នុងរទេះ ហើយទូទាត់ដូចធម្មតា។
2. នៅទំព័រទូទាត់ ជ្រើស **កាតធនាគារ** ហើយបង់ដោយកាត UnionPay (លេខកាតចាប់ផ្តើមដោយ 62)។
3. ក្នុងរយៈពេល ៣ ថ្ងៃធ្វើការ 10% នៃចំនួនទឹកប្រាក់ដែលបានបង់ នឹងត្រឡប់ចូលសមតុល្យកាបូបរបស់អ្នក។

## លក្ខខណ្ឌ
- ប្រាក់ត្រឡប់វិញអតិបរមា **5.00 ដុល្លារ** ក្នុងមួយការបញ្ជាទិញ និង **15.00 ដុល្លារ** ក្នុងម្នាក់ក្នុងអំឡុងកម្មវិធី។
- ចំនួនទឹកប្រាក់បញ្ជាទិញអប្បបរមា 10.00 ដុល្លារ បន្ទាប់ពីប្រើគូប៉ុង។
- ការបញ្ចូលលុយទូរស័ព្ទ កាតអំណោយ និងការដកប្រាក់ពីកាបូប មិនត្រូវបានរាប់បញ្ចូលទេ។
- ការបញ្ជាទិញដែលបានសងប្រាក់វិញ នឹងបាត់បង់ប្រាក់ត្រឡប់វិញ។

| រយៈពេល | ប្រាក់ត្រឡប់វិញ | អតិបរមាក្នុងមួយការបញ្ជាទិញ |
| --- | --- | --- |
| ១ ធ្នូ ២០២៦ – ៣១ មករា ២០២៧ | 10% | 5.00 ដុល្លារ |

> កម្មវិធីនេះសហការជាមួយ UnionPay International។ Angkor Mall អាចបញ្ចប់មុនពេល នៅពេលថវិកាអស់។`,
  },
};

/** /alipayRemittance: money sent from China through Alipay, received in the wallet. */
export const alipayRemittance: ContentText = {
  title: {
    'en-US': 'Receive money from China with Alipay',
    chs: '支付宝跨境汇款到账',
    kh: 'ទទួលប្រាក់ពីប្រទេសចិនតាម Alipay',
  },
  body: {
    'en-US': `Family and business partners in China can send US dollars straight to your Angkor Mall wallet from the Alipay app.

## For the sender (in China)
1. Open Alipay and search **跨境汇款** (cross-border remittance).
2. Choose **Cambodia** and **Angkor Mall wallet** as the receiving method.
3. Enter your registered mobile number (+855) and your name exactly as in your account.
4. Confirm the amount in CNY; Alipay shows the USD you will receive before paying.

## For you (in Cambodia)
- The money usually arrives within **10 minutes**; you get a notice in the shop.
- It lands in your wallet balance: spend it in the shop, top up phones, or withdraw it to your bank.
- No fee on the receiving side.

## Limits
- Up to USD 2,500 per transfer and USD 10,000 per month.
- Your name must match the sender's entry; a mismatch is returned to the sender within 3 working days.

Questions? Contact customer service with the Alipay transaction number.`,
    chs: `在中国的家人和生意伙伴可以通过支付宝 App 直接向您的 Angkor Mall 钱包汇入美元。

## 汇款人（在中国）
1. 打开支付宝，搜索 **跨境汇款**。
2. 收款国家选择 **柬埔寨**，收款方式选择 **Angkor Mall 钱包**。
3. 填写您注册的手机号（+855）和与账户一致的姓名。
4. 以人民币确认金额；付款前支付宝会显示您将收到的美元金额。

## 收款人（在柬埔寨）
- 款项通常在 **10 分钟** 内到账，商城会发送通知。
- 款项进入钱包余额：可在商城购物、充值话费或提现到银行。
- 收款方不收取任何手续费。

## 限额
- 单笔最高 2,500 美元，每月最高 10,000 美元。
- 姓名必须与汇款人填写的一致；不一致的款项将在 3 个工作日内退回汇款人。

如有疑问，请提供支付宝交易号联系客服。`,
    kh: `គ្រួសារ និងដៃគូអាជីវកម្មនៅប្រទេសចិន អាចផ្ញើប្រាក់ដុល្លារដោយផ្ទាល់ចូលកាបូប Angkor Mall របស់អ្នកពីកម្មវិធី Alipay។

## សម្រាប់អ្នកផ្ញើ (នៅប្រទេសចិន)
1. បើក Alipay ហើយស្វែងរក **跨境汇款** (ការផ្ទេរប្រាក់ឆ្លងដែន)។
2. ជ្រើស **កម្ពុជា** និង **កាបូប Angkor Mall** ជាវិធីទទួល។
3. បញ្ចូលលេខទូរស័ព្ទដែលអ្នកបានចុះឈ្មោះ (+855) និងឈ្មោះរបស់អ្នកឲ្យដូចក្នុងគណនី។
4. បញ្ជាក់ចំនួនជាយ៉ន់ Alipay បង្ហាញចំនួនដុល្លារដែលអ្នកនឹងទទួលបាន មុនពេលបង់។

## សម្រាប់អ្នក (នៅកម្ពុជា)
- ប្រាក់ជាធម្មតាមកដល់ក្នុងរយៈពេល **១០ នាទី** ហើយអ្នកនឹងទទួលបានការជូនដំណឹង។
- ប្រាក់ចូលសមតុល្យកាបូប៖ ទិញទំនិញ បញ្ចូលលុយទូរស័ព្ទ ឬដកទៅធនាគាររបស់អ្នក។
- មិនគិតកម្រៃនៅខាងអ្នកទទួលទេ។

## កម្រិត
- អតិបរមា 2,500 ដុល្លារក្នុងមួយដង និង 10,000 ដុល្លារក្នុងមួយខែ។
- ឈ្មោះរបស់អ្នកត្រូវតែដូចនឹងអ្វីដែលអ្នកផ្ញើបានបញ្ចូល បើមិនដូចទេ ប្រាក់នឹងត្រឡប់ទៅអ្នកផ្ញើវិញក្នុងរយៈពេល ៣ ថ្ងៃធ្វើការ។

មានសំណួរ? សូមទាក់ទងសេវាអតិថិជន ដោយភ្ជាប់លេខប្រតិបត្តិការ Alipay។`,
  },
};

/** /abvance: paying with ABA Mobile (ABA PAY) at the cashier. */
export const abaAdvance: ContentText = {
  title: { 'en-US': 'Pay faster with ABA PAY', chs: '使用 ABA PAY 快速付款', kh: 'ទូទាត់លឿនជាមួយ ABA PAY' },
  body: {
    'en-US': `Pay your orders in one tap from your ABA account — no card number to type.

## How to pay
1. At the cashier choose **ABA PAY**.
2. On your phone the ABA Mobile app opens with the amount filled in; on a computer, scan the KHQR code with ABA Mobile.
3. Confirm with your ABA PIN. You come back to your order, already paid.

## Advantages
- **Instant**: the order is confirmed the moment ABA approves the payment.
- **Safe**: the shop never sees your account details.
- **Refunds** go straight back to your ABA account, usually within 1 working day.

## Good to know
- The payment window is 15 minutes; after that, start the payment again from your order.
- Each payment is limited by your own ABA Mobile daily limit.
- Did the money leave your account but the order still says unpaid? Wait 5 minutes and open the order again; we check with ABA automatically.`,
    chs: `使用 ABA 账户一键支付订单，无需输入卡号。

## 付款步骤
1. 在收银台选择 **ABA PAY**。
2. 手机上会打开 ABA Mobile 并自动填好金额；在电脑上请用 ABA Mobile 扫描 KHQR 二维码。
3. 输入 ABA 密码确认，返回后订单即显示已支付。

## 优势
- **即时**：ABA 批准付款后订单立即确认。
- **安全**：商城不会看到您的账户信息。
- **退款** 直接退回您的 ABA 账户，通常 1 个工作日内到账。

## 温馨提示
- 付款有效期为 15 分钟，超时请从订单重新发起付款。
- 每笔付款受您 ABA Mobile 的每日限额限制。
- 账户已扣款但订单仍显示未付款？请等待 5 分钟后重新打开订单，系统会自动向 ABA 查询。`,
    kh: `ទូទាត់ការបញ្ជាទិញរបស់អ្នកដោយចុចតែម្តងពីគណនី ABA របស់អ្នក — មិនចាំបាច់វាយលេខកាតទេ។

## របៀបទូទាត់
1. នៅទំព័រទូទាត់ ជ្រើស **ABA PAY**។
2. នៅលើទូរស័ព្ទ កម្មវិធី ABA Mobile នឹងបើកជាមួយចំនួនទឹកប្រាក់ដែលបានបំពេញរួច នៅលើកុំព្យូទ័រ សូមស្កេន KHQR ដោយ ABA Mobile។
3. បញ្ជាក់ដោយលេខ PIN ABA របស់អ្នក។ អ្នកនឹងត្រឡប់មកការបញ្ជាទិញ ដែលបានបង់រួច។

## អត្ថប្រយោជន៍
- **ភ្លាមៗ**៖ ការបញ្ជាទិញត្រូវបានបញ្ជាក់ នៅពេល ABA អនុម័តការទូទាត់។
- **សុវត្ថិភាព**៖ ហាងមិនឃើញព័ត៌មានគណនីរបស់អ្នកទេ។
- **ការសងប្រាក់វិញ** ត្រឡប់ចូលគណនី ABA របស់អ្នកផ្ទាល់ ជាធម្មតាក្នុងរយៈពេល ១ ថ្ងៃធ្វើការ។

## គួរដឹង
- រយៈពេលទូទាត់គឺ ១៥ នាទី បន្ទាប់ពីនោះ សូមចាប់ផ្តើមការទូទាត់ម្តងទៀតពីការបញ្ជាទិញ។
- ការទូទាត់នីមួយៗត្រូវបានកំណត់ដោយដែនកំណត់ប្រចាំថ្ងៃ ABA Mobile របស់អ្នក។
- ប្រាក់បានកាត់ពីគណនីហើយ ប៉ុន្តែការបញ្ជាទិញនៅតែមិនទាន់បង់? សូមរង់ចាំ ៥ នាទី ហើយបើកការបញ្ជាទិញម្តងទៀត យើងពិនិត្យជាមួយ ABA ដោយស្វ័យប្រវត្តិ។`,
  },
};
