import { cancelOrder, cartBuyAgain, finishOrder, hideOrder, type OrderSummary } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api/index.ts';
import { putCart } from '../../../shared/cart/cart.ts';
import { confirmDialog } from '../../../shared/ui/feedback.ts';

/** What an order offers now: while a payment is being confirmed, nothing offers to pay or cancel it again. */
export function shownActions(order: OrderSummary, confirming = false) {
  return order.actions.filter((a) => !confirming || (a !== 'pay' && a !== 'cancel'));
}

/** The buttons of spec §4 (pay, cancel, delete, confirm receipt, track, buy again, comment) the order allows now. */
export function OrderActions({ order, confirming = false }: { order: OrderSummary; confirming?: boolean }) {
  const { t } = useTranslation('buying');
  const navigate = useNavigate();
  const client = useQueryClient();
  const refresh = () =>
    client.invalidateQueries({ predicate: (q) => ['orders', 'order'].includes(String(q.queryKey[0])) });
  // Each button of a question names what it does: "Cancel / Confirm" over "Cancel this order?" reads both ways.
  const ask = (content: string, confirmText: string, cancelText: string) =>
    confirmDialog({ title: '', content, confirmText, cancelText });
  const run: Record<string, () => Promise<unknown>> = {
    pay: async () => navigate(`/cashier?orderId=${order.id}`),
    cancel: async () =>
      (await ask(t('detail.cancelAsk'), t('detail.cancelYes'), t('detail.cancelNo'))) &&
      api.call(cancelOrder, { orderId: order.id }).then(refresh),
    receive: async () =>
      (await ask(t('detail.receiveAsk'), t('detail.receiveYes'), t('detail.receiveNo'))) &&
      api.call(finishOrder, { orderId: order.id }).then(refresh),
    track: async () => navigate(`/orderViewer?orderId=${order.id}`),
    hide: async () => api.call(hideOrder, { orderId: order.id }).then(refresh),
    buyagain: async () => {
      putCart(await api.call(cartBuyAgain, { orderId: order.id }));
      navigate('/cart');
    },
    comment: async () => navigate(`/orderComment?orderId=${order.id}`),
  };
  return (
    <div className="buy-order-actions">
      {order.reviewed && <span className="buy-muted">{t('action.commented')}</span>}
      {shownActions(order, confirming).map((a) => (
        <Button
          key={a}
          size="small"
          color={a === 'pay' ? 'primary' : 'default'}
          onClick={() => void run[a]?.()}
          data-testid={`action-${a}`}
        >
          {t(`action.${a}`)}
        </Button>
      ))}
    </div>
  );
}
