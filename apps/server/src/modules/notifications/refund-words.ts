// The words of a refund's messages in each language (issue 46): the method its money goes back to,
// named from a code as the shop's screens name pay methods (the web's `payment.method.*`), and what
// the shopper should expect next.
import type { Language } from '@shop/contracts';

type Text = Record<Language, string>;

/** Where a refund's money goes: the wallet, a bank account (a KHQR refund staff transfer), or the channel paid through. */
export const REFUND_METHODS = ['wallet', 'bank', 'sandbox', 'payway', 'mpgs', 'khqr', 'bridge'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

const METHOD_NAMES: Record<RefundMethod, Text> = {
  wallet: { 'en-US': 'your wallet', chs: '您的钱包', kh: 'កាបូបរបស់អ្នក' },
  bank: { 'en-US': 'your bank account', chs: '您的银行账户', kh: 'គណនីធនាគាររបស់អ្នក' },
  sandbox: { 'en-US': 'the bank card you paid with', chs: '您付款的银行卡', kh: 'កាតធនាគារដែលអ្នកបានបង់ប្រាក់' },
  payway: {
    'en-US': 'your ABA account or card (ABA PayWay)',
    chs: '您的 ABA 账户或银行卡（ABA PayWay）',
    kh: 'គណនី ឬកាត ABA របស់អ្នក (ABA PayWay)',
  },
  mpgs: { 'en-US': 'the Mastercard you paid with', chs: '您付款的万事达卡', kh: 'កាត Mastercard ដែលអ្នកបានបង់ប្រាក់' },
  khqr: { 'en-US': 'the account you paid with by KHQR', chs: '您用 KHQR 付款的账户', kh: 'គណនីដែលអ្នកបានបង់តាម KHQR' },
  bridge: { 'en-US': 'your wallet app', chs: '您的钱包应用', kh: 'កម្មវិធីកាបូបរបស់អ្នក' },
};

/** The method's name in `language` (a code the shop does not know is named as "the way you paid"). */
export function refundMethodName(method: string, language: Language): string {
  const known = METHOD_NAMES[method as RefundMethod];
  if (known) return known[language];
  return { 'en-US': 'the way you paid', chs: '原付款方式', kh: 'វិធីដែលអ្នកបានបង់' }[language];
}

/** After "made": a bank transfer takes working days; anything else, we say when it arrives. */
export function refundNext(method: string, language: Language): string {
  return method === 'bank'
    ? {
        'en-US': 'It goes by bank transfer, usually within 2 working days.',
        chs: '将通过银行转账退回，一般 2 个工作日内到账。',
        kh: 'វានឹងផ្ទេរតាមធនាគារ ជាធម្មតាក្នុងរយៈពេល ២ ថ្ងៃធ្វើការ។',
      }[language]
    : {
        'en-US': 'We will tell you when it arrives.',
        chs: '到账后会通知您。',
        kh: 'យើងនឹងប្រាប់អ្នកពេលប្រាក់ចូល។',
      }[language];
}

/** After "arrived": the transfer's reference, or what the wallet's money can do. */
export function refundAfter(method: string, transferRef: string | null, language: Language): string {
  if (transferRef)
    return {
      'en-US': ` Transfer reference: ${transferRef}.`,
      chs: `转账参考号：${transferRef}。`,
      kh: ` លេខយោងផ្ទេរ៖ ${transferRef}។`,
    }[language];
  if (method === 'wallet')
    return {
      'en-US': ' You can withdraw it, or send it to your bank account from the order.',
      chs: '您可以提现，或在订单中选择退回银行账户。',
      kh: ' អ្នកអាចដកវាចេញ ឬផ្ញើទៅគណនីធនាគាររបស់អ្នកពីការបញ្ជាទិញ។',
    }[language];
  return '';
}
