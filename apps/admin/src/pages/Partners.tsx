import { adminPartnerDecide, adminPartners, type ConsolePartner, PARTNER_STATES } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Popconfirm, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

type State = (typeof PARTNER_STATES)[number];

/** Support › Partners: applications from /partnership, approved or refused (with a reason) here. */
export function Component() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>('pending');
  const [page, setPage] = useState(1);
  const [refusing, setRefusing] = useState<ConsolePartner | null>(null);
  const [note, setNote] = useState('');
  const list = useQuery({
    queryKey: ['partners', state, page],
    queryFn: () => call(adminPartners, { state, page, size: 20 }),
  });
  const decide = useMutation({
    mutationFn: (v: { id: number; decision: 'approve' | 'refuse'; note?: string }) => call(adminPartnerDecide, v),
    onSuccess: (p) => {
      message.success(t(`partner.done.${p.state}`));
      setRefusing(null);
      setNote('');
      void queryClient.invalidateQueries({ queryKey: ['partners'] });
    },
    onError: showError,
  });
  return (
    <>
      <PageTitle>{t('partner.title')}</PageTitle>
      <Tabs
        activeKey={state}
        onChange={(k) => {
          setState(k as State);
          setPage(1);
        }}
        items={PARTNER_STATES.map((s) => ({ key: s, label: t(`partner.state.${s}`) }))}
      />
      <Table<ConsolePartner>
        data-testid="partner-table"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('partner.shopper'), key: 'user', render: (_, p) => `${p.userPhone ?? '—'} · ${p.contactName}` },
          { title: t('partner.business'), dataIndex: 'businessName' },
          { title: t('partner.kind'), dataIndex: 'kind', render: (k: string) => t(`partner.kind.${k}`) },
          { title: t('partner.note'), dataIndex: 'note', render: (v: string) => v || '—' },
          { title: t('partner.appliedAt'), dataIndex: 'createdAt', render: (v: string) => time(v) },
          ...(state === 'pending'
            ? []
            : [
                {
                  title: t('partner.decided'),
                  key: 'decided',
                  render: (_: unknown, p: ConsolePartner) =>
                    `${time(p.decidedAt)} · ${p.decidedBy ?? ''}${p.decisionNote ? ` · ${p.decisionNote}` : ''}`,
                },
              ]),
          {
            title: '',
            key: 'actions',
            render: (_, p) =>
              p.state === 'pending' && (
                <Space>
                  <Popconfirm
                    title={t('partner.confirmApprove', { business: p.businessName })}
                    okText={t('common.yes')}
                    cancelText={t('common.no')}
                    onConfirm={() => decide.mutate({ id: p.id, decision: 'approve' })}
                  >
                    <Button type="primary" size="small" data-testid={`partner-approve-${p.id}`}>
                      {t('partner.approve')}
                    </Button>
                  </Popconfirm>
                  <Button danger size="small" onClick={() => setRefusing(p)} data-testid={`partner-refuse-${p.id}`}>
                    {t('partner.refuse')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={refusing !== null}
        title={t('partner.refuseTitle')}
        okText={t('partner.refuse')}
        okButtonProps={{ danger: true, loading: decide.isPending, disabled: !note.trim() }}
        cancelText={t('common.cancel')}
        onCancel={() => setRefusing(null)}
        onOk={() => refusing && decide.mutate({ id: refusing.id, decision: 'refuse', note })}
      >
        <Input.TextArea
          rows={3}
          maxLength={300}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('partner.reasonHint')}
          data-testid="partner-reason"
        />
      </Modal>
    </>
  );
}
