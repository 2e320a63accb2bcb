import { adminBakongToken } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { call } from './api.ts';
import { time } from './format.ts';
import { useT } from './i18n.tsx';

/**
 * The dashboard's warning about the Bakong token (BAKONG_TOKEN): KHQR payments are confirmed with
 * it and it expires. Shown when it is missing, unreadable, expired or lapses within 7 days.
 */
export function BakongTokenWarning() {
  const t = useT();
  const token = useQuery({
    queryKey: ['bakong-token'],
    queryFn: () => call(adminBakongToken),
    refetchInterval: 3_600_000,
  });
  const d = token.data;
  // Renewed by the shop (renew_token): said, with when, while nothing needs doing.
  if (d && !d.warn && d.renewedAt)
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('bakong.tokenRenewed', { date: time(d.renewedAt), until: time(d.expiresAt) })}
        data-testid="bakong-token-renewed"
      />
    );
  if (!d?.warn) return null;
  const message =
    d.state === 'valid'
      ? t('bakong.tokenSoon', { days: d.daysLeft ?? 0, date: time(d.expiresAt) })
      : t(`bakong.token.${d.state}`);
  return (
    <Alert
      type={d.state === 'valid' ? 'warning' : 'error'}
      showIcon
      style={{ marginBottom: 16 }}
      message={message}
      description={
        d.renewalProblem
          ? t('bakong.tokenRenewFailed', { reason: d.renewalProblem })
          : d.renews
            ? t('bakong.tokenRenewsItself')
            : t('bakong.tokenRenew')
      }
      data-testid="bakong-token-warning"
    />
  );
}
