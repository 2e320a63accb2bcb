import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useOrder } from '../api/buying.ts';
import { useParam } from '../components/ui.tsx';

/** /orderFail: the order could not be placed. */
export function OrderFail() {
  const { t } = useTranslation('buying');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('fail.title')} />
      <Result status="error" title={t('fail.title')} description={t('fail.text')} />
      <div className="buy-actions">
        <Button block onClick={() => navigate('/cart', { replace: true })}>
          {t('cart.title')}
        </Button>
      </div>
    </>
  );
}

/** /eOrderFinish: the order is placed (nothing to pay now: COD or cash at the store). */
export function OrderPlaced() {
  const { t } = useTranslation('buying');
  const navigate = useNavigate();
  const orderId = useParam('orderId');
  const { data } = useOrder(orderId);
  return (
    <>
      <PageHeader title={t('finish.title')} />
      <Result
        status="success"
        title={t('finish.title')}
        description={data ? t('finish.text', { orderNo: data.orderNo }) : ''}
      />
      <div className="buy-actions">
        <Button
          block
          color="primary"
          onClick={() => navigate(`/orderDetail?orderId=${orderId}`, { replace: true })}
          data-testid="view-order"
        >
          {t('result.viewOrder')}
        </Button>
      </div>
    </>
  );
}
