import type { TopupOrder } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatPhone } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { usePaymentOutcome } from '../../../shared/payments/outcome.ts';
import { PaymentNotice } from '../../../shared/payments/PaymentNotice.tsx';
import { usePriceFormat } from '../../../shared/price/Price.tsx';
import { useTopupRecord } from '../api/topup.ts';

/** One top-up as a line of the records or the card after paying: number, amount, state. */
export function TopupRecordLine({ order, confirming = false }: { order: TopupOrder; confirming?: boolean }) {
  const { t, i18n } = useTranslation('topup');
  const price = usePriceFormat();
  return (
    <div className="topup-record" data-testid="topup-record">
      <div className="topup-record__head">
        <b>{formatPhone(order.phone)}</b>
        <b>{price(order.amountCents)}</b>
      </div>
      <div className="topup-record__head">
        <span>
          {order.operatorName} · {formatDateTime(order.createdAt, i18n.language)}
        </span>
        <span
          className={`topup-state topup-state--${confirming ? 'confirming' : order.state}`}
          data-testid="topup-state"
        >
          {t(confirming ? 'state.confirming' : `state.${order.state}`)}
        </span>
      </div>
      {order.failure && <p className="topup-record__failure">{order.failure}</p>}
    </div>
  );
}

/**
 * The top-up just paid (`/topup?record=`): its state, asked again while the operator answers; while
 * its payment is being confirmed it says so and offers no second payment.
 */
export function TopupRecordCard({ id }: { id: string }) {
  const { t } = useTranslation('topup');
  const navigate = useNavigate();
  const { data } = useTopupRecord(id);
  const payment = usePaymentOutcome('topup', !data || data.state === 'WP' ? id : null);
  if (!data) return null;
  return (
    <section className="card topup-result" data-testid="topup-result">
      <TopupRecordLine order={data} confirming={data.state === 'WP' && payment.outcome === 'confirming'} />
      {data.state === 'WP' && <PaymentNotice outcome={payment.outcome} />}
      {data.state === 'WP' && payment.outcome !== 'confirming' && (
        <Button block color="primary" onClick={() => navigate(`/cashier?orderId=${data.id}&kind=topup`)}>
          {t('payNow')}
        </Button>
      )}
    </section>
  );
}
