import { adminInvitations, type ConsoleInvitation, INVITATION_STATES, type InvitationState } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../api.ts';
import { money, time } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

const STATE_COLOUR: Record<InvitationState, string> = { success: 'green', progress: 'blue', failed: 'default' };

/** Invitation rewards (finance): who invited whom, each friend's state, and the rewards paid. */
export function Component() {
  const { t } = useI18n();
  const showError = useShowError();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<InvitationState | undefined>();
  const [phone, setPhone] = useState('');
  const list = useQuery({
    queryKey: ['invitations', page, state, phone],
    queryFn: () => call(adminInvitations, { page, size: 20, state, phone }),
    retry: false,
  });
  useEffect(() => {
    if (list.error) showError(list.error);
  }, [list.error, showError]);
  const data = list.data;
  return (
    <>
      <PageTitle
        extra={
          <Space>
            <Select
              allowClear
              placeholder={t('invite.state')}
              aria-label={t('invite.state')}
              style={{ width: 160 }}
              value={state}
              data-testid="invite-state"
              onChange={(v) => {
                setPage(1);
                setState(v);
              }}
              options={INVITATION_STATES.map((s) => ({ value: s, label: t(`invite.state.${s}`) }))}
            />
            <Input.Search
              allowClear
              placeholder={t('invite.inviterPhone')}
              aria-label={t('invite.inviterPhone')}
              data-testid="invite-phone"
              onSearch={(v) => {
                setPage(1);
                setPhone(v.trim());
              }}
            />
          </Space>
        }
      >
        {t('invite.title')}
      </PageTitle>
      {data && (
        <Alert
          type="info"
          style={{ marginBottom: 12 }}
          data-testid="invite-summary"
          message={t('invite.summary', {
            n: data.total,
            paid: money(data.rewardCents),
            each: money(data.rules.rewardPerFriendCents),
            cap: money(data.rules.rewardCapCents),
            days: data.rules.validDays,
          })}
        />
      )}
      <Table<ConsoleInvitation>
        data-testid="invite-table"
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={data?.list}
        pagination={{ current: page, pageSize: 20, total: data?.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('invite.inviter'), key: 'inviter', render: (_, r) => r.inviterPhone ?? r.inviterId },
          { title: t('invite.friend'), key: 'friend', render: (_, r) => r.inviteePhone ?? r.inviteeId },
          { title: t('invite.code'), dataIndex: 'code' },
          {
            title: t('invite.state'),
            dataIndex: 'status',
            render: (s: InvitationState) => <Tag color={STATE_COLOUR[s]}>{t(`invite.state.${s}`)}</Tag>,
          },
          { title: t('invite.invitedAt'), dataIndex: 'invitedAt', render: (v: string) => time(v) },
          { title: t('invite.expiresAt'), dataIndex: 'expiresAt', render: (v: string) => time(v) },
          { title: t('invite.reward'), dataIndex: 'rewardCents', render: (c: number) => money(c) },
          { title: t('invite.order'), dataIndex: 'orderId', render: (v: string | null) => v ?? '—' },
          { title: t('invite.settledAt'), dataIndex: 'settledAt', render: (v: string | null) => time(v) },
        ]}
      />
    </>
  );
}
