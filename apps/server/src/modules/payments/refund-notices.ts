// The shopper's notices of a refund: when it is made (asked of the party, or put in the wallet) and
// when it arrives (the party confirmed it, staff recorded the bank transfer), in the three languages.
import type { Localized } from '@shop/contracts';
import { formatUsd } from '../wallet/public.ts';

/** A notice as the notices module takes it (its NoticeInput). */
type NoticeInput = { kind: string; title: Localized; body: Localized; link: string | null };
type Where = { channel: string; destination: string; bankAccount: string | null };

/** Where the money goes, as the shopper reads it. */
export function refundTarget(w: Where): Localized {
  if (w.destination === 'wallet') return { 'en-US': 'your wallet', chs: '您的钱包', kh: 'កាបូបរបស់អ្នក' };
  if (w.destination === 'bank') {
    const account = w.bankAccount ? ` ${w.bankAccount}` : '';
    return {
      'en-US': `your bank account${account}`,
      chs: `您的银行账户${account}`,
      kh: `គណនីធនាគាររបស់អ្នក${account}`,
    };
  }
  if (w.channel === 'payway')
    return { 'en-US': 'your ABA account or card', chs: '您的 ABA 账户或银行卡', kh: 'គណនី ឬកាត ABA របស់អ្នក' };
  return { 'en-US': 'the card you paid with', chs: '您付款的银行卡', kh: 'កាតដែលអ្នកបានបង់ប្រាក់' };
}

const link = (kind: string, id: string) => (kind === 'order' ? `/orderDetail?orderId=${id}` : '/bills');

/** A refund was made: sent to the party, or waiting for staff's bank transfer. */
export function refundMadeNotice(
  r: Where & { amountCents: number; payableKind: string; payableId: string },
): NoticeInput {
  const to = refundTarget(r);
  const amount = formatUsd(r.amountCents);
  const transfer = r.destination === 'bank';
  return {
    kind: 'refund_made',
    title: { 'en-US': 'Refund on its way', chs: '退款处理中', kh: 'ការបង្វិលប្រាក់កំពុងដំណើរការ' },
    body: transfer
      ? {
          'en-US': `${amount} goes back to ${to['en-US']} by bank transfer, usually within 2 working days.`,
          chs: `${amount} 将通过银行转账退回${to.chs}，一般 2 个工作日内到账。`,
          kh: `${amount} នឹងត្រូវផ្ទេរត្រឡប់ទៅ${to.kh} តាមធនាគារ ជាធម្មតាក្នុងរយៈពេល ២ ថ្ងៃធ្វើការ។`,
        }
      : {
          'en-US': `${amount} is being refunded to ${to['en-US']}. We will tell you when it arrives.`,
          chs: `${amount} 正在退回${to.chs}，到账后会通知您。`,
          kh: `${amount} កំពុងត្រូវបង្វិលទៅ${to.kh}។ យើងនឹងប្រាប់អ្នកពេលប្រាក់ចូល។`,
        },
    link: link(r.payableKind, r.payableId),
  };
}

/** A refund arrived: the party confirmed it, the wallet has it, or staff sent the transfer. */
export function refundArrivedNotice(
  r: Where & { amountCents: number; payableKind: string; payableId: string; partyRef: string | null },
): NoticeInput {
  const to = refundTarget(r);
  const amount = formatUsd(r.amountCents);
  const ref = r.destination === 'bank' && r.partyRef ? r.partyRef : null;
  return {
    kind: 'refund_arrived',
    title: { 'en-US': 'Refund sent', chs: '退款已到账', kh: 'ការបង្វិលប្រាក់បានផ្ញើរួច' },
    body: {
      'en-US': `${amount} was refunded to ${to['en-US']}.${ref ? ` Transfer reference: ${ref}.` : ''}${r.destination === 'wallet' ? ' You can withdraw it, or send it to your bank account from the order.' : ''}`,
      chs: `${amount} 已退回${to.chs}。${ref ? `转账参考号：${ref}。` : ''}${r.destination === 'wallet' ? '您可以提现，或在订单中选择退回银行账户。' : ''}`,
      kh: `${amount} ត្រូវបានបង្វិលទៅ${to.kh}។${ref ? ` លេខយោងផ្ទេរ៖ ${ref}។` : ''}${r.destination === 'wallet' ? ' អ្នកអាចដកវាចេញ ឬផ្ញើទៅគណនីធនាគាររបស់អ្នកពីការបញ្ជាទិញ។' : ''}`,
    },
    link: link(r.payableKind, r.payableId),
  };
}
