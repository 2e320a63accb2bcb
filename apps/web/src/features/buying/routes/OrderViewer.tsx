import Empty from 'antd-mobile/es/components/empty';
import Steps from 'antd-mobile/es/components/steps';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useLogistics } from '../api/buying.ts';
import { localTime, useParam } from '../components/ui.tsx';

/** /orderViewer: logistics tracking, newest event first. */
export function Component() {
  const { t, i18n } = useTranslation('buying');
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
            <Steps direction="vertical" current={0}>
              {data.events.map((e) => (
                <Steps.Step
                  key={`${e.at}-${e.status}`}
                  title={e.description}
                  description={`${e.location ?? ''} ${localTime(e.at, i18n.language)}`}
                />
              ))}
            </Steps>
          )}
        </div>
      )}
    </>
  );
}
