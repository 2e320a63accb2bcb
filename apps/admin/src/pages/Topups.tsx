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
import { App, Button, Drawer, Input, Modal, Space, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { ConsoleList, ShopperCell, shopperCsv, shopperText } from '../ConsoleList.tsx';
import { csvPhone } from '../csv.ts';
import { formatPhone, money, payMethodName, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';
import { TopupBalance } from './TopupBalance.tsx';

const STATE_COLOUR: Record<TopupState, string> = {
  WP: 'default',
  PAID: 'blue',
  SENT: 'orange',
  HELD: 'volcano',
  SUCCESS: 'green',
  FAILED: 'red',
  CANCEL: 'default',
};

/** Top-up orders: by state, phone and number; each one's provider log; ask again or refund an unknown outcome. */
export function Component() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [logOf, setLogOf] = useState<ConsoleTopup | null>(null);
  const [refunding, setRefunding] = useState<ConsoleTopup | null>(null);
  const [reason, setReason] = useState('');
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
  return (
    <>
      <PageTitle>{t('topup.title')}</PageTitle>
      <TopupBalance />
      <ConsoleList<ConsoleTopup, TopupState>
        name="topups"
        testId="topup-table"
        searchTestId="topup"
        all
        tabs={TOPUP_STATES.map((s) => ({ key: s, label: t(`topup.state.${s}`) }))}
        fetch={(q) => call(adminTopups, q)}
        rowKey={(r) => r.id}
        columns={[
          { key: 'orderNo', title: t('topup.orderNo'), text: (r) => r.orderNo },
          {
            key: 'phone',
            title: t('topup.phone'),
            text: (r) => formatPhone(r.phone),
            csv: (r) => csvPhone(r.phone),
            render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(r.phone)}</span>,
          },
          {
            key: 'shopper',
            title: t('list.shopper'),
            text: (r) => shopperText(r.shopper),
            csv: (r) => shopperCsv(r.shopper),
            render: (r) => <ShopperCell shopper={r.shopper} />,
          },
          { key: 'operator', title: t('topup.operator'), text: (r) => r.operatorCode },
          { key: 'amount', title: t('topup.amount'), text: (r) => money(r.amountCents), cents: (r) => r.amountCents },
          {
            key: 'state',
            title: t('topup.stateTitle'),
            text: (r) => t(`topup.state.${r.state}`),
            render: (r) => <Tag color={STATE_COLOUR[r.state]}>{t(`topup.state.${r.state}`)}</Tag>,
          },
          { key: 'channel', title: t('topup.channel'), text: (r) => payMethodName(t, r.payChannel) },
          { key: 'createdAt', title: t('topup.createdAt'), text: (r) => time(r.createdAt) },
          { key: 'failure', title: t('topup.failure'), text: (r) => r.failure ?? '—' },
        ]}
        actions={(row) => (
          <Space>
            <Button size="small" onClick={() => setLogOf(row)} data-testid={`topup-log-${row.orderNo}`}>
              {t('topup.log')}
            </Button>
            {(row.state === 'SENT' || row.state === 'HELD') && (
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
        )}
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
