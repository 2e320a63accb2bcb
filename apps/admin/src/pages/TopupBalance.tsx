import { adminTopupBalance } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { call } from '../api.ts';
import { money } from '../format.ts';
import { useT } from '../i18n.tsx';

/** Cents of the account's currency as people read them: $250.29, or 250.29 KHR for another currency. */
const amount = (cents: number, currency: string) =>
  currency === 'USD' ? money(cents) : `${(cents / 100).toFixed(2)} ${currency}`;

/**
 * The shop's balance at the top-up provider over the Top-ups page, with a warning below the floor
 * (TOPUP_BALANCE_FLOOR_CENTS). Nothing for a provider without an account (the simulator).
 */
export function TopupBalance() {
  const t = useT();
  const balance = useQuery({
    queryKey: ['topup-balance'],
    queryFn: () => call(adminTopupBalance),
    refetchInterval: 60_000,
    retry: false,
  });
  if (balance.error)
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="topup-balance"
        message={t('topup.balanceUnread')}
        description={balance.error.message || t('common.networkError')}
      />
    );
  const data = balance.data;
  if (!data?.balance) return null;
  const values = {
    // The provider's name as a name (reloadly → Reloadly); not a word to translate.
    provider: data.provider.charAt(0).toUpperCase() + data.provider.slice(1),
    amount: amount(data.balance.amountCents, data.balance.currency),
    floor: amount(data.floorCents, data.balance.currency),
  };
  return (
    <Alert
      type={data.low ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="topup-balance"
      message={data.low ? t('topup.balanceLow', values) : t('topup.balance', values)}
    />
  );
}
