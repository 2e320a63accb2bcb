import type { LogisticsEvent } from '@shop/contracts';
import Steps from 'antd-mobile/es/components/steps';
import { useTranslation } from 'react-i18next';
import { localTime } from './ui.tsx';

/** The carrier's events, newest first and marked as the current step (order detail and tracking page). */
export function TrackingTimeline({ events }: { events: LogisticsEvent[] }) {
  const { i18n } = useTranslation('buying');
  return (
    <Steps direction="vertical" current={0} data-testid="tracking-events">
      {events.map((e) => (
        <Steps.Step
          key={`${e.at}-${e.status}`}
          title={e.description}
          description={[e.location, localTime(e.at, i18n.language)].filter(Boolean).join(' · ')}
        />
      ))}
    </Steps>
  );
}
