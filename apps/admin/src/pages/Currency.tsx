import {
  adminCurrencyRateHistory,
  adminCurrencyRateSet,
  type CurrencyRateChange,
  formatRiel,
  KHR_PER_USD_MAX,
  KHR_PER_USD_MIN,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, InputNumber, Space, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { RateChart } from '../charts/RateChart.tsx';
import { time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, ScrollTable, useShowError } from '../ui.tsx';
import { CurrencyTakings } from './CurrencyTakings.tsx';

/** How many changes the page reads: the chart and the table show them all. */
const HISTORY_SIZE = 100;

/**
 * Finance › Riel rate (issue 47): the day's KHR per USD rate, set by finance; every change with who
 * set it, when, and the rate it replaced, as a table and a chart; a warning once it is older than
 * two days. Shoppers see riel beside dollars from it; a KHQR in riel locks it when its code is made.
 */
export function Component() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const client = useQueryClient();
  const history = useQuery({
    queryKey: ['currency-rate'],
    queryFn: () => call(adminCurrencyRateHistory, { page: 1, size: HISTORY_SIZE }),
  });
  const [rate, setRate] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const save = useMutation({
    mutationFn: () => call(adminCurrencyRateSet, { khrPerUsd: rate ?? 0, ...(note.trim() ? { note } : {}) }),
    onSuccess: (change) => {
      message.success(t('currency.saved', { rate: formatRiel(change.khrPerUsd) }));
      setRate(null);
      setNote('');
      client.invalidateQueries({ queryKey: ['currency-rate'] });
    },
    onError: showError,
  });
  const d = history.data;
  const list = d?.list ?? [];
  return (
    <>
      <PageTitle>{t('currency.title')}</PageTitle>
      {history.error && <Alert type="error" showIcon message={history.error.message} style={{ marginBottom: 12 }} />}
      {d && !d.current && (
        <Alert
          type="warning"
          showIcon
          message={t('currency.none')}
          style={{ marginBottom: 12 }}
          data-testid="rate-none"
        />
      )}
      {d?.current && d.stale && (
        <Alert
          type="warning"
          showIcon
          message={t('currency.stale', { at: time(d.current.asOf) })}
          style={{ marginBottom: 12 }}
          data-testid="rate-stale"
        />
      )}
      <Card style={{ marginBottom: 16 }}>
        {d?.current && (
          <p style={{ fontSize: 18, marginTop: 0 }} data-testid="rate-current">
            {t('currency.current', {
              rate: formatRiel(d.current.khrPerUsd),
              at: time(d.current.asOf),
              source: t(`currency.source.${d.current.source}`),
            })}
          </p>
        )}
        <Space wrap>
          <InputNumber
            min={KHR_PER_USD_MIN}
            max={KHR_PER_USD_MAX}
            precision={0}
            step={1}
            value={rate}
            onChange={(v) => setRate(typeof v === 'number' ? v : null)}
            aria-label={t('currency.rateLabel')}
            placeholder={t('currency.rateLabel')}
            style={{ width: 200 }}
            data-testid="rate-input"
          />
          <Input
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={200}
            aria-label={t('currency.note')}
            placeholder={t('currency.note')}
            style={{ width: 240 }}
          />
          <Button
            type="primary"
            disabled={rate === null}
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="rate-save"
          >
            {t('currency.set')}
          </Button>
        </Space>
        <p style={{ marginBottom: 0, marginTop: 8 }}>{t('currency.rule')}</p>
      </Card>
      {list.length > 0 && (
        <Card title={t('currency.chart')} style={{ marginBottom: 16 }}>
          <RateChart changes={list} label={t('currency.chartLabel', { count: list.length })} />
        </Card>
      )}
      {list.length > 0 && (
        <ScrollTable<CurrencyRateChange>
          label={t('currency.history')}
          data-testid="rate-history"
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={list}
          scroll={{ x: 700 }}
          columns={[
            { key: 'at', title: t('currency.col.at'), render: (_, r) => time(r.asOf) },
            { key: 'rate', title: t('currency.col.rate'), render: (_, r) => formatRiel(r.khrPerUsd) },
            {
              key: 'was',
              title: t('currency.col.was'),
              render: (_, r) => (r.previousKhrPerUsd === null ? '—' : formatRiel(r.previousKhrPerUsd)),
            },
            {
              key: 'source',
              title: t('currency.col.source'),
              render: (_, r) => <Tag>{t(`currency.source.${r.source}`)}</Tag>,
            },
            { key: 'by', title: t('currency.col.by'), render: (_, r) => r.setBy },
            { key: 'note', title: t('currency.col.note'), render: (_, r) => r.note ?? '' },
          ]}
        />
      )}
      <CurrencyTakings />
    </>
  );
}
