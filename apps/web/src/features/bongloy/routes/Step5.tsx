import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useBongloyPage } from '../api/bongloy.ts';
import { GuardStep, Steps } from '../components/Steps.tsx';
import { Summary } from '../components/Summary.tsx';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloy/step5: the order to pay, then the shop's cashier (wallet, bank, KHQR, the wallet app). */
function Screen() {
  const { t, i18n } = useTranslation('bongloy');
  const navigate = useNavigate();
  const { data, isPending } = useBongloyPage();
  const draft = data?.draft;
  if (isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (draft?.state !== 'WP') return <GuardStep draft={draft} step={draft?.state === 'DRAFT' ? 5 : 1} />;
  return (
    <>
      <PageHeader title={t('apply')} />
      <Steps current={5} />
      <main className="blg-form card">
        <Summary application={draft} />
        {draft.deadlineAt && (
          <p className="blg-note">
            {t('step5.deadline', {
              time: formatDateTime(draft.deadlineAt, i18n.language),
            })}
          </p>
        )}
      </main>
      <div className="blg-actions">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate(`/cashier?orderId=${draft.id}&kind=bongloy`)}
          data-testid="step5-pay"
        >
          {t('step5.pay')}
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
