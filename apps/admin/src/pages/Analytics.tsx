import { adminPageViews } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Segmented, Spin } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { Chart, dayLabel } from '../charts/Chart.tsx';
import { useI18n, useT } from '../i18n.tsx';
import { PageTitle } from '../ui.tsx';

/** Page views per route and day (Phnom Penh days), and the signed-in shoppers' funnel. */
export function Component() {
  const t = useT();
  const { language } = useI18n();
  const [days, setDays] = useState(30);
  const data = useQuery({ queryKey: ['analytics', days], queryFn: () => call(adminPageViews, { days }) });
  const d = data.data;
  return (
    <>
      <PageTitle extra={<Segmented value={days} onChange={(v) => setDays(Number(v))} options={[7, 30, 90]} />}>
        {t('analytics.title')}
      </PageTitle>
      {!d ? (
        <Spin />
      ) : (
        <Row gutter={16}>
          <Col span={16}>
            <Card title={t('analytics.perDay')}>
              <Chart
                testId="analytics-views"
                height={380}
                option={{
                  tooltip: { trigger: 'axis' },
                  legend: { type: 'scroll', bottom: 0 },
                  grid: { left: 48, right: 16, top: 16, bottom: 48 },
                  xAxis: { type: 'category', data: d.days.map((x) => dayLabel(x, language)) },
                  yAxis: { type: 'value', minInterval: 1 },
                  series: [
                    { name: t('analytics.all'), type: 'line', data: d.total, lineStyle: { width: 3 } },
                    ...d.routes.map((r) => ({ name: r.route, type: 'line', data: r.views, showSymbol: false })),
                  ],
                }}
              />
            </Card>
          </Col>
          <Col span={8}>
            <Card title={t('analytics.funnel')} extra={t('analytics.funnelHint')}>
              <Chart
                testId="analytics-funnel"
                height={380}
                option={{
                  tooltip: { trigger: 'item' },
                  series: [
                    {
                      type: 'funnel',
                      sort: 'none',
                      label: { formatter: '{b}: {c}' },
                      data: (['home', 'product', 'cart', 'paid'] as const).map((k) => ({
                        name: t(`analytics.step.${k}`),
                        value: d.funnel[k],
                      })),
                    },
                  ],
                }}
              />
            </Card>
          </Col>
        </Row>
      )}
    </>
  );
}
