import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { usePayMethodName } from '../../../shared/payments/method.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCardTopup } from '../api/bongloy.ts';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloy/topUpOrderDetail?id=: one card top-up. */
function Screen() {
  const { t, i18n } = useTranslation('bongloy');
  const [params] = useSearchParams();
  const { data, isPending } = useCardTopup(params.get('id'));
  const methodName = usePayMethodName();
  return (
    <>
      <PageHeader title={t('topup.detail')} />
      {isPending && <Skeleton.Paragraph lineCount={5} animated />}
      {data && (
        <main className="blg-form card">
          <dl className="blg-fees">
            <dt>{t('topup.no')}</dt>
            <dd>{data.topupNo}</dd>
            <dt>{t('detail.state')}</dt>
            <dd className={`blg-state blg-topup--${data.state}`} data-testid="topup-state">
              {t(`topup.state.${data.state}`)}
            </dd>
            <dt>{t('card.card')}</dt>
            <dd>{data.maskedNumber}</dd>
            <dt>{t('topup.amount')}</dt>
            <dd>{formatCents(data.amountCents)}</dd>
            <dt>{t('topup.channel')}</dt>
            <dd data-testid="topup-paid-by">{data.payChannel ? methodName(data.payChannel) : '—'}</dd>
            <dt>{t('topup.created')}</dt>
            <dd data-testid="topup-created">{formatDateTime(data.createdAt, i18n.language)}</dd>
            {data.failure && (
              <>
                <dt>{t('detail.refusal')}</dt>
                <dd>{data.failure}</dd>
              </>
            )}
          </dl>
          {data.state === 'FAILED' && <p className="blg-note">{t('topup.refunded')}</p>}
        </main>
      )}
    </>
  );
}

export function Component() {
  return (
    <SignedIn>
      <Screen />
    </SignedIn>
  );
}
