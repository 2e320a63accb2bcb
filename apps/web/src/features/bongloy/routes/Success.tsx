import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePaymentOutcome } from '../../../shared/payments/outcome.ts';
import { PaymentNotice } from '../../../shared/payments/PaymentNotice.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useApplication } from '../api/bongloy.ts';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloy/success?id=: where the cashier returns once the fee is paid: "under review". */
function Screen() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data, isPending } = useApplication(id);
  const payment = usePaymentOutcome('bongloy', !data || data.state === 'WP' ? id : null);
  const confirming = data?.state === 'WP' && payment.outcome === 'confirming';
  return (
    <>
      <PageHeader title={t('apply')} />
      {isPending && <Skeleton.Paragraph lineCount={5} animated />}
      {data && (
        <main className="blg-form card">
          <Result
            status={data.state === 'WP' ? 'waiting' : data.state === 'REFUSED' ? 'error' : 'success'}
            title={
              confirming
                ? t('success.confirming')
                : data.state === 'WP'
                  ? t('success.waiting')
                  : t(`state.${data.state}`)
            }
            description={data.state === 'WP' ? undefined : t('success.text')}
          />
          {data.state === 'WP' && <PaymentNotice outcome={payment.outcome} />}
          {data.state === 'WP' && !confirming && (
            <Button
              block
              color="primary"
              onClick={() => navigate(`/cashier?orderId=${data.id}&kind=bongloy`)}
              data-testid="bongloy-pay-now"
            >
              {t('success.payNow')}
            </Button>
          )}
          <Button
            block
            color="primary"
            fill="outline"
            onClick={() => navigate(`/bongloy/orderDetail?id=${data.id}`)}
            data-testid="to-detail"
          >
            {t('success.detail')}
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
