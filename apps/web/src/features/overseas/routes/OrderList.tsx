import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { useSession } from '../../../shared/session/store.ts';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { ORDER_TABS, type OrderTab, useOrders } from '../api/overseas.ts';
import { StateTag } from '../components/parts.tsx';
import '../overseas.css';
import { usePriceFormat } from '../../../shared/price/Price.tsx';

const TABS = Object.keys(ORDER_TABS) as OrderTab[];

/** /Smilebuy/orderList?tab: overseas orders: all, wait send, wait product, finish, cancel. */
export function Component() {
  const { t, i18n } = useTranslation('overseas');
  const price = usePriceFormat();
  const { token, thirdId } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = (TABS.find((x) => x === params.get('tab')) ?? 'all') as OrderTab;
  const { data } = useOrders(tab, Boolean(token));
  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);
  return (
    <>
      <PageHeader title={t('nav.orders')} />
      <div className="haitao">
        <div className="haitao-tabs" role="tablist">
          {TABS.map((x) => (
            <button
              key={x}
              type="button"
              role="tab"
              aria-selected={x === tab}
              className={`haitao-chip ${x === tab ? 'haitao-chip--on' : ''}`}
              onClick={() => setParams({ tab: x }, { replace: true })}
            >
              {t(`tab.${x}`)}
            </button>
          ))}
        </div>
        {token && !data && <Skeleton.Paragraph lineCount={5} animated />}
        {data && data.list.length === 0 && <ErrorBlock status="empty" title={t('noOrders')} description="" />}
        {data?.list.map((o) => (
          <Link
            key={o.id}
            to={`/Smilebuy/orderDetail?orderId=${o.id}`}
            className="card haitao-order"
            data-testid="haitao-order"
          >
            <div className="haitao-line__foot">
              <span className="haitao-muted">{o.orderNo}</span>
              <StateTag state={o.state} />
            </div>
            <div className="haitao-order__pictures">
              {o.pictures.map((p) => (
                <Picture key={p} url={p} alt="" sizes="56px" />
              ))}
            </div>
            <div className="haitao-line__foot">
              <span className="haitao-muted">{formatDateTime(o.createdAt, i18n.language)}</span>
              <strong>{t('orderTotal', { count: o.count, total: price(o.totalCents) })}</strong>
            </div>
          </Link>
        ))}
      </div>
    </>
  );
}
