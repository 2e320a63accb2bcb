import { adminLoanDocuments } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Image, Row, Typography } from 'antd';
import { call } from '../../api.ts';
import { useT } from '../../i18n.tsx';

/** Pictures by their short-lived links (opening them was written to the audit log by the call). */
export function Pictures({
  pictures,
  label,
  testId,
}: {
  pictures: { kind: string; id: string; url: string }[] | undefined;
  label: (kind: string) => string;
  testId: string;
}) {
  if (!pictures) return null;
  if (!pictures.length) return <Empty />;
  return (
    <Row gutter={[12, 12]} data-testid={testId}>
      {pictures.map((p) => (
        <Col span={12} key={p.id}>
          <div style={{ fontSize: 12, marginBottom: 4 }}>{label(p.kind)}</div>
          <Image
            src={p.url}
            alt={label(p.kind)}
            data-testid={`${testId}-${p.kind}`}
            style={{ border: '1px solid #eee' }}
          />
        </Col>
      ))}
    </Row>
  );
}

/** The documents of a loan application (ID card, face picture, …); fetching them is audited. */
export function LoanDocuments({ loanId }: { loanId: string }) {
  const t = useT();
  const documents = useQuery({
    queryKey: ['loan-documents', loanId],
    queryFn: () => call(adminLoanDocuments, { id: loanId }),
  });
  return (
    <div style={{ marginTop: 16 }}>
      <h4>{t('loans.documents')}</h4>
      <Pictures pictures={documents.data} label={(kind) => t(`loans.document.${kind}`)} testId="loan-documents" />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 12 }}>
        {t('carLoans.audited')}
      </Typography.Paragraph>
    </div>
  );
}
