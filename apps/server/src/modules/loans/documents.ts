// The loan line's content documents (docs/content.md, namespace kmf): put in place once at start,
// then staff edit them in the console (Catalogue › Content). The FAQ says what the terms say: ages
// 18 to 50 (docs/decisions/0023).
import type { ContentService, ContentText } from '../content/public.ts';

type Doc = { key: string; text: ContentText };

const DOCS: Doc[] = [
  {
    key: 'kmf.aboutUs',
    text: {
      title: { 'en-US': 'About the loan service', chs: '关于贷款服务', kh: 'អំពីសេវាប្រាក់កម្ចី' },
      body: {
        'en-US': `Our installment loans are made by a **licensed non-bank financial company** supervised by the National Bank of Cambodia. Angkor Mall is a **facilitator**: we help you apply, show you every fee before you sign, and move the money between your credit wallet, the shop and your bank. The lender decides every application.

- A first loan is USD 50 to 1,000, answered within 2 to 3 days.
- Later loans go up to USD 2,000 and are answered in about 10 minutes.
- Repay at the cashier with your wallet, a bank card, KHQR or the wallet app.

Customer service: Monday to Saturday, 8:00 to 21:00.`,
        chs: `分期贷款由受柬埔寨国家银行监管的**持牌非银行金融机构**发放。Angkor Mall 是**服务撮合方**：协助您申请，在签署前列明全部费用，并在您的信用钱包、商城和银行之间划转资金。每笔申请由贷款方审批。

- 首次贷款 50 至 1,000 美元，2 至 3 天内答复。
- 之后的贷款最高 2,000 美元，约 10 分钟答复。
- 可在收银台用钱包、银行卡、KHQR 或钱包应用还款。

客服时间：周一至周六 8:00 至 21:00。`,
        kh: `ប្រាក់កម្ចីបង់រំលស់របស់យើងផ្តល់ដោយ **ក្រុមហ៊ុនហិរញ្ញវត្ថុមិនមែនធនាគារដែលមានអាជ្ញាប័ណ្ណ** ក្រោមការត្រួតពិនិត្យរបស់ធនាគារជាតិនៃកម្ពុជា។ Angkor Mall គឺជា **អ្នកសម្របសម្រួល**៖ យើងជួយអ្នកដាក់ពាក្យ បង្ហាញកម្រៃទាំងអស់មុនពេលចុះហត្ថលេខា និងផ្ទេរប្រាក់រវាងកាបូបឥណទាន ហាង និងធនាគាររបស់អ្នក។ អ្នកផ្តល់ប្រាក់កម្ចីសម្រេចលើពាក្យស្នើសុំនីមួយៗ។

- ប្រាក់កម្ចីលើកដំបូង 50 ដល់ 1,000 ដុល្លារ ឆ្លើយតបក្នុងរយៈពេល 2 ទៅ 3 ថ្ងៃ។
- ប្រាក់កម្ចីបន្ទាប់រហូតដល់ 2,000 ដុល្លារ ឆ្លើយតបក្នុងរយៈពេលប្រហែល 10 នាទី។
- សងនៅកន្លែងបង់ប្រាក់ដោយកាបូប កាតធនាគារ KHQR ឬកម្មវិធីកាបូប។

សេវាអតិថិជន៖ ថ្ងៃច័ន្ទ ដល់ថ្ងៃសៅរ៍ ម៉ោង 8:00 ដល់ 21:00។`,
      },
    },
  },
  {
    key: 'kmf.faq',
    text: {
      title: { 'en-US': 'Loan FAQ', chs: '贷款常见问题', kh: 'សំណួរញឹកញាប់អំពីប្រាក់កម្ចី' },
      body: {
        'en-US': `### Who can apply?
Anyone aged **18 to 50** living in Cambodia with a monthly income of at least USD 200, with one account and their own phone number.

### How much can I borrow?
USD 50 to 1,000 the first time; up to USD 2,000 after a loan repaid in full.

### When do I get an answer?
A first application within 2 to 3 days (the lender calls you and your references); later ones in about 10 minutes. **Loan not received after 3 days: contact service.**

### How do I get the money?
It goes to your credit wallet. Collect it, then spend it in the shop or cash it out to a bank account in your own name. Payouts run 9:00 to 17:00 every day; requests outside those hours are paid from 9:00.

### What does it cost?
Processing fee 2% once, consulting fee 1% and interest 1.5% of the amount per month. Every fee is shown before you sign. Late fee 0.3% a day of what is late. Fees are non-refundable.

### Can I repay early?
Yes, any amount, at no extra cost: months not begun cost no interest.

### Can I get more time?
Once more than 40% of the amount is repaid you may ask for 30 more days, for 40% of the unpaid amount. The lender answers within 3 days.

### What if I am late?
Late fees are added each day. After 30 days late you are blacklisted (no further loans) and the whole loan is due at once.

### Can I change my phone number?
Not while a loan is open.`,
        chs: `### 谁可以申请？
年龄 **18 至 50 岁**、居住在柬埔寨、月收入不低于 200 美元、只有一个账户并使用本人手机号码的人士。

### 可以借多少？
首次 50 至 1,000 美元；还清一笔贷款后最高 2,000 美元。

### 多久有答复？
首次申请 2 至 3 天内（贷款方会致电您和您的联系人）；之后约 10 分钟。**3 天后仍未收到贷款：请联系客服。**

### 如何拿到钱？
款项进入您的信用钱包。领取后可在商城消费，或提现至您本人名下的银行账户。每天 9:00 至 17:00 办理提现，其他时间的申请从 9:00 起支付。

### 费用是多少？
手续费一次性 2%，咨询费每月 1%，利息每月 1.5%（按借款金额计）。签署前列明全部费用。逾期费按逾期金额每天 0.3%。所有费用不予退还。

### 可以提前还款吗？
可以，任意金额，无额外费用：尚未开始的月份不收利息。

### 可以延期吗？
已还超过 40% 后可申请延期 30 天，费用为未还金额的 40%。贷款方于 3 天内答复。

### 逾期会怎样？
逾期费按天计收。逾期 30 天将被列入黑名单（不再获得贷款），且全部贷款立即到期。

### 可以更换手机号码吗？
贷款未结清期间不可以。`,
        kh: `### តើនរណាអាចដាក់ពាក្យបាន?
អ្នកដែលមានអាយុ **18 ដល់ 50 ឆ្នាំ** រស់នៅកម្ពុជា មានប្រាក់ចំណូលប្រចាំខែយ៉ាងតិច 200 ដុល្លារ មានគណនីតែមួយ និងលេខទូរស័ព្ទផ្ទាល់ខ្លួន។

### តើខ្ញុំអាចខ្ចីបានប៉ុន្មាន?
50 ដល់ 1,000 ដុល្លារ លើកដំបូង។ រហូតដល់ 2,000 ដុល្លារ ក្រោយសងប្រាក់កម្ចីមួយរួច។

### តើពេលណាខ្ញុំទទួលបានចម្លើយ?
ពាក្យលើកដំបូងក្នុងរយៈពេល 2 ទៅ 3 ថ្ងៃ (អ្នកផ្តល់ប្រាក់កម្ចីនឹងទូរស័ព្ទមកអ្នក និងអ្នកធានារបស់អ្នក)។ ពាក្យបន្ទាប់ប្រហែល 10 នាទី។ **មិនទាន់ទទួលបានប្រាក់កម្ចីក្រោយ 3 ថ្ងៃ៖ សូមទាក់ទងសេវាកម្ម។**

### តើខ្ញុំទទួលប្រាក់ដោយរបៀបណា?
ប្រាក់ចូលកាបូបឥណទានរបស់អ្នក។ ទទួលវា បន្ទាប់មកចំណាយនៅហាង ឬដកទៅគណនីធនាគារក្នុងឈ្មោះអ្នកផ្ទាល់។ ការដកប្រាក់ពីម៉ោង 9:00 ដល់ 17:00 រៀងរាល់ថ្ងៃ។ សំណើក្រៅម៉ោងនោះត្រូវបង់ចាប់ពីម៉ោង 9:00។

### តើចំណាយប៉ុន្មាន?
កម្រៃដំណើរការ 2% ម្តង កម្រៃប្រឹក្សា 1% និងការប្រាក់ 1.5% នៃចំនួនខ្ចីក្នុងមួយខែ។ កម្រៃទាំងអស់ត្រូវបង្ហាញមុនពេលចុះហត្ថលេខា។ កម្រៃយឺតយ៉ាវ 0.3% ក្នុងមួយថ្ងៃ នៃចំនួនដែលយឺត។ កម្រៃមិនអាចសងវិញបានទេ។

### តើខ្ញុំអាចសងមុនកាលកំណត់បានទេ?
បាន ចំនួនណាមួយក៏បាន ដោយគ្មានកម្រៃបន្ថែម៖ ខែដែលមិនទាន់ចាប់ផ្តើមមិនគិតការប្រាក់ទេ។

### តើខ្ញុំអាចពន្យារពេលបានទេ?
នៅពេលសងលើសពី 40% អ្នកអាចស្នើសុំ 30 ថ្ងៃបន្ថែម ដោយកម្រៃ 40% នៃចំនួនមិនទាន់សង។ អ្នកផ្តល់ប្រាក់កម្ចីឆ្លើយតបក្នុងរយៈពេល 3 ថ្ងៃ។

### ចុះបើខ្ញុំយឺត?
កម្រៃយឺតយ៉ាវត្រូវបន្ថែមរាល់ថ្ងៃ។ យឺត 30 ថ្ងៃ អ្នកនឹងត្រូវដាក់ក្នុងបញ្ជីខ្មៅ (មិនអាចខ្ចីបន្ថែម) ហើយប្រាក់កម្ចីទាំងមូលត្រូវសងភ្លាមៗ។

### តើខ្ញុំអាចប្តូរលេខទូរស័ព្ទបានទេ?
មិនបានទេ ខណៈពេលដែលប្រាក់កម្ចីនៅបើក។`,
      },
    },
  },
  {
    key: 'kmf.privacyPolicy',
    text: {
      title: { 'en-US': 'Loan privacy policy', chs: '贷款隐私政策', kh: 'គោលការណ៍ឯកជនភាពប្រាក់កម្ចី' },
      body: {
        'en-US': `**What we collect**: your name, national ID, date of birth, email, mailing address, postal code, family, education and employment details, income and phone number; pictures of your national ID card and your face, and, if you give them, your birth certificate, academic records and driving licence. Inside the wallet app, and only if you agree, device data: location, contacts, installed apps, storage, camera, SMS (Android), device identifiers, carrier and network. Nothing of your device is read in a phone browser.

**Why**: to check who you are and whether you may borrow, to prevent fraud, and to collect repayments.

**Who sees it**: the lender and the shop's loan staff. We do not sell it.

**How long**: while your loan is open and as long as the law asks of a lender afterwards.

**Your rights**: ask to see or correct your information through customer service. Tell us of changes within 3 days.`,
        chs: `**我们收集的信息**：姓名、身份证号、出生日期、邮箱、通讯地址、邮编、家庭、教育和工作情况、收入及手机号码；身份证和本人面部照片，以及您提供的出生证明、学历证明和驾驶证照片。仅在钱包应用内并经您同意后收集设备数据：位置、通讯录、已安装应用、存储、相机、短信（安卓）、设备标识、运营商和网络。在手机浏览器中不会读取任何设备信息。

**用途**：核实您的身份和借款资格、防范欺诈、收取还款。

**谁可以查看**：贷款方及商城的贷款工作人员。我们不会出售您的信息。

**保存期限**：贷款期间，以及法律要求贷款方在贷款结束后保存的期限。

**您的权利**：可通过客服查阅或更正您的信息。信息变更请于 3 日内告知。`,
        kh: `**អ្វីដែលយើងប្រមូល**៖ ឈ្មោះ អត្តសញ្ញាណប័ណ្ណ ថ្ងៃខែឆ្នាំកំណើត អ៊ីមែល អាសយដ្ឋាន លេខកូដប្រៃសណីយ៍ ព័ត៌មានគ្រួសារ ការសិក្សា និងការងារ ប្រាក់ចំណូល និងលេខទូរស័ព្ទ រូបថតអត្តសញ្ញាណប័ណ្ណ និងមុខរបស់អ្នក ហើយប្រសិនបើអ្នកផ្តល់ សំបុត្រកំណើត លិខិតបញ្ជាក់ការសិក្សា និងប័ណ្ណបើកបរ។ នៅក្នុងកម្មវិធីកាបូប ហើយលុះត្រាតែអ្នកយល់ព្រម ទិន្នន័យឧបករណ៍៖ ទីតាំង ទំនាក់ទំនង កម្មវិធីដែលបានដំឡើង ឃ្លាំងផ្ទុក កាមេរ៉ា SMS (Android) លេខសម្គាល់ឧបករណ៍ ប្រតិបត្តិករ និងបណ្តាញ។ នៅក្នុងកម្មវិធីរុករកទូរស័ព្ទ គ្មានអ្វីពីឧបករណ៍របស់អ្នកត្រូវបានអានទេ។

**ហេតុអ្វី**៖ ដើម្បីផ្ទៀងផ្ទាត់អត្តសញ្ញាណ និងសិទ្ធិខ្ចី ការពារការក្លែងបន្លំ និងប្រមូលការសង។

**អ្នកណាឃើញ**៖ អ្នកផ្តល់ប្រាក់កម្ចី និងបុគ្គលិកប្រាក់កម្ចីរបស់ហាង។ យើងមិនលក់វាទេ។

**រយៈពេល**៖ ខណៈប្រាក់កម្ចីនៅបើក និងរយៈពេលដែលច្បាប់តម្រូវលើអ្នកផ្តល់ប្រាក់កម្ចីបន្ទាប់ពីនោះ។

**សិទ្ធិរបស់អ្នក**៖ ស្នើសុំមើល ឬកែតម្រូវព័ត៌មានតាមរយៈសេវាអតិថិជន។ សូមជូនដំណឹងពីការផ្លាស់ប្តូរក្នុងរយៈពេល 3 ថ្ងៃ។`,
      },
    },
  },
  {
    key: 'kmf.termsorConditions',
    text: {
      title: { 'en-US': 'Loan terms and conditions', chs: '贷款条款与条件', kh: 'លក្ខខណ្ឌប្រាក់កម្ចី' },
      body: {
        'en-US': `1. **Borrower**: aged 18 to 50, resident in Cambodia, monthly income at least USD 200, one account per customer, own phone number. The lender may end an account for false information or under-age use.
2. **Agreement**: binds when you enter the four-digit SMS code (valid 15 minutes) as your e-signature. Its text is kept and you can open it on the loan page.
3. **Money**: the approved amount goes to your credit wallet; payouts to a bank account in your own name run 9:00 to 17:00 every day.
4. **Fees**: processing 2% once; consulting 1% and interest 1.5% of the amount per month; late fee 0.3% a day of what is late. Fees are non-refundable.
5. **Payments** go to the processing fee, consulting fee, interest, principal, late fee, then other fees. Your loan changes only once a payment has gone through. Early repayment costs nothing extra. Unpaid principal up to USD 1.50 is waived once every fee is paid.
6. **Extension**: 30 days once more than 40% is repaid, for 40% of the unpaid principal, if the lender accepts (answer within 3 days).
7. **Default**: 30 days late means the blacklist and the whole loan due at once.
8. **Notices** by post are deemed given after 3 working days; changes of your information are due within 3 days.`,
        chs: `1. **借款人**：年龄 18 至 50 岁，居住在柬埔寨，月收入不低于 200 美元，每位客户一个账户，使用本人手机号码。如提供虚假信息或未成年使用，贷款方可终止账户。
2. **协议**：在您输入四位短信验证码（15 分钟内有效）作为电子签名时生效。协议文本将被保存，可在贷款页面查看。
3. **资金**：批准金额进入您的信用钱包；每天 9:00 至 17:00 向您本人名下的银行账户提现。
4. **费用**：手续费一次性 2%；咨询费每月 1%、利息每月 1.5%（按借款金额计）；逾期费按逾期金额每天 0.3%。所有费用不予退还。
5. **还款**依次抵扣手续费、咨询费、利息、本金、逾期费和其他费用。款项到账后贷款才会更新。提前还款无额外费用。结清费用后剩余本金不超过 1.50 美元的予以减免。
6. **展期**：已还超过 40% 后可延长 30 天，费用为未还本金的 40%，须经贷款方同意（3 天内答复）。
7. **违约**：逾期 30 天将被列入黑名单，全部贷款立即到期。
8. **通知**：邮寄通知于 3 个工作日后视为送达；信息变更须于 3 日内告知。`,
        kh: `1. **អ្នកខ្ចី**៖ អាយុ 18 ដល់ 50 ឆ្នាំ រស់នៅកម្ពុជា ប្រាក់ចំណូលប្រចាំខែយ៉ាងតិច 200 ដុល្លារ គណនីមួយសម្រាប់អតិថិជនម្នាក់ លេខទូរស័ព្ទផ្ទាល់ខ្លួន។ អ្នកផ្តល់ប្រាក់កម្ចីអាចបិទគណនីចំពោះព័ត៌មានមិនពិត ឬការប្រើប្រាស់ដោយអនីតិជន។
2. **កិច្ចព្រមព្រៀង**៖ ចូលជាធរមាននៅពេលអ្នកបញ្ចូលលេខកូដ SMS បួនខ្ទង់ (មានសុពលភាព 15 នាទី) ជាហត្ថលេខាអេឡិចត្រូនិក។ អត្ថបទរបស់វាត្រូវបានរក្សាទុក ហើយអ្នកអាចបើកវានៅទំព័រប្រាក់កម្ចី។
3. **ប្រាក់**៖ ចំនួនដែលបានអនុម័តចូលកាបូបឥណទានរបស់អ្នក។ ការដកទៅគណនីធនាគារក្នុងឈ្មោះអ្នកផ្ទាល់ពីម៉ោង 9:00 ដល់ 17:00 រៀងរាល់ថ្ងៃ។
4. **កម្រៃ**៖ កម្រៃដំណើរការ 2% ម្តង។ កម្រៃប្រឹក្សា 1% និងការប្រាក់ 1.5% នៃចំនួនខ្ចីក្នុងមួយខែ។ កម្រៃយឺតយ៉ាវ 0.3% ក្នុងមួយថ្ងៃ។ កម្រៃមិនអាចសងវិញបានទេ។
5. **ការសង**កាត់លើកម្រៃដំណើរការ កម្រៃប្រឹក្សា ការប្រាក់ ប្រាក់ដើម កម្រៃយឺតយ៉ាវ និងកម្រៃផ្សេងៗ។ ប្រាក់កម្ចីរបស់អ្នកផ្លាស់ប្តូរតែនៅពេលការបង់ប្រាក់បានសម្រេច។ ការសងមុនកាលកំណត់មិនមានកម្រៃបន្ថែម។ ប្រាក់ដើមនៅសល់មិនលើស 1.50 ដុល្លារ ត្រូវលើកលែង នៅពេលកម្រៃទាំងអស់បានសង។
6. **ការពន្យារពេល**៖ 30 ថ្ងៃ នៅពេលសងលើសពី 40% ដោយកម្រៃ 40% នៃប្រាក់ដើមមិនទាន់សង ប្រសិនបើអ្នកផ្តល់ប្រាក់កម្ចីយល់ព្រម (ឆ្លើយតបក្នុង 3 ថ្ងៃ)។
7. **ការខកខាន**៖ យឺត 30 ថ្ងៃ មានន័យថាបញ្ជីខ្មៅ ហើយប្រាក់កម្ចីទាំងមូលត្រូវសងភ្លាមៗ។
8. **ការជូនដំណឹង**តាមប្រៃសណីយ៍ចាត់ទុកថាបានទទួលក្រោយ 3 ថ្ងៃធ្វើការ។ ការផ្លាស់ប្តូរព័ត៌មានត្រូវជូនដំណឹងក្នុងរយៈពេល 3 ថ្ងៃ។`,
      },
    },
  },
  {
    key: 'kmf.userorPrivacy',
    text: {
      title: { 'en-US': 'User agreement', chs: '用户协议', kh: 'កិច្ចព្រមព្រៀងអ្នកប្រើប្រាស់' },
      body: {
        'en-US': `By using the loan service you agree that:

- you give true and complete information, and update it within 3 days when it changes;
- you apply only for yourself, with one account and your own phone number;
- repayments come from an account in your own name;
- the shop passes your application to the lender and moves money as you ask, and the lender decides;
- the agreement you sign with the SMS code is the contract between you and the lender; the [terms and conditions](/kmf/termsorConditions) and the [privacy policy](/kmf/privacyPolicy) are part of it.`,
        chs: `使用贷款服务即表示您同意：

- 提供真实完整的信息，并在信息变更后 3 日内更新；
- 仅为本人申请，使用一个账户和本人手机号码；
- 还款来自您本人名下的账户；
- 商城将您的申请转交贷款方并按您的指示划转资金，由贷款方审批；
- 您以短信验证码签署的协议即您与贷款方之间的合同；[条款与条件](/kmf/termsorConditions)和[隐私政策](/kmf/privacyPolicy)是其组成部分。`,
        kh: `ដោយប្រើសេវាប្រាក់កម្ចី អ្នកយល់ព្រមថា៖

- អ្នកផ្តល់ព័ត៌មានពិត និងពេញលេញ ហើយធ្វើបច្ចុប្បន្នភាពក្នុងរយៈពេល 3 ថ្ងៃ នៅពេលវាផ្លាស់ប្តូរ។
- អ្នកដាក់ពាក្យសម្រាប់ខ្លួនឯងប៉ុណ្ណោះ ដោយមានគណនីតែមួយ និងលេខទូរស័ព្ទផ្ទាល់ខ្លួន។
- ការសងមកពីគណនីក្នុងឈ្មោះអ្នកផ្ទាល់។
- ហាងបញ្ជូនពាក្យរបស់អ្នកទៅអ្នកផ្តល់ប្រាក់កម្ចី និងផ្ទេរប្រាក់តាមការស្នើសុំរបស់អ្នក ហើយអ្នកផ្តល់ប្រាក់កម្ចីជាអ្នកសម្រេច។
- កិច្ចព្រមព្រៀងដែលអ្នកចុះហត្ថលេខាដោយលេខកូដ SMS គឺជាកិច្ចសន្យារវាងអ្នក និងអ្នកផ្តល់ប្រាក់កម្ចី។ [លក្ខខណ្ឌ](/kmf/termsorConditions) និង [គោលការណ៍ឯកជនភាព](/kmf/privacyPolicy) គឺជាផ្នែកមួយរបស់វា។`,
      },
    },
  },
];

export const LOAN_DOCUMENT_KEYS = DOCS.map((d) => d.key);

/** Puts the loan line's documents in place once; staff's later edits are kept. */
export async function provideLoanDocuments(content: ContentService): Promise<void> {
  for (const doc of DOCS) await content.provide(doc.key, doc.text);
}
