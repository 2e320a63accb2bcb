import { useTranslation } from 'react-i18next';

/** The ways a payable is paid, as the server records them (a payment's channel, an order's pay type). */
const METHODS = ['wallet', 'sandbox', 'payway', 'mpgs', 'khqr', 'bridge', 'loan_credit', 'gift', 'cash', 'cod'];

/**
 * A payment's method named in the page's language ("Bank card", "KHQR", "Wallet", "Cash on
 * delivery"), never the channel's code: one naming for every page that says how something was paid.
 * A code the shop does not know reads "Another method".
 */
export function usePayMethodName(): (channel: string) => string {
  const { t } = useTranslation();
  return (channel) => t(`payment.method.${METHODS.includes(channel) ? channel : 'other'}`);
}
