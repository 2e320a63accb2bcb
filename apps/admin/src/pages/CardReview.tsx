import {
  adminBongloyApplication,
  adminBongloyApplications,
  adminBongloyApprove,
  adminBongloyRefuse,
  BONGLOY_STATES,
  type BongloyState,
  type ConsoleBongloyApplication,
  type ConsoleBongloyRow,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Descriptions, Empty, Image, Input, Modal, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { ConsoleList, ShopperCell, shopperCsv, shopperText } from '../ConsoleList.tsx';
import { formatPhone, money, payMethodName, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';

const STATE_COLOUR: Record<BongloyState, string> = {
  DRAFT: 'default',
  WP: 'default',
  REVIEW: 'orange',
  SENT_TO_ISSUER: 'blue',
  APPROVED: 'green',
  REFUSED: 'red',
};
type QueueRow = ConsoleBongloyRow;

/** Card applications: the review queue; one application's data and documents side by side; approve or refuse with a reason. */
export function Component() {
  const t = useT();
  return (
    <>
      <PageTitle>{t('bongloy.title')}</PageTitle>
      <ConsoleList<QueueRow, BongloyState>
        name="bongloy"
        testId="bongloy-table"
        tabs={BONGLOY_STATES.map((s) => ({ key: s, label: t(`bongloy.state.${s}`) }))}
        defaultTab="REVIEW"
        fetch={(q) => call(adminBongloyApplications, q)}
        rowKey={(r) => r.id}
        columns={[
          { key: 'no', title: t('bongloy.no'), text: (r) => r.applicationNo },
          { key: 'name', title: t('bongloy.name'), text: (r) => r.name },
          {
            key: 'shopper',
            title: t('list.shopper'),
            text: (r) => shopperText(r.shopper),
            csv: (r) => shopperCsv(r.shopper),
            render: (r) => <ShopperCell shopper={r.shopper} />,
          },
          { key: 'nationality', title: t('bongloy.nationality'), text: (r) => r.nationality ?? '—' },
          { key: 'cards', title: t('bongloy.cards'), text: (r) => r.cardCount },
          { key: 'total', title: t('bongloy.total'), text: (r) => money(r.totalCents), cents: (r) => r.totalCents },
          {
            key: 'state',
            title: t('bongloy.stateTitle'),
            text: (r) => t(`bongloy.state.${r.state}`),
            render: (r) => <Tag color={STATE_COLOUR[r.state]}>{t(`bongloy.state.${r.state}`)}</Tag>,
          },
          { key: 'paidAt', title: t('bongloy.paidAt'), text: (r) => (r.paidAt ? time(r.paidAt) : '—') },
        ]}
        actions={(row, open) => (
          <Button size="small" type="primary" onClick={open} data-testid={`bongloy-open-${row.applicationNo}`}>
            {t('bongloy.open')}
          </Button>
        )}
        drawer={{
          width: 1000,
          title: (row) => t('bongloy.detailTitle', { no: row.applicationNo }),
          body: (row) => <Application id={row.id} />,
        }}
      />
    </>
  );
}

/** One application: its data and documents side by side (opening it is audited), approve or refuse. */
function Application({ id }: { id: string }) {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const detail = useQuery({
    queryKey: ['bongloy-one', id],
    queryFn: () => call(adminBongloyApplication, { id }),
  });
  const done = (a: ConsoleBongloyApplication) => {
    message.success(t('bongloy.nowState', { state: t(`bongloy.state.${a.state}`) }));
    queryClient.setQueryData(['bongloy-one', a.id], a);
    setRefusing(false);
    setReason('');
    void queryClient.invalidateQueries({ queryKey: ['bongloy'] });
  };
  const approve = useMutation({
    mutationFn: (id: string) => call(adminBongloyApprove, { id }),
    onSuccess: done,
    // An approval the issuer did not answer (BNG00090) still changed the application (sent to the
    // issuer, asked again from here): the page and the queue show it as the server keeps it now.
    onError: (error) => {
      showError(error);
      void queryClient.invalidateQueries({ queryKey: ['bongloy-one', id] });
      void queryClient.invalidateQueries({ queryKey: ['bongloy'] });
    },
  });
  const refuse = useMutation({
    mutationFn: (v: { id: string; reason: string }) => call(adminBongloyRefuse, v),
    onSuccess: done,
    onError: showError,
  });
  const a = detail.data;
  const docs: [string, { id: string; url: string } | null | undefined][] = a
    ? [
        ['passportInfo', a.documents.passportInfo],
        ['visa', a.documents.visa],
        ['holding', a.documents.holding],
        ['selfie', a.documents.selfie],
        ['signature', a.signature],
      ]
    : [];
  if (!a) return null;
  return (
    <>
      {a.state === 'REVIEW' && (
        <Space style={{ marginBottom: 16 }}>
          <Button danger onClick={() => setRefusing(true)} data-testid="bongloy-refuse">
            {t('bongloy.refuse')}
          </Button>
          <Button
            type="primary"
            loading={approve.isPending}
            onClick={() => approve.mutate(a.id)}
            data-testid="bongloy-approve"
          >
            {t('bongloy.approve')}
          </Button>
        </Space>
      )}
      {a.state === 'SENT_TO_ISSUER' && (
        <Space style={{ marginBottom: 16 }} wrap>
          <Typography.Text type="secondary">{t('bongloy.sentNote')}</Typography.Text>
          <Button loading={approve.isPending} onClick={() => approve.mutate(a.id)} data-testid="bongloy-ask-issuer">
            {t('bongloy.askIssuer')}
          </Button>
        </Space>
      )}
      <Row gutter={24}>
        <Col xs={24} md={10}>
          <Descriptions column={1} size="small" bordered data-testid="bongloy-data">
            <Descriptions.Item label={t('bongloy.stateTitle')}>
              <Tag color={STATE_COLOUR[a.state]}>{t(`bongloy.state.${a.state}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('bongloy.name')}>{a.name}</Descriptions.Item>
            <Descriptions.Item label={t('bongloy.document')}>{a.personal?.passportId}</Descriptions.Item>
            <Descriptions.Item label={t('bongloy.validity')}>{a.personal?.certificateValidity}</Descriptions.Item>
            <Descriptions.Item label={t('bongloy.nationality')}>{a.personal?.nationality}</Descriptions.Item>
            <Descriptions.Item label={t('bongloy.birthday')}>
              {a.personal?.birthday} · {a.personal?.birthplace}
            </Descriptions.Item>
            <Descriptions.Item label={t('bongloy.gender')}>{a.personal?.gender}</Descriptions.Item>
            <Descriptions.Item label={t('bongloy.email')}>{a.personal?.email}</Descriptions.Item>
            <Descriptions.Item label={t('bongloy.phone')}>
              {formatPhone(a.verifiedPhone ?? '', '+855')}
            </Descriptions.Item>
            <Descriptions.Item label={t('list.shopper')}>{shopperText(a.shopper) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('bongloy.profession')}>{a.personal?.profession ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('bongloy.cards')}>{a.cardCount}</Descriptions.Item>
            <Descriptions.Item label={t('bongloy.delivery')}>
              {a.delivery === 'express' && a.shipping
                ? `${t('bongloy.express')}: ${a.shipping.name}, ${formatPhone(a.shipping.mobile, '+855')}, ${a.shipping.address} ${a.shipping.zipCode}`
                : t('bongloy.pickup')}
            </Descriptions.Item>
            <Descriptions.Item label={t('bongloy.total')}>
              {money(a.totalCents)} · {payMethodName(t, a.payChannel)}
            </Descriptions.Item>
            {a.refusal && <Descriptions.Item label={t('bongloy.reason')}>{a.refusal}</Descriptions.Item>}
            {a.cards.map((c) => (
              <Descriptions.Item key={c.id} label={t('bongloy.card')}>
                <span data-testid="bongloy-card">
                  {c.maskedNumber} · {c.expiry} · {c.state}
                </span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Col>
        <Col xs={24} md={14}>
          <Row gutter={[12, 12]}>
            {docs.map(([key, pic]) =>
              pic ? (
                <Col span={12} key={key}>
                  <div style={{ fontSize: 12, marginBottom: 4 }}>{t(`bongloy.doc.${key}`)}</div>
                  <Image
                    src={pic.url}
                    alt={t(`bongloy.doc.${key}`)}
                    data-testid={`bongloy-doc-${key}`}
                    style={{ border: '1px solid #eee' }}
                  />
                </Col>
              ) : null,
            )}
            {docs.every(([, pic]) => !pic) && <Empty />}
          </Row>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 12 }}>
            {t('bongloy.audited')}
          </Typography.Paragraph>
        </Col>
      </Row>
      <Modal
        open={refusing}
        title={t('bongloy.refuseTitle', { amount: a ? money(a.totalCents) : '' })}
        okText={t('bongloy.refuse')}
        okButtonProps={{ danger: true, loading: refuse.isPending, disabled: !reason.trim() }}
        cancelText={t('common.cancel')}
        onCancel={() => setRefusing(false)}
        onOk={() => a && refuse.mutate({ id: a.id, reason: reason.trim() })}
      >
        <p>{t('bongloy.refuseExplain')}</p>
        <Input.TextArea
          rows={3}
          value={reason}
          placeholder={t('bongloy.reason')}
          onChange={(e) => setReason(e.target.value)}
          data-testid="bongloy-reason"
        />
      </Modal>
    </>
  );
}
