import {
  adminOrders,
  adminSmsOutbox,
  adminUserLock,
  adminUserLookup,
  adminUserUnlock,
  type ConsoleUser,
} from '@shop/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Input, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { money, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

export function SmsTable({ phone }: { phone?: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const outbox = useQuery({
    queryKey: ['sms', phone, page],
    queryFn: () => call(adminSmsOutbox, { phone, page, size: 20 }),
  });
  return (
    <Table
      data-testid="sms-table"
      rowKey="id"
      size="small"
      loading={outbox.isPending}
      dataSource={outbox.data?.list}
      pagination={{ current: page, pageSize: 20, total: outbox.data?.total, onChange: setPage, showSizeChanger: false }}
      columns={[
        { title: t('audit.at'), dataIndex: 'createdAt', render: (v: string) => time(v), width: 170 },
        { title: t('common.phone'), dataIndex: 'phone', width: 140 },
        { title: t('sms.purpose'), dataIndex: 'purpose', width: 100 },
        {
          // The code is masked by the server for every role: staff see that one was sent.
          title: t('sms.text'),
          dataIndex: 'text',
          render: (text: string, row: { code: boolean }) => (
            <>
              {row.code && <Tag data-testid="sms-code-sent">{t('sms.codeSent')}</Tag>}
              {text}
            </>
          ),
        },
        {
          title: t('sms.status'),
          dataIndex: 'status',
          width: 90,
          render: (s: string) => <Tag color={s === 'sent' ? 'green' : s === 'failed' ? 'red' : 'blue'}>{s}</Tag>,
        },
      ]}
    />
  );
}

function UserOrders({ phone }: { phone: string }) {
  const t = useT();
  const orders = useQuery({
    queryKey: ['user-orders', phone],
    queryFn: () => call(adminOrders, { keyword: phone, page: 1, size: 20 }),
  });
  return (
    <Table
      data-testid="user-orders"
      rowKey="id"
      size="small"
      loading={orders.isPending}
      dataSource={orders.data?.list}
      pagination={false}
      style={{ marginBottom: 16 }}
      columns={[
        { title: t('orders.no'), dataIndex: 'orderNo' },
        {
          title: t('orders.stateLabel'),
          dataIndex: 'state',
          render: (s: string) => <Tag>{t(`orders.state.${s}`)}</Tag>,
        },
        { title: t('orders.payable'), dataIndex: 'payableCents', render: (c: number) => money(c) },
        {
          title: t('orders.waybill'),
          key: 'waybill',
          render: (_, o) => (o.waybillNo ? `${o.logisticsCompany} ${o.waybillNo}` : '—'),
        },
        { title: t('audit.at'), dataIndex: 'createdAt', render: (v: string) => time(v) },
      ]}
    />
  );
}

export function Component() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const [user, setUser] = useState<ConsoleUser | null>(null);
  const [locking, setLocking] = useState(false);
  const [reason, setReason] = useState('');
  const lookup = useMutation({
    mutationFn: (phone: string) => call(adminUserLookup, { phone }),
    onSuccess: setUser,
    onError: (e) => {
      setUser(null);
      showError(e);
    },
  });
  const lock = useMutation({
    mutationFn: () => call(adminUserLock, { userId: user?.id as string, reason }),
    onSuccess: (u) => {
      setUser(u);
      setLocking(false);
      setReason('');
      message.success(t('support.locked'));
    },
    onError: showError,
  });
  const unlock = useMutation({
    mutationFn: () => call(adminUserUnlock, { userId: user?.id as string }),
    onSuccess: (u) => {
      setUser(u);
      message.success(t('support.unlocked'));
    },
    onError: showError,
  });
  return (
    <>
      <PageTitle>{t('support.title')}</PageTitle>
      <Input.Search
        placeholder={t('common.phone')}
        enterButton={t('common.search')}
        style={{ maxWidth: 360, marginBottom: 16 }}
        loading={lookup.isPending}
        onSearch={(v) => v.trim() && lookup.mutate(v.trim())}
        data-testid="user-phone"
      />
      {user && (
        <>
          <Card
            style={{ marginBottom: 16 }}
            data-testid="user-card"
            extra={
              user.locked ? (
                <Button onClick={() => unlock.mutate()} loading={unlock.isPending} data-testid="user-unlock">
                  {t('support.unlock')}
                </Button>
              ) : (
                <Button danger onClick={() => setLocking(true)} data-testid="user-lock">
                  {t('support.lock')}
                </Button>
              )
            }
            title={user.phone}
          >
            <Descriptions size="small" column={3}>
              <Descriptions.Item label={t('support.name')}>{user.name || '—'}</Descriptions.Item>
              <Descriptions.Item label="Email">{user.email ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('support.level')}>{user.level}</Descriptions.Item>
              <Descriptions.Item label={t('support.since')}>{time(user.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('support.state')}>
                {user.locked ? (
                  <Tag color="red">{t('support.isLocked')}</Tag>
                ) : (
                  <Tag color="green">{t('support.isActive')}</Tag>
                )}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <h3>{t('orders.title')}</h3>
          {user.phone && <UserOrders phone={user.phone} />}
          <h3>{t('sms.title')}</h3>
          <SmsTable phone={user.phone ?? undefined} />
        </>
      )}
      <Modal
        open={locking}
        title={t('support.lockTitle')}
        okText={t('support.lock')}
        okButtonProps={{ danger: true, loading: lock.isPending }}
        cancelText={t('common.cancel')}
        onCancel={() => setLocking(false)}
        onOk={() => lock.mutate()}
      >
        <Input.TextArea
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('withdrawal.reasonHint')}
        />
      </Modal>
    </>
  );
}
