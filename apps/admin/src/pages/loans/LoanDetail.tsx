import type { ConsoleLoan } from '@shop/contracts';
import { Descriptions, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { shopperText } from '../../ConsoleList.tsx';
import { money, time } from '../../format.ts';
import { useT } from '../../i18n.tsx';
import { LoanDocuments } from './Pictures.tsx';

/** The application's fields as the lender reads them: a label each (three languages), money as money. */
const FIELDS: { key: string; label: string; money?: boolean }[] = [
  { key: 'birthDate', label: 'carLoans.birthDate' },
  { key: 'email', label: 'loans.field.email' },
  { key: 'mailingAddress', label: 'loans.field.mailingAddress' },
  { key: 'postalCode', label: 'loans.field.postalCode' },
  { key: 'residenceCountry', label: 'loans.field.residenceCountry' },
  { key: 'familyDetails', label: 'loans.field.familyDetails' },
  { key: 'education', label: 'loans.field.education' },
  { key: 'employment', label: 'loans.field.employment' },
  { key: 'monthlyIncomeCents', label: 'loans.income', money: true },
];

/** One loan in the lender's drawer: the borrower, the application, documents, schedule; `children` decide it. */
export function LoanDetail({ loan, children }: { loan: ConsoleLoan; children?: ReactNode }) {
  const t = useT();
  const app = loan.application;
  const value = (key: string, asMoney?: boolean) => {
    const v = app[key];
    if (v === undefined || v === null || v === '') return '—';
    return asMoney ? money(Number(v)) : String(v);
  };
  return (
    <>
      <Descriptions column={1} size="small" bordered data-testid="loan-data">
        <Descriptions.Item label={t('loans.stateTitle')}>
          <Tag>{t(`loans.state.${loan.state}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('loans.name')}>{loan.fullName}</Descriptions.Item>
        <Descriptions.Item label={t('loans.field.nationalId')}>{loan.nationalId}</Descriptions.Item>
        <Descriptions.Item label={t('common.phone')}>
          {loan.phone === loan.shopper?.phone ? loan.shopper.phoneText : loan.phone}
        </Descriptions.Item>
        <Descriptions.Item label={t('list.shopper')}>{shopperText(loan.shopper) || '—'}</Descriptions.Item>
        {FIELDS.map((f) => (
          <Descriptions.Item key={f.key} label={t(f.label)}>
            {value(f.key, f.money)}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('loans.amount')}>
          {money(loan.amountCents)} · {t('loans.field.installmentsOf', { count: loan.installments })}
        </Descriptions.Item>
        {loan.approvedCents !== null && (
          <Descriptions.Item label={t('loans.approved')}>{money(loan.approvedCents)}</Descriptions.Item>
        )}
        {loan.refusal && <Descriptions.Item label={t('carLoans.reason')}>{loan.refusal}</Descriptions.Item>}
        <Descriptions.Item label={t('loans.device')}>
          {loan.deviceDataConsented ? t('common.yes') : t('common.no')}
        </Descriptions.Item>
        <Descriptions.Item label={t('loans.createdAt')}>{time(loan.createdAt)}</Descriptions.Item>
        {loan.signedAt && (
          <Descriptions.Item label={t('loans.field.signedAt')}>{time(loan.signedAt)}</Descriptions.Item>
        )}
      </Descriptions>
      <LoanDocuments loanId={loan.id} />
      {loan.schedule.length > 0 && (
        <Table
          rowKey="number"
          size="small"
          pagination={false}
          dataSource={loan.schedule}
          columns={[
            { title: '#', dataIndex: 'number' },
            { title: t('loans.due'), dataIndex: 'dueDate' },
            { title: t('loans.owed'), dataIndex: 'outstandingCents', render: (c: number) => money(c) },
          ]}
        />
      )}
      {children}
    </>
  );
}
