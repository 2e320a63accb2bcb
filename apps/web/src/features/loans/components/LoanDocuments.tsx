import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const LOAN_DOCUMENTS = ['aboutUs', 'faq', 'termsorConditions', 'privacyPolicy', 'userorPrivacy'] as const;

/** Links to the loan's documents (content pages staff keep in the console). */
export function LoanDocuments({ only }: { only?: readonly (typeof LOAN_DOCUMENTS)[number][] }) {
  const { t } = useTranslation('loans');
  return (
    <nav className="loans-docs" aria-label={t('docs.title')}>
      {(only ?? LOAN_DOCUMENTS).map((name) => (
        <Link key={name} to={`/kmf/${name}`} data-testid={`loan-doc-${name}`}>
          {t(`docs.${name}`)}
        </Link>
      ))}
    </nav>
  );
}
