// The loan agreement the shopper signs with an SMS code: its text in the shopper's language with the
// loan's own figures, and its version. The signed text is kept with the loan as it was shown.
import { type InstallmentCount, isoDateOfDay, type Language, LOAN_RULES, offerOf } from '@shop/contracts';
import { formatUsd } from '../wallet/public.ts';

export const AGREEMENT_VERSION = '2026-06.1';

type Figures = {
  fullName: string;
  nationalId: string;
  amountCents: number;
  installments: InstallmentCount;
  today: number;
};

const pct = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 1)}%`;

export function agreementText(language: Language, f: Figures): string {
  const offer = offerOf(f.amountCents, f.installments, f.today);
  const usd = (cents: number) => `USD ${formatUsd(cents).replace('$', '')}`;
  const rows = offer.schedule.map((row) => {
    const total = Object.values(row.charged).reduce((a, b) => a + b, 0);
    return `${row.number}. ${isoDateOfDay(row.dueDay)}: ${usd(total)}`;
  });
  const r = LOAN_RULES;
  const t = offer.totals;
  if (language === 'chs')
    return [
      `贷款协议（版本 ${AGREEMENT_VERSION}）`,
      `借款人：${f.fullName}（证件号 ${f.nationalId}）。贷款方：持牌非银行金融机构；本商城仅为服务撮合方。`,
      `本金 ${usd(f.amountCents)}，分 ${f.installments} 期，每期 ${r.periodDays} 天，自领取之日起计。`,
      `手续费 ${usd(t.processing)}（本金的 ${pct(r.processingFeeBp)}，一次性）；咨询费 ${usd(t.consulting)}（每期 ${pct(r.consultingFeeBp)}）；利息 ${usd(t.interest)}（每期 ${pct(r.interestBp)}）；合计应还 ${usd(offer.totalCents)}。`,
      `还款计划（以领取日计）：${rows.join('；')}。`,
      `逾期费：逾期每天按该期未还费用及本金的 ${pct(r.lateFeeBpPerDay)} 计收。逾期 ${r.blacklistDaysLate} 天将被列入黑名单，不再获得贷款，且全部贷款立即到期。`,
      `每笔还款依次抵扣：手续费、咨询费、利息、本金、逾期费、其他费用。提前还款不收取额外费用；未开始期数的利息和咨询费不收取。所有费用不予退还。结清费用后剩余本金不超过 USD 1.50 的予以减免。`,
      `展期：已还本金超过 40% 时可申请展期 ${r.extension.days} 天，费用为未还本金的 40%，贷款方于 ${r.extension.answerDays} 天内答复。`,
      `还款须来自借款人本人名下账户；贷款期间不得更换手机号码。邮寄通知于 3 个工作日后视为送达；信息变更须于 3 日内告知。`,
      `本协议于借款人输入发送至其手机的四位短信验证码（15 分钟内有效）时生效，作为电子签名。`,
    ].join('\n\n');
  if (language === 'kh')
    return [
      `កិច្ចព្រមព្រៀងប្រាក់កម្ចី (កំណែ ${AGREEMENT_VERSION})`,
      `អ្នកខ្ចី៖ ${f.fullName} (អត្តសញ្ញាណប័ណ្ណ ${f.nationalId})។ អ្នកផ្តល់ប្រាក់កម្ចី៖ ក្រុមហ៊ុនហិរញ្ញវត្ថុមិនមែនធនាគារដែលមានអាជ្ញាប័ណ្ណ។ ហាងនេះគ្រាន់តែជាអ្នកសម្របសម្រួលប៉ុណ្ណោះ។`,
      `ប្រាក់ដើម ${usd(f.amountCents)} បង់ ${f.installments} ដង ម្តងរៀងរាល់ ${r.periodDays} ថ្ងៃ គិតពីថ្ងៃទទួលប្រាក់។`,
      `កម្រៃដំណើរការ ${usd(t.processing)} (${pct(r.processingFeeBp)} នៃប្រាក់ដើម ម្តង)។ កម្រៃប្រឹក្សា ${usd(t.consulting)} (${pct(r.consultingFeeBp)} ក្នុងមួយដំណាក់កាល)។ ការប្រាក់ ${usd(t.interest)} (${pct(r.interestBp)} ក្នុងមួយដំណាក់កាល)។ សរុបត្រូវសង ${usd(offer.totalCents)}។`,
      `កាលវិភាគសង (គិតពីថ្ងៃទទួល)៖ ${rows.join('; ')}។`,
      `កម្រៃយឺតយ៉ាវ៖ ${pct(r.lateFeeBpPerDay)} ក្នុងមួយថ្ងៃ នៃកម្រៃ និងប្រាក់ដើមដែលមិនទាន់សងនៃដំណាក់កាលនោះ។ យឺត ${r.blacklistDaysLate} ថ្ងៃ នឹងត្រូវដាក់ក្នុងបញ្ជីខ្មៅ មិនអាចខ្ចីបន្ថែម ហើយប្រាក់កម្ចីទាំងមូលត្រូវសងភ្លាមៗ។`,
      `ការសងនីមួយៗកាត់តាមលំដាប់៖ កម្រៃដំណើរការ កម្រៃប្រឹក្សា ការប្រាក់ ប្រាក់ដើម កម្រៃយឺតយ៉ាវ កម្រៃផ្សេងៗ។ ការសងមុនកាលកំណត់មិនមានកម្រៃបន្ថែម។ កម្រៃទាំងអស់មិនអាចសងវិញបានទេ។ ប្រាក់ដើមនៅសល់មិនលើស USD 1.50 ត្រូវលើកលែង នៅពេលកម្រៃទាំងអស់បានសង។`,
      `ការពន្យារពេល៖ ${r.extension.days} ថ្ងៃ នៅពេលសងប្រាក់ដើមលើសពី 40% ដោយកម្រៃ 40% នៃប្រាក់ដើមមិនទាន់សង ហើយអ្នកផ្តល់ប្រាក់កម្ចីឆ្លើយតបក្នុងរយៈពេល ${r.extension.answerDays} ថ្ងៃ។`,
      `ការសងត្រូវធ្វើពីគណនីក្នុងឈ្មោះអ្នកខ្ចីផ្ទាល់ ហើយមិនអាចប្តូរលេខទូរស័ព្ទបានទេ ខណៈប្រាក់កម្ចីនៅបើក។ ការជូនដំណឹងតាមប្រៃសណីយ៍ចាត់ទុកថាបានទទួលក្រោយ 3 ថ្ងៃធ្វើការ។ ការកែប្រែព័ត៌មានត្រូវជូនដំណឹងក្នុងរយៈពេល 3 ថ្ងៃ។`,
      `កិច្ចព្រមព្រៀងនេះចូលជាធរមាននៅពេលអ្នកខ្ចីបញ្ចូលលេខកូដ SMS បួនខ្ទង់ (មានសុពលភាព 15 នាទី) ជាហត្ថលេខាអេឡិចត្រូនិក។`,
    ].join('\n\n');
  return [
    `Loan agreement (version ${AGREEMENT_VERSION})`,
    `Borrower: ${f.fullName} (ID ${f.nationalId}). Lender: a licensed non-bank financial company; the shop is only a facilitator.`,
    `Principal ${usd(f.amountCents)} in ${f.installments} installment(s) of ${r.periodDays} days each, counted from the day the money is collected.`,
    `Processing fee ${usd(t.processing)} (${pct(r.processingFeeBp)} of the principal, once); consulting fee ${usd(t.consulting)} (${pct(r.consultingFeeBp)} per period); interest ${usd(t.interest)} (${pct(r.interestBp)} per period); total to repay ${usd(offer.totalCents)}.`,
    `Schedule (if collected today): ${rows.join('; ')}.`,
    `Late fee: ${pct(r.lateFeeBpPerDay)} a day of the late installment's unpaid fees and principal. ${r.blacklistDaysLate} days late puts the borrower on the blacklist (no further loans) and is an event of default: the whole loan is due at once.`,
    `Each payment goes to the processing fee, consulting fee, interest, principal, late fee, then other fees. Early repayment costs nothing extra; interest and consulting fees of periods not begun are not charged. Fees are non-refundable. Unpaid principal up to USD 1.50 is waived once every fee is paid.`,
    `Extension: ${r.extension.days} days once more than 40% of the principal is repaid, for a fee of 40% of the unpaid principal; the lender answers within ${r.extension.answerDays} days.`,
    `Repayments come from an account in the borrower's own name; the phone number cannot be changed while the loan is open. Notice by post is deemed given after 3 working days; changes of information are due within 3 days.`,
    `This agreement binds when the borrower enters the four-digit SMS code sent to their phone (valid 15 minutes) as the e-signature.`,
  ].join('\n\n');
}
