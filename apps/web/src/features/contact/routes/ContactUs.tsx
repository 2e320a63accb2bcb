import type { ContactChannel, OpeningHours } from '@shop/contracts';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import List from 'antd-mobile/es/components/list';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { dayRanges, formatClock } from '../../../shared/format.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCustomerService } from '../api/customerService.ts';

const ICONS: Record<ContactChannel['kind'], string> = {
  phone: '☎',
  telegram: '✈',
  email: '✉',
  facebook: 'f',
  whatsapp: '◎',
};

function useHoursText(hours: OpeningHours | undefined): string {
  const { t } = useTranslation('contact');
  if (!hours) return '';
  // Weekday names come from our translations: Intl lacks Khmer names on many phones.
  const day = (n: number) => t(`common:weekday.${n}`);
  const days = dayRanges(hours.days)
    .map(([from, to]) => (from === to ? day(from) : t('dayRange', { from: day(from), to: day(to) })))
    .join(t('listSeparator'));
  return t('hours', { days, open: formatClock(hours.open), close: formatClock(hours.close) });
}

/** /ContactUs: how to reach customer service, its hours and whether it is open now. */
export function Component() {
  const { t } = useTranslation('contact');
  const { data, isPending, isError, refetch } = useCustomerService();
  const hoursText = useHoursText(data?.hours);

  return (
    <>
      <PageHeader title={t('title')} />
      <section className="contact">
        {isPending && <Skeleton.Paragraph lineCount={4} animated />}
        {isError && (
          <ErrorBlock status="disconnected" title={t('common:networkError')} description="">
            <button type="button" className="link-button" onClick={() => refetch()}>
              {t('common:retry')}
            </button>
          </ErrorBlock>
        )}
        {data && (
          <>
            <div className="contact__hours card">
              <div className="contact__hours-title">
                {t('hoursTitle')}
                <Tag color={data.openNow ? 'success' : 'default'} data-testid="open-now">
                  {data.openNow ? t('openNow') : t('closedNow')}
                </Tag>
              </div>
              <p data-testid="support-hours">{hoursText}</p>
            </div>
            <List header={t('channels')} className="card">
              {data.channels.map((channel) => (
                <List.Item
                  key={`${channel.kind}-${channel.value}`}
                  prefix={<span className="contact__icon">{ICONS[channel.kind]}</span>}
                  description={t(`kind.${channel.kind}`)}
                  onClick={() => window.location.assign(channel.href)}
                  arrowIcon
                >
                  <a href={channel.href} className="contact__value">
                    {channel.value}
                  </a>
                </List.Item>
              ))}
            </List>
            <p className="contact__note">{t('smsNote')}</p>
          </>
        )}
      </section>
    </>
  );
}
