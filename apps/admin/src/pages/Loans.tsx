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
import { App, Button, Drawer, InputNumber, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../api.ts';
import { ConsoleList, type ListColumn, ShopperCell, shopperCsv, shopperText } from '../ConsoleList.tsx';
import { money, payMethodName, time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { ManyTabs, PageTitle, useShowError } from '../ui.tsx';
import { CarLoans } from './loans/CarLoans.tsx';
import { LoanDetail } from './loans/LoanDetail.tsx';

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
  const [open, setOpen] = useState<ConsoleLoan | null>(null);
  const [approveCents, setApproveCents] = useState<number | null>(null);

  const review = useQuery({
    queryKey: ['loans', 'review'],
    queryFn: () => call(adminLoanReviewQueue),
    enabled: tab === 'review',
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

  const loanColumns: ListColumn<ConsoleLoan>[] = [
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
    {
      key: 'income',
      title: t('loans.income'),
      text: (r) => money(r.monthlyIncomeCents),
      cents: (r) => r.monthlyIncomeCents,
    },
    {
      key: 'state',
      title: t('loans.stateTitle'),
      text: (r) => t(`loans.state.${r.state}`),
      render: (r) => <Tag>{t(`loans.state.${r.state}`)}</Tag>,
    },
    { key: 'owed', title: t('loans.owed'), text: (r) => money(r.outstandingCents), cents: (r) => r.outstandingCents },
    { key: 'daysLate', title: t('loans.daysLate'), text: (r) => r.daysLate },
    { key: 'createdAt', title: t('loans.createdAt'), text: (r) => time(r.createdAt) },
  ];
  const openButton = (row: ConsoleLoan, open: () => void) => (
    <Button
      size="small"
      onClick={() => {
        open();
        setApproveCents((row.approvedCents ?? row.amountCents) / 100);
      }}
      data-testid={`loan-open-${row.reference}`}
    >
      {t('loans.open')}
    </Button>
  );
  const drawerBody = (row: ConsoleLoan) => (
    <LoanDetail loan={row}>
      {row.state === 'REVIEW' && (
        <Space style={{ marginTop: 16 }} wrap>
          <InputNumber
            min={50}
            max={row.amountCents / 100}
            value={approveCents}
            onChange={(v) => setApproveCents(v)}
            addonBefore="USD"
            aria-label={t('loans.approved')}
            data-testid="loan-approve-amount"
          />
          <Button
            type="primary"
            loading={decide.isPending}
            onClick={() =>
              decide.mutate({ id: row.id, approve: true, approvedCents: Math.round((approveCents ?? 0) * 100) })
            }
            data-testid="loan-approve"
          >
            {t('loans.approve')}
          </Button>
          <Button
            danger
            loading={decide.isPending}
            onClick={() => decide.mutate({ id: row.id, approve: false })}
            data-testid="loan-refuse"
          >
            {t('loans.refuse')}
          </Button>
        </Space>
      )}
    </LoanDetail>
  );

  return (
    <>
      <PageTitle>{t('loans.title')}</PageTitle>
      <ManyTabs
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
              ...loanColumns.slice(0, 6).map((c) => ({
                key: c.key,
                title: c.title,
                render: (_: unknown, row: ConsoleLoan) => (c.render ? c.render(row, () => setOpen(row)) : c.text(row)),
              })),
              { title: t('loans.reviewBy'), dataIndex: 'reviewBy', render: (v: string | null) => (v ? time(v) : '—') },
              { key: 'open', render: (_: unknown, row: ConsoleLoan) => openButton(row, () => setOpen(row)) },
            ]}
            pagination={false}
          />
        </>
      )}
      {tab === 'car' && <CarLoans />}
      {tab === 'loans' && (
        <ConsoleList<ConsoleLoan, LoanState>
          name="loans"
          testId="loans-table"
          tabSize="small"
          all
          tabs={LOAN_STATES.map((s) => ({ key: s, label: t(`loans.state.${s}`) }))}
          fetch={(q) => call(adminLoans, q)}
          rowKey={(r) => r.id}
          columns={loanColumns}
          actions={openButton}
          drawer={{ width: 640, title: (row) => row.reference, body: drawerBody }}
        />
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
            { title: t('loans.channel'), dataIndex: 'channel', render: (v: string | null) => payMethodName(t, v) },
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
      <Drawer open={open !== null} onClose={() => setOpen(null)} width={640} title={open?.reference}>
        {open && drawerBody(open)}
      </Drawer>
    </>
  );
}
