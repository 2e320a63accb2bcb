// The card's agreements (/bongloy/agreement, /walletCardProtocol): demo texts staff rewrite in the
// console. What they promise is what the module does (docs/bongloy.md): private documents behind
// five-minute links, audited views, retention, top-ups credited once and refunded once.
import type { ContentText } from '../../content/public.ts';

const agreement: ContentText = {
  title: {
    'en-US': 'Identity check and personal data agreement',
    chs: '身份核验与个人信息协议',
    kh: 'កិច្ចព្រមព្រៀងផ្ទៀងផ្ទាត់អត្តសញ្ញាណ និងទិន្នន័យផ្ទាល់ខ្លួន',
  },
  body: {
    'en-US': `By applying for a Bongloy prepaid card you agree that Angkor Mall collects and uses your information as follows.

1. **What we collect.** The personal information of step 1, the pictures of step 2, your signature, and the delivery details of step 4.
2. **Why.** To check who you are, as the law against money laundering requires (know your customer), to pass your application to the card issuer, and to deliver your card. Nothing else: no advertising, no sale to anyone.
3. **Who sees it.** You, our card review team and the card issuer. Each time a reviewer opens your documents it is recorded.
4. **How it is kept.** Pictures are re-encoded without location or camera data and stored privately; they open only through links that expire after five minutes.
5. **How long.** Your documents are deleted once your application has been closed for the period the law requires.
6. **Your rights.** You may ask customer service what we hold about you, and have wrong information corrected.
7. **True information.** You confirm that what you give is true and your own. False information is a reason to refuse the application or to close the card.`,
    chs: `申请 Bongloy 预付卡即表示您同意 Angkor Mall 按以下方式收集和使用您的信息。

1. **收集的内容。** 第 1 步的个人信息、第 2 步的照片、您的签名以及第 4 步的配送信息。
2. **用途。** 按反洗钱法律要求核实您的身份（了解您的客户），将申请转交发卡方，并寄送您的卡片。除此之外别无他用：不做广告，不出售给任何人。
3. **谁能看到。** 您本人、我们的银行卡审核团队和发卡方。审核人员每次查看您的证件都会被记录。
4. **保存方式。** 照片经重新编码，去除位置和相机信息后私密存储，只能通过五分钟后失效的链接打开。
5. **保存期限。** 申请关闭满法律规定的期限后，您的证件即被删除。
6. **您的权利。** 您可以向客服查询我们持有的您的信息，并要求更正错误信息。
7. **信息真实。** 您确认所提供的信息真实且属于您本人。提供虚假信息将导致申请被拒或银行卡被注销。`,
    kh: `តាមរយៈការស្នើសុំកាតបង់ប្រាក់មុន Bongloy អ្នកយល់ព្រមថា Angkor Mall ប្រមូល និងប្រើប្រាស់ព័ត៌មានរបស់អ្នកដូចខាងក្រោម។

1. **អ្វីដែលយើងប្រមូល។** ព័ត៌មានផ្ទាល់ខ្លួននៃជំហានទី 1 រូបថតនៃជំហានទី 2 ហត្ថលេខារបស់អ្នក និងព័ត៌មានដឹកជញ្ជូននៃជំហានទី 4។
2. **ហេតុអ្វី។** ដើម្បីផ្ទៀងផ្ទាត់ថាអ្នកជានរណា ដូចដែលច្បាប់ប្រឆាំងការសម្អាតប្រាក់តម្រូវ (ស្គាល់អតិថិជនរបស់អ្នក) ដើម្បីបញ្ជូនពាក្យស្នើសុំរបស់អ្នកទៅអ្នកចេញកាត និងដើម្បីដឹកជញ្ជូនកាតរបស់អ្នក។ មិនមានអ្វីផ្សេងទៀតទេ៖ គ្មានការផ្សាយពាណិជ្ជកម្ម គ្មានការលក់ឱ្យនរណាម្នាក់ឡើយ។
3. **នរណាអាចមើលឃើញ។** អ្នក ក្រុមពិនិត្យកាតរបស់យើង និងអ្នកចេញកាត។ រាល់ពេលដែលអ្នកពិនិត្យបើកឯកសាររបស់អ្នក វាត្រូវបានកត់ត្រា។
4. **របៀបរក្សាទុក។** រូបថតត្រូវបានអ៊ិនកូដឡើងវិញដោយគ្មានទិន្នន័យទីតាំង ឬកាមេរ៉ា ហើយរក្សាទុកជាឯកជន; វាបើកបានតែតាមតំណដែលផុតកំណត់ក្រោយប្រាំនាទី។
5. **រយៈពេលប៉ុន្មាន។** ឯកសាររបស់អ្នកត្រូវបានលុប នៅពេលពាក្យស្នើសុំរបស់អ្នកត្រូវបានបិទគ្រប់រយៈពេលដែលច្បាប់តម្រូវ។
6. **សិទ្ធិរបស់អ្នក។** អ្នកអាចសួរផ្នែកបម្រើអតិថិជនថាយើងរក្សាទុកអ្វីខ្លះអំពីអ្នក ហើយស្នើឱ្យកែព័ត៌មានដែលខុស។
7. **ព័ត៌មានពិត។** អ្នកបញ្ជាក់ថាអ្វីដែលអ្នកផ្តល់គឺពិត និងជារបស់អ្នក។ ព័ត៌មានមិនពិតគឺជាហេតុផលដើម្បីបដិសេធពាក្យស្នើសុំ ឬបិទកាត។`,
  },
};

