import { adminWithdrawalDecide, adminWithdrawals, type ConsoleWithdrawal, WITHDRAWAL_STATES } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { ConsoleList, ShopperCell, shopperCsv, shopperText } from '../ConsoleList.tsx';
import { money, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

type State = (typeof WITHDRAWAL_STATES)[number];

export function Component() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [refusing, setRefusing] = useState<ConsoleWithdrawal | null>(null);
  const [reason, setReason] = useState('');
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
      <ConsoleList<ConsoleWithdrawal, State>
        name="withdrawals"
        testId="withdrawal-table"
        tabs={WITHDRAWAL_STATES.map((s) => ({ key: s, label: t(`withdrawal.state.${s}`) }))}
        fetch={({ state, ...q }) => call(adminWithdrawals, { ...q, status: state ?? 'init' })}
        rowKey={(w) => String(w.id)}
        columns={[
          { key: 'id', title: 'ID', width: 70, text: (w) => w.id },
          {
            key: 'user',
            title: t('withdrawal.user'),
            text: (w) => shopperText(w.shopper),
            csv: (w) => shopperCsv(w.shopper),
            render: (w) => <ShopperCell shopper={w.shopper} />,
          },
          {
            key: 'amount',
            title: t('withdrawal.amount'),
            text: (w) => money(w.amountCents),
            cents: (w) => w.amountCents,
          },
          { key: 'appliedAt', title: t('withdrawal.appliedAt'), text: (w) => time(w.appliedAt) },
          {
            // The shopper's bank account in full: what finance pays to (the shopper sees it masked).
            key: 'payTo',
            title: t('withdrawal.payTo'),
            text: (w) =>
              w.destination
                ? `${w.destination.bank.toUpperCase()} ${w.destinationAccount ?? ''} · ${w.destination.accountName}`
                : '—',
          },
          { key: 'reason', title: t('withdrawal.reason'), text: (w) => w.reason ?? '—' },
        ]}
        actions={(w) => (
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
        )}
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
