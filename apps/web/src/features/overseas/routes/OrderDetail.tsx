import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPhone } from '../../../shared/format.ts';
import { formatDate, formatDateTime } from '../../../shared/i18n/dates.ts';
import { usePayMethodName } from '../../../shared/payments/method.ts';
import { usePaymentOutcome } from '../../../shared/payments/outcome.ts';
import { PaymentNotice } from '../../../shared/payments/PaymentNotice.tsx';
import { PaymentsAndRefunds } from '../../../shared/payments/PaymentsAndRefunds.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { useOrder } from '../api/overseas.ts';
import { productLink, StateTag, Title, useQueryParam } from '../components/parts.tsx';
import '../overseas.css';
import { usePriceFormat } from '../../../shared/price/Price.tsx';

/** /Smilebuy/orderDetail?orderId: the order, its source orders (one per shop), the estimate, tracking and pay. */
export function Component() {
  const { t, i18n } = useTranslation('overseas');
  const price = usePriceFormat();
  const orderId = useQueryParam('orderId');
  const { data: o } = useOrder(orderId);
  const methodName = usePayMethodName();
  const payment = usePaymentOutcome('overseas', !o || o.state === 'WP' ? orderId : null);
  if (!o) return <Skeleton.Paragraph lineCount={8} animated />;
  const latest = o.events[0];
  return (
    <>
      <PageHeader title={t('orderDetail')} />
      <div className="haitao">
        <section className="card">
          <div className="haitao-line__foot">
            <StateTag state={o.state} />
            {o.state === 'WP' && payment.outcome !== 'confirming' && (
              <Link
                className="haitao-button"
                style={{ display: 'inline-flex', alignItems: 'center' }}
                to={`/Smilebuy/cashier?orderId=${o.id}`}
                data-testid="haitao-pay"
              >
                {t('pay')}
              </Link>
            )}
          </div>
          {o.state === 'WP' && <PaymentNotice outcome={payment.outcome} />}
          {o.failure && (
            <p className="haitao-failure" data-testid="haitao-failure">
              {o.failure}
            </p>
          )}
          {o.estimate && o.state !== 'REFUNDED' && (
            <p className="haitao-promise" data-testid="haitao-estimate">
              {t('estimate', {
                from: formatDate(o.estimate.from, i18n.language),
                to: formatDate(o.estimate.to, i18n.language),
              })}
            </p>
          )}
          {latest && (
            <Link
              to={`/Smilebuy/logisticsInfo?orderId=${o.id}`}
              className="haitao-order"
              data-testid="haitao-tracking-link"
            >
              <span>{latest.text}</span>
              <span className="haitao-muted">
                {formatDateTime(latest.at, i18n.language)} · {t('tracking')} ›
              </span>
            </Link>
          )}
        </section>
        {o.address && (
          <section className="card">
            <strong>
              {o.address.receiver} {formatPhone(o.address.mobile)}
            </strong>
            <p className="haitao-muted">{o.address.fullText}</p>
          </section>
        )}
        {o.sourceOrders.map((part) => (
          <section key={part.shopId} className="card" data-testid="haitao-source-order">
            <h2>{part.shopName}</h2>
            <p className="haitao-muted">
              {t(`channel.${part.channel}`)} ·{' '}
              {part.sourceOrderNo ? t('sourceOrderNo', { no: part.sourceOrderNo }) : t('notBoughtYet')}
            </p>
            {part.lines.map((l) => (
              <Link key={l.skuId} to={productLink(l.channel, l.productId)} className="haitao-line">
                <Picture url={l.picture} alt="" sizes="72px" />
                <div className="haitao-line__body">
                  <Title title={l.title} titleZh={l.titleZh} translated={l.translated} />
                  <span className="haitao-muted">{l.attrs}</span>
                  <div className="haitao-line__foot">
                    <span>{price(l.unitCents)}</span>
                    <span>× {l.count}</span>
                  </div>
                </div>
              </Link>
            ))}
          </section>
        ))}
        <section className="card">
          <dl className="haitao-dl">
            <dt>{t('orderNo')}</dt>
            <dd>{o.orderNo}</dd>
            <dt>{t('time')}</dt>
            <dd>{formatDateTime(o.createdAt, i18n.language)}</dd>
            <dt>{t('goods')}</dt>
            <dd>{price(o.goodsCents)}</dd>
            <dt>{t('freightCost')}</dt>
            <dd>{price(o.freightCents)}</dd>
            <dt>{t('total')}</dt>
            <dd data-testid="haitao-order-total">{price(o.totalCents)}</dd>
            <dt>{t('rateLabel')}</dt>
            <dd>{t('rate', { rate: (o.quote.rateMilli / 1000).toFixed(2), fee: o.quote.feeBp / 100 })}</dd>
            {o.paidCents > 0 && (
              <>
                <dt>{t('amountPaid')}</dt>
                <dd data-testid="haitao-paid">{price(o.paidCents)}</dd>
              </>
            )}
            {o.payChannel && (
              <>
                <dt>{t('paidBy')}</dt>
                <dd data-testid="haitao-paid-by">{methodName(o.payChannel)}</dd>
              </>
            )}
            {o.remark && (
              <>
                <dt>{t('remark')}</dt>
                <dd>{o.remark}</dd>
              </>
            )}
          </dl>
        </section>
        <PaymentsAndRefunds orderId={o.id} kind="overseas" />
        <div className="haitao-links">
          <Link to="/Smilebuy/customer">{t('help')}</Link>
          <Link to="/Smilebuy/ContactUs">{t('contact')}</Link>
        </div>
      </div>
    </>
  );
}
