import type { ContentText } from '../content/public.ts';

/** /partnership: what the partner programme is, in the shop's three languages (staff edit it in Content). */
export const partnerProgramme: ContentText = {
  title: { 'en-US': 'Angkor Mall partner programme', chs: 'Angkor Mall 合作伙伴计划', kh: 'កម្មវិធីដៃគូ Angkor Mall' },
  body: {
    'en-US': `Sell Angkor Mall's goods and services to your own customers and earn on every order they pay.

## Who can be a partner
- **Agents**: bank and wallet agents (ABA, ACLEDA, Wing and others) and phone-credit resellers.
- **Shops**: phone and electronics shops, mini-marts and market stalls with a fixed address.
- **Companies**: businesses that buy for their staff or resell in bulk.

## What partners get
- **3% to 8% commission** on the orders your customers pay, paid to your Angkor Mall wallet each month.
- A **partner manager** who calls you within 2 working days of approval.
- Posters, QR stands and campaign materials in Khmer, English and Chinese.

## Customers of our partner banks
Customers who open Angkor Mall from a partner bank's app log in first: being a partner's customer is what gives them the bank's offers, so the shop must know who they are.

## How to apply
1. Log in with your phone number.
2. Fill in the form below: your name, your business and what you sell.
3. Staff review every application within **3 working days**; you get a notice with the answer.

> A refused application can be sent again once the reason is fixed. Partners follow the shop's terms and the law of the Kingdom of Cambodia.`,
    chs: `向您自己的客户销售 Angkor Mall 的商品和服务，客户每支付一笔订单您都能获得收益。

## 谁可以成为合作伙伴
- **代理**：银行及钱包代理（ABA、ACLEDA、Wing 等）和话费经销商。
- **商店**：有固定地址的手机电子店、便利店和市场摊位。
- **企业**：为员工采购或批量转售的企业。

## 合作伙伴权益
- 客户支付的订单可获 **3% 至 8% 佣金**，每月结算至您的 Angkor Mall 钱包。
- 审核通过后 2 个工作日内，**专属合作经理**会与您联系。
- 提供高棉语、英语和中文的海报、二维码立牌及活动物料。

## 合作银行的客户
从合作银行 App 打开 Angkor Mall 的客户需先登录：作为合作方的客户才能享受银行专属优惠，因此商城需要确认客户身份。

## 如何申请
1. 使用手机号登录。
2. 填写下方表格：您的姓名、商户名称及经营内容。
3. 工作人员会在 **3 个工作日** 内审核每份申请，结果将以通知告知您。

> 申请被拒后，解决相关问题即可再次提交。合作伙伴须遵守商城条款及柬埔寨王国法律。`,
    kh: `លក់ទំនិញ និងសេវាកម្មរបស់ Angkor Mall ទៅអតិថិជនផ្ទាល់ខ្លួនរបស់អ្នក ហើយទទួលបានប្រាក់ពីរាល់ការបញ្ជាទិញដែលពួកគេបង់។

## អ្នកណាអាចក្លាយជាដៃគូ
- **ភ្នាក់ងារ**៖ ភ្នាក់ងារធនាគារ និងកាបូបអេឡិចត្រូនិក (ABA, ACLEDA, Wing និងផ្សេងទៀត) និងអ្នកលក់កាតទូរស័ព្ទ។
- **ហាង**៖ ហាងទូរស័ព្ទ និងអេឡិចត្រូនិក មីនីម៉ាត និងតូបក្នុងផ្សារដែលមានអាសយដ្ឋានច្បាស់លាស់។
- **ក្រុមហ៊ុន**៖ អាជីវកម្មដែលទិញសម្រាប់បុគ្គលិក ឬលក់បន្តជាដុំ។

## អត្ថប្រយោជន៍របស់ដៃគូ
- **កម្រៃជើងសារ 3% ដល់ 8%** លើការបញ្ជាទិញដែលអតិថិជនរបស់អ្នកបង់ ផ្ទេរចូលកាបូប Angkor Mall របស់អ្នករៀងរាល់ខែ។
- **អ្នកគ្រប់គ្រងដៃគូ** នឹងទូរស័ព្ទមកអ្នកក្នុងរយៈពេល 2 ថ្ងៃធ្វើការបន្ទាប់ពីការអនុម័ត។
- ផ្ទាំងរូបភាព ជើងតាំង QR និងសម្ភារៈផ្សព្វផ្សាយជាភាសាខ្មែរ អង់គ្លេស និងចិន។

## អតិថិជនរបស់ធនាគារដៃគូ
អតិថិជនដែលបើក Angkor Mall ពីកម្មវិធីរបស់ធនាគារដៃគូ ត្រូវចូលគណនីជាមុនសិន៖ ការជាអតិថិជនរបស់ដៃគូ ទើបទទួលបានការផ្តល់ជូនរបស់ធនាគារ ដូច្នេះហាងត្រូវដឹងថាពួកគេជានរណា។

## របៀបដាក់ពាក្យ
1. ចូលគណនីដោយលេខទូរស័ព្ទរបស់អ្នក។
2. បំពេញទម្រង់ខាងក្រោម៖ ឈ្មោះ អាជីវកម្ម និងអ្វីដែលអ្នកលក់។
3. បុគ្គលិកពិនិត្យរាល់ពាក្យស្នើសុំក្នុងរយៈពេល **3 ថ្ងៃធ្វើការ** ហើយអ្នកនឹងទទួលបានការជូនដំណឹងអំពីចម្លើយ។

> ពាក្យស្នើសុំដែលត្រូវបានបដិសេធ អាចផ្ញើម្តងទៀតបន្ទាប់ពីដោះស្រាយមូលហេតុរួច។ ដៃគូត្រូវគោរពលក្ខខណ្ឌរបស់ហាង និងច្បាប់នៃព្រះរាជាណាចក្រកម្ពុជា។`,
  },
};
