import {
  adminGiftPurchaseCancel,
  adminGiftPurchaseResend,
  adminGiftPurchases,
  adminGiftSendSettings,
  adminGiftSendSettingsSave,
  type ConsoleGiftPurchase,
  SENT_GIFT_STATES,
  type SentGiftState,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, InputNumber, Modal, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../api.ts';
import { ShopperCell } from '../ConsoleList.tsx';
import { money, payMethodName, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, ScrollTable, useShowError } from '../ui.tsx';

const STATE_COLOUR: Record<SentGiftState, string> = {
  to_pay: 'default',
  sent: 'blue',
  claimed: 'green',
  unclaimed: 'orange',
  refunded: 'purple',
  closed: 'default',
};

const dollars = (cents: number) => cents / 100;
const cents = (value: number | null) => Math.round((value ?? 0) * 100);

/** The amounts shoppers may send: the bounds ($5–$200 at most) and the suggested amounts. */
function SendSettings() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: ['gift-send-settings'], queryFn: () => call(adminGiftSendSettings) });
  const [min, setMin] = useState<number | null>(null);
  const [max, setMax] = useState<number | null>(null);
  const [amounts, setAmounts] = useState('');
  useEffect(() => {
    if (!settings.data) return;
    setMin(dollars(settings.data.minCents));
    setMax(dollars(settings.data.maxCents));
    setAmounts(settings.data.amountsCents.map(dollars).join(', '));
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () =>
      call(adminGiftSendSettingsSave, {
        minCents: cents(min),
        maxCents: cents(max),
        amountsCents: amounts
          .split(/[,\s]+/)
          .filter(Boolean)
          .map((a) => cents(Number(a))),
      }),
    onSuccess: () => {
      message.success(t('common.saved'));
      void client.invalidateQueries({ queryKey: ['gift-send-settings'] });
    },
    onError: showError,
  });
  return (
    <Card size="small" title={t('giftPurchases.settings')} style={{ marginBottom: 16 }}>
      <Space wrap align="end">
        <label htmlFor="gift-min">
          <div>{t('giftPurchases.min')}</div>
          <InputNumber
            min={5}
            max={200}
            value={min}
            onChange={setMin}
            prefix="$"
            id="gift-min"
            data-testid="gift-min"
          />
        </label>
        <label htmlFor="gift-max">
          <div>{t('giftPurchases.max')}</div>
          <InputNumber
            min={5}
            max={200}
            value={max}
            onChange={setMax}
            prefix="$"
            id="gift-max"
            data-testid="gift-max"
          />
        </label>
        <label htmlFor="gift-amounts">
          <div>{t('giftPurchases.amounts')}</div>
          <Input
            id="gift-amounts"
            value={amounts}
            onChange={(e) => setAmounts(e.target.value)}
            style={{ width: 220 }}
          />
        </label>
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate()} data-testid="gift-settings-save">
          {t('common.save')}
        </Button>
      </Space>
    </Card>
  );
}

/**
 * Finance › Gift cards sent: what shoppers bought and sent (buyer, recipient, amount, state, dates);
 * a card not yet claimed can be sent again (to a corrected number too) or cancelled, its money back
 * the way it was paid. The server refuses a claimed card's cancel (GFT00109).
 */
