import { adminDashboardSeries, DASHBOARD_DAYS } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Spin } from 'antd';
import { useMemo } from 'react';
import { call } from '../api.ts';
import { Chart, type ChartOption, dayLabel } from '../charts/Chart.tsx';
import { money } from '../format.ts';
import { useI18n, useT } from '../i18n.tsx';

type Key = 'orders' | 'salesCents' | 'newShoppers' | 'pageViews';
const COLOURS: Record<Key, string> = {
  orders: '#1677ff',
  salesCents: '#e4393c',
  newShoppers: '#2e9d57',
  pageViews: '#8c54d0',
};

/**
 * The dashboard's charts (loaded after its tiles, with ECharts): orders, sales, new shoppers and
 * page views per Phnom Penh day over the last 30 days, in the operator's language; a figure the
 * operator's roles may not see is not drawn.
 */
export default function DashboardCharts() {
  const t = useT();
  const { language } = useI18n();
  const series = useQuery({
    queryKey: ['dashboard-series'],
    queryFn: () => call(adminDashboardSeries),
    refetchInterval: 5 * 60_000,
  });
  const d = series.data;
  const charts = useMemo(() => {
    if (!d) return [];
    const labels = d.days.map((day) => dayLabel(day, language));
    const keys = (['orders', 'salesCents', 'newShoppers', 'pageViews'] as const).filter((k) => d[k] !== null);
    return keys.map((key) => {
      const values = d[key] as number[];
      const isMoney = key === 'salesCents';
      const show = (n: number) => (isMoney ? money(n) : n.toLocaleString('en-US'));
      const option: ChartOption = {
        color: [COLOURS[key]],
        tooltip: { trigger: 'axis', valueFormatter: (v: number) => show(v) },
        grid: { left: isMoney ? 64 : 40, right: 12, top: 12, bottom: 28 },
        xAxis: { type: 'category', data: labels, axisTick: { alignWithLabel: true } },
        yAxis: {
          type: 'value',
          minInterval: isMoney ? 100 : 1,
          axisLabel: { formatter: (v: number) => (isMoney ? money(v).replace(/\.00$/, '') : String(v)) },
        },
        series: [
          key === 'pageViews'
            ? { name: t(`chart.${key}`), type: 'line', data: values, showSymbol: false, areaStyle: { opacity: 0.15 } }
            : { name: t(`chart.${key}`), type: 'bar', data: values, barMaxWidth: 14 },
        ],
      };
      return { key, option, total: show(values.reduce((a, n) => a + n, 0)) };
    });
  }, [d, language, t]);
  if (!d) return <Spin />;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {charts.map((c) => (
        <Col key={c.key} xs={24} xl={12}>
          <Card
            title={t(`chart.${c.key}`)}
            extra={
              <span data-testid={`chart-total-${c.key}`}>
                {t('chart.total', { days: DASHBOARD_DAYS, total: c.total })}
              </span>
            }
          >
            <Chart testId={`chart-${c.key}`} height={240} option={c.option} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
