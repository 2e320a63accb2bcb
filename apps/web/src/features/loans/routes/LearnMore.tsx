import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { FeeTable } from '../components/FeeTable.tsx';
import { LoanDocuments } from '../components/LoanDocuments.tsx';
import '../loans.css';

const SECTIONS = ['who', 'eligible', 'amounts', 'money', 'repaying'] as const;

/** /kmf/learnMore: who lends, who may borrow, amounts, the money's way, repaying, and a worked example's fees. */
export function Component() {
  const { t } = useTranslation('loans');
  return (
    <>
      <PageHeader title={t('learn.title')} />
      <div className="loans">
        {SECTIONS.map((key) => (
          <section className="card loans-card" key={key}>
            <h3>{t(`learn.${key}`)}</h3>
            <p className="loans-section">{t(`learn.${key}Text`)}</p>
          </section>
        ))}
        <section className="card loans-card">
          <FeeTable amountCents={300_00} installments={3} />
        </section>
        <section className="card loans-card">
          <h3>{t('docs.title')}</h3>
          <LoanDocuments />
        </section>
      </div>
    </>
  );
}
