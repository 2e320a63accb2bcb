import {
  adminLoanAnswerExtension,
  adminLoanBlacklist,
  adminLoanDecide,
  adminLoanExtensions,
  adminLoanPayouts,
  adminLoanRepayments,
  adminLoanReviewQueue,
  adminLoans,
  type ConsoleLoan,
  LOAN_STATES,
  type LoanState,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, InputNumber, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { money, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { PageTitle, useShowError } from '../ui.tsx';
import { CarLoans } from './loans/CarLoans.tsx';
import { LoanDocuments } from './loans/Pictures.tsx';

type Tab = 'review' | 'car' | 'loans' | 'repayments' | 'extensions' | 'blacklist' | 'payouts';

/**
 * The loan partner's desk: the review queue of first applications, car loans (yingxin), loans with
 * schedules, repayments, extensions, blacklist, payouts.
 */
export function Component() {
  const t = useT();
  const { message } = App.useApp();
  const showError = useShowError();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('review');
  const [state, setState] = useState<LoanState | 'all'>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ConsoleLoan | null>(null);
  const [approveCents, setApproveCents] = useState<number | null>(null);

  const review = useQuery({
    queryKey: ['loans', 'review'],
    queryFn: () => call(adminLoanReviewQueue),
    enabled: tab === 'review',
  });
  const loans = useQuery({
    queryKey: ['loans', 'list', state, page],
    queryFn: () => call(adminLoans, { state: state === 'all' ? undefined : state, page, size: 20 }),
    enabled: tab === 'loans',
  });
  const repayments = useQuery({
    queryKey: ['loans', 'repayments'],
    queryFn: () => call(adminLoanRepayments, { page: 1, size: 50 }),
    enabled: tab === 'repayments',
  });
  const extensions = useQuery({
    queryKey: ['loans', 'extensions'],
    queryFn: () => call(adminLoanExtensions),
    enabled: tab === 'extensions',
  });
  const blacklist = useQuery({
    queryKey: ['loans', 'blacklist'],
    queryFn: () => call(adminLoanBlacklist),
    enabled: tab === 'blacklist',
  });
  const payouts = useQuery({
    queryKey: ['loans', 'payouts'],
    queryFn: () => call(adminLoanPayouts),
    enabled: tab === 'payouts',
  });

  const refresh = () => void client.invalidateQueries({ queryKey: ['loans'] });
  const decide = useMutation({
    mutationFn: (v: { id: string; approve: boolean; approvedCents?: number }) => call(adminLoanDecide, v),
    onSuccess: (row) => {
      message.success(t(`loans.state.${row.state}`));
      setOpen(null);
      refresh();
    },
    onError: showError,
  });
  const answer = useMutation({
    mutationFn: (v: { id: string; accept: boolean }) => call(adminLoanAnswerExtension, v),
    onSuccess: (row) => {
      message.success(t(`loans.extension.${row.state}`));
      refresh();
    },
    onError: showError,
  });

  const loanColumns = [
    { title: t('loans.reference'), dataIndex: 'reference' },
    { title: t('loans.name'), dataIndex: 'fullName' },
    { title: t('common.phone'), dataIndex: 'phone' },
    { title: t('loans.amount'), dataIndex: 'amountCents', render: (c: number) => money(c) },
    { title: t('loans.income'), dataIndex: 'monthlyIncomeCents', render: (c: number) => money(c) },
    {
      title: t('loans.stateTitle'),
      dataIndex: 'state',
      render: (s: LoanState) => <Tag>{t(`loans.state.${s}`)}</Tag>,
    },
    { title: t('loans.owed'), dataIndex: 'outstandingCents', render: (c: number) => money(c) },
    { title: t('loans.daysLate'), dataIndex: 'daysLate' },
    { title: t('loans.createdAt'), dataIndex: 'createdAt', render: (v: string) => time(v) },
    {
      title: '',
      key: 'open',
      render: (_: unknown, row: ConsoleLoan) => (
        <Button
          size="small"
          onClick={() => {
            setOpen(row);
            setApproveCents(row.amountCents / 100);
          }}
          data-testid={`loan-open-${row.reference}`}
        >
          {t('loans.open')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageTitle>{t('loans.title')}</PageTitle>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        items={(['review', 'car', 'loans', 'repayments', 'extensions', 'blacklist', 'payouts'] as const).map((k) => ({
          key: k,
          label: <span data-testid={`loans-tab-${k}`}>{t(`loans.tab.${k}`)}</span>,
        }))}
      />
      {tab === 'review' && (
        <>
          <p>{t('loans.reviewNote')}</p>
          <Table<ConsoleLoan>
            data-testid="loans-review"
            rowKey="id"
            size="small"
            loading={review.isFetching}
            dataSource={review.data}
            columns={[
              ...loanColumns.slice(0, 5),
              { title: t('loans.reviewBy'), dataIndex: 'reviewBy', render: (v: string | null) => (v ? time(v) : '—') },
              loanColumns[loanColumns.length - 1],
            ]}
            pagination={false}
          />
        </>
      )}
      {tab === 'car' && <CarLoans />}
      {tab === 'loans' && (
        <>
          <Tabs
            size="small"
            activeKey={state}
            onChange={(k) => {
              setState(k as LoanState | 'all');
              setPage(1);
            }}
            items={[
              { key: 'all', label: t('loans.all') },
              ...LOAN_STATES.map((s) => ({ key: s, label: t(`loans.state.${s}`) })),
            ]}
          />
          <Table<ConsoleLoan>
            data-testid="loans-table"
            rowKey="id"
            size="small"
            loading={loans.isFetching}
            dataSource={loans.data?.list}
            columns={loanColumns}
            pagination={{
              current: page,
              pageSize: 20,
              total: loans.data?.total,
              onChange: setPage,
              showSizeChanger: false,
            }}
          />
        </>
      )}
      {tab === 'repayments' && (
        <Table
          data-testid="loans-repayments"
          rowKey="id"
          size="small"
          loading={repayments.isFetching}
          dataSource={repayments.data}
          pagination={false}
          columns={[
            { title: t('loans.amount'), dataIndex: 'amountCents', render: (c: number) => money(c) },
            { title: t('loans.stateTitle'), dataIndex: 'state' },
            { title: t('loans.channel'), dataIndex: 'channel', render: (v: string | null) => v ?? '—' },
            {
              title: t('loans.allocation'),
              dataIndex: 'allocations',
              render: (a: { installment: number; kind: string; cents: number }[] | null) =>
                a ? a.map((x) => `#${x.installment} ${t(`loans.fee.${x.kind}`)} ${money(x.cents)}`).join(' · ') : '—',
            },
            { title: t('loans.waived'), dataIndex: 'waivedCents', render: (c: number) => money(c) },
            { title: t('loans.paidAt'), dataIndex: 'paidAt', render: (v: string | null) => (v ? time(v) : '—') },
          ]}
        />
      )}
      {tab === 'extensions' && (
        <Table
          data-testid="loans-extensions"
          rowKey="id"
          size="small"
          loading={extensions.isFetching}
          dataSource={extensions.data}
          pagination={false}
          columns={[
            { title: t('loans.fee.other'), dataIndex: 'feeCents', render: (c: number) => money(c) },
            { title: t('loans.stateTitle'), dataIndex: 'state', render: (s: string) => t(`loans.extension.${s}`) },
            { title: t('loans.createdAt'), dataIndex: 'requestedAt', render: (v: string) => time(v) },
            {
              title: '',
              key: 'answer',
              render: (_: unknown, row: { id: string; state: string }) =>
                row.state === 'PENDING' ? (
                  <Space>
                    <Button
                      size="small"
                      type="primary"
                      onClick={() => answer.mutate({ id: row.id, accept: true })}
                      data-testid="extension-accept"
                    >
                      {t('loans.accept')}
                    </Button>
                    <Button size="small" danger onClick={() => answer.mutate({ id: row.id, accept: false })}>
                      {t('loans.refuse')}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      )}
      {tab === 'blacklist' && (
        <Table
          data-testid="loans-blacklist"
          rowKey="userId"
          size="small"
          loading={blacklist.isFetching}
          dataSource={blacklist.data}
          pagination={false}
          columns={[
            { title: 'ID', dataIndex: 'nationalId' },
            { title: t('loans.user'), dataIndex: 'userId' },
            { title: t('loans.createdAt'), dataIndex: 'at', render: (v: string) => time(v) },
          ]}
        />
      )}
      {tab === 'payouts' && (
        <Table
          data-testid="loans-payouts"
          rowKey="id"
          size="small"
          loading={payouts.isFetching}
          dataSource={payouts.data}
          pagination={false}
          columns={[
            { title: t('loans.amount'), dataIndex: 'amountCents', render: (c: number) => money(c) },
            {
              title: t('loans.bank'),
              render: (_: unknown, p: { bankName: string; accountName: string; accountNumber: string }) =>
                `${p.bankName} · ${p.accountName} · ${p.accountNumber}`,
            },
            { title: t('loans.stateTitle'), dataIndex: 'state', render: (s: string) => t(`loans.payout.${s}`) },
            { title: t('loans.runAt'), dataIndex: 'runAt', render: (v: string) => time(v) },
            { title: t('loans.paidAt'), dataIndex: 'paidAt', render: (v: string | null) => (v ? time(v) : '—') },
          ]}
        />
      )}
      <Drawer open={open !== null} onClose={() => setOpen(null)} width={560} title={open?.reference}>
        {open && (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('loans.name')}>{open.fullName}</Descriptions.Item>
              <Descriptions.Item label="ID">{open.nationalId}</Descriptions.Item>
              <Descriptions.Item label={t('common.phone')}>{open.phone}</Descriptions.Item>
              {Object.entries(open.application)
                .filter(([k]) => !['fullName', 'nationalId'].includes(k))
                .map(([k, v]) => (
                  <Descriptions.Item key={k} label={k}>
                    {String(v)}
                  </Descriptions.Item>
                ))}
              <Descriptions.Item label={t('loans.device')}>
                {open.deviceDataConsented ? t('common.yes') : t('common.no')}
              </Descriptions.Item>
              <Descriptions.Item label={t('loans.stateTitle')}>{t(`loans.state.${open.state}`)}</Descriptions.Item>
            </Descriptions>
            <LoanDocuments loanId={open.id} />
            {open.schedule.length > 0 && (
              <Table
                rowKey="number"
                size="small"
                pagination={false}
                dataSource={open.schedule}
                columns={[
                  { title: '#', dataIndex: 'number' },
                  { title: t('loans.due'), dataIndex: 'dueDate' },
                  { title: t('loans.owed'), dataIndex: 'outstandingCents', render: (c: number) => money(c) },
                ]}
              />
            )}
            {open.state === 'REVIEW' && (
              <Space style={{ marginTop: 16 }} wrap>
                <InputNumber
                  min={50}
                  max={open.amountCents / 100}
                  value={approveCents}
                  onChange={(v) => setApproveCents(v)}
                  addonBefore="USD"
                  data-testid="loan-approve-amount"
                />
                <Button
                  type="primary"
                  loading={decide.isPending}
                  onClick={() =>
                    decide.mutate({ id: open.id, approve: true, approvedCents: Math.round((approveCents ?? 0) * 100) })
                  }
                  data-testid="loan-approve"
                >
                  {t('loans.approve')}
                </Button>
                <Button
                  danger
                  loading={decide.isPending}
                  onClick={() => decide.mutate({ id: open.id, approve: false })}
                  data-testid="loan-refuse"
                >
                  {t('loans.refuse')}
                </Button>
              </Space>
            )}
          </>
        )}
      </Drawer>
    </>
  );
}
