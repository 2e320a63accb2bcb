import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import '../loans.css';

/** /inclusive/loanSuccess: the application is signed and with the lender; when to expect an answer. */
export function Component() {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title={t('success.title')} />
      <div className="loans">
        <Result
          status="success"
          title={t('success.title')}
          description={t('success.text', { reference: params.get('reference') ?? '' })}
        />
        <p className="loans-note" data-testid="loan-contact">
          {t('success.contact')}
        </p>
        <Button
          block
          color="primary"
          onClick={() => navigate('/kmf', { replace: true })}
          data-testid="loan-success-back"
        >
          {t('success.back')}
        </Button>
      </div>
    </>
  );
}
