// Pure words of money going back, for the notices of the kinds (importable through public.ts).

/**
 * Where money a payment took goes back, in the shopper's words, by the channel that took it: the
 * notices of money going back say it (the refund path itself is `PaymentService.refund`).
 */
export function whereMoneyGoesBack(channel: string): { 'en-US': string; chs: string; kh: string } {
  switch (channel) {
    case 'payway':
      return {
        'en-US': 'the ABA card or account you paid with',
        chs: '您付款所用的 ABA 银行卡或账户',
        kh: 'កាត ឬគណនី ABA ដែលអ្នកបានប្រើបង់',
      };
    case 'khqr':
      return {
        'en-US': 'your wallet, or the bank account that paid the KHQR code if you ask for it',
        chs: '您的钱包；如您要求，也可退回支付该 KHQR 码的银行账户',
        kh: 'កាបូបរបស់អ្នក ឬគណនីធនាគារដែលបានបង់ KHQR នោះ ប្រសិនបើអ្នកស្នើសុំ',
      };
    case 'bridge':
      return {
        'en-US': 'your wallet app account',
        chs: '您的钱包应用账户',
        kh: 'គណនីកម្មវិធីកាបូបរបស់អ្នក',
      };
    case 'wallet':
      return { 'en-US': 'your wallet', chs: '您的钱包', kh: 'កាបូបរបស់អ្នក' };
    default:
      return {
        'en-US': 'the card or account you paid with',
        chs: '您付款所用的银行卡或账户',
        kh: 'កាត ឬគណនីដែលអ្នកបានប្រើបង់',
      };
  }
}
