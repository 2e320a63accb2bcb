import Empty from 'antd-mobile/es/components/empty';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useLogistics } from '../api/buying.ts';
import { TrackingTimeline } from '../components/TrackingTimeline.tsx';
import { useParam } from '../components/ui.tsx';

/** /orderViewer: logistics tracking, newest event first. */
export function Component() {
  const { t } = useTranslation('buying');
  const { data } = useLogistics(useParam('orderId'));
  return (
    <>
      <PageHeader title={t('track.title')} />
      {data && (
        <div className="card buy-lines" data-testid="tracking">
          <div className="buy-row buy-row--strong">
            <span>{data.logisticsCompany}</span>
            <span>{data.waybillNo}</span>
          </div>
          {data.events.length === 0 ? (
            <Empty description={t('track.none')} />
          ) : (
            <TrackingTimeline events={data.events} company={data.logisticsCompany ?? ''} />
          )}
        </div>
      )}
    </>
  );
}
