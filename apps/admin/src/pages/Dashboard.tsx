import { adminDashboard } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Spin, Statistic } from 'antd';
import { lazy, Suspense } from 'react';
import { call } from '../api.ts';
import { BakongTokenWarning } from '../BakongTokenWarning.tsx';
import { money } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle } from '../ui.tsx';

// ECharts comes after the tiles: the figures of today show at once, the charts a moment later.
const DashboardCharts = lazy(() => import('./DashboardCharts.tsx'));

export function Component() {
  const t = useT();
  const dashboard = useQuery({ queryKey: ['dashboard'], queryFn: () => call(adminDashboard), refetchInterval: 60_000 });
  return (
    <>
      <PageTitle>{t('dashboard.title')}</PageTitle>
      <BakongTokenWarning />
      {dashboard.isPending ? (
        <Spin />
      ) : dashboard.data && dashboard.data.tiles.length > 0 ? (
        <Row gutter={[16, 16]}>
          {dashboard.data.tiles.map((tile) => (
            <Col key={tile.key} xs={24} sm={12} lg={6}>
              <Card data-testid={`tile-${tile.key}`}>
                <Statistic
                  title={t(`tile.${tile.key}`)}
                  value={tile.unit === 'cents' ? money(tile.value) : tile.value}
                />
              </Card>
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description={t('dashboard.empty')} />
      )}
      <Suspense fallback={<Spin />}>
        <DashboardCharts />
      </Suspense>
    </>
  );
}
