import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../shared/i18n/dates.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useLogistics } from '../api/overseas.ts';
import { StateTag, useQueryParam } from '../components/parts.tsx';
import '../overseas.css';

/** /Smilebuy/logisticsInfo?orderId: the order's way from the seller in China to the door, newest first. */
export function Component() {
  const { t, i18n } = useTranslation('overseas');
  const orderId = useQueryParam('orderId');
  const { data } = useLogistics(orderId);
  if (!data) return <Skeleton.Paragraph lineCount={6} animated />;
  return (
    <>
      <PageHeader title={t('tracking')} />
      <div className="haitao">
        <section className="card">
          <div className="haitao-line__foot">
            <span className="haitao-muted">{data.orderNo}</span>
            <StateTag state={data.state} />
          </div>
          {data.estimate && !['REFUNDED', 'CANCEL'].includes(data.state) && (
            <p className="haitao-promise">
              {t('estimate', {
                from: formatDate(data.estimate.from, i18n.language),
                to: formatDate(data.estimate.to, i18n.language),
              })}
            </p>
          )}
        </section>
        <section className="card">
          <ol className="haitao-events" data-testid="haitao-events">
            {data.events.map((e) => (
              <li key={`${e.state}${e.at}`} data-state={e.state}>
                {e.text}
                <time dateTime={e.at}>{formatDateTime(e.at, i18n.language)}</time>
              </li>
            ))}
          </ol>
        </section>
        <div className="haitao-links">
          <Link to="/Smilebuy/ZTLogisticsFreight">{t('freight.title')}</Link>
        </div>
      </div>
    </>
  );
}
