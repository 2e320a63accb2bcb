import { adminRefundRetry, adminRefunds, adminRefundTransfer, formatRiel } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { money, refundGoesTo, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, ScrollTable, useShowError } from '../ui.tsx';

type Line = Awaited<ReturnType<typeof loadRefunds>>['list'][number];
const loadRefunds = () => call(adminRefunds, {});

const STATE_COLOUR: Record<string, string> = {
  AWAITING_TRANSFER: 'orange',
  FAILED: 'red',
  SENT: 'blue',
  REQUESTED: 'default',
};

/** The transfer reference field and its button, for one finance task. */
function TransferCell({ line }: { line: Line }) {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const client = useQueryClient();
  const [reference, setReference] = useState('');
  const record = useMutation({
    mutationFn: () => call(adminRefundTransfer, { id: line.id, reference }),
    onSuccess: () => {
      message.success(t('refunds.recorded'));
      client.invalidateQueries({ queryKey: ['refunds'] });
    },
    onError: showError,
  });
  return (
    <Space.Compact>
      <Input
        value={reference}
        onChange={(e) => setReference(e.target.value)}
        placeholder={t('refunds.reference')}
        aria-label={t('refunds.referenceOf', { account: line.bankAccount ?? '' })}
        maxLength={80}
        data-testid="refund-reference"
      />
      <Button type="primary" disabled={!reference.trim()} loading={record.isPending} onClick={() => record.mutate()}>
        {t('refunds.record')}
      </Button>
    </Space.Compact>
  );
}

function RetryCell({ line }: { line: Line }) {
  const t = useT();
  const showError = useShowError();
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: () => call(adminRefundRetry, { id: line.id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['refunds'] }),
    onError: showError,
  });
  return (
    <Button loading={retry.isPending} onClick={() => retry.mutate()}>
      {t('refunds.retry')}
    </Button>
  );
}

/**
 * Finance › Refunds: money going back that is not done. KHQR refunds the shopper sent to the paying
 * bank account (the account and amount; finance transfers it and records the reference, then it is
 * refunded), refunds a gateway refused (its word; sent again once fixed) and ones still on their way.
 */
export function Component() {
  const t = useT();
  const refunds = useQuery({ queryKey: ['refunds'], queryFn: loadRefunds });
  const list = refunds.data?.list ?? [];
  return (
    <>
      <PageTitle>{t('refunds.title')}</PageTitle>
      {refunds.error && <Alert type="error" showIcon message={refunds.error.message} style={{ marginBottom: 12 }} />}
      {refunds.data && list.length === 0 && <Alert type="success" message={t('refunds.none')} />}
      {list.length > 0 && (
        <ScrollTable<Line>
          label={t('refunds.title')}
          data-testid="refunds-table"
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={list}
          scroll={{ x: 1000 }}
          columns={[
            {
              key: 'state',
              title: t('refunds.col.state'),
              render: (_, r) => <Tag color={STATE_COLOUR[r.state]}>{t(`refunds.state.${r.state}`)}</Tag>,
            },
            {
              key: 'amount',
              title: t('refunds.col.amount'),
              // A KHQR paid in riel goes back to the paying account in riel, the same amount (issue 47).
              render: (_, r) =>
                r.amountRiel ? `${formatRiel(r.amountRiel)} (${money(r.amountCents)})` : money(r.amountCents),
            },
            {
              key: 'to',
              title: t('refunds.col.to'),
              render: (_, r) => refundGoesTo(t, r),
            },
            { key: 'asked', title: t('refunds.col.asked'), render: (_, r) => time(r.createdAt) },
            { key: 'why', title: t('refunds.col.why'), render: (_, r) => r.failure ?? '' },
            {
              key: 'act',
              title: t('refunds.col.act'),
              render: (_, r) =>
                r.state === 'AWAITING_TRANSFER' ? (
                  <TransferCell line={r} />
                ) : r.state === 'FAILED' ? (
                  <RetryCell line={r} />
                ) : null,
            },
          ]}
        />
      )}
    </>
  );
}
