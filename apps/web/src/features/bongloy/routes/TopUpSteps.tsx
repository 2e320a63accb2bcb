import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import '../bongloy.css';

/** /bongloy/topUpSteps: how a card top-up goes, step by step. */
export function Component() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('topup.how')} />
      <main className="blg-form card">
        <ol className="blg-guide-steps">
          <li>{t('topup.guide1')}</li>
          <li>{t('topup.guide2')}</li>
          <li>{t('topup.guide3')}</li>
          <li>{t('topup.guide4')}</li>
        </ol>
        <Button block color="primary" onClick={() => navigate('/bongloy/topUpStep1')}>
          {t('topup.start')}
        </Button>
      </main>
    </>
  );
}