export function Component() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const client = useQueryClient();
  const [state, setState] = useState<SentGiftState | 'all'>('all');
  const [cancelling, setCancelling] = useState<ConsoleGiftPurchase | null>(null);
  const [resending, setResending] = useState<ConsoleGiftPurchase | null>(null);
  const [reason, setReason] = useState('');
  const [phone, setPhone] = useState('');
  const list = useQuery({
    queryKey: ['gift-purchases', state],
    queryFn: () => call(adminGiftPurchases, { page: 1, size: 100, ...(state === 'all' ? {} : { state }) }),
  });
  const done = (row: ConsoleGiftPurchase) => {
    message.success(t('giftPurchases.nowState', { state: t(`giftPurchases.state.${row.state}`) }));
    setCancelling(null);
    setResending(null);
    setReason('');
    setPhone('');
    void client.invalidateQueries({ queryKey: ['gift-purchases'] });
  };
  const resend = useMutation({
    mutationFn: (v: { id: string; phone?: string }) => call(adminGiftPurchaseResend, v),
    onSuccess: done,
    onError: showError,
  });
  const cancel = useMutation({
    mutationFn: (v: { id: string; reason: string }) => call(adminGiftPurchaseCancel, v),
    onSuccess: done,
    onError: showError,
  });
  const open = (r: ConsoleGiftPurchase) => r.state === 'sent' || r.state === 'unclaimed';

  return (
    <>
      <PageTitle>{t('giftPurchases.title')}</PageTitle>
      <SendSettings />
      <Space style={{ marginBottom: 12 }}>
        <Select<SentGiftState | 'all'>
          aria-label={t('giftPurchases.col.state')}
          value={state}
          onChange={setState}
          style={{ width: 180 }}
          options={[
            { value: 'all', label: t('giftPurchases.all') },
            ...SENT_GIFT_STATES.map((s) => ({ value: s, label: t(`giftPurchases.state.${s}`) })),
          ]}
          data-testid="gift-state-filter"
        />
      </Space>
      <ScrollTable<ConsoleGiftPurchase>
        label={t('giftPurchases.title')}
        data-testid="gift-purchases-table"
        rowKey="id"
        size="small"
        loading={list.isPending}
        pagination={false}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 1200 }}
        columns={[
          { key: 'ref', title: t('giftPurchases.col.reference'), render: (_, r) => r.reference },
          { key: 'buyer', title: t('giftPurchases.col.buyer'), render: (_, r) => <ShopperCell shopper={r.buyer} /> },
          { key: 'to', title: t('giftPurchases.col.recipient'), render: (_, r) => r.recipientPhoneText },
          { key: 'amount', title: t('giftPurchases.col.amount'), render: (_, r) => money(r.amountCents) },
          { key: 'paid', title: t('giftPurchases.col.paidBy'), render: (_, r) => payMethodName(t, r.payChannel) },
          {
            key: 'state',
            title: t('giftPurchases.col.state'),
            render: (_, r) => <Tag color={STATE_COLOUR[r.state]}>{t(`giftPurchases.state.${r.state}`)}</Tag>,
          },
          { key: 'created', title: t('giftPurchases.col.created'), render: (_, r) => time(r.createdAt) },
          { key: 'sent', title: t('giftPurchases.col.sent'), render: (_, r) => (r.sentAt ? time(r.sentAt) : '—') },
          {
            key: 'done',
            title: t('giftPurchases.col.done'),
            render: (_, r) => time(r.claimedAt ?? r.refundedAt),
          },
          {
            key: 'act',
            title: t('common.actions'),
            render: (_, r) =>
              open(r) ? (
                <Space>
                  <Button size="small" onClick={() => setResending(r)}>
                    {t('giftPurchases.resend')}
                  </Button>
                  <Button size="small" danger onClick={() => setCancelling(r)}>
                    {t('giftPurchases.cancel')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={resending !== null}
        title={t('giftPurchases.resendTitle', { reference: resending?.reference ?? '' })}
        okText={t('giftPurchases.resend')}
        cancelText={t('common.cancel')}
        confirmLoading={resend.isPending}
        onOk={() => resending && resend.mutate({ id: resending.id, ...(phone.trim() ? { phone } : {}) })}
        onCancel={() => setResending(null)}
      >
        <label htmlFor="gift-resend-phone">
          <div>{t('giftPurchases.newPhone', { phone: resending?.recipientPhoneText ?? '' })}</div>
          <Input id="gift-resend-phone" value={phone} onChange={(e) => setPhone(e.target.value)} maxLength={30} />
        </label>
      </Modal>
      <Modal
        open={cancelling !== null}
        title={t('giftPurchases.cancelTitle', { amount: cancelling ? money(cancelling.amountCents) : '' })}
        okText={t('giftPurchases.cancel')}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        cancelText={t('common.cancel')}
        confirmLoading={cancel.isPending}
        onOk={() => cancelling && cancel.mutate({ id: cancelling.id, reason })}
        onCancel={() => setCancelling(null)}
      >
        <label htmlFor="gift-cancel-reason">
          <div>{t('giftPurchases.reason')}</div>
          <Input.TextArea
            id="gift-cancel-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={200}
            rows={2}
          />
        </label>
      </Modal>
    </>
  );
}
