import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { usePaymentOutcome } from '../../../shared/payments/outcome.ts';
import { PaymentNotice } from '../../../shared/payments/PaymentNotice.tsx';
import { PaymentsAndRefunds } from '../../../shared/payments/PaymentsAndRefunds.tsx';
import { usePriceFormat } from '../../../shared/price/Price.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useOrder } from '../api/buying.ts';
import { NoSubject } from '../components/NoSubject.tsx';
import { OrderActions, shownActions } from '../components/OrderActions.tsx';
import { TrackingTimeline } from '../components/TrackingTimeline.tsx';
import { Row, useParam } from '../components/ui.tsx';

/** /orderDetail: state, address or store, the carrier's timeline, items, amounts and the allowed actions. */
export function Component() {
  const { t } = useTranslation('buying');
  const { token } = useSession();
  if (!token)
    return (
      <NoSubject
        title={t('detail.title')}
        heading={t('gate.loginTitle')}
        reason={t('gate.loginText')}
        ways={[{ to: '/login', label: t('gate.login'), testId: 'to-login' }]}
        testId="detail-login"
      />
    );
  return <OrderDetail />;
}

function OrderDetail() {
  const { t, i18n } = useTranslation('buying');
  const common = useTranslation().t;
  const price = usePriceFormat();
  const orderId = useParam('orderId');
  const { data: o } = useOrder(orderId);
  const payment = usePaymentOutcome('order', o?.state === 'WP' ? orderId : null);
  if (!o) return <PageHeader title={t('detail.title')} />;
  const confirming = o.state === 'WP' && payment.outcome === 'confirming';
  return (
    <>
      <PageHeader title={t('detail.title')} />
      {/* While the bank payment confirms, the state says so (as the notice below), not "Awaiting payment". */}
      <div className="buy-hero" data-testid="detail-state" data-confirming={confirming || undefined}>
        {confirming ? common('payment.confirmingState') : t(`state.${o.state}`)}
      </div>
      {o.state === 'WP' && <PaymentNotice outcome={payment.outcome} />}
      {o.address && (
        <List className="card">
          <List.Item
            description={o.address.fullText}
          >{`${o.address.receiver} ${formatPhone(o.address.mobile)}`}</List.Item>
        </List>
      )}
      {o.store && (
        <List className="card">
          <List.Item
            description={`${o.store.address} · ${t('confirm.storeHours', { open: o.store.open, close: o.store.close, days: o.store.holdDays })}`}
          >
            {o.store.name}
          </List.Item>
        </List>
      )}
      {o.waybillNo && (
        <div className="card buy-lines" data-testid="detail-tracking">
          <Row label={t('detail.company')} value={o.logisticsCompany} />
          <Row label={t('detail.waybill')} value={o.waybillNo} strong testId="detail-waybill" />
          <TrackingTimeline events={o.logistics} company={o.logisticsCompany ?? ''} />
        </div>
      )}
      <div className="card buy-lines">
        {o.items.map((i) => (
          <Row
            key={i.skuId}
            label={`${i.name} ${i.specText} ×${i.quantity}`}
            value={price(i.priceCents * i.quantity)}
          />
        ))}
        <Row label={t('confirm.itemTotal')} value={price(o.itemTotalCents)} />
        <Row label={t('confirm.shipping')} value={price(o.shippingFeeCents)} />
        <Row label={t('confirm.service')} value={price(o.serviceFeeCents)} />
        <Row label={t('confirm.discount')} value={o.discountCents > 0 ? price(-o.discountCents) : price(0)} />
        {o.state === 'WP' ? (
          <Row label={t('confirm.payable')} value={price(o.payableCents)} strong testId="detail-payable" />
        ) : (
          <Row label={t('detail.total')} value={price(o.payableCents)} testId="detail-total" />
        )}
        {o.paidCents > 0 && (
          <Row
            label={t('detail.amountPaid')}
            value={price.paid(o.paidCents, o.paidBy?.riel)}
            strong
            testId="detail-paid"
          />
        )}
        {o.paidBy && o.paidBy.giftCents > 0 && (
          <Row label={t('detail.paidGift')} value={price(o.paidBy.giftCents)} testId="detail-paid-gift" />
        )}
        {o.paidBy && o.paidBy.cashCents > 0 && (
          <Row label={t('detail.paidCash')} value={price(o.paidBy.cashCents)} testId="detail-paid-cash" />
        )}
        {o.paidBy && o.paidBy.otherCents > 0 && (
          <Row
            label={t('detail.paidOnline', { channel: t(`cashier.channel.${o.paidBy.channel}`) })}
            value={price.paid(o.paidBy.otherCents, o.paidBy.riel)}
            testId="detail-paid-online"
          />
        )}
        {o.paidBy?.riel && (
          <Row
            label={t('detail.paidRiel', { rate: price.riel(o.paidBy.riel.khrPerUsd) })}
            value={price.riel(o.paidBy.riel.amountRiel)}
            testId="detail-paid-riel"
          />
        )}
        <Row label={t('confirm.pay')} value={t(`confirm.${o.payType}`)} />
        {o.cashRiel && (
          <Row
            label={t('detail.cashRiel', { rate: price.riel(o.cashRiel.khrPerUsd) })}
            value={price.riel(o.cashRiel.amountRiel)}
            testId="detail-cash-riel"
          />
        )}
        {o.buyerComment && <Row label={t('confirm.comment')} value={o.buyerComment} />}
      </div>
      <PaymentsAndRefunds orderId={o.id} />
      <div className="card buy-lines">
        <Row label={t('detail.orderNo')} value={o.orderNo} />
        <Row label={t('detail.time')} value={formatDateTime(o.createdAt, i18n.language)} testId="detail-time" />
        {o.paidAt && <Row label={t('detail.paidAt')} value={formatDateTime(o.paidAt, i18n.language)} />}
      </div>
      {/* No empty card while a payment confirms and Pay and Cancel are all it had. */}
      {(shownActions(o, confirming).length > 0 || o.reviewed) && (
        <div className="card buy-lines" data-testid="order-actions">
          <OrderActions order={o} confirming={confirming} />
        </div>
      )}
    </>
  );
}
