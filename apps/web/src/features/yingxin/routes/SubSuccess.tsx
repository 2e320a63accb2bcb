import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCarLoan } from '../api/yingxin.ts';
import '../yingxin.css';

/** /yingxin/subSuccess: the application is with the lender; what happens next and when. */
function Screen() {
  const { t } = useTranslation('yingxin');
  const navigate = useNavigate();
  const { data, isPending } = useCarLoan();
  if (isPending) return <Skeleton.Paragraph lineCount={5} animated />;
  const application = data?.application;
  const sent = application && application.state !== 'DRAFT' && application.state !== 'CANCELLED' ? application : null;
  return (
    <>
      <PageHeader title={t('success.title')} />
      <div className="yx-page" data-testid="yx-success" data-sent={sent ? 'yes' : 'no'}>
        {sent ? (
          <>
            <Result
              status="success"
              title={t('success.title')}
              description={t('success.text', { reference: sent.reference })}
            />
            <p className="yx-note">{t('success.next')}</p>
            <p className="yx-note" data-testid="yx-contact">
              {t('contactService')}
            </p>
          </>
        ) : (
          <Result status="info" title={t('success.nothing')} description={t('success.nothingText')} />
        )}
        <Button
          block
          color="primary"
          onClick={() => navigate('/yingxin', { replace: true })}
          data-testid="yx-success-back"
        >
          {t('success.back')}
        </Button>
      </div>
    </>
  );
}

export function Component() {
  return (
    <SignedIn>
      <Screen />
    </SignedIn>
  );
}
