import Empty from 'antd-mobile/es/components/empty';
import Tabs from 'antd-mobile/es/components/tabs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePriceFormat } from '../../../shared/price/Price.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { TABS, type Tab, useOrders } from '../api/buying.ts';
import { OrderActions } from '../components/OrderActions.tsx';

function OrderTab({ tab }: { tab: Tab }) {
  const { t } = useTranslation('buying');
  const price = usePriceFormat();
  const { data } = useOrders(tab);
  if (data && data.list.length === 0)
    return <Empty description={t(`orders.empty.${tab}`)} data-testid="orders-empty" />;
  return (
    <>
      {data?.list.map((o) => (
        <div className="card buy-order" key={o.id} data-testid="order-card">
          {/* The order's number, state and lines are one link to its detail (the keyboard's way in too). */}
          <Link className="buy-order__link" to={`/orderDetail?orderId=${o.id}`} data-testid="order-link">
            <div className="buy-order__head">
              <span className="buy-muted">{o.orderNo}</span>
              <span className="buy-state" data-testid="order-state">
                {t(`state.${o.state}`)}
              </span>
            </div>
            {o.items.map((i) => (
              <div key={i.skuId} className="buy-row">
                <span>
                  {i.name} ×{i.quantity}
                </span>
                <span>{price(i.priceCents * i.quantity)}</span>
              </div>
            ))}
            <div className="buy-row buy-row--strong">
              <span>{t('orders.items', { count: o.items.reduce((n, i) => n + i.quantity, 0) })}</span>
              <span>{price(o.payableCents)}</span>
            </div>
          </Link>
          <OrderActions order={o} />
        </div>
      ))}
    </>
  );
}

/** /orderList: the five tabs of spec §2 (all, wait pay, wait receive, complete, cancel). */
export function Component() {
  const { t } = useTranslation('buying');
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') as Tab) in TABS ? (params.get('tab') as Tab) : 'all';
  return (
    <main>
      <PageHeader title={t('orders.title')} />
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        {(Object.keys(TABS) as Tab[]).map((key) => (
          <Tabs.Tab key={key} title={t(`orders.tab.${key}`)} />
        ))}
      </Tabs>
      <OrderTab key={tab} tab={tab} />
    </main>
  );
}
