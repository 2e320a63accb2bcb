// The card's service pages (/bongloy/customer, /bongloyDownload and /download/bongloy, /bongloyShare):
// the text of each; the screens add what changes without an edit (the contact channels and hours,
// the wallet app's store links from the settings, the share button).
import type { ContentText } from '../../content/public.ts';

const customer: ContentText = {
  title: { 'en-US': 'Card customer service', chs: '银行卡客服', kh: 'សេវាអតិថិជនកាត' },
  body: {
    'en-US': `Our customer service helps with everything about your prepaid card. Tap **Contact us** below for the phone number, Telegram and email, and whether the desk is open now.

## Lost or stolen card
Call us at once while the desk is open. We ask the issuer to block the card; its balance is kept and moved to a new card, which you order in the app.

## A payment you do not recognise
Tell us within 60 days of the payment, with its date, amount and shop. We open a dispute with the issuer and tell you the outcome in your notices.

## Questions about an application or a top-up
Have the application number (**My applications**) or the top-up number (**Top-up history**) ready: it lets us find it at once.

## Before you call
We never ask for your PIN, your pay password, the full card number or the code on the back. Anyone who does is not us.`,
    chs: `我们的客服为您解答有关预付卡的一切问题。点击下方 **联系我们** 查看电话、Telegram 和电子邮箱，以及客服当前是否在线。

## 卡片遗失或被盗
请在客服工作时间内立即致电。我们会请发卡方冻结该卡，卡内余额将保留并转入新卡，新卡可在应用中申领。

## 不认识的交易
请在交易发生后 60 天内告知我们交易日期、金额和商户。我们会向发卡方提出争议，并通过消息告知结果。

## 申请或充值问题
请准备好申请单号（**我的申请**）或充值单号（**充值记录**），以便我们立即查到。

## 致电前请注意
我们绝不会索要您的卡密码、支付密码、完整卡号或卡背面的安全码。索要这些信息的人都不是我们。`,
    kh: `ផ្នែកបម្រើអតិថិជនរបស់យើងជួយអ្នកគ្រប់យ៉ាងអំពីកាតបង់ប្រាក់មុនរបស់អ្នក។ ចុច **ទាក់ទងមកយើង** ខាងក្រោម ដើម្បីមើលលេខទូរស័ព្ទ Telegram និងអ៊ីមែល ព្រមទាំងថាតើផ្នែកបម្រើអតិថិជនកំពុងបើកឬអត់។

## កាតបាត់ ឬត្រូវគេលួច
ទូរស័ព្ទមកយើងភ្លាមៗ ក្នុងម៉ោងធ្វើការ។ យើងស្នើឱ្យអ្នកចេញកាតបិទកាត; សមតុល្យរបស់វាត្រូវបានរក្សាទុក ហើយផ្ទេរទៅកាតថ្មី ដែលអ្នកកុម្ម៉ង់ក្នុងកម្មវិធី។

## ការទូទាត់ដែលអ្នកមិនស្គាល់
ប្រាប់យើងក្នុងរយៈពេល 60 ថ្ងៃបន្ទាប់ពីការទូទាត់ ជាមួយកាលបរិច្ឆេទ ចំនួនទឹកប្រាក់ និងហាង។ យើងនឹងដាក់វិវាទជាមួយអ្នកចេញកាត ហើយប្រាប់អ្នកពីលទ្ធផលតាមសារជូនដំណឹង។

## សំណួរអំពីពាក្យស្នើសុំ ឬការបញ្ចូលលុយ
សូមរៀបចំលេខពាក្យស្នើសុំ (**ពាក្យស្នើសុំរបស់ខ្ញុំ**) ឬលេខនៃការបញ្ចូលលុយ (**ប្រវត្តិបញ្ចូលលុយ**)៖ វាជួយឱ្យយើងរកឃើញភ្លាមៗ។

## មុនពេលអ្នកទូរស័ព្ទ
យើងមិនដែលសុំលេខកូដសម្ងាត់កាត ពាក្យសម្ងាត់ទូទាត់ លេខកាតពេញ ឬលេខកូដនៅខាងក្រោយកាតឡើយ។ អ្នកណាដែលសុំ មិនមែនជាយើងទេ។`,
  },
};

