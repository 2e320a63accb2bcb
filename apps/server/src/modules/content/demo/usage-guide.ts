import type { ContentText } from '../service.ts';

/** /uageGuide: how to shop in Angkor Mall, step by step. */
export const usageGuide: ContentText = {
  title: { 'en-US': 'How to shop with us', chs: '购物指南', kh: 'របៀបទិញទំនិញជាមួយយើង' },
  body: {
    'en-US': `## 1. Log in
Tap **Me** and log in with your mobile number and a one-time SMS code. New numbers are registered at the same time.

## 2. Find what you need
Browse the **Categories** tab or search by name. Every product page shows its price in USD, its specifications and what other shoppers said.

## 3. Add to cart and confirm
Choose a model and quantity, tap **Add to cart**, then **Check out**. Pick a delivery address in Phnom Penh or the provinces and any coupon you hold.

## 4. Pay
Pay from your wallet balance, by KHQR from any Cambodian bank app, or by card. Your order is reserved for 30 minutes while you pay.

## 5. Receive
Follow your parcel under **Me › My orders**. Once it arrives, confirm receipt and leave a review to help other shoppers.

> Need help? Our customer service answers every day from 8:00 to 20:00 (Phnom Penh time).`,
    chs: `## 1. 登录
点击 **我的**，用手机号和短信验证码登录。新号码会同时完成注册。

## 2. 找到需要的商品
浏览 **分类** 或按名称搜索。每个商品页面都显示美元价格、规格参数和其他买家的评价。

## 3. 加入购物车并确认
选择型号和数量，点击 **加入购物车**，然后点击 **去结算**。选择金边或各省的收货地址以及可用的优惠券。

## 4. 付款
可使用钱包余额、任意柬埔寨银行 App 扫描 KHQR，或银行卡付款。付款期间订单为您保留 30 分钟。

## 5. 收货
在 **我的 › 我的订单** 中查看包裹进度。收到后请确认收货，并留下评价帮助其他买家。

> 需要帮助？客服每天 8:00 至 20:00（金边时间）在线。`,
    kh: `## ១. ចូលគណនី
ចុច **ខ្ញុំ** ហើយចូលដោយប្រើលេខទូរស័ព្ទ និងលេខកូដ SMS។ លេខថ្មីនឹងត្រូវបានចុះឈ្មោះក្នុងពេលតែមួយ។

## ២. ស្វែងរកអ្វីដែលអ្នកត្រូវការ
មើល **ប្រភេទ** ឬស្វែងរកតាមឈ្មោះ។ ទំព័រទំនិញនីមួយៗបង្ហាញតម្លៃជាដុល្លារ លក្ខណៈបច្ចេកទេស និងមតិរបស់អ្នកទិញផ្សេងទៀត។

## ៣. ដាក់ក្នុងរទេះ ហើយបញ្ជាក់
ជ្រើសម៉ូដែល និងចំនួន ចុច **ដាក់ក្នុងរទេះ** បន្ទាប់មក **ទូទាត់**។ ជ្រើសអាសយដ្ឋានដឹកជញ្ជូននៅភ្នំពេញ ឬខេត្ត និងគូប៉ុងដែលអ្នកមាន។

## ៤. ទូទាត់
ទូទាត់ពីសមតុល្យកាបូប តាម KHQR ពីកម្មវិធីធនាគារណាមួយនៅកម្ពុជា ឬតាមកាត។ ការបញ្ជាទិញរបស់អ្នកត្រូវបានរក្សាទុក ៣០ នាទីខណៈពេលអ្នកទូទាត់។

## ៥. ទទួលទំនិញ
តាមដានកញ្ចប់របស់អ្នកនៅ **ខ្ញុំ › ការបញ្ជាទិញរបស់ខ្ញុំ**។ ពេលទទួលបាន សូមបញ្ជាក់ការទទួល ហើយសរសេរមតិដើម្បីជួយអ្នកទិញផ្សេងទៀត។

> ត្រូវការជំនួយ? សេវាអតិថិជនឆ្លើយរៀងរាល់ថ្ងៃពីម៉ោង ៨:០០ ដល់ ២០:០០ (ម៉ោងភ្នំពេញ)។`,
  },
};
