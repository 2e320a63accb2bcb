import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { usePaymentOutcome } from '../../../shared/payments/outcome.ts';
import { PaymentNotice } from '../../../shared/payments/PaymentNotice.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCardTopup } from '../api/bongloy.ts';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloy/topUpSuccess?id=: where the cashier returns: the issuer's answer, asked again until it comes. */
function Screen() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data, isPending } = useCardTopup(id);
  const payment = usePaymentOutcome('bongloytopup', !data || data.state === 'WP' ? id : null);
  const confirming = data?.state === 'WP' && payment.outcome === 'confirming';
  const status =
    data?.state === 'SUCCESS' ? 'success' : data?.state === 'FAILED' || data?.state === 'CANCEL' ? 'error' : 'waiting';
  return (
    <>
      <PageHeader title={t('topup.title')} />
      {isPending && <Skeleton.Paragraph lineCount={4} animated />}
      {data && (
        <main className="blg-form card">
          <Result
            status={status}
            title={confirming ? t('success.confirming') : t(`topup.state.${data.state}`)}
            description={`${formatCents(data.amountCents)} · ${data.maskedNumber}`}
          />
          {data.state === 'WP' && <PaymentNotice outcome={payment.outcome} />}
          {data.state === 'WP' && !confirming && (
            <Button
              block
              color="primary"
              onClick={() => navigate(`/cashier?orderId=${data.id}&kind=bongloytopup`)}
              data-testid="bongloy-pay-now"
            >
              {t('success.payNow')}
            </Button>
          )}
          {data.state === 'FAILED' && <p className="blg-note">{t('topup.refunded')}</p>}
          <Button block color="primary" onClick={() => navigate('/bongloy')} data-testid="topup-to-cards">
            {t('topup.toCards')}
          </Button>
          {/* Named by where it leads: a card top-up has no application. */}
          <Button
            block
            fill="outline"
            onClick={() => navigate(`/bongloy/topUpOrderDetail?id=${data.id}`)}
            data-testid="topup-to-detail"
          >
            {t('topup.detail')}
          </Button>
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