const download: ContentText = {
  title: { 'en-US': 'Get the wallet app', chs: '下载钱包应用', kh: 'ទាញយកកម្មវិធីកាបូប' },
  body: {
    'en-US': `Keep your prepaid card in your pocket and its balance on your phone: the wallet app brings your card, your wallet and the Angkor Mall shop together.

## In the app
- See each card's balance and every top-up.
- Top up a card from your wallet in a few taps.
- Pay at the shop's cashier with your wallet, without typing a card number.
- Get a notice as soon as your card is issued or credited.

## Get it
The app is free. Choose your phone's store below; once it is installed, log in with the same mobile number.`,
    chs: `卡片放在口袋，余额尽在手机：钱包应用将您的银行卡、钱包和 Angkor Mall 商城集于一处。

## 应用内可以
- 查看每张卡的余额和每笔充值。
- 轻点几下即可从钱包为卡充值。
- 在商城收银台用钱包付款，无需输入卡号。
- 卡片发行或充值到账时第一时间收到通知。

## 立即下载
应用免费。请在下方选择您手机的应用商店；安装后用同一手机号登录即可。`,
    kh: `ទុកកាតបង់ប្រាក់មុនក្នុងហោប៉ៅ និងសមតុល្យរបស់វានៅលើទូរស័ព្ទ៖ កម្មវិធីកាបូបប្រមូលផ្តុំកាត កាបូប និងហាង Angkor Mall របស់អ្នកនៅកន្លែងតែមួយ។

## នៅក្នុងកម្មវិធី
- មើលសមតុល្យនៃកាតនីមួយៗ និងរាល់ការបញ្ចូលលុយ។
- បញ្ចូលលុយកាតពីកាបូបរបស់អ្នកដោយចុចតែប៉ុន្មានដង។
- ទូទាត់នៅកន្លែងគិតលុយរបស់ហាងដោយកាបូបរបស់អ្នក ដោយមិនចាំបាច់វាយលេខកាត។
- ទទួលសារជូនដំណឹងភ្លាមៗ នៅពេលកាតរបស់អ្នកត្រូវបានចេញ ឬបញ្ចូលលុយ។

## ទាញយក
កម្មវិធីនេះឥតគិតថ្លៃ។ ជ្រើសរើសហាងកម្មវិធីនៃទូរស័ព្ទរបស់អ្នកខាងក្រោម; នៅពេលដំឡើងរួច សូមចូលដោយលេខទូរស័ព្ទដដែល។`,
  },
};

const share: ContentText = {
  title: { 'en-US': 'Share the prepaid card', chs: '分享预付卡', kh: 'ចែករំលែកកាតបង់ប្រាក់មុន' },
  body: {
    'en-US': `Know someone who shops online or travels? Tell them about the Bongloy prepaid card.

## What your friend gets
- A prepaid Mastercard in their own name, topped up from their wallet.
- An application in five steps from their phone, in English, Chinese or Khmer.
- The card in their hand within a few days: at our store or by courier.

## How to share
Tap **Share** below and choose a chat or a contact. The link opens the page where your friend gets the wallet app and applies.`,
    chs: `身边有人喜欢网购或常出行？把 Bongloy 预付卡介绍给他们吧。

## 您的朋友将获得
- 一张以本人姓名开立、可从钱包充值的万事达预付卡。
- 用手机五步完成申请，支持英文、中文和高棉文。
- 几天内即可拿到卡片：门店自取或快递送达。

## 如何分享
点击下方 **分享**，选择聊天或联系人。朋友打开链接即可下载钱包应用并申请。`,
    kh: `ស្គាល់នរណាម្នាក់ដែលទិញទំនិញអនឡាញ ឬធ្វើដំណើរទេ? ប្រាប់ពួកគេអំពីកាតបង់ប្រាក់មុន Bongloy។

## អ្វីដែលមិត្តភក្តិរបស់អ្នកទទួលបាន
- កាត Mastercard បង់ប្រាក់មុនក្នុងឈ្មោះរបស់ពួកគេផ្ទាល់ បញ្ចូលលុយពីកាបូបរបស់ពួកគេ។
- ការស្នើសុំជាប្រាំជំហានពីទូរស័ព្ទរបស់ពួកគេ ជាភាសាអង់គ្លេស ចិន ឬខ្មែរ។
- កាតនៅក្នុងដៃរបស់ពួកគេក្នុងរយៈពេលពីរបីថ្ងៃ៖ នៅហាងរបស់យើង ឬតាមអ្នកដឹកជញ្ជូន។

## របៀបចែករំលែក
ចុច **ចែករំលែក** ខាងក្រោម ហើយជ្រើសរើសការជជែក ឬទំនាក់ទំនង។ តំណនេះបើកទំព័រដែលមិត្តភក្តិរបស់អ្នកទាញយកកម្មវិធីកាបូប និងស្នើសុំ។`,
  },
};

export const SERVICE_DOCUMENTS = {
  'bongloy.customer': customer,
  'bongloy.download': download,
  'bongloy.share': share,
};
