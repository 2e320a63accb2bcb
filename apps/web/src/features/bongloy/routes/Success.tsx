import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useApplication } from '../api/bongloy.ts';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloy/success?id=: where the cashier returns once the fee is paid: "under review". */
function Screen() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data, isPending } = useApplication(id);
  return (
    <>
      <PageHeader title={t('apply')} />
      {isPending && <Skeleton.Paragraph lineCount={5} animated />}
      {data && (
        <main className="blg-form card">
          <Result
            status={data.state === 'WP' ? 'waiting' : data.state === 'REFUSED' ? 'error' : 'success'}
            title={data.state === 'WP' ? t('success.waiting') : t(`state.${data.state}`)}
            description={t('success.text')}
          />
          <Button
            block
            color="primary"
            fill="outline"
            onClick={() => navigate(`/bongloy/orderDetail?id=${data.id}`)}
            data-testid="to-detail"
          >
            {t('success.detail')}
          </Button>
        </main>
      )}
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
