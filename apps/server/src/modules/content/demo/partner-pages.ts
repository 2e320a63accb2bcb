import type { ContentText } from '../service.ts';

/** /smartVIP: perks for Smart Axiata subscribers. */
export const smartVip: ContentText = {
  title: { 'en-US': 'Smart VIP privileges', chs: 'Smart VIP 会员专享', kh: 'សិទ្ធិពិសេស Smart VIP' },
  body: {
    'en-US': `Smart subscribers enjoy extra value every time they shop or top up with Angkor Mall.

## Your privileges
- **+5% airtime** on every Smart top-up of USD 5 or more.
- **USD 2 off** your first order of USD 20 or more each month (coupon in **Me › Coupons**).
- **Free delivery** in Phnom Penh on orders over USD 15.
- Early access to flash sales on phones and accessories.

## Who is a Smart VIP
Any shopper whose registered mobile number is on Smart (010, 015, 016, 069, 070, 081, 086, 087, 093, 096, 098) and active for at least 90 days.

## How to get it
Log in with your Smart number. The privileges appear automatically; there is nothing to sign up for.

> Privileges are personal and cannot be transferred. Smart and Angkor Mall may change them with 30 days' notice.`,
    chs: `Smart 用户在 Angkor Mall 购物或充值时，每次都能享受额外优惠。

## 专享权益
- 每次充值 Smart 话费满 5 美元，**额外赠送 5% 话费**。
- 每月首笔满 20 美元订单 **立减 2 美元**（优惠券见 **我的 › 优惠券**）。
- 金边地区订单满 15 美元 **免运费**。
- 抢先参与手机及配件限时抢购。

## 谁是 Smart VIP
注册手机号为 Smart 号码（010、015、016、069、070、081、086、087、093、096、098）且已使用满 90 天的用户。

## 如何获得
使用 Smart 号码登录即可，权益自动生效，无需报名。

> 权益仅限本人使用，不可转让。Smart 与 Angkor Mall 可提前 30 天通知后调整权益。`,
    kh: `អតិថិជន Smart ទទួលបានតម្លៃបន្ថែមរាល់ពេលទិញទំនិញ ឬបញ្ចូលលុយជាមួយ Angkor Mall។

## សិទ្ធិរបស់អ្នក
- **បន្ថែម 5%** លើការបញ្ចូលលុយ Smart រាល់ 5 ដុល្លារ ឬច្រើនជាងនេះ។
- **បញ្ចុះ 2 ដុល្លារ** លើការបញ្ជាទិញដំបូង 20 ដុល្លារ ឬច្រើនជាងនេះរៀងរាល់ខែ (គូប៉ុងនៅ **ខ្ញុំ › គូប៉ុង**)។
- **ដឹកជញ្ជូនឥតគិតថ្លៃ** នៅភ្នំពេញ សម្រាប់ការបញ្ជាទិញលើសពី 15 ដុល្លារ។
- ចូលរួមមុនគេក្នុងការលក់បញ្ចុះតម្លៃទូរស័ព្ទ និងគ្រឿងបន្លាស់។

## អ្នកណាជា Smart VIP
អ្នកទិញដែលលេខទូរស័ព្ទចុះឈ្មោះជាលេខ Smart (010, 015, 016, 069, 070, 081, 086, 087, 093, 096, 098) ហើយប្រើប្រាស់យ៉ាងហោចណាស់ ៩០ ថ្ងៃ។

## របៀបទទួលបាន
ចូលគណនីដោយលេខ Smart របស់អ្នក។ សិទ្ធិនឹងបង្ហាញដោយស្វ័យប្រវត្តិ មិនចាំបាច់ចុះឈ្មោះទេ។

> សិទ្ធិសម្រាប់តែម្ចាស់ផ្ទាល់ ហើយមិនអាចផ្ទេរបានទេ។ Smart និង Angkor Mall អាចផ្លាស់ប្តូរដោយជូនដំណឹងមុន ៣០ ថ្ងៃ។`,
  },
};

