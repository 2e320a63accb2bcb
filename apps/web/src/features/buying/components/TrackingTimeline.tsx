import type { LogisticsEvent } from '@shop/contracts';
import Steps from 'antd-mobile/es/components/steps';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/dates.ts';

/** Statuses the carrier integration reports (integrations/carrier): titled in the shopper's language. */
const CARRIER_STATUSES = ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'EXCEPTION'];

/**
 * The carrier's events, newest first and marked as the current step (order detail and tracking
 * page). The hand-over the shop records itself is said in the shopper's language; a carrier status
 * is titled in it, with the carrier's or staff's own words beneath as they wrote them.
 */
export function TrackingTimeline({ events, company }: { events: LogisticsEvent[]; company: string }) {
  const { t, i18n } = useTranslation('buying');
  const title = (e: LogisticsEvent) => {
    if (e.status === 'SHIPPED') return t('track.shipped', { company });
    return CARRIER_STATUSES.includes(e.status) ? t(`track.status.${e.status}`, { company }) : e.description;
  };
  return (
    <Steps direction="vertical" current={0} data-testid="tracking-events">
      {events.map((e) => (
        <Steps.Step
          key={`${e.at}-${e.status}`}
          title={title(e)}
          description={[
            CARRIER_STATUSES.includes(e.status) ? e.description : null,
            e.status === 'SHIPPED' ? t('track.warehouse') : e.location,
            formatDateTime(e.at, i18n.language),
          ]
            .filter(Boolean)
            .join(' · ')}
        />
      ))}
    </Steps>
  );
}
