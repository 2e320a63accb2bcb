import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { usePayStatus } from '../api/buying.ts';
import { useParam } from '../components/ui.tsx';

/** /outPayment, /mpgsSuccess, /abaPayExp: back from a gateway, waits for the confirmed outcome. */
export function Component() {
  const { t } = useTranslation('buying');
  const navigate = useNavigate();
  const orderId = useParam('orderId');
  const { data } = usePayStatus(orderId);
  const last = data?.lastPayment?.status;
  const status = data?.paid
    ? 'paid'
    : last === 'FAILED'
      ? 'failed'
      : last === 'TIMEOUT' || last === 'EXPIRED'
        ? 'timeout'
        : 'waiting';
  return (
    <>
      <PageHeader title={t('result.title')} />
      <div className="card" data-testid={`pay-result-${status}`}>
        <Result
          status={status === 'paid' ? 'success' : status === 'waiting' ? 'waiting' : 'error'}
          title={t(`result.${status}`)}
        />
      </div>
      <div className="buy-actions">
        <Button block color="primary" onClick={() => navigate(`/orderDetail?orderId=${orderId}`, { replace: true })}>
          {t('result.viewOrder')}
        </Button>
        {(status === 'failed' || status === 'timeout') && (
          <Button block onClick={() => navigate(`/cashier?orderId=${orderId}`, { replace: true })}>
            {t('result.retry')}
          </Button>
        )}
      </div>
    </>
  );
}