/** /abamini/preferential: offers for shoppers who come from the ABA Mobile mini-app. */
export const abaMiniOffers: ContentText = {
  title: { 'en-US': 'ABA Mobile exclusive offers', chs: 'ABA Mobile 专属优惠', kh: 'ការផ្តល់ជូនពិសេស ABA Mobile' },
  body: {
    'en-US': `Offers for shoppers who open Angkor Mall from **ABA Mobile**.

## This month
- **USD 3 off** orders of USD 30 or more paid with ABA PAY.
- **Double cashback** on phone top-ups paid from your ABA account (2% instead of 1%).
- **0% instalments** for 3 months on smartphones over USD 150 with an ABA credit card.

## How to use them
1. Browse and add to cart as usual inside ABA Mobile.
2. At the cashier choose **ABA PAY**; the discount is applied automatically.
3. Cashback reaches your wallet within 24 hours after the order is paid.

Offers valid until 31 December 2026, while budget lasts, one discount per ABA account per day.`,
    chs: `以下优惠专供通过 **ABA Mobile** 访问 Angkor Mall 的顾客。

## 本月优惠
- 使用 ABA PAY 支付满 30 美元 **立减 3 美元**。
- 从 ABA 账户支付话费充值享 **双倍返现**（2%，平时 1%）。
- 使用 ABA 信用卡购买 150 美元以上智能手机，享 **3 期 0 利息** 分期。

## 使用方式
1. 在 ABA Mobile 内照常浏览并加入购物车。
2. 在收银台选择 **ABA PAY**，优惠自动抵扣。
3. 返现将在订单支付后 24 小时内到账钱包。

优惠有效期至 2026 年 12 月 31 日，预算用完即止，每个 ABA 账户每天限享一次。`,
    kh: `ការផ្តល់ជូនសម្រាប់អតិថិជនដែលបើក Angkor Mall ពី **ABA Mobile**។

## ខែនេះ
- **បញ្ចុះ 3 ដុល្លារ** លើការបញ្ជាទិញ 30 ដុល្លារ ឬច្រើនជាងនេះ ដែលបង់ដោយ ABA PAY។
- **ប្រាក់ត្រឡប់វិញទ្វេដង** លើការបញ្ចូលលុយទូរស័ព្ទពីគណនី ABA (2% ជំនួសឲ្យ 1%)។
- **បង់រំលស់ 0%** រយៈពេល ៣ ខែ លើស្មាតហ្វូនលើសពី 150 ដុល្លារ ជាមួយកាតឥណទាន ABA។

## របៀបប្រើ
1. មើល និងដាក់ទំនិញក្នុងរទេះដូចធម្មតានៅក្នុង ABA Mobile។
2. នៅទំព័រទូទាត់ ជ្រើស **ABA PAY** ការបញ្ចុះតម្លៃនឹងអនុវត្តដោយស្វ័យប្រវត្តិ។
3. ប្រាក់ត្រឡប់វិញចូលកាបូបរបស់អ្នកក្នុងរយៈពេល ២៤ ម៉ោង បន្ទាប់ពីបង់ប្រាក់។

ការផ្តល់ជូនមានសុពលភាពរហូតដល់ ៣១ ធ្នូ ២០២៦ ដរាបណាថវិកានៅមាន ការបញ្ចុះតម្លៃមួយដងក្នុងមួយគណនី ABA ក្នុងមួយថ្ងៃ។`,
  },
};

/** /emoney/activity: the wallet's own promotion. */
export const emoneyActivity: ContentText = {
  title: {
    'en-US': 'Wallet week: pay with balance, win more',
    chs: '钱包周：余额支付赢更多',
    kh: 'សប្តាហ៍កាបូប៖ បង់ដោយសមតុល្យ ឈ្នះបន្ថែម',
  },
  body: {
    'en-US': `Pay with your **Angkor Mall wallet balance** this week and every order counts twice.

## Rewards
- **1% back** on every order paid fully from your wallet, credited when the order is delivered.
- Shoppers who pay **3 orders** from the wallet during the week get a **USD 5 coupon** for next month.
- Top up your wallet from a bank or KHQR — no fee, arrives in seconds.

## Rules
- Orders split between wallet and another payment method do not count.
- Orders cancelled or refunded are removed from the count.
- The coupon is sent to **Me › Coupons** on the Monday after the week ends and is valid for 30 days.

Your wallet balance, bills and withdrawals are under **Me › My wallet**.`,
    chs: `本周使用 **Angkor Mall 钱包余额** 付款，每笔订单双重奖励。

## 奖励
- 全额使用钱包余额支付的订单享 **1% 返现**，订单签收后到账。
- 活动期间使用钱包支付满 **3 笔订单**，可获得下月可用的 **5 美元优惠券**。
- 可通过银行或 KHQR 给钱包充值，免手续费，秒到账。

## 规则
- 钱包与其他支付方式组合付款的订单不计入。
- 取消或退款的订单不计入。
- 优惠券将在活动结束后的周一发放至 **我的 › 优惠券**，有效期 30 天。

钱包余额、账单和提现请前往 **我的 › 我的钱包**。`,
    kh: `បង់ប្រាក់ដោយ **សមតុល្យកាបូប Angkor Mall** សប្តាហ៍នេះ ហើយការបញ្ជាទិញនីមួយៗរាប់ពីរដង។

## រង្វាន់
- **ប្រាក់ត្រឡប់វិញ 1%** លើការបញ្ជាទិញដែលបង់ពេញពីកាបូប ផ្តល់ជូននៅពេលទំនិញបានដឹកដល់។
- អ្នកទិញដែលបង់ **៣ ការបញ្ជាទិញ** ពីកាបូបក្នុងសប្តាហ៍នេះ ទទួលបាន **គូប៉ុង 5 ដុល្លារ** សម្រាប់ខែក្រោយ។
- បញ្ចូលលុយកាបូបពីធនាគារ ឬ KHQR — ឥតគិតកម្រៃ ចូលក្នុងប៉ុន្មានវិនាទី។

## លក្ខខណ្ឌ
- ការបញ្ជាទិញដែលបង់ចែកគ្នារវាងកាបូប និងវិធីទូទាត់ផ្សេង មិនរាប់បញ្ចូលទេ។
- ការបញ្ជាទិញដែលបានលុបចោល ឬសងប្រាក់វិញ មិនរាប់បញ្ចូលទេ។
- គូប៉ុងនឹងផ្ញើទៅ **ខ្ញុំ › គូប៉ុង** នៅថ្ងៃចន្ទបន្ទាប់ពីសប្តាហ៍បញ្ចប់ ហើយមានសុពលភាព ៣០ ថ្ងៃ។

សមតុល្យកាបូប វិក្កយបត្រ និងការដកប្រាក់ របស់អ្នកនៅ **ខ្ញុំ › កាបូបរបស់ខ្ញុំ**។`,
  },
};
