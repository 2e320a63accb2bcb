import { adminWithdrawalDecide, adminWithdrawals, type ConsoleWithdrawal, WITHDRAWAL_STATES } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Popconfirm, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { money, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

type State = (typeof WITHDRAWAL_STATES)[number];

export function Component() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<State>('init');
  const [page, setPage] = useState(1);
  const [refusing, setRefusing] = useState<ConsoleWithdrawal | null>(null);
  const [reason, setReason] = useState('');
  const list = useQuery({
    queryKey: ['withdrawals', status, page],
    queryFn: () => call(adminWithdrawals, { status, page, size: 20 }),
  });
  const decide = useMutation({
    mutationFn: (v: { id: number; decision: 'agree' | 'refuse' | 'finish'; reason?: string }) =>
      call(adminWithdrawalDecide, v),
    onSuccess: (w) => {
      message.success(t(`withdrawal.done.${w.status}`));
      setRefusing(null);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
    onError: showError,
  });
  return (
    <>
      <PageTitle>{t('withdrawal.title')}</PageTitle>
      <Tabs
        activeKey={status}
        onChange={(k) => {
          setStatus(k as State);
          setPage(1);
        }}
        items={WITHDRAWAL_STATES.map((s) => ({ key: s, label: t(`withdrawal.state.${s}`) }))}
      />
      <Table<ConsoleWithdrawal>
        data-testid="withdrawal-table"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('withdrawal.user'), key: 'user', render: (_, w) => `${w.userPhone ?? '—'} ${w.userName}` },
          { title: t('withdrawal.amount'), dataIndex: 'amountCents', render: (c: number) => money(c) },
          { title: t('withdrawal.appliedAt'), dataIndex: 'appliedAt', render: (v: string) => time(v) },
          {
            // The shopper's bank account in full: what finance pays to (the shopper sees it masked).
            title: t('withdrawal.payTo'),
            key: 'payTo',
            render: (_, w) =>
              w.destination
                ? `${w.destination.bank.toUpperCase()} ${w.destinationAccount ?? ''} · ${w.destination.accountName}`
                : '—',
          },
          { title: t('withdrawal.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
          {
            title: '',
            key: 'actions',
            render: (_, w) => (
              <Space>
                {w.status === 'init' && (
                  <Popconfirm
                    title={t('withdrawal.confirmAgree', { amount: money(w.amountCents) })}
                    okText={t('common.yes')}
                    cancelText={t('common.no')}
                    onConfirm={() => decide.mutate({ id: w.id, decision: 'agree' })}
                  >
                    <Button type="primary" size="small" data-testid={`withdrawal-agree-${w.id}`}>
                      {t('withdrawal.agree')}
                    </Button>
                  </Popconfirm>
                )}
                {w.status === 'agree' && (
                  <Popconfirm
                    title={t('withdrawal.confirmFinish', { amount: money(w.amountCents) })}
                    okText={t('common.yes')}
                    cancelText={t('common.no')}
                    onConfirm={() => decide.mutate({ id: w.id, decision: 'finish' })}
                  >
                    <Button type="primary" size="small" data-testid={`withdrawal-finish-${w.id}`}>
                      {t('withdrawal.finish')}
                    </Button>
                  </Popconfirm>
                )}
                {(w.status === 'init' || w.status === 'agree') && (
                  <Button danger size="small" onClick={() => setRefusing(w)} data-testid={`withdrawal-refuse-${w.id}`}>
                    {t('withdrawal.refuse')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={refusing !== null}
        title={t('withdrawal.refuseTitle')}
        okText={t('withdrawal.refuse')}
        okButtonProps={{ danger: true, loading: decide.isPending }}
        cancelText={t('common.cancel')}
        onCancel={() => setRefusing(null)}
        onOk={() => refusing && decide.mutate({ id: refusing.id, decision: 'refuse', reason })}
      >
        <Input.TextArea
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('withdrawal.reasonHint')}
          data-testid="withdrawal-reason"
        />
      </Modal>
    </>
  );
}
