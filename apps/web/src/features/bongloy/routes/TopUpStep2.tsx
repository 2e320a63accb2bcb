import { CARD_TOPUP_AMOUNTS_CENTS } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { TopupSteps } from '../components/TopupSteps.tsx';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloy/topUpStep2?card=: choose the amount. */
function Screen() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const card = params.get('card');
  const [amount, setAmount] = useState<number | null>(null);
  if (!card) return <Navigate to="/bongloy/topUpStep1" replace />;
  return (
    <>
      <PageHeader title={t('topup.title')} />
      <TopupSteps current={2} />
      <main className="blg-form card">
        <div className="blg-amounts">
          {CARD_TOPUP_AMOUNTS_CENTS.map((cents) => (
            <button
              type="button"
              key={cents}
              className={amount === cents ? 'on' : ''}
              aria-pressed={amount === cents}
              onClick={() => setAmount(cents)}
              data-testid={`card-amount-${cents}`}
            >
              {formatCents(cents)}
            </button>
          ))}
        </div>
        <p className="blg-note">{t('topup.limits')}</p>
        <Button
          block
          color="primary"
          size="large"
          disabled={!amount}
          onClick={() => navigate(`/bongloy/topUpStep3?card=${card}&amount=${amount}`)}
          data-testid="topup-step2-next"
        >
          {t('next')}
        </Button>
      </main>
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