const walletCardProtocol: ContentText = {
  title: { 'en-US': 'Wallet and card protocol', chs: '钱包与银行卡协议', kh: 'ពិធីសារកាបូប និងកាត' },
  body: {
    'en-US': `This protocol covers the use of your Angkor Mall wallet with your Bongloy prepaid card.

1. **Linking.** Every card issued to you through this app is linked to your Angkor Mall wallet. Only cards in your own name are linked.
2. **Top-ups from the wallet.** When you top up a card and pay from the wallet, the amount leaves your wallet balance at once and is sent to the issuer with the top-up's number as its reference. A top-up is credited once only, even if it is sent again.
3. **Failed top-ups.** If the issuer cannot credit the card, the amount goes back to your wallet (or wherever you paid from) once, and a notice tells you.
4. **Pay password.** Payments from the wallet need your six-digit pay password. Keep it secret: we never ask for it.
5. **Limits.** USD 10 to USD 1,000 per top-up; at most USD 10,000 on one card.
6. **Closing a card.** What is left on a card you close is paid back to your wallet.
7. **Records.** Each top-up keeps its number, amount, way of payment and state in **Top-up history**.`,
    chs: `本协议适用于您的 Angkor Mall 钱包与 Bongloy 预付卡的配合使用。

1. **关联。** 通过本应用发给您的每张卡都关联到您的 Angkor Mall 钱包。只关联您本人名下的卡。
2. **从钱包充值。** 为卡充值并以钱包支付时，款项立即从钱包余额扣除，并以充值单号为参考发送给发卡方。同一笔充值即使重复发送也只入账一次。
3. **充值失败。** 如发卡方无法入账，款项将一次性退回您的钱包（或原支付渠道），并通过消息通知您。
4. **支付密码。** 从钱包付款需要六位支付密码。请妥善保密：我们绝不会向您索要。
5. **限额。** 单次充值 10 至 1,000 美元；每张卡余额最多 10,000 美元。
6. **销卡。** 您注销的卡内剩余余额将退回您的钱包。
7. **记录。** 每笔充值的单号、金额、支付方式和状态都保存在 **充值记录** 中。`,
    kh: `ពិធីសារនេះគ្របដណ្តប់លើការប្រើប្រាស់កាបូប Angkor Mall របស់អ្នកជាមួយកាតបង់ប្រាក់មុន Bongloy របស់អ្នក។

1. **ការភ្ជាប់។** រាល់កាតដែលចេញឱ្យអ្នកតាមរយៈកម្មវិធីនេះ ត្រូវបានភ្ជាប់ទៅកាបូប Angkor Mall របស់អ្នក។ មានតែកាតក្នុងឈ្មោះរបស់អ្នកប៉ុណ្ណោះដែលត្រូវបានភ្ជាប់។
2. **ការបញ្ចូលលុយពីកាបូប។** នៅពេលអ្នកបញ្ចូលលុយកាត ហើយបង់ពីកាបូប ចំនួនទឹកប្រាក់ត្រូវបានដកពីសមតុល្យកាបូបរបស់អ្នកភ្លាមៗ ហើយផ្ញើទៅអ្នកចេញកាតជាមួយលេខនៃការបញ្ចូលលុយជាឯកសារយោង។ ការបញ្ចូលលុយមួយត្រូវបានបញ្ចូលតែម្តងប៉ុណ្ណោះ ទោះបីជាវាត្រូវបានផ្ញើម្តងទៀតក៏ដោយ។
3. **ការបញ្ចូលលុយបរាជ័យ។** ប្រសិនបើអ្នកចេញកាតមិនអាចបញ្ចូលទៅកាតបាន ចំនួនទឹកប្រាក់នឹងត្រឡប់ទៅកាបូបរបស់អ្នក (ឬកន្លែងដែលអ្នកបានបង់) តែម្តង ហើយសារជូនដំណឹងនឹងប្រាប់អ្នក។
4. **ពាក្យសម្ងាត់ទូទាត់។** ការទូទាត់ពីកាបូបត្រូវការពាក្យសម្ងាត់ទូទាត់ប្រាំមួយខ្ទង់របស់អ្នក។ សូមរក្សាវាជាការសម្ងាត់៖ យើងមិនដែលសុំវាទេ។
5. **ដែនកំណត់។** 10 ដល់ 1,000 ដុល្លារក្នុងមួយការបញ្ចូលលុយ; អតិបរមា 10,000 ដុល្លារនៅលើកាតមួយ។
6. **ការបិទកាត។** អ្វីដែលនៅសល់លើកាតដែលអ្នកបិទ នឹងត្រូវបង់ត្រឡប់ទៅកាបូបរបស់អ្នកវិញ។
7. **កំណត់ត្រា។** ការបញ្ចូលលុយនីមួយៗរក្សាលេខ ចំនួនទឹកប្រាក់ វិធីទូទាត់ និងស្ថានភាពរបស់វានៅក្នុង **ប្រវត្តិបញ្ចូលលុយ**។`,
  },
};

export const AGREEMENT_DOCUMENTS = {
  'bongloy.agreement': agreement,
  'bongloy.walletCardProtocol': walletCardProtocol,
};
