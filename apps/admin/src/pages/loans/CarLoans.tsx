import {
  adminCarLoan,
  adminCarLoanDecide,
  adminCarLoans,
  CAR_LOAN_STATES,
  type CarLoanState,
  type ConsoleCarLoan,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Descriptions, Input, InputNumber, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api.ts';
import { ConsoleList, ShopperCell, shopperCsv, shopperText } from '../../ConsoleList.tsx';
import { money, time } from '../../format.ts';
import { useT } from '../../i18n.tsx';
import { useShowError } from '../../ui.tsx';
import { Pictures } from './Pictures.tsx';

const COLOUR: Record<CarLoanState, string> = {
  DRAFT: 'default',
  REVIEW: 'orange',
  APPROVED: 'green',
  REFUSED: 'red',
  CANCELLED: 'default',
};

/** Car loans (yingxin): the lender's review of each application with the car's pictures, approve or refuse. */
export function CarLoans() {
  const t = useT();
  return (
    <>
      <p>{t('carLoans.note')}</p>
      <ConsoleList<ConsoleCarLoan, CarLoanState>
        name="car-loans"
        testId="car-loans-table"
        tabSize="small"
        tabs={CAR_LOAN_STATES.map((s) => ({ key: s, label: t(`carLoans.state.${s}`) }))}
        defaultTab="REVIEW"
        fetch={(q) => call(adminCarLoans, q)}
        rowKey={(r) => r.id}
        columns={[
          { key: 'reference', title: t('loans.reference'), text: (r) => r.reference },
          { key: 'name', title: t('loans.name'), text: (r) => r.fullName },
          {
            key: 'shopper',
            title: t('list.shopper'),
            text: (r) => shopperText(r.shopper),
            csv: (r) => shopperCsv(r.shopper),
            render: (r) => <ShopperCell shopper={r.shopper} />,
          },
          { key: 'amount', title: t('loans.amount'), text: (r) => money(r.amountCents), cents: (r) => r.amountCents },
          { key: 'term', title: t('carLoans.term'), text: (r) => r.termMonths },
          { key: 'car', title: t('carLoans.car'), text: (r) => r.car },
          {
            key: 'state',
            title: t('loans.stateTitle'),
            text: (r) => t(`carLoans.state.${r.state}`),
            render: (r) => <Tag color={COLOUR[r.state]}>{t(`carLoans.state.${r.state}`)}</Tag>,
          },
          { key: 'reviewBy', title: t('loans.reviewBy'), text: (r) => (r.reviewBy ? time(r.reviewBy) : '—') },
        ]}
        actions={(row, open) => (
          <Button size="small" type="primary" onClick={open} data-testid={`car-loan-open-${row.reference}`}>
            {t('loans.open')}
          </Button>
        )}
        drawer={{
          width: 1000,
          title: (row) => row.reference,
          body: (row) => <CarLoanReview key={row.id} id={row.id} askedCents={row.amountCents} />,
        }}
      />
    </>
  );
}

/** One application: the borrower, the car and its pictures (opening it is audited); approve or refuse. */
function CarLoanReview({ id, askedCents }: { id: string; askedCents: number }) {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const client = useQueryClient();
  const [amount, setAmount] = useState<number | null>(askedCents / 100);
  const [reason, setReason] = useState('');
  const detail = useQuery({
    queryKey: ['car-loan', id],
    queryFn: () => call(adminCarLoan, { id }),
  });
  const decide = useMutation({
    mutationFn: (v: { id: string; approve: boolean; approvedCents?: number; reason?: string }) =>
      call(adminCarLoanDecide, v),
    onSuccess: (row) => {
      message.success(t(`carLoans.state.${row.state}`));
      client.setQueryData(['car-loan', row.id], row);
      setReason('');
      void client.invalidateQueries({ queryKey: ['car-loans'] });
    },
    onError: showError,
  });
  const a = detail.data;
  if (!a) return null;
  return (
    <Row gutter={24}>
      <Col xs={24} md={10}>
        <Descriptions column={1} size="small" bordered data-testid="car-loan-data">
          <Descriptions.Item label={t('loans.stateTitle')}>
            <Tag color={COLOUR[a.state]}>{t(`carLoans.state.${a.state}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('loans.name')}>{a.fullName}</Descriptions.Item>
          <Descriptions.Item label="ID">{a.borrower?.nationalId}</Descriptions.Item>
          <Descriptions.Item label={t('carLoans.birthDate')}>{a.borrower?.birthDate}</Descriptions.Item>
          <Descriptions.Item label={t('common.phone')}>{a.phone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('list.shopper')}>{shopperText(a.shopper) || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('carLoans.address')}>{a.borrower?.address}</Descriptions.Item>
          <Descriptions.Item label={t('carLoans.occupation')}>{a.borrower?.occupation}</Descriptions.Item>
          <Descriptions.Item label={t('loans.income')}>{money(a.borrower?.monthlyIncomeCents ?? 0)}</Descriptions.Item>
          <Descriptions.Item label={t('carLoans.reference')}>
            {a.borrower?.referenceName} · {a.borrower?.referencePhone}
          </Descriptions.Item>
          <Descriptions.Item label={t('loans.amount')}>
            {money(a.amountCents)} · {a.termMonths} {t('carLoans.months')}
          </Descriptions.Item>
          <Descriptions.Item label={t('carLoans.car')}>{a.car}</Descriptions.Item>
          <Descriptions.Item label="VIN">{a.details?.vin}</Descriptions.Item>
          <Descriptions.Item label={t('carLoans.mileage')}>
            {a.details?.mileageKm.toLocaleString()} km
          </Descriptions.Item>
          <Descriptions.Item label={t('carLoans.value')}>{money(a.details?.valueCents ?? 0)}</Descriptions.Item>
          <Descriptions.Item label={t('carLoans.colour')}>{a.details?.colour}</Descriptions.Item>
          {a.approvedCents !== null && (
            <Descriptions.Item label={t('loans.approve')}>{money(a.approvedCents)}</Descriptions.Item>
          )}
          {a.refusal && <Descriptions.Item label={t('carLoans.reason')}>{a.refusal}</Descriptions.Item>}
        </Descriptions>
        {a.state === 'REVIEW' && (
          <Space direction="vertical" style={{ marginTop: 16, width: '100%' }}>
            <Space wrap>
              <InputNumber
                min={500}
                max={a.amountCents / 100}
                value={amount}
                onChange={(v) => setAmount(v)}
                addonBefore="USD"
                aria-label={t('loans.approved')}
                data-testid="car-loan-amount"
              />
              <Button
                type="primary"
                loading={decide.isPending}
                onClick={() =>
                  decide.mutate({ id: a.id, approve: true, approvedCents: Math.round((amount ?? 0) * 100) })
                }
                data-testid="car-loan-approve"
              >
                {t('loans.approve')}
              </Button>
            </Space>
            <Input.TextArea
              rows={2}
              value={reason}
              placeholder={t('carLoans.reason')}
              aria-label={t('carLoans.reason')}
              onChange={(e) => setReason(e.target.value)}
              data-testid="car-loan-reason"
            />
            <Button
              danger
              disabled={!reason.trim()}
              loading={decide.isPending}
              onClick={() => decide.mutate({ id: a.id, approve: false, reason: reason.trim() })}
              data-testid="car-loan-refuse"
            >
              {t('loans.refuse')}
            </Button>
          </Space>
        )}
      </Col>
      <Col xs={24} md={14}>
        <Pictures pictures={a.pictures} label={(kind) => t(`carLoans.picture.${kind}`)} testId="car-loan-pictures" />
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 12 }}>
          {t('carLoans.audited')}
        </Typography.Paragraph>
      </Col>
    </Row>
  );
}
