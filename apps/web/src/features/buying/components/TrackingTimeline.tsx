import type { LogisticsEvent } from '@shop/contracts';
import Steps from 'antd-mobile/es/components/steps';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/dates.ts';

/**
 * The carrier's events, newest first and marked as the current step (order detail and tracking
 * page). The hand-over the shop records itself is said in the shopper's language; the carrier's and
 * staff's own words are shown as they wrote them.
 */
export function TrackingTimeline({ events, company }: { events: LogisticsEvent[]; company: string }) {
  const { t, i18n } = useTranslation('buying');
  return (
    <Steps direction="vertical" current={0} data-testid="tracking-events">
      {events.map((e) => (
        <Steps.Step
          key={`${e.at}-${e.status}`}
          title={e.status === 'SHIPPED' ? t('track.shipped', { company }) : e.description}
          description={[e.status === 'SHIPPED' ? t('track.warehouse') : e.location, formatDateTime(e.at, i18n.language)]
            .filter(Boolean)
            .join(' · ')}
        />
      ))}
    </Steps>
  );
}
