import type { TopupOrder } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents, formatPhone } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { useTopupRecord } from '../api/topup.ts';

/** One top-up as a line of the records or the card after paying: number, amount, state. */
export function TopupRecordLine({ order }: { order: TopupOrder }) {
  const { t, i18n } = useTranslation('topup');
  return (
    <div className="topup-record" data-testid="topup-record">
      <div className="topup-record__head">
        <b>{formatPhone(order.phone)}</b>
        <b>{formatCents(order.amountCents)}</b>
      </div>
      <div className="topup-record__head">
        <span>
          {order.operatorName} · {formatDateTime(order.createdAt, i18n.language)}
        </span>
        <span className={`topup-state topup-state--${order.state}`} data-testid="topup-state">
          {t(`state.${order.state}`)}
        </span>
      </div>
      {order.failure && <p className="topup-record__failure">{order.failure}</p>}
    </div>
  );
}

/** The top-up just paid (`/topup?record=`): its state, asked again while the operator answers. */
export function TopupRecordCard({ id }: { id: string }) {
  const { t } = useTranslation('topup');
  const navigate = useNavigate();
  const { data } = useTopupRecord(id);
  if (!data) return null;
  return (
    <section className="card topup-result" data-testid="topup-result">
      <TopupRecordLine order={data} />
      {data.state === 'WP' && (
        <Button block color="primary" onClick={() => navigate(`/cashier?orderId=${data.id}&kind=topup`)}>
          {t('payNow')}
        </Button>
      )}
    </section>
  );
}
