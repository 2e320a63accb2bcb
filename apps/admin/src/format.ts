/** A phone as the shop shows it everywhere (+855 12 345 601): the contracts' one formatter. */
export { formatPhone } from '@shop/contracts';

/** Money is integer cents of USD (DESIGN §4): two decimals and thousands separators. */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** Times are shown in Asia/Phnom_Penh. */
export function time(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Phnom_Penh',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** The ways a payable is paid, as the server records them (a payment's channel). */
const PAY_METHODS = ['wallet', 'sandbox', 'payway', 'mpgs', 'khqr', 'bridge', 'loan_credit', 'gift', 'cash', 'cod'];

/**
 * How something was paid, named in the console's language ("Bank card", "KHQR", "Wallet"), never
 * the channel's code; "—" when nothing was paid, "Another method" for a code the console does not know.
 */
export function payMethodName(t: (key: string) => string, channel: string | null | undefined): string {
  if (!channel) return '—';
  return t(`payment.channel.${PAY_METHODS.includes(channel) ? channel : 'other'}`);
}

/**
 * Where a refund goes, as the console names it: the bank account of a transfer, the wallet, or the
 * method that paid, whose card or account gets it back ("Bank card", "ABA PayWay"); never the
 * channel's code (issue 44, decision 0051).
 */
export function refundGoesTo(
  t: (key: string) => string,
  line: { destination: string; channel: string; bankAccount: string | null },
): string {
  if (line.destination === 'bank') return line.bankAccount ?? '';
  return payMethodName(t, line.destination === 'wallet' ? 'wallet' : line.channel);
}

/**
 * A gift card's number or code as printed on the card, digits in groups of four ("8855 2026 0000
 * 0004", "2026 0004"): the shop's activation reads it as typed, and a spreadsheet keeps it as text
 * (all sixteen digits, a leading zero), where bare digits become a number.
 */
export function inFours(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
