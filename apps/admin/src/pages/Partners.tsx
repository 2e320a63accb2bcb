import { adminPartnerDecide, adminPartners, type ConsolePartner, PARTNER_STATES } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { ConsoleList, ShopperCell, shopperCsv, shopperText } from '../ConsoleList.tsx';
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
  const [refusing, setRefusing] = useState<ConsolePartner | null>(null);
  const [note, setNote] = useState('');
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
      <ConsoleList<ConsolePartner, State>
        name="partners"
        testId="partner-table"
        tabs={PARTNER_STATES.map((s) => ({ key: s, label: t(`partner.state.${s}`) }))}
        fetch={(q) => call(adminPartners, { ...q, state: q.state ?? 'pending' })}
        rowKey={(p) => String(p.id)}
        columns={[
          { key: 'id', title: 'ID', width: 70, text: (p) => p.id },
          {
            key: 'shopper',
            title: t('list.shopper'),
            text: (p) => shopperText(p.shopper),
            csv: (p) => shopperCsv(p.shopper),
            render: (p) => <ShopperCell shopper={p.shopper} />,
          },
          { key: 'contact', title: t('partner.contact'), text: (p) => p.contactName },
          { key: 'business', title: t('partner.business'), text: (p) => p.businessName },
          { key: 'kind', title: t('partner.kind'), text: (p) => t(`partner.kind.${p.kind}`) },
          { key: 'note', title: t('partner.note'), text: (p) => p.note || '—' },
          { key: 'appliedAt', title: t('partner.appliedAt'), text: (p) => time(p.createdAt) },
          {
            key: 'decided',
            title: t('partner.decided'),
            text: (p) =>
              p.state === 'pending'
                ? '—'
                : `${time(p.decidedAt)} · ${p.decidedBy ?? ''}${p.decisionNote ? ` · ${p.decisionNote}` : ''}`,
          },
        ]}
        actions={(p) =>
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
          )
        }
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
