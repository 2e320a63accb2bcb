import { adminReconciliation, adminReconciliationRun, type ReconciliationMismatch } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../api.ts';
import { money, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, ScrollTable, useShowError } from '../ui.tsx';

/** Yesterday in Phnom Penh (UTC+7 all year), the day the daily job compares. */
const yesterday = () => dayjs(new Date(Date.now() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10));

const FIXER_COLOUR = { finance: 'red', fulfilment: 'orange', partner: 'blue' } as const;

/**
 * Finance › Reconciliation: a day's comparison of what each outside party recorded with what the
 * shop recorded (the daily job, or again on demand), every mismatch with who fixes it.
 */
export function Component() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [day, setDay] = useState<Dayjs>(yesterday);
  const text = day.format('YYYY-MM-DD');
  const report = useQuery({
    queryKey: ['reconciliation', text],
    queryFn: () => call(adminReconciliation, { day: text }),
  });
  const run = useMutation({
    mutationFn: () => call(adminReconciliationRun, { day: text }),
    onSuccess: (data) => {
      message.success(t('recon.done', { count: data.list.length }));
      queryClient.setQueryData(['reconciliation', text], data);
    },
    onError: showError,
  });
  const data = report.data;
  const cents = (c: number | null) => (c === null ? '' : ` · ${money(c)}`);
  return (
    <>
      <PageTitle
        extra={
          <Space>
            <DatePicker
              value={day}
              allowClear={false}
              onChange={(d) => d && setDay(d)}
              disabledDate={(d) => d.isAfter(dayjs())}
              data-testid="recon-day"
            />
            <Button type="primary" loading={run.isPending} onClick={() => run.mutate()} data-testid="recon-run">
              {t('recon.run')}
            </Button>
          </Space>
        }
      >
        {t('recon.title')}
      </PageTitle>
      {report.error && <Alert type="error" showIcon message={report.error.message} style={{ marginBottom: 12 }} />}
      {data && !data.ranAt && <Alert type="info" showIcon message={t('recon.notRun')} style={{ marginBottom: 12 }} />}
      {data?.ranAt && (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }} data-testid="recon-parties">
          <span>{t('recon.ran', { time: time(data.ranAt) })}</span>
          {data.parties.map((p) =>
            p.error ? (
              <Alert
                key={p.party}
                type="error"
                showIcon
                message={t('recon.failed', { party: t(`recon.party.${p.party}`), error: p.error })}
              />
            ) : (
              <Alert
                key={p.party}
                type={p.mismatches ? 'warning' : 'success'}
                showIcon
                message={t('recon.compared', {
                  party: t(`recon.party.${p.party}`),
                  compared: p.compared,
                  mismatches: p.mismatches,
                })}
              />
            ),
          )}
          {data.list.length === 0 && <Alert type="success" message={t('recon.none')} />}
        </Space>
      )}
      {data?.ranAt && data.list.length > 0 && (
        <ScrollTable<ReconciliationMismatch>
          label={t('recon.title')}
          data-testid="recon-table"
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={data.list}
          scroll={{ x: 900 }}
          columns={[
            { key: 'party', title: t('recon.col.party'), render: (_, m) => t(`recon.party.${m.party}`) },
            { key: 'reference', title: t('recon.col.reference'), dataIndex: 'reference' },
            { key: 'kind', title: t('recon.col.kind'), render: (_, m) => t(`recon.kind.${m.kind}`) },
            {
              key: 'shop',
              title: t('recon.col.shop'),
              render: (_, m) => `${m.shopSays ?? t('recon.noRecord')}${cents(m.shopCents)}`,
            },
            {
              key: 'partySays',
              title: t('recon.col.party.says'),
              render: (_, m) => `${m.partySays ?? t('recon.noRecord')}${cents(m.partyCents)}`,
            },
            {
              key: 'fixer',
              title: t('recon.col.fixer'),
              render: (_, m) => <Tag color={FIXER_COLOUR[m.fixer]}>{t(`recon.fixer.${m.fixer}`)}</Tag>,
            },
          ]}
        />
      )}
    </>
  );
}
