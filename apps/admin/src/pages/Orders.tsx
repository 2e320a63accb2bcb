import {
  adminOrderAction,
  adminOrderDetail,
  adminOrderShip,
  adminOrders,
  adminOrderTrack,
  type ConsoleOrder,
  type ConsoleOrderMove,
  formatRiel,
  ORDER_STATE_CODES,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, Grid, Input, Space, Table, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { money, payMethodName, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { ManyTabs, PageTitle, ScrollTable, useShowError } from '../ui.tsx';

function Detail({ orderId, onChanged }: { orderId: string; onChanged: () => void }) {
  const t = useT();
  const { message, modal } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: ['order', orderId], queryFn: () => call(adminOrderDetail, { orderId }) });
  const done = (text: string) => {
    message.success(text);
    void queryClient.invalidateQueries({ queryKey: ['order', orderId] });
    onChanged();
  };
  const ship = useMutation({
    mutationFn: (v: { logisticsCompany: string; waybillNo: string }) => call(adminOrderShip, { orderId, ...v }),
    onSuccess: () => done(t('orders.shipped')),
    onError: showError,
  });
  const track = useMutation({
    mutationFn: (v: { status: string; description: string; location?: string }) =>
      call(adminOrderTrack, { orderId, ...v }),
    onSuccess: () => done(t('orders.tracked')),
    onError: showError,
  });
  const act = useMutation({
    mutationFn: (v: { action: ConsoleOrderMove; reason?: string }) => call(adminOrderAction, { orderId, ...v }),
    onSuccess: (o) => done(t(`orders.state.${o.state}`)),
    onError: showError,
  });
  const askReason = (action: 'cancel' | 'refund') => {
    let reason = '';
    modal.confirm({
      title: t(`orders.${action}Title`),
      content: <Input.TextArea rows={3} onChange={(e) => (reason = e.target.value)} data-testid="order-reason" />,
      okText: t(`orders.${action}`),
      cancelText: t('common.cancel'),
      onOk: () => act.mutateAsync({ action, reason }),
    });
  };
  const askReceived = () =>
    modal.confirm({
      title: t('orders.receiveTitle'),
      okText: t('orders.receive'),
      cancelText: t('common.cancel'),
      onOk: () => act.mutateAsync({ action: 'receive' }),
    });
  const d = detail.data;
  if (!d) return null;
  const o = d.order;
  const address = o.address as { receiver?: string; mobile?: string; fullText?: string } | null;
  return (
    <>
      {/* One column on a phone: two squeeze the order number into a letter a line. */}
      <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2 }} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('orders.no')}>{o.orderNo}</Descriptions.Item>
        <Descriptions.Item label={t('orders.stateLabel')}>
          <Tag data-testid="order-state">{t(`orders.state.${o.state}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('common.phone')}>{o.userPhone ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('orders.pay')}>
          {o.payChannel ? payMethodName(t, o.payChannel) : t(`orders.payType.${o.payType}`)}
          {o.paidIn && (
            <Tag style={{ marginInlineStart: 8 }} data-testid="order-paid-in">
              {o.paidIn.amountRiel ? `KHR ${formatRiel(o.paidIn.amountRiel)}` : o.paidIn.currency}
            </Tag>
          )}
        </Descriptions.Item>
        {o.cashRiel && (
          <Descriptions.Item label={t('orders.cashRiel', { rate: formatRiel(o.cashRiel.khrPerUsd) })}>
            <span data-testid="order-cash-riel">{formatRiel(o.cashRiel.amountRiel)}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('orders.payable')}>{money(o.payableCents)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.paid')}>{money(o.paidCents)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.address')} span={2}>
          {address ? `${address.receiver ?? ''} ${address.mobile ?? ''} ${address.fullText ?? ''}` : o.shipType}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.waybill')} span={2}>
          {o.waybillNo ? `${o.logisticsCompany} ${o.waybillNo}` : '—'}
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="skuId"
        pagination={false}
        dataSource={d.items}
        style={{ marginBottom: 16 }}
        columns={[
          { title: t('catalogue.name'), dataIndex: 'name' },
          { title: t('catalogue.spec'), dataIndex: 'specText' },
          { title: t('catalogue.price'), dataIndex: 'priceCents', render: (c: number) => money(c) },
          { title: '×', dataIndex: 'quantity' },
        ]}
      />
      {/* Only the moves the order's state allows staff (the server's `actions`, from its transition table). */}
      <Space style={{ marginBottom: 16 }} wrap data-testid="order-actions">
        {o.actions.includes('ready') && (
          <Button onClick={() => act.mutate({ action: 'ready' })} data-testid="order-ready">
            {t('orders.ready')}
          </Button>
        )}
        {o.actions.includes('pickup') && (
          <Button onClick={() => act.mutate({ action: 'pickup' })} data-testid="order-pickup">
            {t('orders.pickup')}
          </Button>
        )}
        {o.actions.includes('receive') && (
          <Button onClick={askReceived} data-testid="order-receive">
            {t('orders.receive')}
          </Button>
        )}
        {o.actions.includes('cancel') && (
          <Button danger onClick={() => askReason('cancel')} data-testid="order-cancel">
            {t('orders.cancel')}
          </Button>
        )}
        {o.actions.includes('refund') && (
          <Button danger onClick={() => askReason('refund')} data-testid="order-refund">
            {t('orders.refund')}
          </Button>
        )}
        {o.actions.length === 0 && <span data-testid="order-no-actions">{t('orders.noActions')}</span>}
      </Space>
      {o.actions.includes('ship') && (
        <Form layout="inline" onFinish={(v) => ship.mutate(v)} style={{ marginBottom: 16 }}>
          <Form.Item name="logisticsCompany" rules={[{ required: true, message: t('common.required') }]}>
            <Input placeholder={t('orders.company')} data-testid="ship-company" />
          </Form.Item>
          <Form.Item name="waybillNo" rules={[{ required: true, message: t('common.required') }]}>
            <Input placeholder={t('orders.waybill')} data-testid="ship-waybill" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={ship.isPending} data-testid="ship-save">
            {t('orders.ship')}
          </Button>
        </Form>
      )}
      {o.waybillNo && (
        <Form layout="inline" onFinish={(v) => track.mutate(v)} style={{ marginBottom: 16 }}>
          <Form.Item name="status" rules={[{ required: true, message: t('common.required') }]}>
            <Input placeholder={t('orders.trackStatus')} data-testid="track-status" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="description" rules={[{ required: true, message: t('common.required') }]}>
            <Input placeholder={t('orders.trackDescription')} data-testid="track-description" style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="location">
            <Input placeholder={t('orders.trackLocation')} style={{ width: 160 }} />
          </Form.Item>
          <Button htmlType="submit" loading={track.isPending} data-testid="track-save">
            {t('orders.track')}
          </Button>
        </Form>
      )}
      <h4>{t('orders.tracking')}</h4>
      <Timeline
        data-testid="order-tracking"
        items={d.tracking.map((e) => ({
          content: `${time(e.at)} · ${e.status} · ${e.description}${e.location ? ` · ${e.location}` : ''}`,
        }))}
      />
      <h4>{t('orders.history')}</h4>
      <Timeline
        data-testid="order-history"
        items={d.history.map((h) => ({
          content: `${time(h.at)} · ${h.action}: ${h.fromState ?? '—'} → ${h.toState} (${h.actor})${h.note ? ` · ${h.note}` : ''}`,
        }))}
      />
    </>
  );
}

export function Component() {
  const t = useT();
  const queryClient = useQueryClient();
  const [state, setState] = useState<string>('WS');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  // The drawer takes the whole screen of a phone (the console fits one: Layout.tsx).
  const wide = Grid.useBreakpoint().md ?? true;
  const list = useQuery({
    queryKey: ['orders', state, keyword, page],
    queryFn: () => call(adminOrders, { state: state === 'ALL' ? undefined : state, keyword, page, size: 20 }),
  });
  return (
    <>
      <PageTitle
        extra={
          <Input.Search
            placeholder={t('orders.search')}
            allowClear
            onSearch={(v) => {
              setPage(1);
              setKeyword(v.trim());
            }}
            data-testid="order-search"
          />
        }
      >
        {t('orders.title')}
      </PageTitle>
      <ManyTabs
        activeKey={state}
        onChange={(k) => {
          setState(k);
          setPage(1);
        }}
        items={['ALL', ...ORDER_STATE_CODES].map((s) => ({
          key: s,
          label: s === 'ALL' ? t('orders.all') : t(`orders.state.${s}`),
        }))}
      />
      <ScrollTable<ConsoleOrder>
        label={t('orders.title')}
        data-testid="order-table"
        rowKey="id"
        size="small"
        // A phone scrolls the table, not the page.
        scroll={{ x: 'max-content' }}
        loading={list.isPending}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
        onRow={(o) => ({ onClick: () => setOpen(o.id), style: { cursor: 'pointer' } })}
        columns={[
          {
            title: t('orders.no'),
            key: 'orderNo',
            // The row opens on a click; its number is the way in by keyboard.
            render: (_, o) => (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(o.id)}>
                {o.orderNo}
              </Button>
            ),
          },
          { title: t('common.phone'), dataIndex: 'userPhone' },
          {
            title: t('orders.stateLabel'),
            dataIndex: 'state',
            render: (s: string) => <Tag>{t(`orders.state.${s}`)}</Tag>,
          },
          { title: t('orders.payable'), dataIndex: 'payableCents', render: (c: number) => money(c) },
          { title: t('orders.pay'), key: 'pay', render: (_, o) => `${o.payType} / ${o.shipType}` },
          {
            // The currency the settled payment moved in (issue 47): USD, or KHR for a KHQR in riel.
            title: t('orders.paidIn'),
            key: 'paidIn',
            render: (_, o) => <span data-testid="order-row-paid-in">{o.paidIn?.currency ?? '—'}</span>,
          },
          { title: t('audit.at'), dataIndex: 'createdAt', render: (v: string) => time(v) },
        ]}
      />
      <Drawer
        open={open !== null}
        size={wide ? 820 : '100%'}
        title={t('orders.detail')}
        onClose={() => setOpen(null)}
        destroyOnHidden
      >
        {open && (
          <Detail orderId={open} onChanged={() => void queryClient.invalidateQueries({ queryKey: ['orders'] })} />
        )}
      </Drawer>
    </>
  );
}
