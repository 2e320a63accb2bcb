import {
  adminTopupLog,
  adminTopupRefund,
  adminTopupRetry,
  adminTopups,
  type ConsoleTopup,
  TOPUP_STATES,
  type TopupState,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Input, Modal, Space, Table, Tabs, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { money, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';
import { TopupBalance } from './TopupBalance.tsx';

const STATE_COLOUR: Record<TopupState, string> = {
  WP: 'default',
  PAID: 'blue',
  SENT: 'orange',
  SUCCESS: 'green',
  FAILED: 'red',
  CANCEL: 'default',
};

/** Top-up orders: by state and number; each one's provider log; ask again or refund an unknown outcome. */
/** +85512345678 as people read it: +855 12 345 678 (a number the shop does not know as it is). */
function spaced(e164: string): string {
  const m = /^\+855(\d{2})(\d{3})(\d{3,4})$/.exec(e164);
  return m ? `+855 ${m[1]} ${m[2]} ${m[3]}` : e164;
}

export function Component() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [state, setState] = useState<TopupState | 'all'>('SENT');
  const [phone, setPhone] = useState('');
  const [page, setPage] = useState(1);
  const [logOf, setLogOf] = useState<ConsoleTopup | null>(null);
  const [refunding, setRefunding] = useState<ConsoleTopup | null>(null);
  const [reason, setReason] = useState('');
  const list = useQuery({
    queryKey: ['topups', state, phone, page],
    queryFn: () =>
      call(adminTopups, { state: state === 'all' ? undefined : state, phone: phone || undefined, page, size: 20 }),
  });
  const log = useQuery({
    queryKey: ['topup-log', logOf?.id],
    queryFn: () => call(adminTopupLog, { id: logOf?.id as string }),
    enabled: logOf !== null,
  });
  const done = (row: ConsoleTopup) => {
    message.success(t('topup.nowState', { state: t(`topup.state.${row.state}`) }));
    setRefunding(null);
    setReason('');
    void queryClient.invalidateQueries({ queryKey: ['topups'] });
    void queryClient.invalidateQueries({ queryKey: ['topup-log'] });
  };
  const retry = useMutation({
    mutationFn: (id: string) => call(adminTopupRetry, { id }),
    onSuccess: done,
    onError: showError,
  });
  const refund = useMutation({
    mutationFn: (v: { id: string; reason: string }) => call(adminTopupRefund, v),
    onSuccess: done,
    onError: showError,
  });
  const counts = list.data?.counts ?? {};
  return (
    <>
      <PageTitle
        extra={
          <Input.Search
            allowClear
            placeholder={t('topup.phone')}
            data-testid="topup-phone"
            onSearch={(v) => {
              setPage(1);
              setPhone(v.trim());
            }}
          />
        }
      >
        {t('topup.title')}
      </PageTitle>
      <TopupBalance />
      <Tabs
        activeKey={state}
        onChange={(k) => {
          setState(k as TopupState | 'all');
          setPage(1);
        }}
        items={[
          { key: 'all', label: t('topup.all') },
          ...TOPUP_STATES.map((s) => ({ key: s, label: `${t(`topup.state.${s}`)} (${counts[s] ?? 0})` })),
        ]}
      />
      <Table<ConsoleTopup>
        data-testid="topup-table"
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('topup.orderNo'), dataIndex: 'orderNo' },
          {
            title: t('topup.phone'),
            dataIndex: 'phone',
            render: (p: string) => <span style={{ whiteSpace: 'nowrap' }}>{spaced(p)}</span>,
          },
          { title: t('topup.operator'), dataIndex: 'operatorCode' },
          { title: t('topup.amount'), dataIndex: 'amountCents', render: (c: number) => money(c) },
          {
            title: t('topup.stateTitle'),
            dataIndex: 'state',
            render: (s: TopupState) => <Tag color={STATE_COLOUR[s]}>{t(`topup.state.${s}`)}</Tag>,
          },
          { title: t('topup.channel'), dataIndex: 'payChannel', render: (v: string | null) => v ?? '—' },
          { title: t('topup.createdAt'), dataIndex: 'createdAt', render: (v: string) => time(v) },
          { title: t('topup.failure'), dataIndex: 'failure', render: (v: string | null) => v ?? '—' },
          {
            title: '',
            key: 'actions',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setLogOf(row)} data-testid={`topup-log-${row.orderNo}`}>
                  {t('topup.log')}
                </Button>
                {row.state === 'SENT' && (
                  <>
                    <Button
                      size="small"
                      loading={retry.isPending}
                      onClick={() => retry.mutate(row.id)}
                      data-testid={`topup-retry-${row.orderNo}`}
                    >
                      {t('topup.retry')}
                    </Button>
                    <Button
                      danger
                      size="small"
                      onClick={() => setRefunding(row)}
                      data-testid={`topup-refund-${row.orderNo}`}
                    >
                      {t('topup.refund')}
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={logOf !== null}
        onClose={() => setLogOf(null)}
        title={t('topup.logTitle', { no: logOf?.orderNo ?? '' })}
      >
        <Timeline
          items={(log.data ?? []).map((entry) => ({
            children: (
              <div data-testid="topup-log-entry">
                <b>{t(`topup.action.${entry.action}`)}</b> · {time(entry.at)}
                <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{JSON.stringify(entry.response, null, 1)}</pre>
              </div>
            ),
          }))}
        />
      </Drawer>
      <Modal
        open={refunding !== null}
        title={t('topup.refundTitle', { amount: refunding ? money(refunding.amountCents) : '' })}
        okText={t('topup.refund')}
        okButtonProps={{ danger: true, loading: refund.isPending, disabled: !reason.trim() }}
        cancelText={t('common.cancel')}
        onCancel={() => setRefunding(null)}
        onOk={() => refunding && refund.mutate({ id: refunding.id, reason: reason.trim() })}
      >
        <p>{t('topup.refundExplain')}</p>
        <Input.TextArea
          rows={3}
          value={reason}
          placeholder={t('topup.refundReason')}
          onChange={(e) => setReason(e.target.value)}
          data-testid="topup-refund-reason"
        />
      </Modal>
    </>
  );
}
